import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser, resolveBody } from './helpers.js';
import { newUser, type User } from './social-helpers.js';

/**
 * GET /api/users/{id}/accuracy-history: the profile's chart of accuracy and calibration per SAST month, read as
 * /stats is (self or admin): answered counts at once, accuracy and calibration once answers resolve.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let player: User;
let other: User;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns });
  adminB = await signInAdmin(gw);
  player = await newUser(gw.browser(), uname('hist'), adminB);
  other = await newUser(gw.browser(), uname('nosy'), adminB);
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function published() {
  const created = await adminB.post('/api/admin/questions', {
    text: `Will load shedding return this week ${randomUUID().slice(0, 6)}`,
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
  });
  expect(created.status, created.text).toBe(201);
  expect((await adminB.post(`/api/admin/questions/${created.json.id}/publish`)).status).toBe(200);
  await system.projected(created.json.id);
  return created.json.id as string;
}

/** This SAST month, 'YYYY-MM' (the month an answer counts in). */
const sastMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit' }).format(new Date());

describe('GET /api/users/{id}/accuracy-history', () => {
  it('has no points before any answer; counts answers at once; accuracy and calibration once they resolve', async () => {
    const empty = await player.b.get(`/api/users/${player.id}/accuracy-history`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toEqual({ points: [] });

    const qs = [await published(), await published(), await published(), await published()];
    for (const [i, q] of qs.entries()) {
      const res = await player.b.post('/api/answers', { userId: player.id, questionId: q, optionId: i === 3 ? 'no' : 'yes', confidence: 70 });
      expect(res.status, res.text).toBe(201);
    }
    const open = await player.b.get(`/api/users/${player.id}/accuracy-history`);
    expect(open.json).toEqual({ points: [{ month: sastMonth(), answered: 4, resolved: 0, correct: 0, accuracy: null, calibration: null }] });

    for (const q of qs) expect((await adminB.put(`/api/admin/questions/${q}/resolve`, resolveBody('yes'))).status).toBe(200);
    for (const q of qs) await system.projected(q, (row) => row?.is_resolved === true);

    const resolved = await player.b.get(`/api/users/${player.id}/accuracy-history`);
    expect(resolved.status, resolved.text).toBe(200);
    // 3 of 4 right at 70 %: accuracy 75 %; mean Brier skill (3·(1 − 4·0.09) + (1 − 4·0.49)) ÷ 4 = 0.24.
    expect(resolved.json.points).toHaveLength(1);
    expect(resolved.json.points[0]).toMatchObject({ month: sastMonth(), answered: 4, resolved: 4, correct: 3, accuracy: 75 });
    expect(resolved.json.points[0].calibration).toBeCloseTo(0.24, 4);
  }, 60_000);

  it('is the player’s own (or an admin’s) to read, like /stats: 403 for another player, 401 signed out, 400 for a bad id', async () => {
    expectCleanError(await other.b.get(`/api/users/${player.id}/accuracy-history`), 403);
    expectCleanError(await gw.browser().get(`/api/users/${player.id}/accuracy-history`), 401);
    expectCleanError(await player.b.get('/api/users/not-a-uuid/accuracy-history'), 400);
    const admin = await adminB.get(`/api/users/${player.id}/accuracy-history`);
    expect(admin.status, admin.text).toBe(200);
    expect(admin.json.points).toHaveLength(1);
  }, 30_000);
});
