import { ScreenHeader } from '../shell/ScreenHeader';

export function VotePage() {
  return <ScreenHeader title="Today's Questions" subtitle="Answer all questions to see full results" />;
}
