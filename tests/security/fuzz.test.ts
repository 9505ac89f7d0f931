// Issue 10, scenario 18: property-based fuzzing (fast-check) of every /api route against the real system
// (gateway + every service in-process): 200 runs per route; never a 5xx; invalid input always a clean 4xx;
// valid input accepted (2xx). Generous rate limits (RATE_*) so only intended limits apply; PUBLIC_CACHE_MS=0.
// Issue 15: every route (the SPA's too) × every method with malformed percent-encodings, request Content-Encodings,
// oversized headers and OPTIONS: never a 5xx, every error a JSON {"message"} (last describe).
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uname, type Browser, type Res } from '../../gateway/test/helpers.js';
import { dataUrl, PNG } from '../../gateway/test/social-helpers.js';
import { hasBidiControls, isInvisible } from '@mzansi/kit/text';
import { startSystem, type SecUser, type System } from './system.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Who = 'user' | 'admin' | 'anon';
interface Req {
  method: string;
  path: string;
  json?: unknown;
  raw?: string;
  who: Who;
}
type Plan = () => Promise<Req>;
interface Route {
  name: string;
  valid?: fc.Arbitrary<Plan>;
  invalid?: fc.Arbitrary<Plan>;
  /** How many of the RUNS go to valid input (the rest invalid); default half when both exist. */
  validRuns?: number;
}

let sys: System;
let u: SecUser;
let other: SecUser;
let q1: string;
let q2: string;
let imageComment: string;
let textComment: string;
let adminComment: string;
let officialId: string;
let predictionId: string;
let suggestionId: string;
let loginUser: string;
const friendTargets: string[] = [];
const incoming: { accept: string[]; reject: string[] } = { accept: [], reject: [] };
const routeErrors: string[] = [];
const durations: [string, number][] = [];
const stats = { requests: 0, valid: 0, invalid: 0, byStatus: new Map<number, number>(), fiveXX: [] as string[] };

const VALID_POOL = 20;

beforeAll(async () => {
  sys = await startSystem({
    notification: true,
    // Valid profile writes change e-mail addresses over and over: keep the verification-mail limit out of the way.
    identityEnv: { EMAIL_VERIFICATIONS_PER_HOUR: '100' },
    gatewayEnv: { SERVE_WEB: 'true', WEB_DIST, RATE_COMMENTS_PER_MIN: '1000000', RATE_LOGIN_FAILURES: '1000000', RATE_LOGIN_PER_USERNAME_IP: '1000000', RATE_SIGNUP_PER_IP: '1000000' },
  });
  [u, other] = await Promise.all([sys.user('Fuzz', true), sys.user('FzOther', true)]);
  q1 = await sys.publishQuestion();
  q2 = await sys.publishQuestion();
  expect((await u.b.post('/api/answers', { questionId: q1, optionId: 'yes' })).status).toBe(201);
  const img = await u.b.post(`/api/questions/${q1}/comments`, { content: 'pic', imageUrl: dataUrl('image/png', PNG) });
  imageComment = img.json.id;
  textComment = (await u.b.post(`/api/questions/${q1}/comments`, { content: 'text' })).json.id;
  adminComment = (await sys.admin.post(`/api/questions/${q1}/comments`, { content: 'admin says' })).json.id;
  officialId = (await sys.admin.post('/api/admin/officials', { name: 'Fuzz Official', title: 'Minister' })).json.id;
  predictionId = (
    await sys.admin.post('/api/admin/predictions', {
      statement: 'S',
      prediction: 'P',
      confidence: 50,
      sourceTitle: 'T',
      sourceDate: '2024-05-01',
      sourceUrl: 'https://news.example/a',
    })
  ).json.id;
  suggestionId = (await other.b.post('/api/question-suggestions', { title: 'Fixture suggestion for review' })).json.id;
  const lb = sys.browser();
  loginUser = (await signUp(lb, uname('FzLogin'))).username;
  // Pools for the routes whose valid input is used up: friend-request targets, incoming requests to accept / reject.
  const pool = await Promise.all(Array.from({ length: VALID_POOL * 3 }, () => sys.user('FzPool')));
  friendTargets.push(...pool.slice(0, VALID_POOL).map((p) => p.id));
  for (const [i, p] of pool.slice(VALID_POOL).entries()) {
    const r = await p.b.post('/api/friendships', { friendId: u.id });
    expect(r.status, r.text).toBe(201);
    (i < VALID_POOL ? incoming.accept : incoming.reject).push(r.json.id);
  }
}, 240_000);

afterAll(async () => {
  await sys?.stop();
});

// ---- generators ----
const wellFormed = (s: string) => (s as string & { toWellFormed(): string }).toWellFormed();
const seg = (s: string) => encodeURIComponent(wellFormed(s));
/** Any text, control characters (NUL…), lone surrogates and astral characters included. */
const anyText = (max = 40) => fc.string({ unit: 'binary', maxLength: max });
const printable = (min: number, max: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
const junkJson = fc.jsonValue({ maxDepth: 3 });
const noNul = (s: string) => !s.includes('\u0000');
/** Text with a NUL character somewhere: always refused (400). */
const withNul = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);
const notUuid = anyText(40).filter((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s));
const query = (o: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined) p.append(k, wellFormed(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};
const junkQuery = fc.dictionary(anyText(10).filter(noNul), anyText(20).filter(noNul), { maxKeys: 3 }).map((d) => query(d));
/** Appends a query string to a path that may already have one. */
const join = (path: string, qs: string) => (qs && path.includes('?') ? `&${qs.slice(1)}` : qs);
const plan = (r: Req): Plan => () => Promise.resolve(r);
const req = (who: Who, method: string, path: string, json?: unknown): Plan => plan({ who, method, path, json });
/** A body of the wrong shape: any JSON value, or an object with fields of random types. */
const wrongTypes = (keys: string[]) =>
  fc.oneof(
    junkJson.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.integer(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }))])), { requiredKeys: keys.slice(0, 1) }),
  );
