// The fuzzed routes (fuzz.test.ts), part 3: the admin's questions, officials and predictions; notifications; newsletter.
import fc from 'fast-check';
import { expect } from 'vitest';
import { resolveBody } from '../../api/helpers.js';
import { draft, type Fixtures } from './fixtures.js';
import { anyText, b64url, email, noNul, notUuid, official, prediction, printable, req, seg, validQuestion, wrongTypes, type Route } from './arbitraries.js';

/** A resolution source the rule refuses: none, not http(s), relative, with credentials, blank, over-long, no title. */
const badSource = fc.oneof(
  fc.constantFrom(undefined, null, 'https://www.elections.org.za/', {}),
  fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'ftp://example.com/', '/results', 'www.x.co.za', 'https://u:p@example.com/', 'https://a b.example/').map((url) => ({ url, title: 'Source' })),
  anyText(40).filter((t) => !/^https?:/i.test(t.trim())).map((url) => ({ url, title: 'Source' })),
  fc.constant({ url: `https://example.com/${'a'.repeat(2000)}`, title: 'Source' }),
  fc.constantFrom('', '  ', 'x'.repeat(121)).map((title) => ({ url: 'https://www.elections.org.za/', title })),
);

export function adminRoutes(f: Fixtures): Route[] {
  const { sys, q1, q2, officialId, predictionId } = f;
  return [
    {
      name: 'POST /api/admin/questions',
      valid: validQuestion.map((b) => req('admin', 'POST', '/api/admin/questions', b)),
      invalid: fc.oneof(
        validQuestion.map((b) => ({ ...b, options: [{ id: 'no', text: 'No' }, { id: 'yes', text: 'Yes' }] })).map((b) => req('admin', 'POST', '/api/admin/questions', b)),
        validQuestion.map((b) => ({ ...b, text: '  ?? ' })).map((b) => req('admin', 'POST', '/api/admin/questions', b)),
        validQuestion.chain((b) => anyText(30).map((date) => ({ ...b, date }))).map((b) => req('admin', 'POST', '/api/admin/questions', b)),
        validQuestion.map((b) => ({ ...b, date: '1999-06-01T00:00:00Z' })).map((b) => req('admin', 'POST', '/api/admin/questions', b)),
        validQuestion.chain((b) => fc.array(anyText(10).filter((t) => t.trim() !== '' && !/^[a-z0-9][a-z0-9-]{0,39}$/.test(t.trim().toLowerCase())), { minLength: 1, maxLength: 3 }).map((tags) => ({ ...b, tags }))).map((b) => req('admin', 'POST', '/api/admin/questions', b)),
        wrongTypes(['text', 'date', 'options']).map((b) => req('admin', 'POST', '/api/admin/questions', b)),
      ),
    },
    {
      name: 'POST /api/admin/questions/{id}/publish',
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'POST', path: `/api/admin/questions/${await draft(sys)}/publish` })),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'POST', `/api/admin/questions/${id}/publish`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'POST', `/api/admin/questions/${seg(id)}/publish`)),
        fc.constant(0).map(() => req('admin', 'POST', `/api/admin/questions/${q1}/publish`)),
      ),
      validRuns: 30,
    },
    {
      name: 'PUT /api/admin/questions/{id}/resolve',
      valid: fc.constantFrom('yes', 'no').map((o) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${await draft(sys, true)}/resolve`, json: resolveBody(o) })),
      invalid: fc.oneof(
        anyText(20).filter((o) => o !== 'yes' && o !== 'no').map((o) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolve`, resolveBody(o))),
        badSource.map((source) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolve`, { correctOptionId: 'yes', source })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/questions/${id}/resolve`, resolveBody('yes'))),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/admin/questions/${seg(id)}/resolve`, resolveBody('yes'))),
        wrongTypes(['correctOptionId']).map((b) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolve`, b)),
      ),
      validRuns: 30,
    },
    {
      name: 'PUT /api/admin/questions/{id}/resolution',
      // Each valid run corrects a question resolved a moment before (once per question, within 24 hours).
      valid: fc.constantFrom('yes', 'no').map((o) => async () => {
        const id = await draft(sys, true);
        expect((await sys.admin.put(`/api/admin/questions/${id}/resolve`, resolveBody(o === 'yes' ? 'no' : 'yes'))).status).toBe(200);
        return { who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${id}/resolution`, json: { ...resolveBody(o), reason: 'The first count was wrong' } };
      }),
      invalid: fc.oneof(
        badSource.map((source) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolution`, { correctOptionId: 'yes', source, reason: 'x' })),
        fc.constantFrom(undefined, '', '   ', 'x'.repeat(501)).map((reason) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolution`, { ...resolveBody('no'), reason })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/questions/${id}/resolution`, { ...resolveBody('no'), reason: 'x' })),
        wrongTypes(['correctOptionId', 'source', 'reason']).map((b) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolution`, b)),
      ),
      validRuns: 10,
    },
    {
      name: 'PUT /api/admin/questions/{id}/translations',
      valid: fc
        .record({ zu: fc.string({ minLength: 1, maxLength: 300 }).filter((t) => noNul(t) && t.trim().replace(/\?+$/, '').trim() !== ''), st: fc.string({ maxLength: 60 }).filter(noNul) })
        .map(({ zu, st }) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${await draft(sys)}/translations`, json: { translations: { zu: { text: zu, options: { yes: st } } } } })),
      invalid: fc.oneof(
        fc.constantFrom('xh', 'en', 'zu-ZA').map((language) => req('admin', 'PUT', `/api/admin/questions/${q2}/translations`, { translations: { [language]: { text: 'Umbuzo' } } })),
        fc.string({ minLength: 301, maxLength: 400 }).map((text) => req('admin', 'PUT', `/api/admin/questions/${q2}/translations`, { translations: { af: { text } } })),
        anyText(20).filter((o) => o !== 'yes' && o !== 'no').map((o) => req('admin', 'PUT', `/api/admin/questions/${q2}/translations`, { translations: { st: { text: 'Potso', options: { [o]: 'E' } } } })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/questions/${id}/translations`, { translations: {} })),
        fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 })).map((translations) => req('admin', 'PUT', `/api/admin/questions/${q2}/translations`, { translations })),
        fc.constant(0).map(() => req('user', 'PUT', `/api/admin/questions/${q2}/translations`, { translations: {} })),
      ),
      validRuns: 20,
    },
    {
      name: 'PUT /api/admin/questions/{id}/schedule',
      // An hour to ten days ahead: nothing the fuzz run's own scheduler will publish while it lasts.
      valid: fc.integer({ min: 3_600_000, max: 864_000_000 }).map((ms) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${await draft(sys)}/schedule`, json: { publishAt: new Date(Date.now() + ms).toISOString() } })),
      invalid: fc.oneof(
        fc.integer({ min: 0, max: 864_000_000 }).map((ms) => req('admin', 'PUT', `/api/admin/questions/${q2}/schedule`, { publishAt: new Date(Date.now() - ms).toISOString() })),
        anyText(30).map((publishAt) => req('admin', 'PUT', `/api/admin/questions/${q2}/schedule`, { publishAt })),
        wrongTypes(['publishAt']).map((b) => req('admin', 'PUT', `/api/admin/questions/${q2}/schedule`, b)),
        fc.constant(0).map(() => req('admin', 'PUT', `/api/admin/questions/${q1}/schedule`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/questions/${id}/schedule`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() })),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/admin/questions/${seg(id)}/schedule`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() })),
        fc.constant(0).map(() => req('user', 'PUT', `/api/admin/questions/${q2}/schedule`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() })),
      ),
      validRuns: 20,
    },
    {
      name: 'PATCH /api/admin/questions/{id}',
      // A fresh draft's criteria (plain words: text that hides is among the refusals) and a close time an hour to ten days ahead.
      valid: fc
        .record({ criteria: fc.stringMatching(/^[A-Za-z0-9 .,'’-]{0,300}$/), ms: fc.integer({ min: 3_600_000, max: 864_000_000 }) })
        .map(({ criteria, ms }) => async () => ({ who: 'admin' as const, method: 'PATCH', path: `/api/admin/questions/${await draft(sys)}`, json: { resolutionCriteria: criteria, closesAt: new Date(Date.now() + ms).toISOString() } })),
      invalid: fc.oneof(
        fc.integer({ min: 0, max: 864_000_000 }).map((ms) => req('admin', 'PATCH', `/api/admin/questions/${q2}`, { closesAt: new Date(Date.now() - ms).toISOString() })),
        anyText(30).map((closesAt) => req('admin', 'PATCH', `/api/admin/questions/${q2}`, { closesAt })),
        fc.string({ minLength: 1001, maxLength: 1100 }).filter((t) => t.trim().length > 1000).map((resolutionCriteria) => req('admin', 'PATCH', `/api/admin/questions/${q2}`, { resolutionCriteria })),
        fc.constantFrom('\u202E', '\u2066', '\u200F', 'q\u0301\u0302\u0303').map((c) => req('admin', 'PATCH', `/api/admin/questions/${q2}`, { resolutionCriteria: `Resolves ${c}yes` })),
        wrongTypes(['resolutionCriteria', 'closesAt']).map((b) => req('admin', 'PATCH', `/api/admin/questions/${q2}`, b)),
        fc.constant(0).map(() => req('admin', 'PATCH', `/api/admin/questions/${q2}`, {})),
        fc.uuid().map((id) => req('admin', 'PATCH', `/api/admin/questions/${id}`, { resolutionCriteria: 'x' })),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PATCH', `/api/admin/questions/${seg(id)}`, { resolutionCriteria: 'x' })),
        fc.constant(0).map(() => req('user', 'PATCH', `/api/admin/questions/${q2}`, { resolutionCriteria: 'Hacked' })),
      ),
      validRuns: 20,
    },
    {
      name: 'DELETE /api/admin/questions/{id}/schedule',
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'DELETE', path: `/api/admin/questions/${await draft(sys)}/schedule` })),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('admin', 'DELETE', `/api/admin/questions/${q1}/schedule`)),
        fc.uuid().map((id) => req('admin', 'DELETE', `/api/admin/questions/${id}/schedule`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'DELETE', `/api/admin/questions/${seg(id)}/schedule`)),
        fc.constant(0).map(() => req('user', 'DELETE', `/api/admin/questions/${q2}/schedule`)),
      ),
      validRuns: 20,
    },
    {
      name: 'PUT /api/admin/questions/{id}/archive',
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${await draft(sys, true)}/archive` })),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/questions/${id}/archive`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/admin/questions/${seg(id)}/archive`)),
      ),
      validRuns: 30,
    },
    {
      name: 'DELETE /api/admin/questions/{id}',
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'DELETE', path: `/api/admin/questions/${await draft(sys)}` })),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'DELETE', `/api/admin/questions/${id}`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'DELETE', `/api/admin/questions/${seg(id)}`)),
      ),
      validRuns: 30,
    },
    {
      name: 'POST /api/admin/officials',
      valid: official.map((b) => req('admin', 'POST', '/api/admin/officials', b)),
      invalid: fc.oneof(
        official.map((b) => ({ ...b, name: '  ' })).map((b) => req('admin', 'POST', '/api/admin/officials', b)),
        official.map((b) => ({ ...b, title: '' })).map((b) => req('admin', 'POST', '/api/admin/officials', b)),
        official.chain((b) => fc.webUrl().map((avatar) => ({ ...b, avatar }))).map((b) => req('admin', 'POST', '/api/admin/officials', b)),
        official.map((b) => ({ ...b, name: 'n'.repeat(121) })).map((b) => req('admin', 'POST', '/api/admin/officials', b)),
        wrongTypes(['name', 'title', 'tags']).map((b) => req('admin', 'POST', '/api/admin/officials', b)),
      ),
    },
    {
      name: 'PUT /api/admin/officials/{id}',
      valid: official.map((b) => req('admin', 'PUT', `/api/admin/officials/${officialId}`, b)),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/officials/${id}`, { name: 'N', title: 'T' })),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/admin/officials/${seg(id)}`, { name: 'N', title: 'T' })),
        wrongTypes(['name', 'title']).map((b) => req('admin', 'PUT', `/api/admin/officials/${officialId}`, b)),
      ),
    },
    {
      name: 'DELETE /api/admin/officials/{id}',
      valid: official.map((b) => async () => {
        const o = await sys.admin.post('/api/admin/officials', b);
        expect(o.status, o.text).toBe(201);
        return { who: 'admin' as const, method: 'DELETE', path: `/api/admin/officials/${o.json.id}` };
      }),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'DELETE', `/api/admin/officials/${id}`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'DELETE', `/api/admin/officials/${seg(id)}`)),
      ),
    },
    {
      name: 'POST /api/admin/predictions',
      valid: prediction.map((b) => req('admin', 'POST', '/api/admin/predictions', b)),
      invalid: fc.oneof(
        prediction.chain((b) => fc.oneof(fc.integer({ min: 101 }), fc.integer({ max: -1 }), fc.double({ min: 0.1, max: 99.9, noInteger: true })).map((confidence) => ({ ...b, confidence }))).map((b) => req('admin', 'POST', '/api/admin/predictions', b)),
        prediction.chain((b) => fc.constantFrom('javascript:alert(1)', 'ftp://x.example/', 'data:text/html,x', '//evil.example', 'not a url').map((sourceUrl) => ({ ...b, sourceUrl }))).map((b) => req('admin', 'POST', '/api/admin/predictions', b)),
        prediction.chain((b) => anyText(12).filter((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d.trim())).map((sourceDate) => ({ ...b, sourceDate }))).map((b) => req('admin', 'POST', '/api/admin/predictions', b)),
        prediction.map((b) => ({ ...b, sourceDate: '2023-02-30' })).map((b) => req('admin', 'POST', '/api/admin/predictions', b)),
        wrongTypes(['statement', 'confidence', 'sourceUrl']).map((b) => req('admin', 'POST', '/api/admin/predictions', b)),
      ),
    },
    {
      name: 'PUT /api/admin/predictions/{id}',
      valid: prediction.map((b) => req('admin', 'PUT', `/api/admin/predictions/${predictionId}`, b)),
      invalid: fc.oneof(
        fc.uuid().chain((id) => prediction.map((b) => req('admin', 'PUT', `/api/admin/predictions/${id}`, b))),
        prediction.map((b) => req('admin', 'PUT', `/api/admin/predictions/${predictionId}`, { ...b, confidence: '50' })),
      ),
    },
    {
      name: 'DELETE /api/admin/predictions/{id}',
      valid: prediction.map((b) => async () => {
        const p = await sys.admin.post('/api/admin/predictions', b);
        expect(p.status, p.text).toBe(201);
        return { who: 'admin' as const, method: 'DELETE', path: `/api/admin/predictions/${p.json.id}` };
      }),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'DELETE', `/api/admin/predictions/${id}`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'DELETE', `/api/admin/predictions/${seg(id)}`)),
      ),
    },
    {
      name: 'POST /api/notifications/subscribe',
      // Endpoints on 127.0.0.1's discard port: a publish during the run must never push anywhere real.
      valid: fc
        .record({ path: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), p256dh: b64url(65, 0x04), auth: b64url(16), expirationTime: fc.option(fc.nat(), { nil: null }) })
        .map(({ path, p256dh, auth, expirationTime }) => req('user', 'POST', '/api/notifications/subscribe', { endpoint: `http://127.0.0.1:9/push/${path}`, keys: { p256dh, auth }, expirationTime })),
      invalid: fc.oneof(
        fc.record({ p256dh: b64url(64), auth: b64url(16) }).map((keys) => req('user', 'POST', '/api/notifications/subscribe', { endpoint: 'http://127.0.0.1:9/push/x', keys })),
        fc.record({ p256dh: b64url(65, 0x02), auth: b64url(16) }).map((keys) => req('user', 'POST', '/api/notifications/subscribe', { endpoint: 'http://127.0.0.1:9/push/x', keys })),
        fc.record({ p256dh: b64url(65, 0x04), auth: anyText(30) }).map((keys) => req('user', 'POST', '/api/notifications/subscribe', { endpoint: 'http://127.0.0.1:9/push/x', keys })),
        fc.constantFrom('ftp://127.0.0.1/x', 'javascript:alert(1)', 'not a url', 'http://user:pw@127.0.0.1:9/x', '').map((endpoint) => req('user', 'POST', '/api/notifications/subscribe', { endpoint, keys: { p256dh: 'BA', auth: 'AA' } })),
        wrongTypes(['endpoint', 'keys']).map((b) => req('user', 'POST', '/api/notifications/subscribe', b)),
        fc.constant(0).map(() => req('anon', 'POST', '/api/notifications/subscribe', {})),
      ),
    },
    {
      name: 'POST /api/notifications/unsubscribe',
      valid: anyText(200).filter((s) => s.length > 0 && noNul(s)).map((endpoint) => req('user', 'POST', '/api/notifications/unsubscribe', { endpoint })),
      invalid: fc.oneof(wrongTypes(['endpoint']).map((b) => req('user', 'POST', '/api/notifications/unsubscribe', b)), fc.constant(0).map(() => req('anon', 'POST', '/api/notifications/unsubscribe', { endpoint: 'x' }))),
    },
    {
      name: 'POST /api/notifications/test',
      valid: fc.constant(0).map(() => req('user', 'POST', '/api/notifications/test')),
      invalid: fc.constant(0).map(() => req('anon', 'POST', '/api/notifications/test')),
      validRuns: 20,
    },
    {
      // No valid case here: a click counts only on a push the user was sent (tests/api/day-analytics.test.ts).
      name: 'POST /api/notifications/push-clicks',
      invalid: fc.oneof(
        notUuid.map((id) => req('user', 'POST', '/api/notifications/push-clicks', { id })),
        fc.uuid().map((id) => req('user', 'POST', '/api/notifications/push-clicks', { id })),
        wrongTypes(['id']).map((b) => req('user', 'POST', '/api/notifications/push-clicks', b)),
        fc.uuid().map((id) => req('anon', 'POST', '/api/notifications/push-clicks', { id })),
      ),
    },
    {
      name: 'POST /api/newsletter/subscribe',
      valid: fc
        .record({ email, name: fc.option(printable(0, 50), { nil: undefined }), source: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), { nil: undefined }) }, { requiredKeys: ['email'] })
        .map((b) => req('anon', 'POST', '/api/newsletter/subscribe', b)),
      invalid: fc.oneof(
        anyText(60).filter((e) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim())).map((email) => req('anon', 'POST', '/api/newsletter/subscribe', { email })),
        email.chain((e) => anyText(20).filter((s) => s.trim() !== '' && !/^[A-Za-z0-9_-]{1,50}$/.test(s.trim())).map((source) => ({ email: e, source }))).map((b) => req('anon', 'POST', '/api/newsletter/subscribe', b)),
        wrongTypes(['email', 'name']).map((b) => req('anon', 'POST', '/api/newsletter/subscribe', b)),
      ),
    },
  ];
}
