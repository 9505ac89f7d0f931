// Every key of the English catalogue in all four, none extra or empty, each message valid ICU MessageFormat
// with the same arguments as the English one; each catalogue says who produced it and whether it was reviewed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, type Token } from '@messageformat/parser';
import { compileCatalogue, isLaterKey, LATER_AREAS, pseudoCatalogue, pseudoMessage } from '../../i18n-catalogues';
import { LANGUAGES } from './index';

const read = (code: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', `${code}.json`), 'utf8')) as {
    meta: { language: string; locale: string; producer: string; reviewedByFirstLanguageSpeaker: boolean };
    messages: Record<string, string>;
  };

/** The argument names a message uses (nested through plural and select cases). */
function argumentsOf(tokens: Token[], names = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      names.add(token.arg);
      for (const c of token.cases) argumentsOf(c.tokens, names);
    }
  }
  return names;
}

const english = read('en');

/** The messages a language writes as English does: words it shares (Afrikaans "Admin", "Status"; Sesotho "Spam"; provinces' names). */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  zu: [],
  af: ['nav.admin', 'badge.blind', 'admin.usAdmins', 'admin.sgStatus', 'admin.mgAvatar', 'alerts.status', 'prov.GP', 'prov.KZN', 'prov.LP', 'prov.MP'],
  st: ['discuss.reasonSpam', 'prov.GP', 'prov.LP', 'prov.MP'],
};

describe('translation catalogues', () => {
  it('has one catalogue per language of the switch', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'zu', 'af', 'st']);
  });

  for (const { code, locale } of LANGUAGES) {
    describe(code, () => {
      const catalogue = read(code);
      it('records its producer and review status', () => {
        expect(catalogue.meta.locale).toBe(locale);
        expect(catalogue.meta.producer.trim()).not.toBe('');
        expect(typeof catalogue.meta.reviewedByFirstLanguageSpeaker).toBe('boolean');
      });

      it('has every English key, no other and no empty message', () => {
        const missing = Object.keys(english.messages).filter((k) => !(k in catalogue.messages));
        const extra = Object.keys(catalogue.messages).filter((k) => !(k in english.messages));
        expect(missing, `missing in ${code}.json`).toEqual([]);
        expect(extra, `not in en.json`).toEqual([]);
        for (const [key, text] of Object.entries(catalogue.messages)) expect(text.trim(), key).not.toBe('');
      });

      it('parses as ICU MessageFormat with the English arguments, plurals with an "other" case', () => {
        for (const [key, text] of Object.entries(catalogue.messages)) {
          const tokens = parse(text);
          expect([...argumentsOf(tokens)].sort(), key).toEqual([...argumentsOf(parse(english.messages[key]!))].sort());
          for (const token of tokens) if (token.type === 'plural') expect(token.cases.map((c) => c.key), key).toContain('other');
        }
        expect(() => compileCatalogue(JSON.stringify(catalogue), `${code}.json`)).not.toThrow();
      });

      if (code !== 'en') {
        it('is a translation: no message the same as the English but the words the language shares with it', () => {
          const same = Object.keys(english.messages).filter((k) => catalogue.messages[k] === english.messages[k]);
          expect(same.filter((k) => !SAME_AS_ENGLISH[code]!.includes(k))).toEqual([]);
        });
      }
    });
  }
});

describe('the pseudo-locale', () => {
  it('accents the words and makes them ~40 % longer, leaving arguments, plurals and tags as they are', () => {
    expect(pseudoMessage('Yes')).toBe('Ŷéš [~~~]');
    expect(pseudoMessage('{count, plural, one {# vote} other {# votes}}')).toMatch(/^\{count, plural, one \{# ṽóţé\} other \{# ṽóţéš\}\} \[[~ ]+\]$/);
    expect(pseudoMessage('Hello <strong>{name}</strong>')).toMatch(/^Ĥéļļó <strong>\{name\}<\/strong> \[[~ ]+\]$/);
    expect(pseudoMessage('{name}')).toBe('{name}');
  });

  it('has every English key, each valid ICU with the English arguments and its words ~40 % longer', () => {
    const pseudo = JSON.parse(pseudoCatalogue(JSON.stringify(english))) as { messages: Record<string, string> };
    expect(Object.keys(pseudo.messages)).toEqual(Object.keys(english.messages));
    for (const [key, text] of Object.entries(pseudo.messages)) {
      const source = english.messages[key]!;
      expect([...argumentsOf(parse(text))].sort(), key).toEqual([...argumentsOf(parse(source))].sort());
      const letters = text.match(/[^\x00-\x7f]/g)?.length ?? 0;
      if (letters > 0) expect(text.length - source.length, key).toBeGreaterThanOrEqual(Math.round(letters * 0.4));
    }
    expect(() => compileCatalogue(pseudoCatalogue(JSON.stringify(english)), 'pseudo')).not.toThrow();
  });
});

describe('the English catalogue in two parts', () => {
  it('splits every key into exactly one part', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'locales', 'en.json'), 'utf8');
    const keysOf = (code: string) => Object.keys(JSON.parse(code.replace(/^export default /, '').replace(/;$/, '')).messages);
    const start = keysOf(compileCatalogue(source, 'en.json', 'start'));
    const later = keysOf(compileCatalogue(source, 'en.json', 'later'));
    expect([...start, ...later].sort()).toEqual(Object.keys(english.messages).sort());
    expect(later.every(isLaterKey)).toBe(true);
  });

  /** The modules `entry` brings along (static relative imports, not import()), with their source. */
  const staticGraph = (entry: string, seen = new Map<string, string>()): Map<string, string> => {
    if (seen.has(entry)) return seen;
    const source = readFileSync(entry, 'utf8');
    seen.set(entry, source);
    for (const m of source.matchAll(/^import\s[^;]*?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const base = path.resolve(path.dirname(entry), m[1]!);
      const file = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((e) => base + e).find((f) => existsSync(f) && statSync(f).isFile());
      if (file && /\.tsx?$/.test(file)) staticGraph(file, seen);
    }
    return seen;
  };
  const laterKeysIn = (source: string) =>
    [...source.matchAll(/['`]([a-z]+)\.[a-zA-Z]+/g)].filter((m) => LATER_AREAS.includes(m[1]!)).map((m) => m[0].slice(1));
  const src = path.join(import.meta.dirname, '..');

  it('keeps the later keys out of the landing page: its startup modules use none', () => {
    const used = [...staticGraph(path.join(src, 'main.tsx')), ...staticGraph(path.join(src, 'start.tsx'))].flatMap(
      ([file, source]) => laterKeysIn(source).map((key) => `${path.relative(src, file)}: ${key}`),
    );
    expect(used).toEqual([]);
  });

  it('loads the later part with SignedInApp and the sign-in dialog, and with each public page that uses its keys', () => {
    const app = readFileSync(path.join(src, 'App.tsx'), 'utf8');
    const withLater = (module: string) => app.includes(`Promise.all([import('${module}'), import('./i18n/later')])`);
    expect(withLater('./SignedInApp')).toBe(true);
    expect(withLater('./features/auth/AuthDialog')).toBe(true);
    const later = path.join(src, 'i18n', 'later.ts');
    for (const m of app.matchAll(/import\('(\.\/features\/[^']+)'\)/g)) {
      const graph = staticGraph(path.join(src, `${m[1]}.tsx`));
      const keys = [...graph.values()].flatMap(laterKeysIn);
      if (keys.length > 0 && !withLater(m[1]!)) expect(graph.has(later), `${m[1]} uses ${keys.join(', ')} without the later part`).toBe(true);
    }
  });
});