const rawBody = (s: string): Plan => plan({ who: 'user', method: 'POST', path: '/api/answers', raw: s });
const malformedJson = fc.string({ maxLength: 30 }).map((s) => `{"a":${s}`);
const validTag = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,39}$/);
const email = fc.emailAddress().filter((e) => e.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) && e.split('@')[0]!.length <= 64);
// A phone number with its country code (issue 19: `0821234567` is refused).
const phone = fc.stringMatching(/^\+[0-9][0-9 ()-]{5,19}$/).filter((p) => /^\+[0-9][0-9 ()-]{5,19}$/.test(p.trim()) && p.length <= 30);
const b64url = (n: number, first?: number) =>
  fc.uint8Array({ minLength: n, maxLength: n }).map((a) => {
    const b = Buffer.from(a);
    if (first !== undefined) b[0] = first;
    return b.toString('base64url');
  });
const isoDate = fc.date({ min: new Date('2024-01-02T00:00:00Z'), max: new Date('2100-12-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const questionText = printable(1, 120).filter((t) => {
  const x = t.trim().replace(/\?+$/, '').trim();
  return x.length >= 1 && x.length <= 300;
});
const optionText = printable(1, 30).filter((t) => t.trim().length >= 1 && t.trim().length <= 60);
const validQuestion = fc.record({
  text: questionText,
  context: fc.option(printable(0, 200), { nil: null }),
  date: isoDate,
  options: fc.tuple(optionText, optionText).map(([y, n]) => [
    { id: 'yes', text: y },
    { id: 'no', text: n },
  ]),
  tags: fc.array(validTag, { maxLength: 5 }),
});
const official = fc.record({
  name: printable(1, 60).filter((s) => s.trim().length >= 1 && s.trim().length <= 120),
  title: printable(1, 60).filter((s) => s.trim().length >= 1 && s.trim().length <= 160),
  bio: printable(0, 200),
  avatar: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Z]{1,3}$/), fc.stringMatching(/^\/avatars\/[A-Za-z0-9_-]{1,20}\.(svg|png|jpe?g|webp)$/)),
  tags: fc.array(validTag, { maxLength: 5 }),
});
const calendarDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const prediction = fc.record({
  statement: printable(1, 100).filter((s) => s.trim().length >= 1),
  prediction: printable(1, 100).filter((s) => s.trim().length >= 1),
  confidence: fc.integer({ min: 0, max: 100 }),
  sourceTitle: printable(1, 80).filter((s) => s.trim().length >= 1),
  sourceDate: calendarDate,
  sourceUrl: fc.webUrl({ validSchemes: ['http', 'https'] }).filter((x) => x.length <= 2000 && !/@/.test(x.split('/')[2] ?? '')),
  tags: fc.array(validTag, { maxLength: 5 }),
});
const suggestionTitle = printable(10, 120).filter((t) => [...t.trim()].length >= 10 && [...t.trim()].length <= 200);
/** Names and comments refuse bidi controls and text of only invisible characters (issue #15): valid text has neither. */
const shows = (t: string) => !hasBidiControls(t) && !isInvisible(t);
const commentText = printable(1, 300).filter((t) => t.trim().length >= 1 && t.trim().length <= 2000 && shows(t));

let seq = 0;
const uniqueUsername = fc.stringMatching(/^[A-Za-z0-9_]{0,18}$/).map((s) => `fz${(++seq).toString(36)}_${s}`.slice(0, 30));
const username = fc.stringMatching(/^[A-Za-z0-9_]{3,30}$/);

/** Draft → (publish) → … as the admin; returns the question id. */
async function draft(publish = false) {
  const r = await sys.admin.post('/api/admin/questions', {
    text: `Fuzz fixture ${randomBytes(4).toString('hex')}`,
    context: null,
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
  });
  expect(r.status, r.text).toBe(201);
  if (publish) expect((await sys.admin.post(`/api/admin/questions/${r.json.id}/publish`)).status).toBe(200);
  return r.json.id as string;
}

