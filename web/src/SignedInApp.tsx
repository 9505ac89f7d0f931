import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Spinner } from './ui';
import type { User } from './features/auth/types';
import { AppShell } from './features/shell/AppShell';
import { FeedPage } from './features/feed/FeedPage';
import { VotePage } from './features/vote/VotePage';
import { NotFoundPage } from './features/notfound/NotFoundPage';
import { SharedQuestionPage } from './features/share/SharedQuestionPage';

// The feed and vote screens come with this chunk; the rest load when first visited.
const LeaderboardPage = lazy(() =>
  import('./features/leaderboard/LeaderboardPage').then((m) => ({ default: m.LeaderboardPage })),
);
const ResearchPage = lazy(() => import('./features/research/ResearchPage').then((m) => ({ default: m.ResearchPage })));
const FriendsPage = lazy(() => import('./features/friends/FriendsPage').then((m) => ({ default: m.FriendsPage })));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const NotificationSettingsPage = lazy(() =>
  import('./features/notifications/NotificationSettingsPage').then((m) => ({ default: m.NotificationSettingsPage })),
);
const MySuggestionsPage = lazy(() =>
  import('./features/suggestions/MySuggestionsPage').then((m) => ({ default: m.MySuggestionsPage })),
);
const PrivacyPage = lazy(() => import('./features/privacy/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const AdminPage = lazy(() => import('./features/admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const DashboardPage = lazy(() => import('./features/admin/AdminPage').then((m) => ({ default: m.DashboardPage })));

/** Route table (spec §2). */
function SignedInRoutes({ user }: { user: User }) {
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <Routes>
        <Route path="/" element={<FeedPage />} />
        <Route path="/vote" element={<VotePage />} />
        <Route path="/q/:id" element={<SharedQuestionPage />} />
        <Route path="/leaderboard" element={<LeaderboardPage />} />
        <Route path="/research" element={<ResearchPage />} />
        <Route path="/friends" element={<FriendsPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/notifications" element={<NotificationSettingsPage />} />
        <Route path="/my-suggestions" element={<MySuggestionsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/admin" element={<AdminPage user={user} />} />
        <Route path="/admin/testing" element={<AdminPage user={user} />} />
        <Route path="/newadmin" element={<AdminPage user={user} />} />
        <Route path="/dashboard" element={<DashboardPage user={user} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

/** Everything a signed-in user sees: the shell around the routes. */
export function SignedInApp({ user }: { user: User }) {
  return (
    <AppShell user={user}>
      <SignedInRoutes user={user} />
    </AppShell>
  );
}
