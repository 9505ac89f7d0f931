import type { Request } from 'express';

/** The interface's languages (web/src/i18n); English first (the default). */
const PAGE_LANGUAGES = { en: true, zu: true, af: true, st: true } as const;
export type PageLanguage = keyof typeof PAGE_LANGUAGES;
export const isPageLanguage = (value: string): value is PageLanguage => Object.hasOwn(PAGE_LANGUAGES, value);

/** The four codes, for a route's zod. */
export const PAGE_LANGUAGE_CODES = Object.keys(PAGE_LANGUAGES) as [PageLanguage, ...PageLanguage[]];

/** The language the visitor chose before (the app's `lang` cookie, web/src/i18n/index.ts). */
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/;

/**
 * The language to send the page in: the one chosen before (the `lang` cookie), else the first of Accept-Language
 * (by q, highest first; q=0 means "not this one") whose primary subtag we speak, else English. The app picks the same
 * way (navigator.languages, from which browsers build the header). Malformed parts are skipped, never an error.
 */
export function pageLanguage(req: Request): PageLanguage {
  const chosen = LANGUAGE_COOKIE.exec(req.get('cookie') ?? '')?.[1];
  if (chosen && isPageLanguage(chosen)) return chosen;
  const ranges = (req.get('accept-language') ?? '')
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.find((r) => isPageLanguage(r.primary))?.primary as PageLanguage | undefined ?? 'en';
}
