import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Spinner } from './ui';
import type { User } from './features/auth/types';
import { AppShell } from './features/shell/AppShell';
import { FeedPage } from './features/feed/FeedPage';
import { VotePage } from './features/vote/VotePage';
import { NotFoundPage } from './features/notfound/NotFoundPage';
import { lazyScreen } from './features/offline/lazyScreen';
import { OfflineBoundary } from './features/offline/OfflineBoundary';
import { SharedQuestionPage } from './features/share/SharedQuestionPage';
import { useProfileLanguage } from './i18n/profileLanguage';

// The feed and vote screens come with this chunk; the rest load when first visited.
const LeaderboardPage = lazyScreen(
  () => import('./features/leaderboard/LeaderboardPage').then((m) => m.LeaderboardPage),
);
const ResearchPage = lazyScreen(() => import('./features/research/ResearchPage').then((m) => m.ResearchPage));
const FriendsPage = lazyScreen(() => import('./features/friends/FriendsPage').then((m) => m.FriendsPage));
const ProfilePage = lazyScreen(() => import('./features/profile/ProfilePage').then((m) => m.ProfilePage));
const NotificationSettingsPage = lazyScreen(
  () => import('./features/notifications/NotificationSettingsPage').then((m) => m.NotificationSettingsPage),
);
const InboxPage = lazyScreen(() => import('./features/inbox/InboxPage').then((m) => m.InboxPage));
const MySuggestionsPage = lazyScreen(
  () => import('./features/suggestions/MySuggestionsPage').then((m) => m.MySuggestionsPage),
);
const Guidelines = lazyScreen(() => import('./features/moderation/GuidelinesPage').then((m) => m.Guidelines));
const OpenData = lazyScreen(() => import('./features/opendata/OpenDataPage').then((m) => m.OpenData));
const PrivacyPage = lazyScreen(() => import('./features/privacy/PrivacyPage').then((m) => m.PrivacyPage));
const ScoringPage = lazyScreen(() => import('./features/scoring/ScoringPage').then((m) => m.ScoringPage));
const AdminPage = lazyScreen(() => import('./features/admin/AdminPage').then((m) => m.AdminPage));
const DashboardPage = lazyScreen(() => import('./features/admin/AdminPage').then((m) => m.DashboardPage));

/** Route table (spec §2). */
function SignedInRoutes({ user }: { user: User }) {
  const { pathname } = useLocation();
  return (
    // A screen that failed to load shows the offline state; moving to another screen starts afresh.
    <OfflineBoundary key={pathname}>
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
          <Route path="/inbox" element={<InboxPage />} />
          <Route path="/my-suggestions" element={<MySuggestionsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/guidelines" element={<Guidelines />} />
          <Route path="/open-data" element={<OpenData />} />
          <Route path="/scoring" element={<ScoringPage />} />
          <Route path="/admin" element={<AdminPage user={user} />} />
          <Route path="/admin/testing" element={<AdminPage user={user} />} />
          <Route path="/newadmin" element={<AdminPage user={user} />} />
          <Route path="/dashboard" element={<DashboardPage user={user} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </OfflineBoundary>
  );
}

/** Everything a signed-in user sees: the shell around the routes. */
export function SignedInApp({ user }: { user: User }) {
  useProfileLanguage(user);
  return (
    <AppShell user={user}>
      <SignedInRoutes user={user} />
    </AppShell>
  );
}
