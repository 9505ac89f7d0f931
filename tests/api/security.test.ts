import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PERMISSIONS_POLICY } from '../../gateway/src/security.js';
import { cspDirectives, expectCleanError, PASSWORD, PUBLIC_URL, signUp, startGatewayForTest, startIdentityForTest, uname, until, type Browser, type Res } from './helpers.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let user: Browser;
let userId: string;

beforeAll(async () => {
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address);
  user = gw.browser();
  userId = (await signUp(user, uname('Csrf'))).id;
});

afterAll(async () => {
  await gw?.stop();
  await identity?.cleanup();
});

describe('CSRF', () => {
  it('a text/plain or form body → 415, signed in or not, and nothing changes', async () => {
    const login = JSON.stringify({ username: 'someone', password: PASSWORD });
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectCleanError(await gw.browser().req('POST', '/api/auth/login', { body: login, headers: { 'content-type': type } }), 415);
      expectCleanError(
        await user.req('PUT', `/api/users/${userId}/notifications`, { body: '{"emailNotifications":false}', headers: { 'content-type': type } }),
        415,
      );
    }
    expectCleanError(
      await user.req('POST', '/api/auth/logout', { body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
    );
    const me = await user.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.emailNotifications).toBe(true);
  });

  it('a foreign Origin → 403; the public origin is fine', async () => {
    const evil = await user.put(`/api/users/${userId}/notifications`, { emailNotifications: false }, { headers: { origin: 'https://evil.example' } });
    expectCleanError(evil, 403);
    expectCleanError(await user.post('/api/auth/logout', undefined, { headers: { origin: 'https://evil.example' } }), 403);
    expectCleanError(await user.post('/api/auth/logout', undefined, { headers: { origin: 'null' } }), 403);
    expect((await user.get('/api/auth/me')).json.emailNotifications).toBe(true);

    const ok = await user.put(`/api/users/${userId}/notifications`, { browserNotifications: true }, { headers: { origin: PUBLIC_URL } });
    expect(ok.status, ok.text).toBe(200);
  });

  it('Sec-Fetch-Site: cross-site (or same-site) → 403; same-origin is fine', async () => {
    expectCleanError(
      await user.put(`/api/users/${userId}/notifications`, { emailNotifications: false }, { headers: { 'sec-fetch-site': 'cross-site' } }),
      403,
    );
    expectCleanError(await gw.browser().post('/api/auth/login', { username: 'x', password: 'y' }, { headers: { 'sec-fetch-site': 'cross-site' } }), 403);
    expectCleanError(
      await user.put(`/api/users/${userId}/notifications`, { emailNotifications: false }, { headers: { 'sec-fetch-site': 'same-site' } }),
      403,
    );
    expect((await user.get('/api/auth/me')).json.emailNotifications).toBe(true);
    const ok = await user.put(
      `/api/users/${userId}/notifications`,
      { emailNotifications: false },
      { headers: { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL } },
    );
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('security headers', () => {
  const expectCommon = (res: Res) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  };

  it('pages: CSP without inline scripts, no plugins, no framing; nosniff; Referrer-Policy; no HSTS over http', async () => {
    const res = await gw.browser().get('/no-such-page');
    const directives = cspDirectives(res.headers.get('content-security-policy'));
    expect(directives['script-src']).toBeDefined();
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expectCommon(res);
  });

  it('JSON answers: a CSP that allows nothing, the same nosniff / Referrer-Policy, and none of the page-only headers', async () => {
    const res = await gw.browser().get('/api/auth/me');
    expect(cspDirectives(res.headers.get('content-security-policy'))).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(res.headers.get('permissions-policy')).toBe(API_PERMISSIONS_POLICY);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const pageOnly of ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
      expect(res.headers.get(pageOnly), pageOnly).toBeNull();
    }
    expectCommon(res);
  });
});

describe('health', () => {
  it('/healthz 200; public /readyz 200 {"status":"ready"} and nothing more; the details are on the metrics port', async () => {
    const b = gw.browser();
    const health = await b.get('/healthz');
    expect(health.status).toBe(200);
    const ready = await b.get('/readyz');
    expect(ready.status, ready.text).toBe(200);
    expect(ready.json).toEqual({ status: 'ready' });
    const details = await fetch(`http://127.0.0.1:${gw.gateway.metricsPort}/readyz`);
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ status: 'ready', checks: { identity: 'ok', redis: 'ok', nats: 'ok' } });
    // The same dependencies as gauges, for the Redis and NATS alerts (an exporter would stay up without its server).
    const metrics = await (await fetch(`http://127.0.0.1:${gw.gateway.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^dependency_up\{dependency="redis",service="gateway"\} 1$/m);
    expect(metrics).toMatch(/^dependency_up\{dependency="nats",service="gateway"\} 1$/m);
  });
});

describe('error bodies never carry a stack trace', () => {
  const malformed = (b: Browser) =>
    b.req('POST', '/api/auth/login', { body: '{"username": "x", "password": ', headers: { 'content-type': 'application/json' } });

  it('malformed JSON, unknown routes, 401, 403, 413, 429', async () => {
    const b = gw.browser();
    const cases: [string, Res, number][] = [
      ['malformed JSON', await malformed(b), 400],
      ['malformed JSON (signed in)', await malformed(user), 400],
      ['unknown API route', await b.get('/api/no/such/route'), 404],
      ['unknown API route (POST)', await user.post('/api/nothing-here', { a: 1 }), 404],
      ['unknown page (SERVE_WEB=false)', await b.get('/definitely/not/here'), 404],
      ['signed out', await b.get('/api/auth/me'), 401],
      ['cross-site', await b.post('/api/auth/login', { username: 'x', password: 'y' }, { headers: { origin: 'https://evil.example' } }), 403],
      ['other user', await user.patch('/api/users/00000000-0000-4000-8000-000000000000', { email: 'a@b.example' }), 403],
      ['too large', await b.post('/api/auth/login', { username: 'x', password: 'y'.repeat(200_000) }), 413],
      ['not JSON', await b.req('POST', '/api/auth/login', { body: 'hello', headers: { 'content-type': 'text/plain' } }), 415],
    ];
    const limited = uname('Stack');
    for (let i = 0; i < 3; i++) await b.post('/api/auth/login', { username: limited, password: 'wrong-password' });
    // Past the login budget: 429 with `challengeRequired` next to the message (and nothing else).
    const challenged = await b.post('/api/auth/login', { username: limited, password: 'wrong-password' });
    expect(challenged.status).toBe(429);
    expect(challenged.json).toEqual({ message: expect.any(String), code: expect.stringMatching(/^check/), challengeRequired: true });

    for (const [name, res, status] of cases) {
      try {
        expectCleanError(res, status);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}\n${res.status} ${res.text}`);
      }
    }
    expect(cases.find(([n]) => n === 'malformed JSON')![1].json.message).toBe('Request body is not valid JSON');
  });

  // Last in the file: stops the identity service.
  it('identity stopped → 503 "Service temporarily unavailable…"; /readyz stays 200 "ready", the metrics port says "degraded" naming it', async () => {
    await identity.stop();
    const unavailable = 'Service temporarily unavailable. Please try again shortly.';

    const login = await gw.browser().post('/api/auth/login', { username: 'anyone', password: PASSWORD });
    expectCleanError(login, 503, unavailable);
    expectCleanError(await user.get('/api/auth/me'), 503, unavailable);
    expectCleanError(await gw.browser().post('/api/auth/signup', { username: uname('Late'), password: PASSWORD, name: 'Late', consent: true }), 503, unavailable);
    expectCleanError(await user.put(`/api/users/${userId}/notifications`, { emailNotifications: false }), 503, unavailable);

    // One service down must not take the gateway out of rotation: readiness stays 200 and reports it.
    const ready = await until(async () => {
      const r = await fetch(`http://127.0.0.1:${gw.gateway.metricsPort}/readyz`);
      const body = (await r.json()) as { status: string; checks: Record<string, string> };
      return body.status === 'degraded' ? { status: r.status, body } : undefined;
    });
    expect(ready.status).toBe(200);
    expect(ready.body.checks.redis).toBe('ok');
    expect(ready.body.checks.identity).toMatch(/^down|not serving/);
    expect(JSON.stringify(ready.body)).not.toMatch(/\n\s+at |\.ts:\d+/);
    const pub = await gw.browser().get('/readyz');
    expect(pub.status).toBe(200);
    expect(pub.json).toEqual({ status: 'ready' });
    expect((await gw.browser().get('/healthz')).status).toBe(200);
  });
});
