// Per-address budgets and IPv6: one home or phone connection usually holds a whole /64, so an attacker rotating
// through its addresses must still meet one login budget and one signup budget (behind a trusted proxy, the address
// comes from X-Forwarded-For).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startGatewayForTest, startIdentityForTest, uname, type Res } from '../api/helpers.js';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;

beforeAll(async () => {
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address, { TRUST_PROXY: '1', RATE_LOGIN_FAILURES: '50', RATE_LOGIN_PER_USERNAME_IP: '3', RATE_SIGNUP_PER_IP: '3' });
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await identity?.cleanup();
});

/** 20 addresses of one /64, each a different interface id. */
const rotating = Array.from({ length: 20 }, (_, i) => `2001:db8:cafe:42:${(i + 1).toString(16)}:${(0xbeef + i).toString(16)}:0:${i + 1}`);
const from = (ip: string) => gw.browser({ 'x-forwarded-for': ip });
const isChallenge = (r: Res) => r.status === 429 && r.json?.challengeRequired === true;

describe('an attacker rotating through the addresses of one IPv6 /64', () => {
  it('guessing a password: 3 attempts for the whole /64, then a challenge from every other address in it', async () => {
    const username = uname('V6Victim');
    await signUp(gw.browser(), username);
    const answers = [];
    for (const ip of rotating) answers.push(await from(ip).post('/api/auth/login', { username, password: 'guess-guess-guess' }));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(3);
    expect(answers.slice(3).every(isChallenge)).toBe(true);
    // The owner on another connection is not affected.
    expect((await from('2001:db8:cafe:43::1').post('/api/auth/login', { username, password: PASSWORD })).status).toBe(200);
    console.log(`[security] IPv6: 20 addresses of one /64 guessing one password → ${answers.filter((r) => r.status === 401).length} reached argon2, 17 asked for a challenge; another /64 signs in`);
  });

  it('making accounts: 3 for the whole /64, then a challenge', async () => {
    const answers = [];
    for (const ip of rotating.slice(0, 8)) answers.push(await from(ip).post('/api/auth/signup', { username: uname('V6Bot'), password: PASSWORD, name: 'Bot', consent: true }));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(answers.slice(3).every(isChallenge)).toBe(true);
    console.log('[security] IPv6: 8 signups from 8 addresses of one /64 → 3 accounts, 5 asked for a challenge');
  });
});
