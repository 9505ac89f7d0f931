// The last live news worth a banner (a new question or a resolution must not arrive silently below the
// fold). An atom of the app's store like liveStatus: the live client (outside React) sets it, LiveBanner shows it.
import { atom } from 'jotai';

export type LiveNews = { kind: 'new-question' | 'resolved' | 'corrected'; questionId: string };

/** The news the banner shows, null when there is none (or it was dismissed). */
export const liveNewsAtom = atom<LiveNews | null>(null);

/** The banner's text per kind of news (catalogue keys; English: "New question — tap to answer"…). */
export const LIVE_BANNER_TEXT = {
  'new-question': 'live.newQuestion',
  resolved: 'live.resolved',
  corrected: 'live.corrected',
} as const;
