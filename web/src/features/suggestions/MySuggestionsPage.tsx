import { ScreenHeader } from '../shell/ScreenHeader';

export function MySuggestionsPage() {
  return <ScreenHeader title="My Suggestions" />;
}
