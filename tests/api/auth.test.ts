import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { TEST_REDIS_URL } from '@mzansi/kit/testing';
import { expectCleanError, PASSWORD, sessionIdOf, signUp, startGatewayForTest, startIdentityForTest, uname, type Browser } from './helpers.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
const extraGateways: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address);
});

afterAll(async () => {
  await Promise.allSettled([gw?.stop(), ...extraGateways.map((g) => g.stop())]);
  await identity?.cleanup();
});

const sidCookie = (b: Browser) => {
  const v = b.cookies.get('sid');
  expect(v).toBeTruthy();
  return `sid=${v}`;
};

describe('signup, me, logout', () => {
  it('signup → 201 with a session cookie; /me is the same user; logout kills the old cookie', async () => {
    const b = gw.browser();
    const username = uname('Naledi');
    const res = await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Naledi M', email: 'naledi@example.co.za', consent: true });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ username, name: 'Naledi M', email: 'naledi@example.co.za', phoneNumber: null, isAdmin: false });
    expect(Object.keys(res.json).filter((k) => /pass|hash/i.test(k))).toEqual([]);

    const sid = res.setCookies.find((c) => c.name === 'sid');
    expect(sid, res.headers.get('set-cookie') ?? '').toBeDefined();
    expect(sid!.attrs.httponly).toBe(true);
    expect(String(sid!.attrs.samesite).toLowerCase()).toBe('lax');
    expect(sid!.attrs.path).toBe('/');
    expect(sid!.attrs.secure).toBeUndefined();
    expect(sid!.attrs.domain).toBeUndefined();
    expect(sessionIdOf(sid!.value).length).toBeGreaterThanOrEqual(24);

    const me = await b.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json).toEqual(res.json);
    expect(me.headers.get('cache-control')).toBe('no-store');

    const old = sidCookie(b);
    const out = await b.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    // The browser is told to forget the cookie...
    expect(out.setCookies.find((c) => c.name === 'sid')).toBeDefined();
    expect(b.cookies.has('sid')).toBe(false);
    // ...and the old cookie is worthless on the server, too.
    expectCleanError(await b.get('/api/auth/me', { cookie: old }), 401);
    expectCleanError(await b.get('/api/auth/me'), 401, 'Not signed in');
  });

  it('refuses a taken username (any case) with 409', async () => {
    const b = gw.browser();
    const username = uname('Dup');
    await signUp(b, username);
    expectCleanError(
      await gw.browser().post('/api/auth/signup', { username: username.toUpperCase(), password: PASSWORD, name: 'x', consent: true }),
      409,
      'Username already taken',
    );
  });
});

