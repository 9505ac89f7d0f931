// Build step for the translation catalogues (src/i18n/locales/*.json): each message, written in ICU MessageFormat,
// is compiled here with Lingui's compiler, so the browser gets ready-made messages and only Lingui's small runtime
// (@lingui/core), never the parser. Used by vite.config.ts (build, dev, the static first paint) and vitest.config.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** Imported as `i18n-catalogue:zu` (a module of its own, so each language is a chunk loaded on demand). */
const PREFIX = 'i18n-catalogue:';

/**
 * Areas (a key's first part) used only by signed-in screens (vote results, feed, discussion, leaderboards, profile,
 * friends…), the sign-in dialog and pages loaded on demand (privacy…). English splits in two: `i18n-catalogue:en`
 * (the rest: landing, shell, today's question…; in the startup chunk, which must stay within the landing page's
 * 150 KB budget) and `i18n-catalogue:en-later` (these areas; App.tsx loads it with SignedInApp and the sign-in
 * dialog, the public pages that use it import it: src/i18n/later.ts). Other languages are one chunk each, loaded on demand anyway.
 */
export const LATER_AREAS: readonly string[] = [
  'lb', 'profile', 'friends', 'stats', 'settings', 'notif', 'privacy', 'research', 'admin',
  'results', 'feed', 'nav', 'confidence', 'common', 'discuss', 'auth', 'suggest', 'account', 'scoring', 'opendata', 'embed',
  // The gateway's coded messages (lib/api.ts): English shows the server's own text, so only translations need them.
  'error',
];
export const isLaterKey = (key: string): boolean => LATER_AREAS.includes(key.split('.')[0]!);

export interface CatalogueFile {
  meta: Record<string, unknown>;
  messages: Record<string, string>;
}

/** The catalogue as a module: `export default { meta, messages }`, each message compiled (throws on bad ICU). */
export function compileCatalogue(source: string, file: string, part?: 'start' | 'later'): string {
  const catalogue = JSON.parse(source) as CatalogueFile;
  const messages: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalogue.messages)) {
    if (part && isLaterKey(key) !== (part === 'later')) continue;
    try {
      messages[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: message "${key}" is not valid ICU MessageFormat: ${String(error)}`);
    }
  }
  return `export default ${JSON.stringify({ meta: catalogue.meta, messages })};`;
}

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊŶŽ'][i]!]),
);

/**
 * The pseudo-locale's version of an English message: its words accented (so a string that skips the catalogues stands
 * out) and about 40 % longer (so a layout meets the long words of isiZulu or Afrikaans): "Yes" → "Ŷéš [~~~]". Only
 * the literal text changes: arguments, plural and select keywords, `#` and the `<strong>`/`<em>` tags stay as they are.
 */
export function pseudoMessage(message: string): string {
  // ICU nests text in arguments in text: `{` opens an argument in text, a case body in an argument; `}` closes either.
  const stack: ('text' | 'arg')[] = ['text'];
  let out = '';
  let inTag = false;
  let letters = 0;
  for (const c of message) {
    const state = stack[stack.length - 1];
    if (c === '{') stack.push(state === 'text' ? 'arg' : 'text');
    else if (c === '}') stack.pop();
    else if (state === 'text' && c === '<') inTag = true;
    else if (state === 'text' && c === '>') inTag = false;
    if (state === 'text' && !inTag && c !== '{' && c !== '}' && ACCENTS[c]) {
      out += ACCENTS[c];
      letters++;
    } else out += c;
  }
  if (letters === 0) return message;
  // The padding in short runs, so a long message grows by words a line can still break between.
  const pad = '~'.repeat(Math.max(3, Math.round(letters * 0.4))).replace(/(~{6})(?=~)/g, '$1 ');
  return `${out} [${pad}]`;
}

/** The pseudo-locale's catalogue (`i18n-catalogue:pseudo`), generated from the English one: for tests and development. */
export function pseudoCatalogue(englishSource: string): string {
  const english = JSON.parse(englishSource) as CatalogueFile;
  const messages = Object.fromEntries(Object.entries(english.messages).map(([key, text]) => [key, pseudoMessage(text)]));
  const meta = { language: 'Pseudo', locale: 'en-XA', producer: 'generated from en.json at build time', reviewedByFirstLanguageSpeaker: false };
  return JSON.stringify({ meta, messages });
}

export function i18nCatalogues(): Plugin {
  return {
    name: 'mzansi:i18n-catalogues',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(PREFIX) && /^(?:[a-z]{2}|en-later|pseudo)$/.test(source.slice(PREFIX.length)) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const language = name === 'pseudo' ? 'en' : name.slice(0, 2);
      const file = fileURLToPath(new URL(`./src/i18n/locales/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      if (name === 'pseudo') return { code: compileCatalogue(pseudoCatalogue(readFileSync(file, 'utf8')), 'pseudo'), map: null };
      const part = name === 'en-later' ? 'later' : language === 'en' ? 'start' : undefined;
      return { code: compileCatalogue(readFileSync(file, 'utf8'), file, part), map: null };
    },
  };
}
