// What the app needs once the page shows (main.tsx loads it after the first render has started): the vote outbox,
// the live channel and the service worker. Not part of the first paint's download.
import { queryClient } from './lib/queryClient';
import { startLiveClient } from './features/live/liveClient';
import { TODAY_QUESTIONS_KEY } from './entities/question/list';
import { startVoteOutbox } from './features/vote/outbox';
import { mayBeSignedIn } from './features/auth/session';

// A signed-in page the server did not render (every screen but /vote) starts today's questions and the signed-in
// screens' English early: /vote is one tap away.
if (!queryClient.getQueryData(TODAY_QUESTIONS_KEY) && mayBeSignedIn()) {
  void queryClient.prefetchQuery({ queryKey: TODAY_QUESTIONS_KEY });
  void import('./i18n/later').catch(() => undefined);
}

// Votes made without a connection go out when it returns.
startVoteOutbox(queryClient);

// The live channel (spec §4): one websocket for every visitor, signed in or not, refreshing the app's queries.
if ('WebSocket' in window) startLiveClient({ queryClient });

// The gateway serves the service worker (push notifications, app-shell cache); register it at load (spec §1).
// This module may run after the load event.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
