// Unknown fields, __proto__ / constructor.prototype payloads, spoofed headers (IDOR and admin routes: authz.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError, PASSWORD, startGatewayForTest, uname, type Browser } from '../api/helpers.js';
import { createAuthzFixtures, startAuthzSystem } from './authz-fixtures.js';
import type { SecUser, System } from './system.js';

let sys: System;
let a: SecUser; // the victim
let b: SecUser; // the attacker (signed in, not an admin)
let q1: string; // answered by a
let q2: string; // not answered by a

beforeAll(async () => {
  sys = await startAuthzSystem();
  ({ a, b, q1, q2 } = await createAuthzFixtures(sys));
});

afterAll(async () => {
  await sys?.stop();
});

describe('scenario 11: unknown fields, __proto__ / constructor.prototype payloads, spoofed headers', () => {
  const raw = (br: Browser, method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    br.req(method, path, { body, headers: { 'content-type': 'application/json', ...headers } });

  it('signup with isAdmin:true, __proto__ and constructor.prototype does not create an admin', async () => {
    const cases = [
      (u: string) => JSON.stringify({ username: u, password: PASSWORD, name: 'Mallory', consent: true, isAdmin: true, is_admin: true, role: 'admin', id: sys.adminId }),
      (u: string) => `{"username":"${u}","password":"${PASSWORD}","name":"Mallory","consent":true,"__proto__":{"isAdmin":true,"is_admin":true}}`,
      (u: string) => `{"username":"${u}","password":"${PASSWORD}","name":"Mallory","consent":true,"constructor":{"prototype":{"isAdmin":true}}}`,
      (u: string) => `{"__proto__":{"isAdmin":true},"username":"${u}","password":"${PASSWORD}","name":"Mallory","consent":true,"__proto__":{"isAdmin":true}}`,
    ];
    for (const make of cases) {
      const br = sys.browser();
      const username = uname('Mal');
      const res = await raw(br, 'POST', '/api/auth/signup', make(username));
      expect(res.status, res.text).toBe(201);
      expect(res.json.isAdmin).toBe(false);
      expect(res.json.id).not.toBe(sys.adminId);
      expect((await br.get('/api/auth/me')).json.isAdmin).toBe(false);
      expectCleanError(await br.get('/api/admin/analytics'), 403);
      // A fresh login gives a non-admin session too.
      const again = sys.browser();
      const login = await again.post('/api/auth/login', { username, password: PASSWORD });
      expect(login.json.isAdmin).toBe(false);
      expectCleanError(await again.get('/api/users/search?q=_all'), 403);
    }
  });

  it('profile writes with unknown fields and prototype payloads change nothing they should not', async () => {
    const u = await sys.user('Proto');
    const before = (await u.b.get('/api/auth/me')).json;
    const bodies = [
      // (`name` is the owner's to change, so it is not among the fields that must be ignored.)
      JSON.stringify({ emailNotifications: false, isAdmin: true, id: sys.adminId, username: 'admin', joinDate: '2000-01-01T00:00:00Z', emailVerified: true }),
      '{"emailNotifications":false,"__proto__":{"isAdmin":true,"username":"admin"}}',
      '{"emailNotifications":false,"constructor":{"prototype":{"isAdmin":true}}}',
    ];
    for (const body of bodies) {
      const res = await raw(u.b, 'PATCH', `/api/users/${u.id}`, body);
      expect([200, 400], res.text).toContain(res.status);
      const me = (await u.b.get('/api/auth/me')).json;
      expect({ ...me, emailNotifications: before.emailNotifications }).toEqual(before);
      expect(me.isAdmin).toBe(false);
    }
    expectCleanError(await u.b.get('/api/admin/drafts'), 403);
  });

  it('Object.prototype is not polluted in the gateway process (checked in-process and through route behaviour)', async () => {
    const u = await sys.user('Poll');
    const pollute = '{"__proto__":{"optionId":"yes","polluted":"yes","isAdmin":true,"title":"A polluted suggestion title","content":"polluted comment"},"constructor":{"prototype":{"polluted2":"yes","optionId":"yes"}}}';
    for (const [method, path] of [
      ['POST', '/api/answers'],
      ['POST', `/api/questions/${q2}/comments`],
      ['POST', '/api/question-suggestions'],
      ['PATCH', `/api/users/${u.id}`],
      ['PUT', `/api/users/${u.id}/notifications`],
      ['POST', '/api/friendships'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/signup'],
      ['POST', '/api/newsletter/subscribe'],
    ] as const) {
      const res = await raw(u.b, method, path, pollute);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
    }
    for (const path of [
      '/api/leaderboard?__proto__[scope]=friends&constructor[prototype][isAdmin]=true&__proto__.isAdmin=true',
      '/api/question-suggestions?__proto__[user]=me&__proto__=x',
      `/api/questions/${q1}/results?__proto__[userId]=${a.id}`,
    ]) {
      expect((await u.b.get(path)).status, path).toBeLessThan(500);
    }
    // The gateway runs in this process: its Object.prototype is ours.
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.polluted2).toBeUndefined();
    expect(probe.optionId).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    // Route behaviour: fields missing from a body are still missing (a polluted prototype would fill them in).
    expectCleanError(await u.b.post('/api/answers', { questionId: q2 }), 400);
    expectCleanError(await u.b.post('/api/question-suggestions', {}), 400);
    expectCleanError(await u.b.post(`/api/questions/${q2}/comments`, {}), 400);
    expectCleanError(await u.b.get('/api/admin/analytics'), 403);
    expect((await u.b.get(`/api/users/${u.id}/answers/${q2}`)).status).toBe(404);
    expect((await u.b.get('/api/auth/me')).json.isAdmin).toBe(false);
  });

  it('spoofed X-User-ID / x-actor / x-actor-token / X-Forwarded-User headers are ignored', async () => {
    const spoof = { 'x-user-id': a.id, 'x-actor': `${sys.adminId}|1`, 'x-actor-sig': 'forged', 'x-actor-token': 'forged', 'x-forwarded-user': 'admin', 'x-is-admin': 'true', 'x-admin': 'true' };
    const anon = sys.browser(spoof);
    expectCleanError(await anon.get('/api/auth/me'), 401);
    expectCleanError(await anon.get('/api/admin/analytics'), 401);
    expectCleanError(await anon.get(`/api/users/${a.id}/stats`), 401);
    expectCleanError(await anon.post('/api/answers', { questionId: q2, optionId: 'no' }), 401);
    const asB = await b.b.get(`/api/users/${a.id}/history`, { headers: spoof });
    expectCleanError(asB, 403);
    expectCleanError(await b.b.get('/api/admin/drafts', { headers: spoof }), 403);
    const meB = await b.b.get('/api/auth/me', { headers: spoof });
    expect(meB.json.id).toBe(b.id);
    expect(meB.json.isAdmin).toBe(false);
    // b's own answer goes to b, whatever the headers say.
    const ans = await b.b.post('/api/answers', { questionId: q2, optionId: 'no' }, { headers: spoof });
    expect(ans.status, ans.text).toBe(201);
    expect(ans.json.userId).toBe(b.id);
    expect((await a.b.get(`/api/users/${a.id}/answers/${q2}`)).status).toBe(404);
  });

  it('X-Forwarded-For does not bypass the per-IP signup limit when TRUST_PROXY=false', async () => {
    const gw2 = await startGatewayForTest(sys.services.identityAddress, { ...sys.services.gatewayEnv, TRUST_PROXY: 'false', RATE_SIGNUP_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const br = gw2.browser({ 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}`, forwarded: `for=192.0.2.${i + 1}` });
        const r = await br.post('/api/auth/signup', { username: uname('Xff'), password: PASSWORD, name: 'Spoofer', consent: true });
        statuses.push(r.status);
        // Past the per-address budget a signup needs a proof-of-work challenge, whatever the headers say.
        if (r.status === 429) expect(r.json).toEqual({ message: expect.any(String), code: expect.any(String), challengeRequired: true });
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    } finally {
      await gw2.stop();
    }
  });
});
