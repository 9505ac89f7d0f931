import { ScreenHeader } from '../shell/ScreenHeader';

export function ResearchPage() {
  return <ScreenHeader title="Research" />;
}
