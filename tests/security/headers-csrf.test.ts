// CSRF on write routes; security headers on every route family, the SPA, /sw.js, 404s.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, expectCleanError, PUBLIC_URL, startGatewayForTest, type Res } from '../api/helpers.js';
import { dataUrl, PNG } from '../api/social-helpers.js';
import { questionsAsStored, startSystem, type SecUser, type System } from './system.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
let sys: System;
let u: SecUser;
let q: string;
let commentId: string;
let imageCommentId: string;
let suggestionId: string;

beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is not built: run `npm run build` first');
  sys = await startSystem({ notification: true, gatewayEnv: { SERVE_WEB: 'true', WEB_DIST, RATE_COMMENTS_PER_MIN: '1000' } });
  u = await sys.user('Hdr', true);
  q = await sys.publishQuestion();
  const c = await u.b.post(`/api/questions/${q}/comments`, { content: 'hello' });
  expect(c.status, c.text).toBe(201);
  commentId = c.json.id;
  const img = await u.b.post(`/api/questions/${q}/comments`, { content: '', imageUrl: dataUrl('image/png', PNG) });
  expect(img.status, img.text).toBe(201);
  imageCommentId = img.json.id;
  const s = await u.b.post('/api/question-suggestions', { title: 'Will Parliament pass the budget on time?' });
  expect(s.status).toBe(201);
  suggestionId = s.json.id;
});

afterAll(async () => {
  await sys?.stop();
});

