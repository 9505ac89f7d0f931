import { ScreenHeader } from '../shell/ScreenHeader';

export function LeaderboardPage() {
  return <ScreenHeader title="National Leaderboard" />;
}
