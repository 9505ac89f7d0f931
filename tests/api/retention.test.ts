// Retention (POPIA, docs/privacy.md "Retention"): the gateway keeps nothing in Redis for ever. Sessions expire with
// their idle TTL, the per-user session index with the absolute TTL, rate-limit keys (the only place a client address is
// stored) with their window. IP addresses are never logged (docs/privacy.md), so Redis is the whole of it.
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '@mzansi/kit/testing';
import { PASSWORD, signUp, startGatewayForTest, startIdentityForTest, uname } from './helpers.js';

const IDLE_S = 3600;
const ABSOLUTE_S = 7200;
const LOGIN_WINDOW_S = 900;
const SIGNUP_WINDOW_S = 60;

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let redis: ReturnType<typeof createClient>;

beforeAll(async () => {
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address, {
    SESSION_IDLE_TTL_S: String(IDLE_S),
    SESSION_ABSOLUTE_TTL_S: String(ABSOLUTE_S),
    RATE_LOGIN_WINDOW_S: String(LOGIN_WINDOW_S),
    RATE_SIGNUP_WINDOW_S: String(SIGNUP_WINDOW_S),
    RATE_LOGIN_FAILURES: '100',
  });
  redis = createClient({ url: TEST_REDIS_URL });
  await redis.connect();
});

afterAll(async () => {
  await redis?.quit().catch(() => undefined);
  await gw?.stop();
  await identity?.cleanup();
});

async function keysWithTtl(): Promise<{ key: string; ttl: number }[]> {
  const out: { key: string; ttl: number }[] = [];
  for await (const batch of redis.scanIterator({ MATCH: `${gw.prefix}*`, COUNT: 500 })) {
    for (const key of (Array.isArray(batch) ? batch : [batch]) as string[]) out.push({ key: key.slice(gw.prefix.length), ttl: await redis.ttl(key) });
  }
  return out;
}

describe('Redis retention', () => {
  it('every key the gateway writes expires; keys holding a client address last no longer than their window', async () => {
    const b = gw.browser();
    const u = await signUp(b, uname('Ret'));
    const other = gw.browser();
    expect((await other.post('/api/auth/login', { username: u.username, password: 'wrong-password' })).status).toBe(401);
    expect((await other.post('/api/auth/login', { username: u.username, password: PASSWORD })).status).toBe(200);
    await b.get('/api/auth/me');

    const keys = await keysWithTtl();
    const kinds = new Set(keys.map((k) => k.key.split(':')[0]));
    expect(kinds.has('sess')).toBe(true);
    expect(kinds.has('rl')).toBe(true);
    // Nothing without an expiry (TTL -1) and nothing longer than the longest rule (the absolute session lifetime).
    for (const { key, ttl } of keys) {
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(ABSOLUTE_S);
    }
    for (const { key, ttl } of keys.filter((k) => k.key.startsWith('sess:'))) expect(ttl, key).toBeLessThanOrEqual(IDLE_S);
    // The client address (127.0.0.1 here) is part of rate-limit keys only, and they go with their window.
    const withAddress = keys.filter((k) => k.key.includes('127.0.0.1') || k.key.includes('::ffff:127.0.0.1'));
    expect(withAddress.length).toBeGreaterThan(0);
    for (const { key, ttl } of withAddress) {
      expect(key.startsWith('rl:'), key).toBe(true);
      expect(ttl, key).toBeLessThanOrEqual(Math.max(LOGIN_WINDOW_S, SIGNUP_WINDOW_S));
    }
  });
});
