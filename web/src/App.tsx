import { lazy, Suspense } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router';
import { queryClient as defaultQueryClient } from './lib/queryClient';
import { Spinner, Toaster } from './ui';
import { AuthDialog } from './features/auth/AuthDialog';
import { useSessionSync, useUser } from './features/auth/useSession';
import { LandingPage } from './features/landing/LandingPage';

const SignedInApp = lazy(() => import('./SignedInApp').then((m) => ({ default: m.SignedInApp })));

/** Signed-out visitors see the landing page whatever the route. */
function Screens() {
  useSessionSync();
  const user = useUser();
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <SignedInApp user={user} />
    </Suspense>
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