describe('scenario 14: CSRF', () => {
  it('text/plain or form bodies on writes → 415; cross-site Sec-Fetch-Site or a foreign Origin → 403; nothing changes', async () => {
    const writes: [string, string, unknown, SecUser['b']][] = [
      ['POST', '/api/auth/login', { username: u.username, password: 'x' }, sys.browser()],
      ['POST', '/api/auth/signup', { username: 'csrf_signup', password: 'a-good-password', name: 'X', consent: true }, sys.browser()],
      ['POST', '/api/auth/logout', {}, u.b],
      ['PUT', `/api/users/${u.id}/notifications`, { emailNotifications: false }, u.b],
      ['PUT', `/api/users/${u.id}/privacy`, { answerVisibility: 'nobody' }, u.b],
      ['PATCH', `/api/users/${u.id}`, { email: 'csrf@evil.example' }, u.b],
      ['POST', `/api/users/${u.id}/password`, { currentPassword: 'a-good-password-1', newPassword: 'csrf-new-password' }, u.b],
      ['POST', `/api/users/${u.id}/email-verification`, {}, u.b],
      ['POST', '/api/auth/verify-email', { token: 'A'.repeat(43) }, sys.browser()],
      ['POST', '/api/answers', { userId: u.id, questionId: q, optionId: 'yes' }, u.b],
      ['POST', '/api/friendships', { userId: u.id, friendUsername: 'admin' }, u.b],
      ['POST', `/api/questions/${q}/comments`, { content: 'csrf comment' }, u.b],
      ['DELETE', `/api/comments/${commentId}`, {}, u.b],
      ['POST', '/api/question-suggestions', { title: 'A cross-site suggestion title' }, u.b],
      ['DELETE', `/api/question-suggestions/${suggestionId}`, {}, u.b],
      ['POST', '/api/notifications/unsubscribe', { endpoint: 'https://push.example/x' }, u.b],
      ['POST', '/api/newsletter/subscribe', { email: 'csrf@news.example' }, sys.browser()],
      ['POST', '/api/admin/questions', { text: 'CSRF question', context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] }, sys.admin],
      ['PUT', `/api/admin/questions/${q}/archive`, {}, sys.admin],
      ['DELETE', `/api/admin/questions/${q}`, {}, sys.admin],
      ['POST', '/api/admin/officials', { name: 'CSRF Official', title: 'X' }, sys.admin],
    ];
    const snapshot = async () => ({
      me: (await u.b.get('/api/auth/me')).json,
      answer: (await u.b.get(`/api/users/${u.id}/answers/${q}`)).status,
      sent: (await u.b.get(`/api/users/${u.id}/sent-requests`)).json,
      comments: (await u.b.get(`/api/questions/${q}/comments`)).json,
      suggestions: (await u.b.get('/api/question-suggestions')).json,
      all: questionsAsStored((await sys.admin.get('/api/admin/questions')).json),
      officials: (await sys.admin.get('/api/officials')).json,
      adminMe: (await sys.admin.get('/api/auth/me')).status,
    });
    const before = await snapshot();
    expect(before.me.id).toBe(u.id);
    let checked = 0;
    for (const [method, route, body, br] of writes) {
      const json = JSON.stringify(body);
      const form = new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)])).toString() || 'x=1';
      const cases: [string, Promise<Res>, number][] = [
        ['text/plain', br.req(method, route, { body: json, headers: { 'content-type': 'text/plain' } }), 415],
        ['text/plain;charset=UTF-8', br.req(method, route, { body: json, headers: { 'content-type': 'text/plain;charset=UTF-8' } }), 415],
        ['form', br.req(method, route, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415],
        ['multipart', br.req(method, route, { body: '--x\r\n\r\n--x--', headers: { 'content-type': 'multipart/form-data; boundary=x' } }), 415],
        ['no content-type', br.req(method, route, { body: json }), 415],
        ['Sec-Fetch-Site cross-site', br.req(method, route, { json: body, headers: { 'sec-fetch-site': 'cross-site' } }), 403],
        ['Sec-Fetch-Site same-site', br.req(method, route, { json: body, headers: { 'sec-fetch-site': 'same-site' } }), 403],
        ['foreign Origin', br.req(method, route, { json: body, headers: { origin: 'https://evil.example' } }), 403],
        ['Origin null', br.req(method, route, { json: body, headers: { origin: 'null' } }), 403],
        ['look-alike Origin', br.req(method, route, { json: body, headers: { origin: `${PUBLIC_URL}.evil.example` } }), 403],
      ];
      for (const [name, pending, status] of cases) {
        const res = await pending;
        try {
          expectCleanError(res, status);
        } catch (err) {
          throw new Error(`${method} ${route} (${name}): ${(err as Error).message}`);
        }
        checked++;
      }
    }
    expect(await snapshot()).toEqual(before);
    console.log(`[security] CSRF: ${writes.length} write routes × 10 forged variants = ${checked} refused`);
    // Positive control: the same write, same-origin JSON, works.
    const ok = await u.b.put(`/api/users/${u.id}/notifications`, { browserNotifications: true }, { headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' } });
    expect(ok.status, ok.text).toBe(200);
  });
});

function expectSecurityHeaders(name: string, res: Response, https: boolean) {
  try {
    const d = cspDirectives(res.headers.get('content-security-policy'));
    const script = d['script-src'] ?? d['default-src'];
    expect(script, 'script-src (or default-src)').toBeDefined();
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(script).not.toContain('*');
    expect(script).not.toContain('data:');
    expect(d['object-src'] ?? d['default-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['base-uri'] ?? ["'none'"]).not.toContain('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Powerful features off for every page and anything it embeds.
    const pp = Object.fromEntries((res.headers.get('permissions-policy') ?? '').split(/,\s*/).map((f) => f.split('=')));
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'bluetooth', 'serial', 'hid', 'display-capture']) expect(pp[feature], `Permissions-Policy ${feature}`).toBe('()');
    const hsts = res.headers.get('strict-transport-security');
    if (https) {
      expect(hsts).toBeTruthy();
      expect(Number(/max-age=(\d+)/.exec(hsts!)?.[1])).toBeGreaterThanOrEqual(15_552_000);
    } else expect(hsts).toBeNull();
  } catch (err) {
    throw new Error(`${name} (${res.status}): ${(err as Error).message}`);
  }
}

