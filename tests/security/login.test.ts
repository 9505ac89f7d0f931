// Login: the attempt budget is taken before argon2 (parallel guesses cannot race past it), and past it
// a login needs a solved ALTCHA proof-of-work challenge instead of being locked out. Requests come from real
// source addresses (127.0.0.x, the HTTP client's localAddress); argon2 runs are counted by identity's
// identity_password_checks_total. Thresholds are the defaults: 10 per username, 5 per (username, address).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedChallenge } from '../../gateway/test/altcha.js';
import { PASSWORD, signUp, startGatewayForTest, startIdentityForTest, uname } from '../api/helpers.js';
import { metricValue } from './system.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let port: number;

beforeAll(async () => {
  identity = await startIdentityForTest();
  // The defaults (the test helper lowers RATE_LOGIN_FAILURES to 3 otherwise). TRUST_PROXY=false: the address is the
  // TCP peer's.
  gw = await startGatewayForTest(identity.address, { RATE_LOGIN_FAILURES: '10', RATE_LOGIN_PER_USERNAME_IP: '5', RATE_SIGNUP_PER_IP: '20', TRUST_PROXY: 'false' });
  port = Number(new URL(gw.base).port);
});

afterAll(async () => {
  await gw?.stop();
  await identity?.cleanup();
});

interface Reply {
  status: number;
  json: any;
  cookie?: string;
}

/** A JSON request to the gateway from the source address `from` (any 127.0.0.0/8 address is local on Linux). */
function request(from: string, method: string, path: string, body?: unknown, cookie?: string): Promise<Reply> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: { ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const setCookie = res.headers['set-cookie']?.map((c) => c.split(';')[0]!).find((c) => /^(__Host-)?sid=/.test(c));
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined, cookie: setCookie });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const login = (from: string, username: string, password: string, altcha?: string) =>
  request(from, 'POST', '/api/auth/login', { username, password, ...(altcha ? { altcha } : {}) });

const argon2Runs = () => metricValue(identity.identity.metricsPort, 'identity_password_checks_total', []);

/** 40 (or n) parallel wrong passwords spread over `addresses`; the replies and how many reached argon2. */
async function storm(username: string, n: number, addresses: string[]) {
  const before = await argon2Runs();
  const replies = await Promise.all(Array.from({ length: n }, (_, i) => login(addresses[i % addresses.length]!, username, `wrong-password-${i}`)));
  return { replies, reachedArgon2: (await argon2Runs()) - before };
}

const ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${10 + i}`);

function expectStormAnswers(replies: Reply[], passed: number) {
  const byStatus = new Map<number, number>();
  for (const r of replies) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  expect(Object.fromEntries(byStatus)).toEqual({ 401: passed, 429: replies.length - passed });
  for (const r of replies) {
    if (r.status === 401) expect(r.json).toEqual({ message: 'Invalid username or password', code: 'userBadLogin' });
    else expect(r.json).toEqual({ message: 'Too many attempts. Please complete the check to continue.', code: 'checkRequired', challengeRequired: true });
    expect(r.cookie).toBeUndefined();
  }
}

describe('login: attempt budget before argon2, then a proof-of-work challenge (never a lockout)', () => {
  let victim: string;
  const figures: Record<string, number> = {};

  afterAll(() => {
    console.log(`[login figures] ${JSON.stringify(figures)}`);
  });

  it('40 parallel wrong passwords for one username from 8 addresses: exactly 10 reach argon2, 30 are asked for a challenge', async () => {
    victim = uname('Victim');
    await signUp(gw.browser(), victim);
    const { replies, reachedArgon2 } = await storm(victim, 40, ADDRESSES);
    figures.knownReachedArgon2 = reachedArgon2;
    expect(reachedArgon2).toBeLessThanOrEqual(10);
    expect(reachedArgon2).toBe(10);
    expectStormAnswers(replies, 10);
  });

  it('afterwards the right password from another address (127.0.0.2) gets in with a solved challenge', async () => {
    const home = '127.0.0.2';
    // Without a challenge it is asked for one (the username's budget is spent), not refused for 15 minutes…
    const asked = await login(home, victim, PASSWORD);
    expect(asked.status).toBe(429);
    expect(asked.json.challengeRequired).toBe(true);
    // …and with one solved (altcha-lib's solver, as the widget does it) it gets in.
    const { payload, solveMs } = await solvedChallenge(gw.base);
    figures.solveMs = Math.round(solveMs);
    const before = await argon2Runs();
    const ok = await login(home, victim, PASSWORD, payload);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.username).toBe(victim);
    expect(await argon2Runs()).toBe(before + 1);
    const me = await request(home, 'GET', '/api/auth/me', undefined, ok.cookie);
    expect(me.status).toBe(200);
    expect(me.json.username).toBe(victim);
    // The owner's login started the budgets afresh: the next login needs no challenge.
    expect((await login(home, victim, PASSWORD)).status).toBe(200);
  });

  it('100 parallel wrong passwords for an unknown username behave the same: 10 reach argon2, the same answers', async () => {
    const { replies, reachedArgon2 } = await storm(uname('Nobody'), 100, ADDRESSES);
    figures.unknownReachedArgon2 = reachedArgon2;
    expect(reachedArgon2).toBe(10);
    expectStormAnswers(replies, 10);
  });

  it('40 parallel from a single address: the (username, address) budget lets only 5 reach argon2', async () => {
    const username = uname('OneAddr');
    await signUp(gw.browser(), username);
    const { replies, reachedArgon2 } = await storm(username, 40, ['127.0.0.20']);
    figures.singleAddressReachedArgon2 = reachedArgon2;
    expect(reachedArgon2).toBe(5);
    expectStormAnswers(replies, 5);
    // The owner at another address still logs in without any challenge (that username's budget has 5 left).
    const owner = await login('127.0.0.21', username, PASSWORD);
    expect(owner.status).toBe(200);
  });
});

describe('signup under per-address pressure (carrier NAT): a challenge, not a flat 429', () => {
  it('after RATE_SIGNUP_PER_IP (20) signups from one address the next asks for a challenge, and succeeds with a solved one', async () => {
    const nat = '127.0.0.30';
    const signup = (username: string, altcha?: string) =>
      request(nat, 'POST', '/api/auth/signup', { username, password: PASSWORD, name: 'Shared Address', consent: true, ...(altcha ? { altcha } : {}) });
    const statuses = await Promise.all(Array.from({ length: 25 }, (_, i) => signup(uname(`Nat${i}`)).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const next = uname('NatNext');
    const asked = await signup(next);
    expect(asked).toMatchObject({ status: 429, json: { message: 'Many sign-ups from your network. Please complete the check to continue.', code: 'signupCheckRequired', challengeRequired: true } });
    const { payload } = await solvedChallenge(gw.base);
    const ok = await signup(next, payload);
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect(ok.json.username).toBe(next);
    // Another address is not affected at all.
    expect((await request('127.0.0.31', 'POST', '/api/auth/signup', { username: uname('Other'), password: PASSWORD, name: 'Elsewhere', consent: true })).status).toBe(201);
  });
});
