import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser, resolveBody } from './helpers.js';
import { newUser, type User } from './social-helpers.js';

/**
 * Confidence through the API: POST /api/answers takes an optional `confidence` (50–99, default 75),
 * fixed with the answer like the option; GET /api/leaderboard?scope=calibration and /api/users/{id}/calibration.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let calibrated: User;
let overconfident: User;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns });
  adminB = await signInAdmin(gw);
  calibrated = await newUser(gw.browser(), uname('calib'), adminB);
  overconfident = await newUser(gw.browser(), uname('sure'), adminB);
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function published() {
  const created = await adminB.post('/api/admin/questions', {
    text: `Will the rand strengthen this week ${randomUUID().slice(0, 6)}`,
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

const post = (u: User, body: Record<string, unknown>) => u.b.post('/api/answers', { userId: u.id, ...body });

describe('POST /api/answers with a confidence', () => {
  it('stores it (75 by default), refuses anything but a whole 50–99 with a clear 400, and keeps it fixed', async () => {
    const q = await published();
    for (const bad of [49, 100, 75.5, '80', null]) {
      expectCleanError(await post(calibrated, { questionId: q, optionId: 'yes', confidence: bad }), 400, 'Confidence must be a whole number from 50 to 99');
    }
    // Nothing was recorded by the refused submits.
    expect((await calibrated.b.get(`/api/users/${calibrated.id}/answers/${q}`)).status).toBe(404);

    const first = await post(calibrated, { questionId: q, optionId: 'yes', confidence: 80 });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ optionId: 'yes', confidence: 80 });
    expect((await post(calibrated, { questionId: q, optionId: 'yes', confidence: 80 })).status).toBe(200);
    expectCleanError(await post(calibrated, { questionId: q, optionId: 'yes', confidence: 95 }), 409, 'You have already answered this question');
    expect((await calibrated.b.get(`/api/users/${calibrated.id}/answers/${q}`)).json).toMatchObject({ optionId: 'yes', confidence: 80 });

    const plain = await post(overconfident, { questionId: q, optionId: 'no' });
    expect(plain.status).toBe(201);
    expect(plain.json.confidence).toBe(75);
  });
});

describe('the Calibration tab and the calibration chart', () => {
  it('ranks by shrunk Brier skill (same number correct, the calibrated player first) and shows the buckets', async () => {
    const qs = [await published(), await published(), await published(), await published()];
    for (const [i, q] of qs.entries()) {
      const option = i === 3 ? 'no' : 'yes';
      expect((await post(calibrated, { questionId: q, optionId: option, confidence: 70 })).status).toBe(201);
      expect((await post(overconfident, { questionId: q, optionId: option, confidence: 99 })).status).toBe(201);
    }
    for (const q of qs) expect((await adminB.put(`/api/admin/questions/${q}/resolve`, resolveBody('yes'))).status).toBe(200);
    for (const q of qs) await system.projected(q, (row) => row?.is_resolved === true);

    // The calibration board is national: it names only players who agreed to appear (and the reader themselves).
    expect((await overconfident.b.put(`/api/users/${overconfident.id}/privacy`, { listOnNationalBoard: true })).status).toBe(200);
    const board = await calibrated.b.get('/api/leaderboard?scope=calibration');
    expect(board.status, board.text).toBe(200);
    expect(board.json).toMatchObject({ scope: 'calibration', shrinkage: 5, minResolved: 3 });
    expect(board.json.entries.map((e: any) => [e.username, e.rank, e.correct, e.resolved])).toEqual([
      [calibrated.username, 1, 3, 4],
      [overconfident.username, 2, 3, 4],
    ]);
    expect(board.json.you).toMatchObject({ userId: calibrated.id, rank: 1 });
    // Mean skill: (3·(1 − 4·0.09) + (1 − 4·0.49)) ÷ 4 = (1.92 − 0.96) ÷ 4 = 0.24.
    expect(board.json.entries[0].meanSkill).toBeCloseTo(0.24, 4);

    const chart = await calibrated.b.get(`/api/users/${calibrated.id}/calibration`);
    expect(chart.status, chart.text).toBe(200);
    expect(chart.json.resolved).toBe(4);
    expect(chart.json.buckets).toEqual([
      { from: 50, to: 59, count: 0, correct: 0, predicted: null, actual: null },
      { from: 60, to: 69, count: 0, correct: 0, predicted: null, actual: null },
      { from: 70, to: 79, count: 4, correct: 3, predicted: 70, actual: 75 },
      { from: 80, to: 89, count: 0, correct: 0, predicted: null, actual: null },
      { from: 90, to: 99, count: 0, correct: 0, predicted: null, actual: null },
    ]);
    expectCleanError(await overconfident.b.get(`/api/users/${calibrated.id}/calibration`), 403);
    expectCleanError(await gw.browser().get('/api/leaderboard?scope=calibration'), 401);
  }, 60_000);
});
