// The interface's four languages: English, isiZulu, Afrikaans, Sesotho. Messages are ICU MessageFormat
// in one catalogue per language (locales/*.json), compiled at build time (i18n-catalogues.ts) and run by Lingui's
// runtime. English is built in; the others load on demand, over English (a key a catalogue lacks shows English).
import { setupI18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import en from 'i18n-catalogue:en';
import type enSource from './locales/en.json';
import type { CatalogueMeta } from './meta';
import { localStore } from '../lib/storage';
import { setTimeLanguage, type TimeWords } from '../lib/time';

export type { CatalogueMeta } from './meta';
export type MessageKey = keyof typeof enSource.messages;
export type Language = 'en' | 'zu' | 'af' | 'st';

export const LANGUAGES: readonly { code: Language; locale: string; name: string }[] = [
  { code: 'en', locale: 'en-ZA', name: 'English' },
  { code: 'zu', locale: 'zu-ZA', name: 'isiZulu' },
  { code: 'af', locale: 'af-ZA', name: 'Afrikaans' },
  { code: 'st', locale: 'st-ZA', name: 'Sesotho' },
];

export const LANGUAGE_STORAGE_KEY = 'mzansi.language';
/**
 * The cookie that tells the gateway the chosen language, so the page comes in it (<html lang>, the server's render):
 * a preference for the page, no secret, so not HttpOnly (like `save-data`).
 */
export const LANGUAGE_COOKIE = 'lang';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: { meta: CatalogueMeta; messages: Messages } }>> = {
  zu: () => import('i18n-catalogue:zu'),
  af: () => import('i18n-catalogue:af'),
  st: () => import('i18n-catalogue:st'),
};

const localeOf = (code: Language) => LANGUAGES.find((l) => l.code === code)!.locale;
export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

export const i18n = setupI18n({ locale: 'en-ZA', locales: ['en-ZA'], messages: { 'en-ZA': en.messages } });
const metas: Partial<Record<Language, CatalogueMeta>> = { en: en.meta };
/** The English known so far (the startup part, plus the later part once a later screen brought it: later.ts). */
const english: Messages = { ...en.messages };
const loaded: Partial<Record<Language, Messages>> = {};

/** Adds English messages (the later part of the catalogue) under every language loaded, so a key a catalogue lacks still shows English. */
export function addEnglish(messages: Messages): void {
  Object.assign(english, messages);
  i18n.load('en-ZA', messages);
  for (const [code, catalogue] of Object.entries(loaded)) i18n.load(localeOf(code as Language), { ...messages, ...catalogue });
}
let current: Language = 'en';

/** The active language. */
export const currentLanguage = (): Language => current;
/** The active language's locale for Intl, with en-ZA behind it for runtimes that lack it (e.g. st-ZA). */
export const intlLocales = (): string[] => (current === 'en' ? ['en-ZA'] : [localeOf(current), 'en-ZA']);
/** The active catalogue's metadata (producer, review status). */
export const catalogueMeta = (): CatalogueMeta => metas[current] ?? en.meta;

const TIME_WORDS: TimeWords = {
  dayLabel: (day, date) => t('date.dayLabel', { day: String(day), date }),
  justNow: () => t('time.justNow'),
  minutesAgo: (n) => t('time.minutesAgo', { n }),
  hoursAgo: (n) => t('time.hoursAgo', { n }),
  daysAgo: (n) => t('time.daysAgo', { n }),
};

/** Translates `key` in the active language (ICU MessageFormat values). */
export function t(key: MessageKey, values?: Record<string, unknown>): string {
  return i18n._(key, values);
}

/**
 * The pseudo-locale (every English message accented and ~40 % longer, generated at build time: i18n-catalogues.ts),
 * for tests and development only: never in the switch. It is English to everything but the messages (the profile,
 * the API, question texts and Intl keep English), so choosing it changes nothing a user has saved.
 */
