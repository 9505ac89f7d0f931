// The login attempt budget (per username, per username and address) taken before argon2, the ALTCHA challenge
// past it, and the signup challenge under per-address pressure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@mzansi/kit';
import { configSchema } from '../../gateway/src/config.js';
import { DEV_ALTCHA_HMAC_KEY, expiredPayload, payloadOf, solvedChallenge } from '../../gateway/test/altcha.js';
import { expectCleanError, PASSWORD, signUp, startGatewayForTest, startIdentityForTest, uname, type Browser, type Res } from './helpers.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
const extraGateways: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  identity = await startIdentityForTest();
  // Budgets: 3 per username, 5 per (username, address); every request here comes from 127.0.0.1.
  gw = await startGatewayForTest(identity.address, { RATE_LOGIN_FAILURES: '3', RATE_LOGIN_PER_USERNAME_IP: '5' });
});

afterAll(async () => {
  await Promise.allSettled([gw?.stop(), ...extraGateways.map((g) => g.stop())]);
  await identity?.cleanup();
});

/** identity's count of argon2 password checks run by Login. */
async function passwordChecks(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${identity.identity.metricsPort}/metrics`)).text();
  return Number(/^identity_password_checks_total\{[^}]*\} (\d+)$/m.exec(text)?.[1] ?? NaN);
}

/** 429 `{"message", "code", "challengeRequired": true}`, not cached, no cookie. */
/** The code the web translates each message by (its catalogues' `error.<code>`). */
const CODE_OF: Record<string, string> = {
  'Too many attempts. Please complete the check to continue.': 'checkRequired',
  'The check could not be confirmed. Please complete it again.': 'checkInvalid',
  'The check expired. Please complete it again.': 'checkExpired',
  'The check was already used. Please complete it again.': 'checkUsed',
  'Many sign-ups from your network. Please complete the check to continue.': 'signupCheckRequired',
};

function expectChallenge(res: Res, message: string | RegExp = /complete the check/) {
  expect(res.status, res.text).toBe(429);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(Object.keys(res.json).sort()).toEqual(['challengeRequired', 'code', 'message']);
  expect(res.json.challengeRequired).toBe(true);
  expect(res.json.code).toBe(CODE_OF[res.json.message]);
  if (typeof message === 'string') expect(res.json.message).toBe(message);
  else expect(res.json.message).toMatch(message);
  expect(res.setCookies).toEqual([]);
}

const login = (b: Browser, username: string, password: string, altcha?: string) =>
  b.post('/api/auth/login', altcha === undefined ? { username, password } : { username, password, altcha });

describe('ALTCHA_HMAC_KEY', () => {
  it('has a development default that production refuses (missing, the dev key, or short)', () => {
    const problems = (value?: string) => {
      const env = { NODE_ENV: 'production', ...(value === undefined ? {} : { ALTCHA_HMAC_KEY: value }) };
      try {
        parseConfig(configSchema(env), env);
        return [];
      } catch (err) {
        return ((err as { problems?: string[] }).problems ?? []).filter((p) => p.startsWith('ALTCHA_HMAC_KEY'));
      }
    };
    expect(configSchema({ NODE_ENV: 'test' }).parse({}).ALTCHA_HMAC_KEY).toBe(DEV_ALTCHA_HMAC_KEY);
    expect(problems()).toHaveLength(1);
    expect(problems(DEV_ALTCHA_HMAC_KEY)).toEqual(['ALTCHA_HMAC_KEY: the development default is refused in production']);
    expect(problems('short')).toHaveLength(1);
    expect(problems('a-long-enough-production-altcha-key')).toEqual([]);
  });
});

describe('GET /api/auth/challenge', () => {
  it('a signed PBKDF2 challenge that expires, never cached', async () => {
    const res = await gw.browser().get('/api/auth/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 });
    expect(res.json.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(res.json.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.json.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = res.json.parameters.expiresAt - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);
  });
});

describe('login budget (RATE_LOGIN_FAILURES=3)', () => {
  it('the 4th attempt asks for a challenge, even with the right password; unknown users are answered the same', async () => {
    const known = uname('Budget');
    await signUp(gw.browser(), known);
    const unknown = uname('Ghost');
    const run = async (username: string) => {
      const b = gw.browser();
      const out: Res[] = [];
      for (let i = 0; i < 4; i++) out.push(await login(b, username, 'wrong-password'));
      return out;
    };
    const k = await run(known);
    const u = await run(unknown);
    for (const r of [...k.slice(0, 3), ...u.slice(0, 3)]) expectCleanError(r, 401, 'Invalid username or password');
    for (const r of [k[3]!, u[3]!]) expectChallenge(r, 'Too many attempts. Please complete the check to continue.');
    expect(u.map((r) => r.text)).toEqual(k.map((r) => r.text));

    // Not a lockout: the right password without a challenge is asked for one (whatever the case of the username)…
    const b = gw.browser();
    expectChallenge(await login(b, known, PASSWORD));
    expectChallenge(await login(b, known.toUpperCase(), PASSWORD));
    // …and with a solved one gets in.
    const { payload } = await solvedChallenge(gw.base);
    const ok = await login(b, known.toUpperCase(), PASSWORD, payload);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.username).toBe(known);
    expect([...b.cookies.keys()].sort()).toEqual(['sid', 'signed-in']); // the session and the signed-in hint
    expect((await b.get('/api/auth/me')).json.username).toBe(known);
  });

  it('a wrong password with a solved challenge is still 401 (the challenge opens the door to argon2, not the account)', async () => {
    const username = uname('Door');
    await signUp(gw.browser(), username);
    const b = gw.browser();
    for (let i = 0; i < 3; i++) expect((await login(b, username, 'nope-nope-nope')).status).toBe(401);
    const before = await passwordChecks();
    expectCleanError(await login(b, username, 'nope-nope-nope', (await solvedChallenge(gw.base)).payload), 401, 'Invalid username or password');
    expect((await passwordChecks()) - before).toBe(1);
  });

  it('a solved challenge opens the door once; replayed, tampered, expired and fake payloads are refused with a challenge', async () => {
    const username = uname('Replay');
    await signUp(gw.browser(), username);
    const b = gw.browser();
    for (let i = 0; i < 3; i++) expect((await login(b, username, 'nope-nope-nope')).status).toBe(401);
    const { payload, challenge } = await solvedChallenge(gw.base);
    expect((await login(b, username, 'nope-nope-nope', payload)).status).toBe(401);
    const before = await passwordChecks();
    expectChallenge(await login(b, username, PASSWORD, payload), 'The check was already used. Please complete it again.');

    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString()) as { solution: { counter: number; derivedKey: string } };
    const tampered = payloadOf({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, decoded.solution);
    const wrongKey = payloadOf(challenge, { ...decoded.solution, derivedKey: 'ab'.repeat(32) });
    const unsigned = payloadOf({ parameters: challenge.parameters }, decoded.solution);
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');
    for (const bad of [tampered, wrongKey, unsigned, testMode, 'not base64 at all!', Buffer.from('{"challenge":').toString('base64')]) {
      expectChallenge(await login(b, username, PASSWORD, bad), 'The check could not be confirmed. Please complete it again.');
    }
    expectChallenge(await login(b, username, PASSWORD, await expiredPayload()), 'The check expired. Please complete it again.');
    expectCleanError(await login(b, username, PASSWORD, 'x'.repeat(5000)), 400);
    // None of those reached argon2.
    expect((await passwordChecks()) - before).toBe(0);
  });

  it('a successful login starts the budgets afresh', async () => {
    const username = uname('Reset');
    await signUp(gw.browser(), username);
    const b = gw.browser();
    for (let i = 0; i < 2; i++) expect((await login(b, username, 'nope-nope-nope')).status).toBe(401);
    expect((await login(b, username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(b, username, 'nope-nope-nope')).status).toBe(401);
    expectChallenge(await login(b, username, PASSWORD));
  });

  it('20 parallel wrong passwords: exactly 3 reach argon2, 17 are asked for a challenge', async () => {
    const username = uname('Race');
    await signUp(gw.browser(), username);
    const before = await passwordChecks();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(gw.browser(), username, `wrong-${i}`)));
    expect((await passwordChecks()) - before).toBe(3);
    expect(results.filter((r) => r.status === 401)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 401)) expectChallenge(r);
  });
});

describe('per (username, address) budget (RATE_LOGIN_PER_USERNAME_IP=2, RATE_LOGIN_FAILURES=10, TRUST_PROXY=1)', () => {
  it('one address is asked for a challenge after 2 attempts; another address still logs in freely', async () => {
    const proxied = await startGatewayForTest(identity.address, { TRUST_PROXY: '1', RATE_LOGIN_FAILURES: '10', RATE_LOGIN_PER_USERNAME_IP: '2' });
    extraGateways.push(proxied);
    const username = uname('PerIp');
    await signUp(proxied.browser(), username);
    const from = (ip: string) => proxied.browser({ 'x-forwarded-for': ip });
    const attacker = from('198.51.100.7');
    expect((await login(attacker, username, 'nope-nope-nope')).status).toBe(401);
    expect((await login(attacker, username, 'nope-nope-nope')).status).toBe(401);
    expectChallenge(await login(attacker, username, 'nope-nope-nope'));
    expectChallenge(await login(attacker, username.toLowerCase(), PASSWORD));
    // The owner at home is not affected by someone else's address.
    expect((await login(from('203.0.113.9'), username, PASSWORD)).status).toBe(200);
  });
});

describe('signup under per-address pressure (RATE_SIGNUP_PER_IP=2)', () => {
  it('the 3rd signup from one address asks for a challenge instead of a flat 429; a solved one gets through once', async () => {
    const limited = await startGatewayForTest(identity.address, { RATE_SIGNUP_PER_IP: '2' });
    extraGateways.push(limited);
    const b = limited.browser();
    const body = (username: string, altcha?: string) => ({ username, password: PASSWORD, name: 'Carrier NAT', consent: true, ...(altcha ? { altcha } : {}) });
    expect((await b.post('/api/auth/signup', body(uname('Nat')))).status).toBe(201);
    expect((await b.post('/api/auth/signup', body(uname('Nat')))).status).toBe(201);
    const third = uname('Nat');
    expectChallenge(await b.post('/api/auth/signup', body(third)), 'Many sign-ups from your network. Please complete the check to continue.');
    const { payload } = await solvedChallenge(limited.base);
    const ok = await b.post('/api/auth/signup', body(third, payload));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.username).toBe(third);
    expectChallenge(await b.post('/api/auth/signup', body(uname('Nat'), payload)), 'The check was already used. Please complete it again.');
    // Validation still comes first: a bad body is a 400, not a challenge.
    expectCleanError(await b.post('/api/auth/signup', { username: uname('Nat'), password: PASSWORD }), 400, 'Please fill in all required fields');
  });

  it('refused signups (a short password, a taken or too long username) do not spend the address budget', async () => {
    const limited = await startGatewayForTest(identity.address, { RATE_SIGNUP_PER_IP: '2' });
    extraGateways.push(limited);
    const b = limited.browser();
    const body = (username: string, password = PASSWORD) => ({ username, password, name: 'Carrier NAT', consent: true });
    const taken = uname('Ref');
    expect((await b.post('/api/auth/signup', body(taken))).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      expectCleanError(await b.post('/api/auth/signup', body(uname('Ref'), 'short')), 400, 'Password must be at least 8 characters');
      expectCleanError(await b.post('/api/auth/signup', body(taken)), 409, 'Username already taken');
      expectCleanError(await b.post('/api/auth/signup', body('a'.repeat(31))), 400, 'Username must be 3–30 letters, digits or underscores');
    }
    // The second account still fits in the budget of two; the third asks for the check.
    expect((await b.post('/api/auth/signup', body(uname('Ref')))).status).toBe(201);
    expectChallenge(await b.post('/api/auth/signup', body(uname('Ref'))), 'Many sign-ups from your network. Please complete the check to continue.');
  });
});

describe('IPv6 clients are budgeted by their /64 (TRUST_PROXY=1)', () => {
  // One subscriber usually holds a whole /64: counted by single addresses, each of its 2^64 addresses would bring
  // a fresh budget.
  const sameNet = ['2001:db8:7:1::1', '2001:db8:7:1:aaaa:bbbb:cccc:dddd', '2001:0db8:0007:0001:ffff::9'];
  const otherNet = '2001:db8:7:2::1';

  it('login: three addresses of one /64 share the per (username, address) budget; another /64 has its own', async () => {
    const proxied = await startGatewayForTest(identity.address, { TRUST_PROXY: '1', RATE_LOGIN_FAILURES: '10', RATE_LOGIN_PER_USERNAME_IP: '2' });
    extraGateways.push(proxied);
    const username = uname('V6Log');
    await signUp(proxied.browser(), username);
    const from = (ip: string) => proxied.browser({ 'x-forwarded-for': ip });
    expect((await login(from(sameNet[0]!), username, 'nope-nope-nope')).status).toBe(401);
    expect((await login(from(sameNet[1]!), username, 'nope-nope-nope')).status).toBe(401);
    // A third address of the same /64 meets the spent budget, even with the right password.
    expectChallenge(await login(from(sameNet[2]!), username, PASSWORD));
    // An IPv4 address and its IPv4-mapped IPv6 form are one address.
    expect((await login(from('198.51.100.7'), username, 'nope-nope-nope')).status).toBe(401);
    expect((await login(from('198.51.100.7'), username, 'nope-nope-nope')).status).toBe(401);
    expectChallenge(await login(from('::ffff:198.51.100.7'), username, 'nope-nope-nope'));
    // The next /64 is another subscriber.
    expect((await login(from(otherNet), username, PASSWORD)).status).toBe(200);
  });

  it('signup: the /64 shares one budget; another /64 signs up freely', async () => {
    const proxied = await startGatewayForTest(identity.address, { TRUST_PROXY: '1', RATE_SIGNUP_PER_IP: '2' });
    extraGateways.push(proxied);
    const signup = (ip: string) => proxied.browser({ 'x-forwarded-for': ip }).post('/api/auth/signup', { username: uname('V6Sig'), password: PASSWORD, name: 'Fibre home', consent: true });
    expect((await signup(sameNet[0]!)).status).toBe(201);
    expect((await signup(sameNet[1]!)).status).toBe(201);
    expectChallenge(await signup(sameNet[2]!), 'Many sign-ups from your network. Please complete the check to continue.');
    expect((await signup(otherNet)).status).toBe(201);
  });
});
