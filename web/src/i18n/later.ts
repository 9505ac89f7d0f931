// The later part of the English catalogue: the areas only signed-in screens and pages loaded on demand use (vote
// results, feed, discussion, leaderboards, profile, friends, privacy…; LATER_AREAS in i18n-catalogues.ts). App.tsx
// loads it side by side with SignedInApp (not preloaded by index.html; start.tsx asks for it early on a page served
// as signed in), and the public pages that use it import it, so the landing page's initial download does not carry
// their English.
import later from 'i18n-catalogue:en-later';
import { addEnglish } from './index';

addEnglish(later.messages);
