// The app: React, the live channel and the service worker. Loaded by main.tsx once the static landing (if any)
// shows today's question.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { queryClient } from './lib/queryClient';
import { startLiveClient } from './features/live/liveClient';
import { TODAY_QUESTIONS_KEY } from './entities/question/list';
import { takeFetchedToday } from './features/landing/staticLanding';
import { startVoteOutbox } from './features/vote/outbox';
import { startI18n } from './i18n';

// Today's questions fetched for the first paint are as fresh as any query result: start from them.
const today = takeFetchedToday();
if (today) queryClient.setQueryData(TODAY_QUESTIONS_KEY, today.data, { updatedAt: today.at });
// A page served as signed in preloads them (vite.config.ts): take them into the cache now, so /vote starts from them
// (and the preload never goes unused on the other screens); the signed-in screens' English downloads meanwhile
// rather than after /api/auth/me has answered (App.tsx waits for it with SignedInApp).
else if (document.querySelector('meta[name="mzansi-session"]')) {
  void queryClient.prefetchQuery({ queryKey: TODAY_QUESTIONS_KEY });
  void import('./i18n/later').catch(() => undefined);
}

// Replaces the static landing (if any) with the same page, now live, in the visitor's language (remembered, else
// the browser's; a catalogue other than English loads first). A transition: React renders the first screen in
// short slices, yielding to the browser between them, instead of one long task (Lighthouse's total blocking
// time, issue 19); the static landing stays on screen until the app's page replaces it whole.
void startI18n().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});

// Votes made without a connection go out when it returns.
startVoteOutbox(queryClient);

// The live channel (spec §4): one websocket for every visitor, signed in or not, refreshing the app's queries.
if ('WebSocket' in window) startLiveClient({ queryClient });

// The gateway serves the service worker (push notifications, app-shell cache); register it at load (spec §1).
// This module may run after the load event (main.tsx imports it when the first paint is done).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
