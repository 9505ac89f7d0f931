import { ScreenHeader } from '../shell/ScreenHeader';

export function FeedPage() {
  return <ScreenHeader title="Political Prediction Feed" subtitle="Previous daily questions and community predictions" />;
}
