// Credential stuffing from many IPs (a challenge, not a lockout: people behind one carrier-NAT address share it);
// session rotation, logout, idle/absolute expiry, cookie attributes (http and https behind a proxy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedChallenge } from '../../gateway/test/altcha.js';
import {
  expectCleanError,
  PASSWORD,
  sessionIdOf,
  signUp,
  startGatewayForTest,
  startIdentityForTest,
  uname,
  type Res,
} from '../api/helpers.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
const gateways: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  identity = await startIdentityForTest();
});

afterAll(async () => {
  for (const g of gateways) await g.stop().catch(() => undefined);
  await identity?.cleanup();
});

async function gateway(env: Record<string, string>, clock?: () => Date) {
  const gw = await startGatewayForTest(identity.address, env, { clock });
  gateways.push(gw);
  return gw;
}

describe('scenario 12: credential stuffing from many IPs on one account', () => {
  it('a challenge after ≤ 10 attempts per window whatever the IP, never a lockout; same status and body for unknown user and wrong password', async () => {
    const gw = await gateway({ TRUST_PROXY: '1', RATE_LOGIN_FAILURES: '10', RATE_LOGIN_WINDOW_S: '900' });
    const victim = uname('Stuff');
    await signUp(gw.browser(), victim);
    const ghost = uname('Ghost'); // never signed up

    const attempt = (username: string, password: string, i: number, altcha?: string) =>
      gw
        .browser({ 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` })
        .post('/api/auth/login', { username, password, ...(altcha ? { altcha } : {}) });

    // 30 different addresses, case and whitespace variants of the username.
    const variants = (u: string) => [u, u.toUpperCase(), u.toLowerCase(), ` ${u}`, `${u} `];
    const run = async (username: string) => {
      const out: Res[] = [];
      for (let i = 0; i < 30; i++) out.push(await attempt(variants(username)[i % 5]!, `wrong-password-${i}`, i));
      return out;
    };
    const wrong = await run(victim);
    const unknown = await run(ghost);

    for (const series of [wrong, unknown]) {
      const firstChallenged = series.findIndex((r) => r.status === 429);
      expect(firstChallenged).toBeGreaterThan(0);
      expect(firstChallenged).toBeLessThanOrEqual(10);
      for (const r of series.slice(0, firstChallenged)) expectCleanError(r, 401, 'Invalid username or password');
      for (const r of series.slice(firstChallenged)) {
        expect(r.status).toBe(429);
        expect(r.json).toEqual({ message: 'Too many attempts. Please complete the check to continue.', code: 'checkRequired', challengeRequired: true });
      }
    }
    // Same answer for the unknown user as for a wrong password, before and after the budget.
    expect(wrong.findIndex((r) => r.status === 429)).toBe(unknown.findIndex((r) => r.status === 429));
    expect(wrong.map((r) => r.text)).toEqual(unknown.map((r) => r.text));
    // Not a lockout: the right password from a fresh address is asked for a challenge, and gets in
    // with a solved one.
    const asked = await attempt(victim, PASSWORD, 999);
    expect(asked.json.challengeRequired).toBe(true);
    expect((await attempt(victim, PASSWORD, 999, (await solvedChallenge(gw.base)).payload)).status).toBe(200);
    // Another account is unaffected.
    const other = uname('Other');
    await signUp(gw.browser(), other);
    expect((await attempt(other, PASSWORD, 500)).status).toBe(200);
  });
});

describe('scenario 13: sessions', () => {
  it('rotated at login (signup id, pre-set id and previous login id → 401); a logged-out id → 401', async () => {
    const gw = await gateway({});
    const b = gw.browser();
    const username = uname('Rot');
    const signup = await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Rot', consent: true });
    expect(signup.status).toBe(201);
    // The session cookie alone (signup also sets the page's signed-in hint, which opens nothing).
    const sid = () => `sid=${b.cookies.get('sid')}`;
    const s0 = sid();
    expect(s0).toMatch(/^sid=s%3A/);

    const login1 = await b.post('/api/auth/login', { username, password: PASSWORD });
    expect(login1.status).toBe(200);
    const s1 = sid();
    expect(sessionIdOf(s1.slice(4))).not.toBe(sessionIdOf(s0.slice(4)));
    expectCleanError(await b.get('/api/auth/me', { cookie: s0 }), 401);
    expect((await b.get('/api/auth/me', { cookie: s1 })).status).toBe(200);

    // Session fixation: an attacker-chosen cookie sent at login is not adopted.
    const fixed = 's%3Aattacker-chosen-id.invalidsig';
    const fx = gw.browser();
    const login2 = await fx.post('/api/auth/login', { username, password: PASSWORD }, { cookie: `sid=${fixed}` });
    expect(login2.status).toBe(200);
    expect(fx.cookies.get('sid')).toBeDefined();
    expect(fx.cookies.get('sid')).not.toBe(fixed);
    expectCleanError(await fx.get('/api/auth/me', { cookie: `sid=${fixed}` }), 401);

    // Logout: the id is dead even if replayed.
    const logout = await b.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expectCleanError(await b.get('/api/auth/me', { cookie: s1 }), 401);
    // The other login (fx) is a separate session and still works.
    expect((await fx.get('/api/auth/me')).status).toBe(200);
  });

  it('idle and absolute expiry follow the injected clock', async () => {
    let now = Date.parse('2026-03-02T08:00:00Z');
    const clock = () => new Date(now);
    const gw = await gateway({ SESSION_IDLE_TTL_S: '3600', SESSION_ABSOLUTE_TTL_S: '10800' }, clock);
    const minutes = (m: number) => (now += m * 60_000);

    // Idle: 61 minutes without a request → 401 (and the session is gone for good).
    const idle = gw.browser();
    await signUp(idle, uname('Idle'));
    const idleCookie = idle.cookieHeader;
    minutes(59);
    expect((await idle.get('/api/auth/me')).status).toBe(200);
    minutes(61);
    expectCleanError(await idle.get('/api/auth/me'), 401);
    minutes(-61); // even back inside the window, the destroyed session stays dead
    expectCleanError(await idle.get('/api/auth/me', { cookie: idleCookie }), 401);
    minutes(61);

    // Absolute: active every 50 minutes, still ended 3 h after sign-in.
    const active = gw.browser();
    await signUp(active, uname('Abs'));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      minutes(50);
      statuses.push((await active.get('/api/auth/me')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 401]); // 50, 100, 150 min fine; 200 min > 180 min absolute
  });

  it('cookie attributes: HttpOnly, SameSite=Lax, Path=/ over http; __Host- prefix and Secure over https (behind a proxy)', async () => {
    const gw = await gateway({});
    const b = gw.browser();
    const signup = await b.post('/api/auth/signup', { username: uname('Ck'), password: PASSWORD, name: 'Ck', consent: true });
    const c = signup.setCookies.find((x) => x.name === 'sid');
    expect(c, signup.setCookies.map((x) => x.raw).join('\n')).toBeDefined();
    expect(c!.attrs.httponly).toBe(true);
    expect(String(c!.attrs.samesite).toLowerCase()).toBe('lax');
    expect(c!.attrs.path).toBe('/');
    expect(c!.attrs.domain).toBeUndefined();
    expect(c!.attrs.secure).toBeUndefined();

    const https = await gateway({ PUBLIC_URL: 'https://predicts.example', TRUST_PROXY: '1' });
    const hb = https.browser({ 'x-forwarded-proto': 'https', host: 'predicts.example' });
    const hs = await hb.post('/api/auth/signup', { username: uname('Hs'), password: PASSWORD, name: 'Hs', consent: true });
    expect(hs.status, hs.text).toBe(201);
    const hc = hs.setCookies.find((x) => x.name.includes('sid'));
    expect(hc, hs.setCookies.map((x) => x.raw).join('\n')).toBeDefined();
    expect(hc!.name).toBe('__Host-sid');
    expect(hc!.attrs.secure).toBe(true);
    expect(hc!.attrs.httponly).toBe(true);
    expect(String(hc!.attrs.samesite).toLowerCase()).toBe('lax');
    expect(hc!.attrs.path).toBe('/');
    expect(hc!.attrs.domain).toBeUndefined();
    expect((await hb.get('/api/auth/me')).status).toBe(200);
    // The https gateway never sets a non-Secure session cookie, even when a request arrives over plain http.
    const plain = https.browser({ host: 'predicts.example' });
    const ps = await plain.post('/api/auth/signup', { username: uname('Pl'), password: PASSWORD, name: 'Pl', consent: true });
    for (const x of ps.setCookies) expect(x.attrs.secure, x.raw).toBe(true);
  });
});
