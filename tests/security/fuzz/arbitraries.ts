// The fuzzer's vocabulary (fuzz.test.ts): a request plan per route, and the generators of valid and invalid input.
import fc from 'fast-check';
import { hasBidiControls, hasStackedMarks, isInvisible } from '@mzansi/kit/text';

export type Who = 'user' | 'admin' | 'anon';
export interface Req {
  method: string;
  path: string;
  json?: unknown;
  raw?: string;
  who: Who;
}
export type Plan = () => Promise<Req>;
export interface Route {
  name: string;
  valid?: fc.Arbitrary<Plan>;
  invalid?: fc.Arbitrary<Plan>;
  /** How many of the RUNS go to valid input (the rest invalid); default half when both exist. */
  validRuns?: number;
}

/** How many fixtures each pooled route (friend requests to send, accept, reject) has: its valid runs. */
export const VALID_POOL = 20;

export const wellFormed = (s: string) => (s as string & { toWellFormed(): string }).toWellFormed();
export const seg = (s: string) => encodeURIComponent(wellFormed(s));
/** Any text, control characters (NUL…), lone surrogates and astral characters included. */
export const anyText = (max = 40) => fc.string({ unit: 'binary', maxLength: max });
export const printable = (min: number, max: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
export const junkJson = fc.jsonValue({ maxDepth: 3 });
export const noNul = (s: string) => !s.includes('\u0000');
/** Text with a NUL character somewhere: always refused (400). */
export const withNul = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);
export const notUuid = anyText(40).filter((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s));
export const query = (o: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined) p.append(k, wellFormed(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};
export const junkQuery = fc.dictionary(anyText(10).filter(noNul), anyText(20).filter(noNul), { maxKeys: 3 }).map((d) => query(d));
/** Appends a query string to a path that may already have one. */
export const join = (path: string, qs: string) => (qs && path.includes('?') ? `&${qs.slice(1)}` : qs);
export const plan = (r: Req): Plan => () => Promise.resolve(r);
export const req = (who: Who, method: string, path: string, json?: unknown): Plan => plan({ who, method, path, json });
/** A body of the wrong shape: any JSON value, or an object with fields of random types. */
export const wrongTypes = (keys: string[]) =>
  fc.oneof(
    junkJson.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.integer(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }))])), { requiredKeys: keys.slice(0, 1) }),
  );
export const rawBody = (s: string): Plan => plan({ who: 'user', method: 'POST', path: '/api/answers', raw: s });
export const malformedJson = fc.string({ maxLength: 30 }).map((s) => `{"a":${s}`);
export const validTag = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,39}$/);
export const email = fc.emailAddress().filter((e) => e.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) && e.split('@')[0]!.length <= 64);
// A phone number as people write them: South African (`082 555 1234`, `+27 82 555 1234`) or another country's with
// its code (`+44 20 7946 0958`); identity stores each as E.164.
const digits = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
const separator = fc.constantFrom('', ' ', '-');
export const phone = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 9 }), digits(1, 1), separator, digits(3, 3), separator, digits(4, 4)).map(([a, b, s1, c, s2, d]) => `0${a}${b}${s1}${c}${s2}${d}`),
  fc.tuple(fc.integer({ min: 1, max: 9 }), digits(8, 8), separator).map(([a, rest, s]) => `+27${s}${a}${rest.slice(0, 1)}${s}${rest.slice(1)}`),
  fc.tuple(fc.constantFrom(1, 44, 49, 263, 267), digits(8, 10)).map(([code, rest]) => `+${code} ${rest}`),
);
export const b64url = (n: number, first?: number) =>
  fc.uint8Array({ minLength: n, maxLength: n }).map((a) => {
    const b = Buffer.from(a);
    if (first !== undefined) b[0] = first;
    return b.toString('base64url');
  });
export const isoDate = fc.date({ min: new Date('2024-01-02T00:00:00Z'), max: new Date('2100-12-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
export const questionText = printable(1, 120).filter((t) => {
  const x = t.trim().replace(/\?+$/, '').trim();
  return x.length >= 1 && x.length <= 300;
});
export const optionText = printable(1, 30).filter((t) => t.trim().length >= 1 && t.trim().length <= 60);
export const validQuestion = fc.record({
  text: questionText,
  context: fc.option(printable(0, 200), { nil: null }),
  date: isoDate,
  options: fc.tuple(optionText, optionText).map(([y, n]) => [
    { id: 'yes', text: y },
    { id: 'no', text: n },
  ]),
  tags: fc.array(validTag, { maxLength: 5 }),
});
export const official = fc.record({
  name: printable(1, 60).filter((s) => s.trim().length >= 1 && s.trim().length <= 120),
  title: printable(1, 60).filter((s) => s.trim().length >= 1 && s.trim().length <= 160),
  bio: printable(0, 200),
  avatar: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Z]{1,3}$/), fc.stringMatching(/^\/avatars\/[A-Za-z0-9_-]{1,20}\.(svg|png|jpe?g|webp)$/)),
  tags: fc.array(validTag, { maxLength: 5 }),
});
export const calendarDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
export const prediction = fc.record({
  statement: printable(1, 100).filter((s) => s.trim().length >= 1),
  prediction: printable(1, 100).filter((s) => s.trim().length >= 1),
  confidence: fc.integer({ min: 0, max: 100 }),
  sourceTitle: printable(1, 80).filter((s) => s.trim().length >= 1),
  sourceDate: calendarDate,
  sourceUrl: fc.webUrl({ validSchemes: ['http', 'https'] }).filter((x) => x.length <= 2000 && !/@/.test(x.split('/')[2] ?? '')),
  tags: fc.array(validTag, { maxLength: 5 }),
});
/** Names, comments and suggestions refuse bidi controls, text of only invisible characters or marks, and more than 2 marks on a letter: valid text has none. */
export const shows = (t: string) => !hasBidiControls(t) && !isInvisible(t) && !hasStackedMarks(t);
export const suggestionTitle = printable(10, 120).filter((t) => [...t.trim()].length >= 10 && [...t.trim()].length <= 200 && shows(t));
export const commentText = printable(1, 300).filter((t) => t.trim().length >= 1 && t.trim().length <= 2000 && shows(t));

let seq = 0;
export const uniqueUsername = fc.stringMatching(/^[A-Za-z0-9_]{0,18}$/).map((s) => `fz${(++seq).toString(36)}_${s}`.slice(0, 30));
export const username = fc.stringMatching(/^[A-Za-z0-9_]{3,30}$/);
