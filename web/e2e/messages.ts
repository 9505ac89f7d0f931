// The interface's words in a language, for tests that look for them: read from its own catalogue
// (src/i18n/locales/<code>.json) and formatted as the app formats them (Lingui's compiler and runtime), with no
// English behind it, so a test in isiZulu can only pass on isiZulu.
import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export type CatalogueLanguage = 'en' | 'zu' | 'af' | 'st';
export const LOCALES: Record<CatalogueLanguage, string> = { en: 'en-ZA', zu: 'zu-ZA', af: 'af-ZA', st: 'st-ZA' };

/** A language's catalogue as written (ICU MessageFormat). */
export function catalogue(code: CatalogueLanguage): Record<string, string> {
  return (JSON.parse(readFileSync(new URL(`../src/i18n/locales/${code}.json`, import.meta.url), 'utf8')) as { messages: Record<string, string> }).messages;
}

/** `key`'s message in the language, formatted with `values`; a key the catalogue lacks throws (no English fallback). */
export function translator(code: CatalogueLanguage): (key: string, values?: Record<string, unknown>) => string {
  const source = catalogue(code);
  const i18n = setupI18n({ locale: LOCALES[code], messages: { [LOCALES[code]]: {} } });
  return (key, values) => {
    const message = source[key];
    if (message === undefined) throw new Error(`${code}.json has no message "${key}"`);
    i18n.load(LOCALES[code], { [key]: compileMessageOrThrow(message) });
    return i18n._(key, values);
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name that starts with `text` (a control whose name goes on with a count or figures). */
export const startingWith = (text: string): RegExp => new RegExp(`^${escaped(text)}`);

/** Stands for a number the test cannot know, as a message's value: `wholly` then reads it as any whole number. */
export const SOME_NUMBER = '\u2063';

/** All of `text` (a formatted message), where SOME_NUMBER stands for any whole number. */
export const wholly = (text: string): RegExp => new RegExp(`^${escaped(text).replaceAll(SOME_NUMBER, '\\d+')}$`);
