// The last live news worth a banner (issue 19: a new question or a resolution must not arrive silently below the
// fold). A tiny external store like liveStatus: the live client (outside React) sets it, LiveBanner shows it.
import { useSyncExternalStore } from 'react';

export type LiveNews = { kind: 'new-question'; questionId: string } | { kind: 'resolved'; questionId: string };

export interface LiveNewsStore {
  current(): LiveNews | null;
  set(news: LiveNews | null): void;
  subscribe(listener: () => void): () => void;
}

export function createLiveNews(): LiveNewsStore {
  let news: LiveNews | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => news,
    set(next) {
      news = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one store (the live client started in start.tsx writes it). */
export const liveNews = createLiveNews();

export function useLiveNews(store: LiveNewsStore = liveNews): LiveNews | null {
  return useSyncExternalStore(store.subscribe, store.current, () => null);
}

/** The banner's text per kind of news (catalogue keys; English: "New question — tap to answer"…). */
export const LIVE_BANNER_TEXT = {
  'new-question': 'live.newQuestion',
  resolved: 'live.resolved',
} as const;
