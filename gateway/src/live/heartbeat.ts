import type { LiveSocket } from './admission.js';

export interface HeartbeatDeps {
  intervalMs: number;
  /** The open sockets. */
  sockets: () => Iterable<LiveSocket>;
  /** Whether a session (its Redis key) still exists; a rejection counts as "don't know" and keeps the socket. */
  sessionExists: (key: string) => Promise<boolean>;
  dropped: (reason: 'heartbeat' | 'signed_out') => void;
}

/**
 * Every `intervalMs`: a socket that did not answer the previous ping is dead and terminated; the others are pinged
 * again. A signed-in socket whose session is gone (logout, expiry) is closed with 4001 "Signed out", so a shared
 * computer stops showing the user's live data. Returns a stop function.
 */
export function startHeartbeat(deps: HeartbeatDeps): () => void {
  const timer = setInterval(() => {
    for (const ws of deps.sockets()) {
      if (!ws.alive) {
        deps.dropped('heartbeat');
        ws.terminate();
        continue;
      }
      ws.alive = false;
      ws.ping();
      if (ws.sessionKey) {
        deps.sessionExists(ws.sessionKey).then(
          (exists) => {
            if (exists) return;
            deps.dropped('signed_out');
            ws.close(4001, 'Signed out');
          },
          () => undefined,
        );
      }
    }
  }, deps.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
