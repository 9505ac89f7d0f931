import { sign } from 'cookie-signature';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSuffix, TEST_REDIS_URL } from '@mzansi/kit/testing';
import { Sessions } from '../src/session-store.js';
import type { Config } from '../src/config.js';
import { UserSessions } from '../src/user-sessions.js';
import type { RedisClient } from '../src/redis.js';
import { deleteRedisKeys } from './redis-keys.js';

/**
 * The per-user session index (user-sessions.ts) against the real Redis: every session of a user ends at once (all
 * but one for "sign out every other session"); after an account deletion no session of it can come back, neither
 * from a sign-in racing the deletion nor from a request under way saving its session at the end.
 */
const prefix = `t${randomSuffix()}:`;
let redis: RedisClient;
let sessions: UserSessions;
let n = 0;
const userId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const key = (sid: string) => `${prefix}sess:${sid}`;
/** A session as it is stored (an older format's cookie field included: it is ignored). */
const sessionOf = (uid: string) => JSON.stringify({ cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000).toISOString() }, userId: uid });

async function signedIn(uid: string): Promise<string> {
  const sid = randomSuffix(12);
  await redis.set(key(sid), sessionOf(uid), { expiration: { type: 'EX', value: 60 } });
  expect(await sessions.trackSession(uid, sid)).toBe(true);
  return sid;
}

beforeAll(async () => {
  redis = createClient({ url: TEST_REDIS_URL, RESP: 2 }) as RedisClient;
  await redis.connect();
  sessions = new UserSessions(redis, { prefix, idleTtlS: 600, absoluteTtlS: 3600, pruneAbove: 3 });
});

afterAll(async () => {
  await redis?.quit();
  await deleteRedisKeys(prefix);
});

describe('UserSessions', () => {
  it('ends every session of a user, and only theirs', async () => {
    const [alice, bob] = [userId(), userId()];
    const a = [await signedIn(alice), await signedIn(alice), await signedIn(alice)];
    const b = await signedIn(bob);
    expect((await sessions.sessionsOf(alice)).sort()).toEqual([...a].sort());
    expect(await sessions.endUserSessions(alice)).toBe(3);
    expect(await redis.exists(a.map(key))).toBe(0);
    expect(await redis.exists(key(b))).toBe(1);
    expect(await sessions.sessionsOf(alice)).toEqual([]);
    // Nothing left: a second call ends nothing.
    expect(await sessions.endUserSessions(alice)).toBe(0);
  });

  it('keeps the session that asks ("sign out every other session")', async () => {
    const carol = userId();
    const [mine, other1, other2] = [await signedIn(carol), await signedIn(carol), await signedIn(carol)];
    expect(await sessions.endUserSessions(carol, { exceptSid: mine })).toBe(2);
    expect(await redis.exists(key(mine))).toBe(1);
    expect(await redis.exists([key(other1), key(other2)])).toBe(0);
    expect(await sessions.sessionsOf(carol)).toEqual([mine]);
    // A later sign-in is fine: no account was deleted.
    await signedIn(carol);
  });

  it('forgets a session at sign-out', async () => {
    const dave = userId();
    const sid = await signedIn(dave);
    await sessions.untrackSession(dave, sid);
    expect(await sessions.sessionsOf(dave)).toEqual([]);
  });

  it('after an account deletion, refuses and removes a session indexed later (a sign-in racing the deletion)', async () => {
    const erin = userId();
    await signedIn(erin);
    expect(await sessions.endUserSessions(erin, { userGone: true })).toBe(1);
    const late = randomSuffix(12);
    await redis.set(key(late), sessionOf(erin), { expiration: { type: 'EX', value: 60 } });
    expect(await sessions.trackSession(erin, late)).toBe(false);
    expect(await redis.exists(key(late))).toBe(0);
    // The marker holds a hash of the id, never the id, and lives no longer than an idle session could.
    const markers = await redis.keys(`${prefix}user-gone:*`);
    expect(markers).toHaveLength(1);
    expect(markers[0]).not.toContain(erin);
    expect(await redis.ttl(markers[0]!)).toBeGreaterThan(590);
    expect(await redis.ttl(markers[0]!)).toBeLessThanOrEqual(600);
  });

  it('prunes ids of sessions that expired on their own once the set grows', async () => {
    const fay = userId();
    const old = [await signedIn(fay), await signedIn(fay), await signedIn(fay)];
    await redis.del(old.map(key)); // as their TTL would
    const fresh = await signedIn(fay);
    expect(await sessions.sessionsOf(fay)).toEqual([fresh]);
  });
});

describe('Sessions', () => {
  it('never writes a signed-in session back once its key is gone; creates new ones with the idle TTL', async () => {
    const store = new Sessions(redis, { PUBLIC_URL: 'http://localhost:8080', REDIS_PREFIX: prefix, SESSION_SECRET: 'x'.repeat(32), SESSION_IDLE_TTL_S: 600 } as Config);
    const data = (uid: string, lastSeenAt = Date.now()) => ({ userId: uid, isAdmin: false, createdAt: Date.now(), lastSeenAt });
    // A request that was under way when the user's sessions were ended saves at its end: nothing comes back.
    const ended = randomSuffix(12);
    expect(await store.update(ended, data(userId()))).toBe(false);
    expect(await redis.exists(key(ended))).toBe(0);
    // An existing signed-in session is updated, with its TTL renewed.
    const live = await signedIn(userId());
    await redis.expire(key(live), 5);
    expect(await store.update(live, data('x', 42))).toBe(true);
    expect(JSON.parse((await redis.get(key(live)))!).lastSeenAt).toBe(42);
    expect(await redis.ttl(key(live))).toBeGreaterThan(500);
    // Only signIn creates one: under a fresh id, with the idle lifetime.
    const created = await store.create(data(userId()));
    expect(created).toMatch(/^[\w-]{32}$/);
    expect(await redis.ttl(key(created))).toBeGreaterThan(500);
    // What it reads back is the session a signed cookie names.
    const cookie = `other=1; sid=${encodeURIComponent(`s:${sign(created, 'x'.repeat(32))}`)}`;
    expect((await store.read({ headers: { cookie } }))?.id).toBe(created);
    expect(await store.read({ headers: { cookie: `sid=${encodeURIComponent(`s:${sign(created, 'another secret')}`)}` } })).toBeUndefined();
  });
});
