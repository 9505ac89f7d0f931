// The later part of the English catalogue: the areas only screens loaded on demand use (leaderboards, profile,
// friends, privacy…; LATER_AREAS in i18n-catalogues.ts). Each of those screens imports this module, and SignedInApp
// (which index.html preloads) does not, so the landing page's initial download does not carry their English.
import later from 'i18n-catalogue:en-later';
import { addEnglish } from './index';

addEnglish(later.messages);
