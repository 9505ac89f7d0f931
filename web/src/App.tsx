import { Suspense, useEffect, useMemo, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { BrowserRouter, StaticRouter, useLocation } from 'react-router';
import { queryClient as defaultQueryClient } from './lib/queryClient';
import { Spinner, Toaster } from './ui';
import { authDialogAtom } from './features/auth/authDialogState';
import { useSession, useSessionSync } from './features/auth/useSession';
import { LandingPage } from './features/landing/LandingPage';
import { lazyScreen } from './features/offline/lazyScreen';
import { OfflineBoundary } from './features/offline/OfflineBoundary';
import { RenderTimeContext } from './lib/useNow';

// The signed-in part comes with the later part of the English catalogue (src/i18n/later.ts: the signed-in screens'
// text), loaded side by side: no signed-in screen shows before its English is there, and the landing page's startup
// download carries neither.
const SignedInApp = lazyScreen(() =>
  Promise.all([import('./SignedInApp'), import('./i18n/later')]).then(([m]) => m.SignedInApp),
);
// The sign-in dialog (and the sign-in text: the later part of the catalogue) is not part of the landing page's
// startup download either: it is fetched when the visitor first touches, scrolls or types (ahead of the tap on
// "Join" that opens it), or when the dialog first opens. Not at idle time during startup: evaluating its ~100 KB
// (the later catalogue, the form and its rules) was the landing's longest tasks after hydration, for a dialog most
// visitors open, if at all, after they have looked around.
const loadAuthDialog = () =>
  Promise.all([import('./features/auth/AuthDialog'), import('./i18n/later')]).then(([m]) => m.AuthDialog);
const LazyAuthDialog = lazyScreen(loadAuthDialog);
/** The first signs of a visitor engaging with the page. */
const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

function AuthDialog() {
  const { open } = useAtomValue(authDialogAtom);
  const [mounted, setMounted] = useState(open);
  const signedOut = useSession().status === 'signed-out';
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (!signedOut) return;
    const stop = () => ENGAGEMENT_EVENTS.forEach((type) => window.removeEventListener(type, prefetch, true));
    const prefetch = () => {
      stop();
      void loadAuthDialog().catch(() => undefined);
    };
    ENGAGEMENT_EVENTS.forEach((type) => window.addEventListener(type, prefetch, { capture: true, passive: true }));
    return stop;
  }, [signedOut]);
  if (!mounted) return null;
  return (
    <OfflineBoundary>
      <Suspense fallback={null}>
        <LazyAuthDialog />
      </Suspense>
    </OfflineBoundary>
  );
}

const PublicPrivacyPage = lazyScreen(() => import('./features/privacy/PrivacyPage').then((m) => m.PublicPrivacyPage));
const OpenDataPage = lazyScreen(() => import('./features/opendata/OpenDataPage').then((m) => m.OpenDataPage));
const GuidelinesPage = lazyScreen(() => import('./features/moderation/GuidelinesPage').then((m) => m.GuidelinesPage));
const MailLinkPage = lazyScreen(() => import('./features/account/MailLinkPage').then((m) => m.MailLinkPage));
const EmbedAnswerPage = lazyScreen(() => import('./features/embed/EmbedAnswerPage').then((m) => m.EmbedAnswerPage));
const ResetPasswordPage = lazyScreen(() => import('./features/account/ResetPasswordPage').then((m) => m.ResetPasswordPage));

/** The pages our mails link to (verify an address, unsubscribe, confirm the newsletter): the same signed in or out. */
const MAIL_LINK_PAGES: Record<string, 'verify-email' | 'unsubscribe' | 'newsletter-confirm'> = {
  '/verify-email': 'verify-email',
  '/unsubscribe': 'unsubscribe',
  '/newsletter/confirm': 'newsletter-confirm',
};

/** Signed-out visitors see the landing page whatever the route, except the privacy notice (no sign-in needed). */
function Screens() {
  useSessionSync();
  const { user, status } = useSession();
  const checking = status === 'checking';
  const { pathname } = useLocation();
  const mailLink = MAIL_LINK_PAGES[pathname.replace(/\/+$/, '')];
  // The same element while the user is the same: a re-render of this screen (the session's check in flight) is no
  // update for the signed-in part, which React would otherwise render afresh, dropping the server's markup, if it
  // came before that part's code had loaded and hydrated.
  const signedIn = useMemo(
    () =>
      user && (
        <Suspense fallback={<Spinner label="Loading" />}>
          <SignedInApp user={user} />
        </Suspense>
      ),
    [user],
  );
  if (mailLink) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <MailLinkPage kind={mailLink} />
      </Suspense>
    );
  }
  // An embed's answer popup: the same signed in or out (it opens the sign-in dialog itself).
  if (/^\/embed\/answer\/[^/]+\/?$/.test(pathname)) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <EmbedAnswerPage />
      </Suspense>
    );
  }
  // A password reset mail's link: the same signed in or out (a successful reset signs this browser in).
  if (pathname.replace(/\/+$/, '') === '/reset-password') {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <ResetPasswordPage />
      </Suspense>
    );
  }
  if (!user && pathname.replace(/\/+$/, '') === '/guidelines') {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <GuidelinesPage />
      </Suspense>
    );
  }
  if (!user && pathname.replace(/\/+$/, '') === '/open-data') {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <OpenDataPage />
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
  return signedIn;
}

/**
 * The whole app. The server renders it too (entry-server.tsx: `location` set, the signed-in user in the query
 * client, `renderedAt` its clock), and the browser hydrates the same tree with the same values (main.tsx).
 */
export function App({
  queryClient = defaultQueryClient,
  location,
  renderedAt,
}: {
  queryClient?: QueryClient;
  /** The URL rendered on the server (no browser history there). */
  location?: string;
  renderedAt?: number;
}) {
  const screens = (
    <>
      <OfflineBoundary>
        <Screens />
      </OfflineBoundary>
      <AuthDialog />
      <Toaster />
    </>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <RenderTimeContext value={renderedAt}>
          {location === undefined ? <BrowserRouter>{screens}</BrowserRouter> : <StaticRouter location={location}>{screens}</StaticRouter>}
        </RenderTimeContext>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
