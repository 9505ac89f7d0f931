// Whether the live channel is open, shared by the live client (which sets it) and the queries whose polling it
// replaces (which read it): an atom of the app's store (lib/appStore.ts), since the live client runs outside React.
import { useState } from 'react';
import { atom, useAtomValue } from 'jotai';
import { appStore, type AppStore } from '../../lib/appStore';
import { useDataSaver } from '../datasaver/dataSaver';

/** The live channel is open (the live client started in start.tsx sets it). */
export const liveConnectedAtom = atom(false);

export function useLiveConnected(store: AppStore = appStore): boolean {
  return useAtomValue(liveConnectedAtom, { store });
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
export function useLivePollInterval(baseMs: number, store: AppStore = appStore): number | false {
  const connected = useLiveConnected(store);
  const saveData = useDataSaver();
  const [jitter] = useState(Math.random);
  // Data saver: no polling at all (the live channel, when open, still keeps the screen fresh).
  return saveData ? false : livePollInterval(baseMs, connected, jitter);
}