/** One request per route family (and the SPA, /sw.js, assets, 404s). */
async function sampleRoutes(base: string, cookie: string, extraHeaders: Record<string, string> = {}) {
  const asset = readdirSync(path.join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js'))!;
  const gets = [
    '/',
    '/leaderboard',
    '/friends',
    '/admin',
    '/my-suggestions',
    '/sw.js',
    `/assets/${asset}`,
    '/assets/no-such-file.js',
    '/favicon.svg',
    '/healthz',
    '/readyz',
    '/api/questions/today',
    '/api/questions/public',
    `/api/questions/${q}/public-results`,
    `/api/questions/${q}/results`,
    `/api/questions/${q}/friend-answers`,
    `/api/questions/${q}/comments`,
    '/api/comments/public',
    `/api/comments/${imageCommentId}/image`,
    `/api/comments/${commentId}/image`,
    '/api/auth/me',
    `/api/users/${u.id}/stats`,
    `/api/users/${u.id}/history`,
    `/api/users/${u.id}/friends`,
    `/api/users/${u.id}/answers/${q}`,
    '/api/users/search?q=ad',
    '/api/leaderboard',
    '/api/feed/friends',
    '/api/tags',
    '/api/tags/football/questions',
    '/api/officials',
    '/api/question-suggestions',
    '/api/notifications/vapid-public-key',
    '/api/admin/analytics',
    '/api/admin/analytics/day',
    '/api/no-such-route',
    '/api',
  ];
  const out: [string, Response][] = [];
  for (const p of gets) {
    for (const withCookie of [false, true]) {
      const res = await fetch(base + p, { headers: { ...extraHeaders, ...(withCookie ? { cookie } : {}) }, redirect: 'manual' });
      await res.arrayBuffer();
      out.push([`GET ${p}${withCookie ? ' (signed in)' : ''}`, res]);
    }
  }
  for (const [method, p, body] of [
    ['POST', '/api/auth/login', '{"username":"nobody_here","password":"wrong-password"}'],
    ['POST', '/api/auth/login', 'not json'],
    ['PUT', `/api/users/${u.id}/notifications`, '{"emailNotifications":true}'],
    ['POST', '/api/answers', '{}'],
  ] as const) {
    const res = await fetch(base + p, { method, body, headers: { ...extraHeaders, cookie, 'content-type': 'application/json' } });
    await res.arrayBuffer();
    out.push([`${method} ${p}`, res]);
  }
  return out;
}

describe('scenario 15: security headers', () => {
  it('every sampled route (each API family, SPA, /sw.js, assets, images, 404s): CSP, nosniff, Referrer-Policy, Permissions-Policy; no HSTS over http', async () => {
    const responses = await sampleRoutes(sys.base, u.b.cookieHeader);
    for (const [name, res] of responses) expectSecurityHeaders(name, res, false);
    // The SPA and /sw.js really were served (not 404 / 503).
    const byName = new Map(responses);
    expect(byName.get('GET /')!.status).toBe(200);
    expect(byName.get('GET /sw.js')!.status).toBe(200);
    expect(byName.get('GET /api/no-such-route')!.status).toBe(404);
    console.log(`[security] headers: ${responses.length} responses checked over http`);
  });

  it('HSTS over https (PUBLIC_URL https + X-Forwarded-Proto behind TRUST_PROXY)', async () => {
    const gw = await startGatewayForTest(sys.services.identityAddress, {
      ...sys.services.gatewayEnv,
      SERVE_WEB: 'true',
      WEB_DIST,
      PUBLIC_URL: 'https://predicts.example',
      TRUST_PROXY: '1',
    });
    try {
      const responses = await sampleRoutes(gw.base, '', { 'x-forwarded-proto': 'https' });
      for (const [name, res] of responses) expectSecurityHeaders(name, res, true);
      const csp = cspDirectives(responses[0]![1].headers.get('content-security-policy'));
      expect(csp['upgrade-insecure-requests']).toBeDefined();
      console.log(`[security] headers: ${responses.length} responses checked over https`);
    } finally {
      await gw.stop();
    }
  });
});
