// The fuzzed routes (fuzz.test.ts), part 5: the public read API (/api/public/v1), oEmbed and the embed.
import fc from 'fast-check';
import type { Fixtures } from './fixtures.js';
import { anyText, noNul, notUuid, query, req, seg, withNul, wrongTypes, type Route } from './arbitraries.js';

const LANGS = ['en', 'zu', 'af', 'st'];
const day = fc.date({ min: new Date('2024-03-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const tagText = anyText(60).filter((t) => noNul(t) && t.trim().length > 0);

export function publicRoutes(f: Fixtures): Route[] {
  const { q1, q2 } = f;
  const validList = fc
    .record(
      {
        date: day,
        tag: tagText,
        status: fc.constantFrom('open', 'closed', 'resolved'),
        cursor: fc.oneof(fc.uuid(), fc.constantFrom(q1, q2)),
        limit: fc.integer({ min: 1, max: 100 }).map(String),
        lang: fc.constantFrom(...LANGS),
      },
      { requiredKeys: [] },
    )
    .map((o) => req('anon', 'GET', `/api/public/v1/questions${query(o)}`));
  const invalidList = fc.oneof(
    fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 })).map((n) => req('anon', 'GET', `/api/public/v1/questions${query({ limit: String(n) })}`)),
    anyText(20)
      .filter((s) => !(Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 100))
      .map((s) => req('anon', 'GET', `/api/public/v1/questions${query({ limit: s || 'x' })}`)),
    anyText(20)
      .filter((s) => !['open', 'closed', 'resolved', ''].includes(s))
      .map((s) => req('anon', 'GET', `/api/public/v1/questions${query({ status: s })}`)),
    anyText(20)
      .filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s))
      .map((s) => req('anon', 'GET', `/api/public/v1/questions${query({ date: s || 'x' })}`)),
    notUuid.filter((s) => s !== '').map((s) => req('anon', 'GET', `/api/public/v1/questions${query({ cursor: s })}`)),
    anyText(10)
      .filter((s) => !LANGS.includes(s))
      .map((s) => req('anon', 'GET', `/api/public/v1/questions${query({ lang: s || 'xx' })}`)),
    fc.string({ minLength: 61, maxLength: 80 }).filter((s) => s.trim().length > 60).map((s) => req('anon', 'GET', `/api/public/v1/questions${query({ tag: s })}`)),
    withNul.map((s) => req('anon', 'GET', `/api/public/v1/questions${query({ tag: s })}`)),
  );
  return [
    { name: 'GET /api/public/v1/questions', valid: validList, invalid: invalidList },
    {
      name: 'GET /api/public/v1/questions/{id}',
      valid: fc.tuple(fc.constantFrom(q1, q2), fc.option(fc.constantFrom(...LANGS), { nil: undefined })).map(([id, lang]) => req('anon', 'GET', `/api/public/v1/questions/${id}${query({ lang })}`)),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('anon', 'GET', `/api/public/v1/questions/${id}`)),
        notUuid.filter((s) => s !== '' && s !== '.' && s !== '..').map((id) => req('anon', 'GET', `/api/public/v1/questions/${seg(id)}`)),
        anyText(10)
          .filter((s) => !LANGS.includes(s))
          .map((s) => req('anon', 'GET', `/api/public/v1/questions/${q1}${query({ lang: s || 'xx' })}`)),
      ),
    },
    {
      name: 'GET /oembed',
      valid: fc
        .tuple(fc.constantFrom(q1, q2), fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }), fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }))
        .map(([id, w, h]) => req('anon', 'GET', `/oembed${query({ url: `http://localhost:8080/q/${id}`, maxwidth: w?.toString(), maxheight: h?.toString(), format: 'json' })}`)),
      invalid: fc.oneof(
        anyText(80).map((url) => req('anon', 'GET', `/oembed${query({ url })}`)),
        fc.uuid().map((id) => req('anon', 'GET', `/oembed${query({ url: `http://localhost:8080/q/${id}` })}`)),
        // format=xml is answered 501 as oEmbed says (tests/api/oembed.test.ts): not a 4xx, so not fuzzed here.
        anyText(10)
          .filter((s) => s !== 'json' && s !== 'xml')
          .map((format) => req('anon', 'GET', `/oembed${query({ url: `http://localhost:8080/q/${q1}`, format: format || 'x' })}`)),
        anyText(10).map((w) => req('anon', 'GET', `/oembed${query({ url: `http://localhost:8080/q/${q1}`, maxwidth: Number.isInteger(Number(w)) && Number(w) >= 1 ? '0' : w || 'x' })}`)),
      ),
    },
    {
      name: 'GET /embed/q/{id}',
      valid: fc
        .tuple(fc.constantFrom(q1, q2), fc.option(fc.constantFrom(...LANGS), { nil: undefined }), fc.option(fc.constantFrom('light', 'dark'), { nil: undefined }), fc.option(anyText(40).filter(noNul), { nil: undefined }))
        .map(([id, lang, theme, t]) => req('anon', 'GET', `/embed/q/${id}${query({ lang, theme, t })}`)),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('anon', 'GET', `/embed/q/${id}`)),
        anyText(10)
          .filter((s) => !LANGS.includes(s))
          .map((s) => req('anon', 'GET', `/embed/q/${q1}${query({ lang: s || 'xx' })}`)),
        anyText(10)
          .filter((s) => s !== 'light' && s !== 'dark')
          .map((s) => req('anon', 'GET', `/embed/q/${q1}${query({ theme: s || 'x' })}`)),
      ),
    },
    {
      // The fixture's user answered q1 (fixtures.ts).
      name: 'POST /api/embed/tokens',
      valid: fc.constant(q1).map((questionId) => req('user', 'POST', '/api/embed/tokens', { questionId })),
      invalid: fc.oneof(
        fc.uuid().map((questionId) => req('user', 'POST', '/api/embed/tokens', { questionId })),
        notUuid.map((questionId) => req('user', 'POST', '/api/embed/tokens', { questionId })),
        fc.uuid().map((userId) => req('user', 'POST', '/api/embed/tokens', { questionId: q1, userId })),
        wrongTypes(['questionId']).map((b) => req('user', 'POST', '/api/embed/tokens', b)),
      ),
    },
    {
      name: 'GET /api/public/v1/bulk/{month}.csv',
      valid: fc.date({ min: new Date('2024-03-02T00:00:00Z'), max: new Date(), noInvalidDate: true }).map((d) => req('anon', 'GET', `/api/public/v1/bulk/${d.toISOString().slice(0, 7)}.csv`)),
      invalid: fc.oneof(
        anyText(12)
          .filter((s) => !/^\d{4}-(0[1-9]|1[0-2])$/.test(s) && s !== '' && s !== '.' && s !== '..')
          .map((s) => req('anon', 'GET', `/api/public/v1/bulk/${seg(s)}.csv`)),
        fc.integer({ min: 2031, max: 9999 }).map((y) => req('anon', 'GET', `/api/public/v1/bulk/${y}-01.csv`)),
      ),
    },
    ...(['json', 'csv'] as const).map(
      (format): Route => ({
        name: `GET /api/public/v1/questions/{id}/data.${format}`,
        valid: fc.constantFrom(q1, q2).map((id) => req('anon', 'GET', `/api/public/v1/questions/${id}/data.${format}`)),
        invalid: fc.oneof(
          fc.uuid().map((id) => req('anon', 'GET', `/api/public/v1/questions/${id}/data.${format}`)),
          notUuid.filter((s) => s !== '' && s !== '.' && s !== '..').map((id) => req('anon', 'GET', `/api/public/v1/questions/${seg(id)}/data.${format}`)),
        ),
      }),
    ),
  ];
}