// ---- the routes ----
function routes(): Route[] {
  const uid = () => u.id;
  const simpleGet = (name: string, path: string, who: Who, invalidWho?: Who): Route => ({
    name,
    valid: junkQuery.map((qs) => req(who, 'GET', path + join(path, qs))),
    invalid: invalidWho ? junkQuery.map((qs) => req(invalidWho, 'GET', path + join(path, qs))) : undefined,
  });
  const ownGet = (suffix: string): Route => ({
    name: `GET /api/users/{id}/${suffix}`,
    valid: junkQuery.map((qs) => req('user', 'GET', `/api/users/${uid()}/${suffix}${qs}`)),
    invalid: fc.oneof(
      fc.uuid().map((id) => req('user', 'GET', `/api/users/${id}/${suffix}`)),
      notUuid.map((id) => req('user', 'GET', `/api/users/${seg(id)}/${suffix}`)),
      fc.constant(req('anon', 'GET', `/api/users/${uid()}/${suffix}`)),
    ),
  });
  // An unknown question's comment list is simply empty (200 []), so only malformed ids are invalid there.
  const byQuestion = (suffix: string, who: Who, unknownIs404 = true): Route => ({
    name: `GET /api/questions/{id}/${suffix}`,
    valid: fc.constantFrom(q1, q2).map((id) => req(who, 'GET', `/api/questions/${id}/${suffix}`)),
    invalid: unknownIs404
      ? fc.oneof(fc.uuid().map((id) => req(who, 'GET', `/api/questions/${id}/${suffix}`)), notUuid.map((id) => req(who, 'GET', `/api/questions/${seg(id)}/${suffix}`)))
      : notUuid.map((id) => req(who, 'GET', `/api/questions/${seg(id)}/${suffix}`)),
  });
  const pooled = (name: string, take: () => string, make: (id: string) => Req, invalid: fc.Arbitrary<Plan>): Route => ({
    name,
    validRuns: VALID_POOL,
    valid: fc.constant(() => Promise.resolve(make(take()))),
    invalid,
  });

  return [
    simpleGet('GET /api/questions/today', '/api/questions/today', 'anon'),
    simpleGet('GET /api/questions/public', '/api/questions/public', 'anon'),
    simpleGet('GET /api/comments/public', '/api/comments/public', 'anon'),
    simpleGet('GET /api/tags', '/api/tags', 'anon'),
    simpleGet('GET /api/officials', '/api/officials', 'anon'),
    simpleGet('GET /api/notifications/vapid-public-key', '/api/notifications/vapid-public-key', 'anon'),
    simpleGet('GET /api/auth/me', '/api/auth/me', 'user', 'anon'),
    simpleGet('GET /api/feed/friends', '/api/feed/friends', 'user', 'anon'),
    simpleGet('GET /api/admin/questions', '/api/admin/questions', 'admin', 'user'),
    simpleGet('GET /api/admin/drafts', '/api/admin/drafts', 'admin', 'user'),
    simpleGet('GET /api/admin/analytics', '/api/admin/analytics', 'admin', 'anon'),
    byQuestion('public-results', 'anon'),
    byQuestion('comments', 'anon', false),
    byQuestion('results', 'user'),
    {
      name: 'GET /api/questions/{id}/friend-answers?userId=',
      valid: fc.tuple(fc.constantFrom(q1, q2), fc.boolean()).map(([id, withUser]) => req('user', 'GET', `/api/questions/${id}/friend-answers${withUser ? `?userId=${uid()}` : ''}`)),
      invalid: fc.oneof(
        notUuid.map((id) => req('user', 'GET', `/api/questions/${seg(id)}/friend-answers`)),
        fc.uuid().map((id) => req('user', 'GET', `/api/questions/${q1}/friend-answers?userId=${id}`)),
        anyText().map((x) => req('user', 'GET', `/api/questions/${q1}/friend-answers${query({ userId: x })}`)),
      ),
    },
    {
      name: 'GET /api/questions/{id}/results?userId=',
      valid: fc.constantFrom(q1, q2).map((id) => req('user', 'GET', `/api/questions/${id}/results?userId=${uid()}`)),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'GET', `/api/questions/${q1}/results?userId=${id}`)),
        anyText().map((x) => req('user', 'GET', `/api/questions/${q1}/results${query({ userId: x })}`)),
      ),
    },
    {
      name: 'GET /api/comments/{id}/image',
      valid: fc.constant(0).map(() => req('anon', 'GET', `/api/comments/${imageComment}/image`)),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('anon', 'GET', `/api/comments/${textComment}/image`)),
        fc.uuid().map((id) => req('anon', 'GET', `/api/comments/${id}/image`)),
        notUuid.map((id) => req('anon', 'GET', `/api/comments/${seg(id)}/image`)),
      ),
    },
    ...(['questions', 'officials', 'predictions'] as const).map(
      (kind): Route => ({
        name: `GET /api/tags/{tag}/${kind}`,
        valid: fc.oneof(validTag, anyText(120)).filter((t) => t.length > 0 && t !== '.' && t !== '..' && noNul(t)).map((t) => req('anon', 'GET', `/api/tags/${seg(t)}/${kind}`)),
        invalid: withNul.map((t) => req('anon', 'GET', `/api/tags/${seg(t)}/${kind}`)),
      }),
    ),
    {
      name: 'GET /api/leaderboard?scope=',
      valid: fc.constantFrom('national', 'friends', undefined).map((s) => req('user', 'GET', `/api/leaderboard${query({ scope: s })}`)),
      invalid: fc.oneof(
        anyText().filter((s) => s !== 'national' && s !== 'friends').map((s) => req('user', 'GET', `/api/leaderboard${query({ scope: s })}`)),
        fc.constant(req('anon', 'GET', '/api/leaderboard')),
      ),
    },
    {
      name: 'GET /api/users/search?q=',
      valid: fc
        .oneof(anyText(100), fc.constantFrom('%', '_%', '%%', "' OR 1=1 --", '\\', '__', 'ad', 'fz'))
        .filter((s) => wellFormed(s).trim().length >= 2 && wellFormed(s).length <= 100 && s !== '_all' && noNul(s))
        .map((s) => req('user', 'GET', `/api/users/search${query({ q: s })}`)),
      invalid: fc.oneof(
        anyText(3).filter((s) => wellFormed(s).trim().length < 2).map((s) => req('user', 'GET', `/api/users/search${query({ q: s })}`)),
        fc.string({ minLength: 101, maxLength: 300 }).map((s) => req('user', 'GET', `/api/users/search${query({ q: s })}`)),
        fc.constant(req('user', 'GET', '/api/users/search?q=_all')),
        withNul.map((s) => req('user', 'GET', `/api/users/search${query({ q: `ab${s}` })}`)),
        fc.constant(req('anon', 'GET', '/api/users/search?q=ab')),
      ),
    },
    { ...simpleGet('GET /api/users/search?q=_all (admin)', '/api/users/search?q=_all', 'admin', 'user') },
    ownGet('stats'),
    ownGet('history'),
    ownGet('friends'),
    ownGet('friend-requests'),
    ownGet('sent-requests'),
    // Download my data (issue 18): every service asked at once, for the fuzz user's own id only.
    ownGet('export'),
    // Who sees my answers (issue 18): self only, admins included.
    ownGet('privacy'),
    { ...simpleGet('GET /api/privacy-notice', '/api/privacy-notice', 'anon') },
    {
      name: 'PUT /api/users/{id}/privacy',
      valid: fc
        .record({ answerVisibility: fc.constantFrom('friends', 'nobody'), hideUntilResolved: fc.boolean() }, { requiredKeys: [] })
        .filter((b) => Object.keys(b).length > 0)
        .map((b) => req('user', 'PUT', `/api/users/${uid()}/privacy`, b)),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('user', 'PUT', `/api/users/${uid()}/privacy`, {})),
        anyText(20).filter((s) => s !== 'friends' && s !== 'nobody').map((v) => req('user', 'PUT', `/api/users/${uid()}/privacy`, { answerVisibility: v })),
        wrongTypes(['hideUntilResolved', 'answerVisibility']).map((b) => req('user', 'PUT', `/api/users/${uid()}/privacy`, b)),
        fc.uuid().map((id) => req('user', 'PUT', `/api/users/${id}/privacy`, { answerVisibility: 'nobody' })),
        notUuid.map((id) => req('user', 'PUT', `/api/users/${seg(id)}/privacy`, { hideUntilResolved: true })),
        fc.constant(0).map(() => req('admin', 'PUT', `/api/users/${uid()}/privacy`, { answerVisibility: 'nobody' })),
      ),
    },
    {
      name: 'GET /api/users/{id}/answers/{questionId}',
      valid: fc.constant(req('user', 'GET', `/api/users/${uid()}/answers/${q1}`)),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'GET', `/api/users/${uid()}/answers/${id}`)),
        fc.uuid().map((id) => req('user', 'GET', `/api/users/${id}/answers/${q1}`)),
        notUuid.map((id) => req('user', 'GET', `/api/users/${uid()}/answers/${seg(id)}`)),
      ),
    },
    {
      name: 'GET /api/question-suggestions?status=&user=',
      valid: fc
        .tuple(fc.constantFrom('pending', 'approved', 'rejected', 'used', '', undefined), fc.constantFrom('me', uid(), '', undefined))
        .map(([status, user]) => req('user', 'GET', `/api/question-suggestions${query({ status, user })}`)),
      invalid: fc.oneof(
        anyText(20).filter((s) => !['', 'pending', 'approved', 'rejected', 'used'].includes(s)).map((status) => req('user', 'GET', `/api/question-suggestions${query({ status })}`)),
        anyText(64).filter((s) => s !== '' && s !== 'me' && s !== uid()).map((user) => req('user', 'GET', `/api/question-suggestions${query({ user })}`)),
      ),
    },
    {
      name: 'POST /api/auth/signup',
      valid: fc
        .record({ username: uniqueUsername, password: fc.string({ unit: 'binary', minLength: 8, maxLength: 64 }).filter(noNul), name: printable(1, 60).filter((n) => n.trim().length > 0 && shows(n)) }, { requiredKeys: ['username', 'password', 'name'] })
        .chain((b) => fc.record({ email: fc.option(email, { nil: undefined }), phoneNumber: fc.option(phone, { nil: undefined }) }).map((x) => ({ ...b, ...x })))
        .map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
      invalid: fc.oneof(
        fc.record({ username: anyText(40).filter((s) => !/^[A-Za-z0-9_]{3,30}$/.test(s.trim())), password: fc.constant(PASSWORD), name: fc.constant('N') }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.string({ maxLength: 7 }), name: fc.constant('N') }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constantFrom('', '   ', 'x'.repeat(101)) }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constantFrom('Sipho \u202Eevil', '\u2066x\u2069', '\u200B\u200D', '\uFEFF\u2060') }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constant('N'), email: anyText(30).filter((e) => e.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim())) }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.constant(0).map(() => req('anon', 'POST', '/api/auth/signup', { username: u.username.toUpperCase(), password: PASSWORD, name: 'Dup', consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: withNul.map((n) => `N${n}`) }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        // POPIA consent: anything but `true` (missing, false, "true", 1, an object) is refused.
        fc
          .record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constant('N'), consent: fc.constantFrom(undefined, false, 'true', 1, null, {}, [true]) })
          .map((b) => req('anon', 'POST', '/api/auth/signup', b)),
        wrongTypes(['username', 'password', 'name']).map((b) => req('anon', 'POST', '/api/auth/signup', b)),
      ),
    },
    {
      name: 'POST /api/auth/login',
      valid: fc.constantFrom('', ' ', '\t').map((pad) => req('anon', 'POST', '/api/auth/login', { username: `${pad}${loginUser}${pad}`, password: PASSWORD })),
      invalid: fc.oneof(
        fc.record({ username: username, password: fc.string({ minLength: 1, maxLength: 30 }) }).map((b) => req('anon', 'POST', '/api/auth/login', b)),
        fc.record({ username: anyText(60), password: anyText(60) }).map((b) => req('anon', 'POST', '/api/auth/login', b)),
        fc.string({ minLength: 1, maxLength: 30 }).filter((p) => p !== PASSWORD).map((p) => req('anon', 'POST', '/api/auth/login', { username: loginUser, password: p })),
        wrongTypes(['username', 'password']).map((b) => req('anon', 'POST', '/api/auth/login', b)),
      ),
    },
    {
      name: 'POST /api/auth/logout',
      valid: fc.option(junkJson.filter((v) => typeof v === 'object' && v !== null && !JSON.stringify(v).includes('\\u0000')), { nil: undefined }).map((b) => req('anon', 'POST', '/api/auth/logout', b)),
      invalid: fc.string({ minLength: 1 }).map((s) => plan({ who: 'anon', method: 'POST', path: '/api/auth/logout', raw: s })),
    },
    {
      name: 'PUT /api/users/{id}/notifications',
      valid: fc
        // The fuzz user has no phone number, so WhatsApp alerts can only be switched off (on is a 400, issue 19).
        .record({ emailNotifications: fc.boolean(), browserNotifications: fc.boolean(), whatsappNotifications: fc.constant(false) }, { requiredKeys: [] })
        .filter((b) => Object.keys(b).length > 0)
        .map((b) => req('user', 'PUT', `/api/users/${uid()}/notifications`, b)),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('user', 'PUT', `/api/users/${uid()}/notifications`, {})),
        wrongTypes(['emailNotifications', 'browserNotifications']).map((b) => req('user', 'PUT', `/api/users/${uid()}/notifications`, b)),
        fc.uuid().map((id) => req('user', 'PUT', `/api/users/${id}/notifications`, { emailNotifications: true })),
        notUuid.map((id) => req('user', 'PUT', `/api/users/${seg(id)}/notifications`, { emailNotifications: true })),
      ),
    },
    {
      name: 'PATCH /api/users/{id}',
      valid: fc
        .record(
          {
            email: fc.oneof(email, fc.constant(null), fc.constant('')),
            phoneNumber: fc.oneof(phone, fc.constant(null), fc.constant('')),
            emailNotifications: fc.boolean(),
            whatsappNotifications: fc.constant(false),
          },
          { requiredKeys: [] },
        )
        .filter((b) => Object.keys(b).length > 0)
        .map((b) => req('user', 'PATCH', `/api/users/${uid()}`, b)),
      invalid: fc.oneof(
        anyText(60).filter((e) => e.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim())).map((e) => req('user', 'PATCH', `/api/users/${uid()}`, { email: e })),
        anyText(30).filter((p) => p.trim() !== '' && !/^\+?[0-9][0-9 ()-]{5,19}$/.test(p.trim())).map((p) => req('user', 'PATCH', `/api/users/${uid()}`, { phoneNumber: p })),
        fc.constant(0).map(() => req('user', 'PATCH', `/api/users/${uid()}`, {})),
        fc.uuid().map((id) => req('user', 'PATCH', `/api/users/${id}`, { emailNotifications: true })),
        wrongTypes(['email', 'phoneNumber', 'emailNotifications']).map((b) => req('user', 'PATCH', `/api/users/${uid()}`, b)),
      ),
    },
    {
      name: 'POST /api/answers',
      valid: fc.boolean().map((withUser) => req('user', 'POST', '/api/answers', { ...(withUser ? { userId: uid() } : {}), questionId: q1, optionId: 'yes' })),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('user', 'POST', '/api/answers', { questionId: q1, optionId: 'no' })),
        anyText(30).filter((o) => o !== 'yes' && o !== 'no').map((o) => req('user', 'POST', '/api/answers', { questionId: q2, optionId: o })),
        fc.uuid().map((id) => req('user', 'POST', '/api/answers', { questionId: id, optionId: 'yes' })),
        notUuid.map((id) => req('user', 'POST', '/api/answers', { questionId: id, optionId: 'yes' })),
        fc.uuid().map((id) => req('user', 'POST', '/api/answers', { userId: id, questionId: q2, optionId: 'yes' })),
        wrongTypes(['questionId', 'optionId', 'userId']).map((b) => req('user', 'POST', '/api/answers', b)),
        malformedJson.map(rawBody),
      ),
    },
    pooled(
      'POST /api/friendships',
      () => friendTargets.shift()!,
      (id) => ({ who: 'user', method: 'POST', path: '/api/friendships', json: { userId: u.id, friendId: id } }),
      fc.oneof(
        fc.uuid().map((id) => req('user', 'POST', '/api/friendships', { friendId: id })),
        anyText(60).filter((n) => n.trim().length > 0).map((n) => req('user', 'POST', '/api/friendships', { friendUsername: `zz${n}` })),
        fc.constant(0).map(() => req('user', 'POST', '/api/friendships', { friendId: u.id })),
        fc.constant(0).map(() => req('user', 'POST', '/api/friendships', { friendUsername: u.username })),
        fc.constant(0).map(() => req('user', 'POST', '/api/friendships', {})),
        fc.uuid().map((id) => req('user', 'POST', '/api/friendships', { userId: id, friendId: other.id })),
        wrongTypes(['friendId', 'friendUsername', 'userId']).map((b) => req('user', 'POST', '/api/friendships', b)),
      ),
    ),
    ...(['accept', 'reject'] as const).map((action) =>
      pooled(
        `PUT /api/friend-requests/{id}/${action}`,
        () => incoming[action].shift()!,
        (id) => ({ who: 'user', method: 'PUT', path: `/api/friend-requests/${id}/${action}`, json: { userId: u.id } }),
        fc.oneof(
          fc.uuid().map((id) => req('user', 'PUT', `/api/friend-requests/${id}/${action}`, {})),
          notUuid.map((id) => req('user', 'PUT', `/api/friend-requests/${seg(id)}/${action}`, {})),
          fc.uuid().map((id) => req('user', 'PUT', `/api/friend-requests/${incoming[action][0] ?? id}/${action}`, { userId: id })),
          wrongTypes(['userId']).map((b) => req('user', 'PUT', `/api/friend-requests/${incoming[action][0]}/${action}`, b)),
        ),
      ),
    ),
    {
      name: 'POST /api/questions/{id}/comments',
      valid: commentText.map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content })),
      invalid: fc.oneof(
        fc.constantFrom('', '   ', '\n\t', '\u200B\u200B', ' \u200D\uFEFF ', 'a\u202Eb', '\u2067x').map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content })),
        fc.string({ minLength: 2001, maxLength: 2100 }).filter((s) => s.trim().length > 2000).map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content })),
        anyText(60).filter((x) => x !== '').map((imageUrl) => req('user', 'POST', `/api/questions/${q2}/comments`, { content: 'x', imageUrl })),
        withNul.map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content: `hello ${content}` })),
        fc.uuid().map((id) => req('user', 'POST', `/api/questions/${id}/comments`, { content: 'hello' })),
        notUuid.map((id) => req('user', 'POST', `/api/questions/${seg(id)}/comments`, { content: 'hello' })),
        wrongTypes(['content', 'imageUrl']).map((b) => req('user', 'POST', `/api/questions/${q2}/comments`, b)),
      ),
    },
    {
      name: 'DELETE /api/comments/{id}',
      valid: commentText.map((content) => async () => {
        const c = await u.b.post(`/api/questions/${q2}/comments`, { content });
        expect(c.status, c.text).toBe(201);
        return { who: 'user' as const, method: 'DELETE', path: `/api/comments/${c.json.id}` };
      }),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'DELETE', `/api/comments/${id}`)),
        notUuid.map((id) => req('user', 'DELETE', `/api/comments/${seg(id)}`)),
        fc.constant(0).map(() => req('user', 'DELETE', `/api/comments/${adminComment}`)),
      ),
    },
    {
      name: 'POST /api/question-suggestions',
      valid: fc
        .record({ title: suggestionTitle, description: fc.option(printable(0, 300), { nil: undefined }) }, { requiredKeys: ['title'] })
        .map((b) => req('user', 'POST', '/api/question-suggestions', b)),
      invalid: fc.oneof(
        printable(0, 9).filter((t) => [...t.trim()].length < 10).map((title) => req('user', 'POST', '/api/question-suggestions', { title })),
        withNul.map((t) => req('user', 'POST', '/api/question-suggestions', { title: `A long enough title ${t}` })),
        fc.string({ minLength: 201, maxLength: 260 }).filter((t) => [...t.trim()].length > 200).map((title) => req('user', 'POST', '/api/question-suggestions', { title })),
        fc.string({ minLength: 2001, maxLength: 2100 }).filter((d) => [...d.trim()].length > 2000).map((description) => req('user', 'POST', '/api/question-suggestions', { title: 'A perfectly fine title', description })),
        wrongTypes(['title', 'description']).map((b) => req('user', 'POST', '/api/question-suggestions', b)),
      ),
    },
    {
      name: 'PUT /api/question-suggestions/{id}',
      valid: fc
        .record({ status: fc.constantFrom('pending', 'approved', 'rejected', 'used'), adminNotes: fc.option(printable(0, 200), { nil: undefined }) }, { requiredKeys: ['status'] })
        .map((b) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, b)),
      invalid: fc.oneof(
        anyText(20).filter((s) => !['pending', 'approved', 'rejected', 'used'].includes(s)).map((status) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, { status })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/question-suggestions/${id}`, { status: 'approved' })),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/question-suggestions/${seg(id)}`, { status: 'approved' })),
        fc.string({ minLength: 2001, maxLength: 2100 }).filter((n) => [...n.trim()].length > 2000).map((adminNotes) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, { status: 'used', adminNotes })),
        wrongTypes(['status', 'adminNotes']).map((b) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, b)),
        fc.constant(0).map(() => req('user', 'PUT', `/api/question-suggestions/${suggestionId}`, { status: 'approved' })),
      ),
    },
    {
      name: 'DELETE /api/question-suggestions/{id}',
      // Admin-only (issue #15): a user's delete is among the refusals below (authz.test.ts tries the author's own).
      valid: suggestionTitle.map((title) => async () => {
        const s = await u.b.post('/api/question-suggestions', { title });
        expect(s.status, s.text).toBe(201);
        return { who: 'admin' as const, method: 'DELETE', path: `/api/question-suggestions/${s.json.id}` };
      }),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'DELETE', `/api/question-suggestions/${id}`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('user', 'DELETE', `/api/question-suggestions/${seg(id)}`)),
        fc.constant(0).map(() => req('user', 'DELETE', `/api/question-suggestions/${suggestionId}`)),
      ),
    },
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
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'POST', path: `/api/admin/questions/${await draft()}/publish` })),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'POST', `/api/admin/questions/${id}/publish`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'POST', `/api/admin/questions/${seg(id)}/publish`)),
        fc.constant(0).map(() => req('admin', 'POST', `/api/admin/questions/${q1}/publish`)),
      ),
      validRuns: 30,
    },
    {
      name: 'PUT /api/admin/questions/{id}/resolve',
      valid: fc.constantFrom('yes', 'no').map((o) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${await draft(true)}/resolve`, json: { correctOptionId: o } })),
      invalid: fc.oneof(
        anyText(20).filter((o) => o !== 'yes' && o !== 'no').map((o) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolve`, { correctOptionId: o })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/questions/${id}/resolve`, { correctOptionId: 'yes' })),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/admin/questions/${seg(id)}/resolve`, { correctOptionId: 'yes' })),
        wrongTypes(['correctOptionId']).map((b) => req('admin', 'PUT', `/api/admin/questions/${q2}/resolve`, b)),
      ),
      validRuns: 30,
    },
    {
      name: 'PUT /api/admin/questions/{id}/translations',
      valid: fc
        .record({ zu: fc.string({ minLength: 1, maxLength: 300 }).filter((t) => noNul(t) && t.trim().replace(/\?+$/, '').trim() !== ''), st: fc.string({ maxLength: 60 }).filter(noNul) })
        .map(({ zu, st }) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${await draft()}/translations`, json: { translations: { zu: { text: zu, options: { yes: st } } } } })),
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
      name: 'PUT /api/admin/questions/{id}/archive',
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/questions/${await draft(true)}/archive` })),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/questions/${id}/archive`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/admin/questions/${seg(id)}/archive`)),
      ),
      validRuns: 30,
    },
    {
      name: 'DELETE /api/admin/questions/{id}',
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'DELETE', path: `/api/admin/questions/${await draft()}` })),
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