export const PSEUDO_LOCALE = 'en-XA';
/** Where a test or a developer turns the pseudo-locale on for this device (`'1'`), before the app starts. */
export const PSEUDO_STORAGE_KEY = 'mzansi.pseudo-locale';
let pseudoLoaded = false;

async function setPseudoLocale(): Promise<void> {
  if (!pseudoLoaded) {
    const catalogue = (await import('i18n-catalogue:pseudo')).default;
    i18n.load(PSEUDO_LOCALE, { ...english, ...catalogue.messages });
    pseudoLoaded = true;
  }
  current = 'en';
  i18n.activate(PSEUDO_LOCALE, ['en-ZA']);
  setTimeLanguage(['en-ZA'], undefined);
  if (typeof document !== 'undefined') document.documentElement.lang = PSEUDO_LOCALE;
}

/** Whether this device asked for the pseudo-locale (development builds always may). */
const pseudoAllowed = () => import.meta.env.DEV || localStore()?.getItem(PSEUDO_STORAGE_KEY) === '1';

/** Switches the interface to `code` (loading its catalogue first), sets <html lang> and remembers the choice. */
export async function setLanguage(code: Language, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  if (!metas[code] && code !== 'en') {
    const catalogue = (await loaders[code]()).default;
    loaded[code] = catalogue.messages;
    i18n.load(localeOf(code), { ...english, ...catalogue.messages });
    metas[code] = catalogue.meta;
  }
  current = code;
  i18n.activate(localeOf(code), intlLocales());
  setTimeLanguage(intlLocales(), code === 'en' ? undefined : TIME_WORDS);
  if (typeof document !== 'undefined') document.documentElement.lang = localeOf(code);
  if (remember) {
    localStore()?.setItem(LANGUAGE_STORAGE_KEY, code);
    if (typeof document !== 'undefined') document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
  }
}

/**
 * The language to start in: the one chosen before (remembered on this device), else the first of the browser's
 * languages (what it sends as Accept-Language) that we speak, else English.
 */
export function initialLanguage(
  stored = localStore()?.getItem(LANGUAGE_STORAGE_KEY),
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language chosen on this device before (the switch), if any. */
export const rememberedLanguage = (): Language | undefined => {
  const stored = localStore()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : undefined;
};

/** Calls `listener` with the new language whenever it changes; returns the unsubscribe. */
export const onLanguageChange = (listener: (code: Language) => void): (() => void) => i18n.on('change', () => listener(current));

/**
 * Where the pseudo-locale is allowed (development, or a device a test marked: PSEUDO_STORAGE_KEY),
 * `window.__mzansiLanguage(code)` switches the page in place to any language or `'pseudo'` (the screens test looks at
 * each screen in each). Elsewhere nothing: users are never offered it.
 */
export function exposeLanguageSwitch(): void {
  if (typeof window === 'undefined' || !pseudoAllowed()) return;
  (window as { __mzansiLanguage?: (code: string) => Promise<void> }).__mzansiLanguage = (code) =>
    code === 'pseudo' ? setPseudoLocale() : setLanguage(isLanguage(code) ? code : 'en', { remember: false });
}

/** Starts the app in its initial language (English needs no loading). A catalogue that fails to load leaves English. */
export async function startI18n(): Promise<void> {
  const code = initialLanguage();
  if (code === 'en') return;
  await setLanguage(code, { remember: false }).catch((error: unknown) => console.warn('Language not loaded', error));
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const snapshot = () => i18n.locale;
const translators = new Map<string, typeof t>();

/** `t` for a component: it renders again when the language changes. */
export function useT(): typeof t {
  const locale = useSyncExternalStore(subscribe, snapshot, snapshot);
  let translate = translators.get(locale);
  if (!translate) translators.set(locale, (translate = (key, values) => t(key, values)));
  return translate;
}

/** The active language, for components that show or switch it. */
export function useLanguage(): Language {
  useT();
  return current;
}
