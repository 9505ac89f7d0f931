import { randomBytes, randomUUID } from 'node:crypto';
import { sign } from 'cookie-signature';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '@mzansi/kit/testing';
import {
  createQuestionAs,
  expectCleanError,
  signInAdmin,
  signUp,
  startGatewayForTest,
  startServicesForTest,
  uname,
  type Browser,
  type Res,
} from './helpers.js';

/**
 * The vote, the burst's one write, goes through the same API pipeline and the same session module as every other
 * route: for each cookie a vote is refused exactly when GET /api/auth/me is, the expiry rules follow the same
 * injected clock, an unchanged session costs no write, and a refreshed lastSeenAt, a renewed cookie or a destroyed
 * session happen on a vote as anywhere. Real gateway, services, Redis.
 */

const SECRET = 'vote-session-test-secret-0123456789';
const IDLE_S = 3600;
const ABSOLUTE_S = 3 * 3600;

let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let redis: ReturnType<typeof createClient>;
let now = Date.now();
const clock = () => new Date(now);
const minutes = (m: number) => (now += m * 60_000);
let questionId: string;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(
    system.identityAddress,
    { ...system.gatewayEnv, SESSION_SECRET: SECRET, SESSION_IDLE_TTL_S: String(IDLE_S), SESSION_ABSOLUTE_TTL_S: String(ABSOLUTE_S) },
    { clock },
  );
  redis = createClient({ url: TEST_REDIS_URL });
  await redis.connect();
  questionId = await createQuestionAs(await signInAdmin(gw), `Will the vote path hold ${randomUUID().slice(0, 6)}?`);
  await system.projected(questionId);
});

afterAll(async () => {
  await redis?.quit().catch(() => undefined);
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

const vote = (b: Browser, cookieHeader?: string) => b.post('/api/answers', { questionId, optionId: 'yes' }, cookieHeader === undefined ? {} : { cookie: cookieHeader });
const accepted = (r: Res) => r.status === 200 || r.status === 201;
const sidOf = (b: Browser) => decodeURIComponent(b.cookies.get('sid')!).slice(2).split('.')[0]!;
const stored = async (b: Browser) => redis.get(`${gw.prefix}sess:${sidOf(b)}`);
const signed = (id: string, secret = SECRET) => `sid=${encodeURIComponent(`s:${sign(id, secret)}`)}`;

describe('POST /api/answers and its session', () => {
  it('a vote is refused exactly when GET /api/auth/me refuses the same cookie', async () => {
    const alice = gw.browser();
    await signUp(alice, uname('cookies'));
    const good = alice.cookieHeader;
    const goodValue = good.slice('sid='.length);
    const flipped = (() => {
      const v = decodeURIComponent(goodValue);
      return `sid=${encodeURIComponent(v.slice(0, -1) + (v.endsWith('A') ? 'B' : 'A'))}`;
    })();
    const cases: Record<string, string | null> = {
      'no cookie': null,
      'the signed-in cookie': good,
      'quoted': `sid="${goodValue}"`,
      'first of two wins (good first)': `${good}; sid=s%3Abogus.sig`,
      'first of two wins (bad first)': `sid=s%3Abogus.sig; ${good}`,
      'amid other cookies': `theme=dark; ${good}; lang=zu`,
      'unsigned id': `sid=${sidOf(alice)}`,
      'signature flipped': flipped,
      'signed with another secret': signed(sidOf(alice), 'not-the-session-secret'),
      'validly signed, unknown id': signed(randomBytes(24).toString('base64url')),
      'upper-case name': `SID=${goodValue}`,
    };
    for (const [name, c] of Object.entries(cases)) {
      const me = await alice.get('/api/auth/me', { cookie: c });
      const voted = await vote(alice, c ?? '');
      expect(accepted(voted), `${name}: vote ${voted.status} ${voted.text}, /me ${me.status}`).toBe(me.status === 200);
      if (!accepted(voted)) expectCleanError(voted, 401);
    }

    // Logged out: the id is dead for the vote path too.
    expect((await alice.post('/api/auth/logout')).status).toBe(200);
    expectCleanError(await vote(alice, good), 401);
  });

  it('an unchanged session: accepted with no Set-Cookie and nothing written to Redis; the API headers, no-store', async () => {
    const bob = gw.browser();
    await signUp(bob, uname('quiet'));
    const before = await stored(bob);
    const res = await vote(bob);
    expect(res.status, res.text).toBe(201);
    expect(res.setCookies).toEqual([]);
    expect(await stored(bob)).toBe(before);

    // The same headers as another API answer (res.json), but for ETag (a hash of a no-store write's answer, which
    // nobody can revalidate).
    const me = await bob.get('/api/auth/me');
    const comparable = (r: Res) =>
      Object.fromEntries([...r.headers.entries()].filter(([k]) => !['date', 'content-length', 'etag', 'x-request-id'].includes(k)));
    expect(comparable(res)).toEqual(comparable(me));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('etag')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
  });

  it('a lastSeenAt over a minute old is refreshed by the vote (session saved, cookie renewed); within the minute nothing is', async () => {
    const carol = gw.browser();
    await signUp(carol, uname('seen'));
    minutes(2);
    const refreshed = await vote(carol);
    expect(refreshed.status, refreshed.text).toBe(201);
    expect(refreshed.setCookies.map((c) => c.name)).toEqual(['sid']);
    expect(JSON.parse((await stored(carol))!).lastSeenAt).toBe(now);

    minutes(0.5);
    const before = await stored(carol);
    const again = await vote(carol);
    expect(again.status).toBe(200); // the identical resubmit
    expect(again.setCookies).toEqual([]);
    expect(await stored(carol)).toBe(before);
  });

  it('idle and absolute expiry follow the injected clock; an expired session is destroyed and its cookie cleared', async () => {
    const idle = gw.browser();
    await signUp(idle, uname('idle'));
    const idleCookie = idle.cookieHeader;
    const idleSid = sidOf(idle);
    minutes(59);
    expect(accepted(await vote(idle))).toBe(true);
    minutes(61);
    const expired = await vote(idle);
    expectCleanError(expired, 401);
    expect(expired.setCookies.find((c) => c.name === 'sid')?.value ?? '').toBe('');
    expect(await redis.get(`${gw.prefix}sess:${idleSid}`)).toBeNull();
    minutes(-61); // back inside the window: the destroyed session stays dead
    expectCleanError(await vote(idle, idleCookie), 401);
    minutes(61);

    // Absolute: a vote every 50 minutes, still ended 3 h after sign-in.
    const active = gw.browser();
    await signUp(active, uname('abs'));
    const outcomes: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      minutes(50);
      outcomes.push(accepted(await vote(active)));
    }
    expect(outcomes).toEqual([true, true, true, false]);
  });

  it('a session stored before this gateway (express-session and connect-redis JSON, with its cookie field) still signs in', async () => {
    const dave = gw.browser();
    const user = await signUp(dave, uname('older'));
    const id = randomBytes(24).toString('base64url');
    const older = {
      cookie: { originalMaxAge: IDLE_S * 1000, expires: new Date(now + IDLE_S * 1000).toISOString(), httpOnly: true, path: '/', sameSite: 'lax' },
      userId: user.id,
      isAdmin: false,
      createdAt: now,
      lastSeenAt: now,
      tracked: true,
    };
    await redis.set(`${gw.prefix}sess:${id}`, JSON.stringify(older), { EX: IDLE_S });
    const res = await vote(dave, signed(id));
    expect(res.status, res.text).toBe(201);
  });
});