async function send(r: Req): Promise<Res> {
  const b: Browser = r.who === 'user' ? u.b : r.who === 'admin' ? sys.admin : sys.browser();
  stats.requests++;
  if (r.raw !== undefined) return b.req(r.method, r.path, { body: r.raw, headers: { 'content-type': 'application/json' } });
  return b.req(r.method, r.path, r.json === undefined ? {} : { json: r.json });
}

function record(route: string, kind: 'valid' | 'invalid', r: Req, res: Res) {
  stats[kind]++;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  if (res.status >= 500) stats.fiveXX.push(`${route} [${kind}] ${r.method} ${r.path} ${JSON.stringify(r.json ?? r.raw)?.slice(0, 300)} → ${res.status} ${res.text.slice(0, 200)}`);
}

function fail(message: string): never {
  routeErrors.push(message);
  throw new Error(message);
}

async function fuzzRoute(route: Route) {
  const t0 = Date.now();
  const both = route.valid && route.invalid;
  const validRuns = route.valid ? (route.validRuns ?? (both ? RUNS / 2 : RUNS)) : 0;
  const invalidRuns = route.invalid ? RUNS - validRuns : 0;
  const params = (numRuns: number) => ({ numRuns, seed: SEED, endOnFailure: true, verbose: 0 as const });
  if (route.valid && validRuns > 0) {
    await fc.assert(
      fc.asyncProperty(route.valid, async (p) => {
        const r = await p();
        const res = await send(r);
        record(route.name, 'valid', r, res);
        if (res.status < 200 || res.status >= 300) fail(`${route.name}: valid input refused: ${r.method} ${r.path} ${JSON.stringify(r.json)?.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`);
      }),
      params(validRuns),
    );
  }
  if (route.invalid && invalidRuns > 0) {
    await fc.assert(
      fc.asyncProperty(route.invalid, async (p) => {
        const r = await p();
        const res = await send(r);
        record(route.name, 'invalid', r, res);
        if (res.status < 400 || res.status >= 500) fail(`${route.name}: invalid input not a 4xx: ${r.method} ${r.path} ${JSON.stringify(r.json ?? r.raw)?.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`);
        if (!/^application\/json/.test(res.headers.get('content-type') ?? '') || !['message', 'message,code'].includes(Object.keys(res.json ?? {}).join()))
          fail(`${route.name}: error body is not {"message"} (with the gateway's code, if any): ${res.status} ${res.text.slice(0, 200)}`);
      }),
      params(invalidRuns),
    );
  }
  durations.push([route.name, Date.now() - t0]);
}

