import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { queryClient } from './lib/queryClient';
import { startLiveClient } from './features/live/liveClient';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);

// The live channel (spec §4): one websocket for every visitor, signed in or not, refreshing the app's queries.
if ('WebSocket' in window) startLiveClient({ queryClient });

// The gateway serves the service worker (push notifications, app-shell cache); register it at load (spec §1).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
