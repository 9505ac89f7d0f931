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
  'results', 'feed', 'nav', 'confidence', 'common', 'discuss', 'auth', 'suggest', 'account',
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

export function i18nCatalogues(): Plugin {
  return {
    name: 'mzansi:i18n-catalogues',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(PREFIX) && /^(?:[a-z]{2}|en-later)$/.test(source.slice(PREFIX.length)) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const language = name.slice(0, 2);
      const file = fileURLToPath(new URL(`./src/i18n/locales/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const part = name === 'en-later' ? 'later' : language === 'en' ? 'start' : undefined;
      return { code: compileCatalogue(readFileSync(file, 'utf8'), file, part), map: null };
    },
  };
}
