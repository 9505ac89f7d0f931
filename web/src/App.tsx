import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter, Route, Routes } from 'react-router';
import { queryClient as defaultQueryClient } from './lib/queryClient';
import { Toaster } from './ui';
import { AuthDialog } from './features/auth/AuthDialog';
import { useSessionSync, useUser } from './features/auth/useSession';
import type { User } from './features/auth/types';
import { LandingPage } from './features/landing/LandingPage';
import { AppShell } from './features/shell/AppShell';
import { FeedPage } from './features/feed/FeedPage';
import { VotePage } from './features/vote/VotePage';
import { LeaderboardPage } from './features/leaderboard/LeaderboardPage';
import { ResearchPage } from './features/research/ResearchPage';
import { FriendsPage } from './features/friends/FriendsPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { NotificationSettingsPage } from './features/notifications/NotificationSettingsPage';
import { MySuggestionsPage } from './features/suggestions/MySuggestionsPage';
import { AdminPage, DashboardPage } from './features/admin/AdminPage';
import { NotFoundPage } from './features/notfound/NotFoundPage';

/** Route table (spec §2). */
export function SignedInRoutes({ user }: { user: User }) {
  return (
    <Routes>
      <Route path="/" element={<FeedPage />} />
      <Route path="/vote" element={<VotePage />} />
      <Route path="/leaderboard" element={<LeaderboardPage />} />
      <Route path="/research" element={<ResearchPage />} />
      <Route path="/friends" element={<FriendsPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/notifications" element={<NotificationSettingsPage />} />
      <Route path="/my-suggestions" element={<MySuggestionsPage />} />
      <Route path="/admin" element={<AdminPage user={user} />} />
      <Route path="/admin/testing" element={<AdminPage user={user} />} />
      <Route path="/newadmin" element={<AdminPage user={user} />} />
      <Route path="/dashboard" element={<DashboardPage user={user} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** Signed-out visitors see the landing page whatever the route. */
function Screens() {
  useSessionSync();
  const user = useUser();
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <SignedInRoutes user={user} />
    </AppShell>
  );
}

export function App({ queryClient = defaultQueryClient }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <BrowserRouter>
          <Screens />
          <AuthDialog />
          <Toaster />
        </BrowserRouter>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
