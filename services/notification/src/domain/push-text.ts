/**
 * The words of a push notification in the reader's language: the interface's four languages, English
 * when the profile has none (or one we do not speak). English is the spec's text, verbatim; isiZulu, Afrikaans and
 * Sesotho are machine drafts like the web's catalogues (web/src/i18n/locales), not yet reviewed.
 */
export const PUSH_LANGUAGES = ['en', 'zu', 'af', 'st'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/** A language code as it arrives from another service: one of ours, else English. */
export const pushLanguage = (code: unknown): PushLanguage =>
  typeof code === 'string' && (PUSH_LANGUAGES as readonly string[]).includes(code) ? (code as PushLanguage) : 'en';

interface PushWords {
  /** A new question's title. */
  question: string;
  /** The test notification's title and body (Settings → Send Test Alert). */
  testTitle: string;
  testBody: string;
}

const WORDS: Record<PushLanguage, PushWords> = {
  en: {
    question: 'Mzansi Predicts Question!',
    testTitle: 'Mzansi Predicts',
    testBody: 'Notifications are on. You will hear about each new question.',
  },
  zu: {
    question: 'Umbuzo we-Mzansi Predicts!',
    testTitle: 'Mzansi Predicts',
    testBody: 'Izaziso zivuliwe. Uzokwaziswa ngawo wonke umbuzo omusha.',
  },
  af: {
    question: 'Mzansi Predicts-vraag!',
    testTitle: 'Mzansi Predicts',
    testBody: 'Kennisgewings is aan. Jy sal van elke nuwe vraag hoor.',
  },
  st: {
    question: 'Potso ya Mzansi Predicts!',
    testTitle: 'Mzansi Predicts',
    testBody: 'Ditsebiso di butswe. O tla tsebiswa ka potso e nngwe le e nngwe e ntjha.',
  },
};

export const pushWords = (language: PushLanguage): PushWords => WORDS[language];