describe('scenario 18: property-based fuzzing of every /api route', () => {
  it(`${RUNS} runs per route: no 5xx, invalid → 4xx, valid → 2xx`, async () => {
    const list = routes();
    const started = Date.now();
    const failures: string[] = [];
    // Eight routes at a time (they use separate fixtures).
    const queue = [...list];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) {
          try {
            await fuzzRoute(route);
          } catch (err) {
            failures.push((err as Error).message.split('\n').slice(0, 6).join('\n'));
          }
        }
      }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[security] fuzz: ${list.length} routes, ${stats.requests} requests (${stats.valid} valid, ${stats.invalid} invalid) in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort()))}; 5xx: ${stats.fiveXX.length}`,
    );
    for (const f of stats.fiveXX.slice(0, 20)) console.log(`[security] 5xx: ${f}`);
    for (const f of routeErrors) console.log(`[security] failure: ${f}`);
    if (process.env.FUZZ_TIMES) console.log(durations.sort((x, y) => y[1] - x[1]).slice(0, 15).map(([n, ms]) => `${n}: ${ms} ms`).join('\n'));
    expect(stats.fiveXX).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);
});

// ---- issue 15: the transport layer on every route and method ----
const TRANSPORT_RUNS = Number(process.env.FUZZ_TRANSPORT_RUNS ?? 20);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Percent-encodings that do not decode: bad hex, truncated, overlong and invalid UTF-8, encoded surrogates. */
const BAD_ESCAPES = ['%', '%A', '%ZZ', '%G0', '%u0041', '%%', '%C0%AF', '%C0%80', '%E0%80%AF', '%E0', '%E0%A4', '%E0%A4%A', '%FF', '%FE%FF', '%80', '%ED%A0%80', '%F8%88%80%80%80', '%F4%90%80%80'];
const ENCODINGS = [undefined, 'identity', 'IDENTITY', 'gzip', 'deflate', 'br', 'compress', 'x-junk', 'gzip, gzip', 'identity, gzip', '', '\t'] as const;
const BODIES = ['none', 'json', 'gzip-json', 'junk'] as const;
const OVERSIZED = [false, false, false, false, false, false, 'one-big', 'many'] as const;

/** Route templates: every route the fuzzer above knows, plus the SPA, static files and probes. */
function transportRoutes(): { method: string; template: string }[] {
  const seen = new Map<string, { method: string; template: string }>();
  for (const r of routes()) {
    const m = /^([A-Z]+) (\/[^?\s]*)/.exec(r.name);
    if (m) seen.set(`${m[1]} ${m[2]}`, { method: m[1]!, template: m[2]! });
  }
  for (const p of ['/', '/vote', '/leaderboard', '/assets/{file}', '/sw.js', '/favicon.svg', '/healthz', '/readyz', '/ws', '/api']) seen.set(`GET ${p}`, { method: 'GET', template: p });
  return [...seen.values()];
}

const fill = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'tag' ? 'football' : name === 'file' ? 'index-abc.js' : randomUUID()));

interface TransportCase {
  method: string;
  path: string;
  malformed: boolean;
  encoding: string | undefined;
  body: (typeof BODIES)[number];
  oversized: (typeof OVERSIZED)[number];
  who: Who;
}

const transportCase = (method: string, template: string) =>
  fc
    .record({
      malformed: fc.boolean(),
      escape: fc.constantFrom(...BAD_ESCAPES),
      // Text around the escape; what follows never starts with a hex digit (that could complete the escape).
      around: fc.tuple(fc.stringMatching(/^[A-Za-z0-9._-]{0,6}$/), fc.stringMatching(/^([G-Zg-z._-][A-Za-z0-9._-]{0,5})?$/)),
      at: fc.nat(),
      replace: fc.boolean(),
      badQuery: fc.option(fc.constantFrom(...BAD_ESCAPES), { nil: undefined }),
      encoding: fc.constantFrom(...ENCODINGS),
      body: fc.constantFrom(...BODIES),
      oversized: fc.constantFrom(...OVERSIZED),
      who: fc.constantFrom<Who>('anon', 'user', 'admin'),
    })
    .map((c): TransportCase => {
      const segments = fill(template).split('/');
      if (c.malformed) {
        // Into any segment after the leading slash, replacing it or inserted before it (or appended).
        const at = 1 + (c.at % segments.length);
        segments.splice(at, c.replace && at < segments.length ? 1 : 0, `${c.around[0]}${c.escape}${c.around[1]}`);
      }
      // A query string that does not decode either: decoded leniently, never an error of its own.
      const query = c.badQuery ? `?q=${c.badQuery}&x=1` : '';
      // Signed out for logout: a fuzzed logout would end the session every later case relies on.
      const who = template === '/api/auth/logout' ? 'anon' : c.who;
      return { method, path: segments.join('/') + query, malformed: c.malformed, encoding: c.encoding, body: c.body, oversized: c.oversized, who };
    });

interface RawRes {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request exactly as given (path bytes, headers, body), on its own connection. */
function rawRequest(base: string, c: TransportCase, cookie: string): Promise<RawRes> {
  const json = Buffer.from('{"probe":true,"content":"x","username":"nobody_here","password":"not-the-password"}');
  const body = c.body === 'none' ? undefined : c.body === 'json' ? json : c.body === 'gzip-json' ? gzipSync(json) : randomBytes(64);
  const headers: Record<string, string> = {};
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  if (c.encoding !== undefined) headers['content-encoding'] = c.encoding;
  if (cookie) headers.cookie = cookie;
  if (c.oversized === 'one-big') headers['x-padding'] = 'p'.repeat(20_000);
  if (c.oversized === 'many') for (let i = 0; i < 300; i++) headers[`x-pad-${i}`] = 'p'.repeat(64);
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: c.method, path: c.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('issue 15: malformed URLs, Content-Encoding, oversized headers and OPTIONS on every route and method', () => {
  it(`${TRANSPORT_RUNS} runs per route and method: never a 5xx, every error a JSON {"message"} (with the gateway's code, if any)`, async () => {
    expect(existsSync(path.join(WEB_DIST, 'index.html')), 'web/dist is not built: run `npm run build` first').toBe(true);
    // Own sessions: a fuzzed logout must not sign the fixtures out.
    const user = sys.browser();
    await signUp(user, uname('FzWire'));
    const admin = sys.browser();
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'admin-dev-password' })).status).toBe(200);
    const cookies: Record<Who, () => string> = { anon: () => '', user: () => user.cookieHeader, admin: () => admin.cookieHeader };

    const pairs = transportRoutes().flatMap((r) => METHODS.map((method) => ({ ...r, method, own: r.method })));
    const wire = { requests: 0, byStatus: new Map<number, number>(), malformed: 0, encodings: 0, oversized: 0, options: 0 };
    const problems: string[] = [];
    const started = Date.now();
    const check = (c: TransportCase, own: string, res: RawRes) => {
      wire.requests++;
      wire.byStatus.set(res.status, (wire.byStatus.get(res.status) ?? 0) + 1);
      const what = `${c.method} ${c.path.slice(0, 120)} enc=${JSON.stringify(c.encoding)} body=${c.body} big=${c.oversized} → ${res.status} ${res.text.slice(0, 120)}`;
      const body = (() => {
        try {
          return JSON.parse(res.text) as unknown;
        } catch {
          return undefined;
        }
      })();
      const jsonError = () =>
        c.method === 'HEAD'
          ? /^application\/json/.test(res.headers['content-type'] ?? '') || res.headers['content-length'] !== undefined
          : /^application\/json/.test(res.headers['content-type'] ?? '') && !!body && typeof body === 'object' && ['message', 'message,code'].includes(Object.keys(body).join()) && typeof (body as { message: unknown }).message === 'string';
      if (res.status >= 500) return problems.push(`5xx: ${what}`);
      if (res.status >= 400 && !jsonError()) return problems.push(`error not JSON {"message"}: ${what}`);
      // What each kind of bad input must get, in the order the server meets it.
      const compressed = c.body !== 'none' && c.encoding !== undefined && !/^\s*identity\s*$/i.test(c.encoding);
      if (c.oversized) {
        wire.oversized++;
        if (res.status !== 431) problems.push(`oversized headers not 431: ${what}`);
      } else if (c.malformed) {
        wire.malformed++;
        if (res.status !== 400 || (c.method !== 'HEAD' && (body as { message?: string })?.message !== 'Malformed URL')) problems.push(`malformed URL not 400 "Malformed URL": ${what}`);
      } else if (compressed) {
        wire.encodings++;
        if (res.status !== 415) problems.push(`Content-Encoding ${c.encoding} not 415: ${what}`);
      } else if (c.method === 'OPTIONS' && (c.body === 'none' || c.body === 'json') && !/^\/(ws|api)(\?|$)/.test(c.path)) {
        // (A body that is not JSON is a 400 like on any method; admin routes answer 401/403 before anything else.)
        wire.options++;
        const allow = (res.headers.allow ?? '').split(/,\s*/);
        const gated = c.path.startsWith('/api/admin/') && c.who !== 'admin' && (res.status === 401 || res.status === 403);
        if (!gated && (res.status !== 204 || !allow.includes(own) || !allow.includes('OPTIONS') || res.text !== '')) problems.push(`OPTIONS not 204 with Allow ${own}: ${what} allow=${res.headers.allow}`);
      }
      return undefined;
    };

    const queue = [...pairs];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          const { method, template, own } = p;
          await fc.assert(
            fc.asyncProperty(transportCase(method, template), async (c) => {
              check(c, own, await rawRequest(sys.base, c, cookies[c.who]()));
            }),
            { numRuns: TRANSPORT_RUNS, seed: SEED, verbose: 0 },
          );
        }
      }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[security] fuzz (transport): ${pairs.length} route × method pairs, ${wire.requests} requests in ${seconds} s (${wire.malformed} malformed paths, ${wire.encodings} compressed bodies, ${wire.oversized} oversized headers, ${wire.options} OPTIONS); statuses ${JSON.stringify(Object.fromEntries([...wire.byStatus].sort((a, b) => a[0] - b[0])))}; problems: ${problems.length}`,
    );
    for (const p of problems.slice(0, 60)) console.log(`[security] ${p}`);
    expect(problems).toEqual([]);
    for (const n of [wire.malformed, wire.encodings, wire.oversized, wire.options]) expect(n).toBeGreaterThan(0);
  }, 600_000);
});
