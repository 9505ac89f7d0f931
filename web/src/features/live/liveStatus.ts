// Whether the live channel is open, shared by the live client (which sets it) and the queries whose polling it
// replaces (which read it). A tiny external store rather than a jotai atom: the live client runs outside React and
// outside the app's jotai Provider, so both sides need the same module-level instance.
import { useState, useSyncExternalStore } from 'react';
import { useDataSaver } from '../datasaver/dataSaver';

export interface LiveStatus {
  connected(): boolean;
  set(connected: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createLiveStatus(): LiveStatus {
  let connected = false;
  const listeners = new Set<() => void>();
  return {
    connected: () => connected,
    set(next) {
      if (next === connected) return;
      connected = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one live status (the live client started in start.tsx sets it). */
export const liveStatus = createLiveStatus();

export function useLiveConnected(status: LiveStatus = liveStatus): boolean {
  return useSyncExternalStore(status.subscribe, status.connected, () => false);
}

/**
 * Polls spread ±25 % around their period: after a gateway drops thousands of sockets at once, their pages resume
 * polling together, and equal periods would keep them in step for good.
 */
export const POLL_JITTER = 0.25;

/** The poll period for a query the live channel keeps fresh: none while it is open, else `baseMs` jittered. */
export function livePollInterval(baseMs: number, connected: boolean, jitter: number): number | false {
  if (connected) return false;
  return Math.round(baseMs * (1 + POLL_JITTER * (2 * jitter - 1)));
}

/**
 * `refetchInterval` for a query the live channel keeps fresh. The jitter is drawn once per mounted query: a new
 * value on every render would restart TanStack's interval each time and could postpone the poll indefinitely.
 */
export function useLivePollInterval(baseMs: number, status: LiveStatus = liveStatus): number | false {
  const connected = useLiveConnected(status);
  const saveData = useDataSaver();
  const [jitter] = useState(Math.random);
  // Data saver: no polling at all (the live channel, when open, still keeps the screen fresh).
  return saveData ? false : livePollInterval(baseMs, connected, jitter);
}