describe('the signed-in hint cookie', () => {
  it('signup and login set it (readable by the page, no user data), logout and a 401 from /me clear it; /me gives it to a session without one', async () => {
    const b = gw.browser();
    const username = uname('Hint');
    const signup = await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Hint', consent: true });
    expect(signup.status, signup.text).toBe(201);
    const hint = signup.setCookies.find((c) => c.name === 'signed-in');
    expect(hint, signup.headers.get('set-cookie') ?? '').toBeDefined();
    expect(hint!.value).toBe('1');
    expect(hint!.attrs.httponly).toBeUndefined();
    expect(hint!.attrs.path).toBe('/');
    expect(String(hint!.attrs.samesite).toLowerCase()).toBe('lax');
    expect(Number(hint!.attrs['max-age'])).toBeGreaterThan(0);

    // A session that has no hint (signed in before it existed) gets one from /me; one that has it, nothing new.
    b.cookies.delete('signed-in');
    const me = await b.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.setCookies.map((c) => c.name)).toEqual(['signed-in']);
    expect((await b.get('/api/auth/me')).setCookies).toEqual([]);

    const out = await b.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(b.cookies.has('signed-in')).toBe(false);

    const login = await b.post('/api/auth/login', { username, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(b.cookies.get('signed-in')).toBe('1');

    // A stale hint (no session behind it): 401, as before, and the hint is cleared.
    const stale = await gw.browser().get('/api/auth/me', { cookie: 'signed-in=1' });
    expectCleanError(stale, 401, 'Not signed in');
    const cleared = stale.setCookies.find((c) => c.name === 'signed-in');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    // Without a hint a signed-out /me sets no cookie at all.
    expect((await gw.browser().get('/api/auth/me')).setCookies).toEqual([]);
  });
});

describe('session rotation', () => {
  it('login issues a new session id, and the id from before is dead afterwards', async () => {
    const b = gw.browser();
    const username = uname('Rotate');
    const user = await signUp(b, username);
    const before = sidCookie(b);

    // Log in again in the same browser, presenting the old cookie (the fixation case).
    const login = await b.post('/api/auth/login', { username, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
    expect(login.json).toMatchObject({ id: user.id, username });
    const after = sidCookie(b);
    expect(sessionIdOf(after.slice(4))).not.toBe(sessionIdOf(before.slice(4)));

    expectCleanError(await b.get('/api/auth/me', { cookie: before }), 401);
    const me = await b.get('/api/auth/me', { cookie: after });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
  });

  it('a forged or unknown session cookie is just signed out', async () => {
    const b = gw.browser();
    expectCleanError(await b.get('/api/auth/me', { cookie: 'sid=s%3Aforged.forged' }), 401);
    expectCleanError(await b.get('/api/auth/me', { cookie: 'sid=garbage' }), 401);
  });
});

describe('login and signup validation', () => {
  let username: string;
  beforeAll(async () => {
    username = uname('Val');
    await signUp(gw.browser(), username);
  });

  it('a wrong password → 401 with exactly {"message":"Invalid username or password","code":"userBadLogin"}', async () => {
    const res = await gw.browser().post('/api/auth/login', { username, password: 'not-the-password' });
    expectCleanError(res, 401, 'Invalid username or password');
    expect(res.text).toBe('{"message":"Invalid username or password","code":"userBadLogin"}');
    expect(res.setCookies).toEqual([]);
  });

  it('missing login fields → 400 "Please enter both username and password"', async () => {
    const b = gw.browser();
    for (const body of [{}, { username }, { password: PASSWORD }, { username: '  ', password: PASSWORD }, { username, password: '' }]) {
      expectCleanError(await b.post('/api/auth/login', body), 400, 'Please enter both username and password');
    }
  });

  it('missing signup fields → 400 "Please fill in all required fields"', async () => {
    const b = gw.browser();
    for (const body of [{}, { username: uname('x'), password: PASSWORD }, { username: uname('x'), name: 'X' }, { password: PASSWORD, name: 'X' }]) {
      expectCleanError(await b.post('/api/auth/signup', body), 400, 'Please fill in all required fields');
    }
    expect(b.cookies.size).toBe(0);
  });

  it('a short password → 400 "Password must be at least 8 characters"', async () => {
    const b = gw.browser();
    expectCleanError(
      await b.post('/api/auth/signup', { username: uname('Short'), password: '1234567', name: 'Short', consent: true }),
      400,
      'Password must be at least 8 characters',
    );
    expectCleanError(await b.post('/api/auth/signup', { username: 'a b', password: PASSWORD, name: 'Bad', consent: true }), 400, /^Username must be 3–30/);
    expect(b.cookies.size).toBe(0);
  });
});

// The login attempt budget and its challenge: login-budget.test.ts.

describe('https deployment (PUBLIC_URL=https://…)', () => {
  it('uses a Secure __Host-sid cookie and sends HSTS', async () => {
    const https = await startGatewayForTest(identity.address, { PUBLIC_URL: 'https://mzansi.example', TRUST_PROXY: '1' });
    extraGateways.push(https);
    const b = https.browser({ 'x-forwarded-proto': 'https' });
    const username = uname('Secure');
    const res = await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Secure', consent: true });
    expect(res.status, res.text).toBe(201);
    expect(res.setCookies.map((c) => c.name).sort()).toEqual(['__Host-sid', 'signed-in']);
    expect(res.setCookies.find((c) => c.name === 'signed-in')!.attrs.secure).toBe(true);
    const c = res.setCookies.find((c) => c.name === '__Host-sid')!;
    expect(c.attrs.secure).toBe(true);
    expect(c.attrs.httponly).toBe(true);
    expect(c.attrs.path).toBe('/');
    expect(c.attrs.domain).toBeUndefined();
    expect(String(c.attrs.samesite).toLowerCase()).toBe('lax');

    const hsts = res.headers.get('strict-transport-security');
    expect(hsts).toMatch(/max-age=\d{7,}/);
    expect(hsts).toMatch(/includeSubDomains/);
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');

    const me = await b.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.username).toBe(username);
    // A plain `sid` cookie means nothing to this deployment.
    expectCleanError(await b.get('/api/auth/me', { cookie: `sid=${c.value}` }), 401);

    // The plain-http deployment sends no HSTS.
    expect((await gw.browser().get('/api/auth/me')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('session expiry (injected clock)', () => {
  it('ends a session after the idle limit and after the absolute limit', async () => {
    let now = Date.now();
    const clocked = await startGatewayForTest(
      identity.address,
      { SESSION_IDLE_TTL_S: '100', SESSION_ABSOLUTE_TTL_S: '200' },
      { clock: () => new Date(now) },
    );
    extraGateways.push(clocked);
    const username = uname('Clock');
    await signUp(clocked.browser(), username);
    const login = async () => {
      const b = clocked.browser();
      expect((await b.post('/api/auth/login', { username, password: PASSWORD })).status).toBe(200);
      return b;
    };
    const s = 1000;

    // Idle: quiet for longer than SESSION_IDLE_TTL_S → signed out.
    const t0 = now;
    const idle = await login();
    now = t0 + 50 * s;
    expect((await idle.get('/api/auth/me')).status).toBe(200); // within the idle limit
    now = t0 + 101 * s; // 101 s since login and last seen (refreshed at most once a minute), well within the absolute limit
    const idleGone = await idle.get('/api/auth/me');
    expectCleanError(idleGone, 401);
    expect(idleGone.setCookies.find((c) => c.name === 'sid')).toBeDefined(); // cleared

    // Absolute: active all along (never idle for 100 s) but older than SESSION_ABSOLUTE_TTL_S → signed out.
    const t1 = now;
    const active = await login();
    const cookie = active.cookieHeader;
    for (const at of [70, 140, 199]) {
      now = t1 + at * s;
      expect((await active.get('/api/auth/me', { cookie })).status, `at +${at}s`).toBe(200);
    }
    now = t1 + 201 * s;
    expectCleanError(await active.get('/api/auth/me', { cookie }), 401);
    // Gone for good: going back in time does not revive it.
    now = t1 + 10 * s;
    expectCleanError(await active.get('/api/auth/me', { cookie }), 401);
  });
});

describe('session writes (injected clock)', () => {
  it('an unchanged session costs no Redis write; the once-a-minute save renews its TTL', async () => {
    let now = Date.now();
    const clocked = await startGatewayForTest(identity.address, { SESSION_IDLE_TTL_S: '600' }, { clock: () => new Date(now) });
    extraGateways.push(clocked);
    const redis = createClient({ url: TEST_REDIS_URL });
    await redis.connect();
    try {
      const b = clocked.browser();
      await signUp(b, uname('Ttl'));
      const key = `${clocked.prefix}sess:${sessionIdOf(b.cookies.get('sid')!)}`;
      const t0 = now;
      // As if the session were last saved a while ago: only a save may raise the TTL again.
      await redis.expire(key, 300);
      now = t0 + 30_000;
      expect((await b.get('/api/auth/me')).status).toBe(200);
      expect(await redis.ttl(key)).toBeLessThanOrEqual(300); // read, not touched
      now = t0 + 61_000; // last seen more than a minute ago → lastSeenAt saved
      expect((await b.get('/api/auth/me')).status).toBe(200);
      expect(await redis.ttl(key)).toBeGreaterThan(590);
    } finally {
      await redis.quit();
    }
  });
});
