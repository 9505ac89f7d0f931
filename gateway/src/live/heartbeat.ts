import type { LiveSocket } from './admission.js';

/**
 * The interval is cut into this many slots and each socket is beaten in its own slot, so a gateway with 10,000
 * sockets pings ~300 of them (and asks Redis about their sessions) every ~1 s instead of all 10,000 (and 10,000
 * Redis commands) at once: that burst stalled the event loop for hundreds of milliseconds every interval, and votes
 * waited behind it (the vote p99 rose with it).
 */
export const HEARTBEAT_SLOTS = 32;

export interface HeartbeatDeps {
  intervalMs: number;
  /** The open sockets. */
  sockets: () => Iterable<LiveSocket>;
  /** Whether a session (its Redis key) still exists; a rejection counts as "don't know" and keeps the socket. */
  sessionExists: (key: string) => Promise<boolean>;
  dropped: (reason: 'heartbeat' | 'signed_out') => void;
}

type BeatSocket = LiveSocket & { beatSlot?: number };

/**
 * Every `intervalMs`, each socket in turn: one that did not answer its previous ping is dead and terminated; the
 * others are pinged again. A signed-in socket whose session is gone (logout, expiry) is closed with 4001 "Signed
 * out", so a shared computer stops showing the user's live data. Sockets are spread over HEARTBEAT_SLOTS slots of
 * the interval (in order of arrival); a session shared by several sockets of a slot is looked up once. Returns a
 * stop function.
 */
export function startHeartbeat(deps: HeartbeatDeps): () => void {
  let assigned = 0;
  let slot = 0;
  const beat = () => {
    const current = slot;
    slot = (slot + 1) % HEARTBEAT_SLOTS;
    const bySession = new Map<string, BeatSocket[]>();
    for (const ws of deps.sockets() as Iterable<BeatSocket>) {
      ws.beatSlot ??= assigned++ % HEARTBEAT_SLOTS;
      if (ws.beatSlot !== current) continue;
      if (!ws.alive) {
        deps.dropped('heartbeat');
        ws.terminate();
        continue;
      }
      ws.alive = false;
      ws.ping();
      if (ws.sessionKey) {
        const list = bySession.get(ws.sessionKey);
        if (list) list.push(ws);
        else bySession.set(ws.sessionKey, [ws]);
      }
    }
    for (const [key, list] of bySession) {
      deps.sessionExists(key).then(
        (exists) => {
          if (exists) return;
          for (const ws of list) {
            deps.dropped('signed_out');
            ws.close(4001, 'Signed out');
          }
        },
        () => undefined,
      );
    }
  };
  const timer = setInterval(beat, Math.max(1, Math.floor(deps.intervalMs / HEARTBEAT_SLOTS)));
  timer.unref();
  return () => clearInterval(timer);
}
