import { Suspense } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter, useLocation } from 'react-router';
import { queryClient as defaultQueryClient } from './lib/queryClient';
import { Spinner, Toaster } from './ui';
import { AuthDialog } from './features/auth/AuthDialog';
import { useSessionSync, useUser } from './features/auth/useSession';
import { LandingPage } from './features/landing/LandingPage';
import { lazyScreen } from './features/offline/lazyScreen';
import { OfflineBoundary } from './features/offline/OfflineBoundary';

const SignedInApp = lazyScreen(() => import('./SignedInApp').then((m) => m.SignedInApp));
const PublicPrivacyPage = lazyScreen(() => import('./features/privacy/PrivacyPage').then((m) => m.PublicPrivacyPage));
const MailLinkPage = lazyScreen(() => import('./features/account/MailLinkPage').then((m) => m.MailLinkPage));

/** The pages our mails link to (verify an address, unsubscribe, confirm the newsletter): the same signed in or out. */
const MAIL_LINK_PAGES: Record<string, 'verify-email' | 'unsubscribe' | 'newsletter-confirm'> = {
  '/verify-email': 'verify-email',
  '/unsubscribe': 'unsubscribe',
  '/newsletter/confirm': 'newsletter-confirm',
};

/** Signed-out visitors see the landing page whatever the route, except the privacy notice (no sign-in needed). */
function Screens() {
  const checking = useSessionSync();
  const user = useUser();
  const { pathname } = useLocation();
  const mailLink = MAIL_LINK_PAGES[pathname.replace(/\/+$/, '')];
  if (mailLink) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <MailLinkPage kind={mailLink} />
      </Suspense>
    );
  }
  if (!user && pathname.replace(/\/+$/, '') === '/privacy') {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <PublicPrivacyPage />
      </Suspense>
    );
  }
  // A browser that may be signed in (no user stored here) waits for the answer rather than showing the landing
  // only to replace it.
  if (!user && checking) return <Spinner label="Loading" />;
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
          <OfflineBoundary>
            <Screens />
          </OfflineBoundary>
          <AuthDialog />
          <Toaster />
        </BrowserRouter>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
