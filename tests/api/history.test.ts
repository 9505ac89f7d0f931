import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS } from '@mzansi/kit';
import { deleteTestStreams, serviceTestEnv, testNamespace } from '@mzansi/kit/testing';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { start as startVoting } from '../../services/voting/src/main.js';
import { befriend, newUser } from './social-helpers.js';
import { PASSWORD, postQuestion, publishQuestionAs, signInCast, signUp, uname, startGatewayForTest, startServicesForTest, until, type Browser, type Res, resolveBody } from './helpers.js';

/**
 * How the nation moved (GET /api/questions/{id}/history, the cards' sparklines): the real services, the gateway
 * with PUBLIC_CACHE_MS=0 so each read shows the current state. Snapshots are written by voting's live results flush
 * (≤ 1 s after answers), one per question per minute; the long histories are stored rows seeded straight into
 * `results_history` (what the flush would have written over hours), read back through the API.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let aliceB: Browser;
let bobB: Browser;
let anonB: Browser;
let alice: { id: string };
let bob: { id: string };

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '0' });
  ({ adminB, aliceB, alice, bobB, bob, anonB } = await signInCast(gw));
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function question(isBlind = false) {
  const created = isBlind
    ? await adminB.post('/api/admin/questions', {
        text: `Will the rand strengthen this week ${randomUUID().slice(0, 6)}?`,
        context: null,
        date: new Date().toISOString(),
        options: [
          { id: 'yes', text: 'Yes' },
          { id: 'no', text: 'No' },
        ],
        tags: ['economy'],
        isBlind: true,
      })
    : await postQuestion(adminB, { text: `Will Kaizer Chiefs finish in the top three ${randomUUID().slice(0, 6)}?` });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  await publishQuestionAs(adminB, id);
  await system.projected(id);
  return id;
}

async function vote(b: Browser, userId: string, questionId: string, optionId: string) {
  const res = await b.post('/api/answers', { userId, questionId, optionId });
  expect(res.status, res.text).toBe(201);
}

interface Point {
  at: string;
  results: { optionId: string; votes: number; percentage: number }[];
  totalVotes: number;
}

interface HistoryJson {
  points: Point[];
  publishedAt: string;
  resolvedAt: string | null;
  resultsHidden?: boolean;
}

const history = async (b: Browser, id: string): Promise<{ json: HistoryJson }> => {
  const res: Res = await b.get(`/api/questions/${id}/history`);
  expect(res.status, res.text).toBe(200);
  return { json: res.json as HistoryJson };
};

/** Every point's shares sum to 100 (± rounding) whenever it has votes; `at` never goes backwards. */
function expectWellFormed(points: Point[]) {
  for (let i = 1; i < points.length; i++) expect(Date.parse(points[i]!.at)).toBeGreaterThanOrEqual(Date.parse(points[i - 1]!.at));
  for (const p of points) {
    expect(p.results.reduce((n, r) => n + r.votes, 0)).toBe(p.totalVotes);
    if (p.totalVotes > 0) expect(Math.abs(p.results.reduce((n, r) => n + r.percentage, 0) - 100)).toBeLessThanOrEqual(0.2);
  }
}

describe('GET /api/questions/{id}/history', () => {
  it('starts at publication with nothing counted and ends at the exact latest split; the flush stores a snapshot', async () => {
    const id = await question();
    const fresh = await history(anonB, id);
    expect(fresh.json.points[0]).toMatchObject({ totalVotes: 0, results: [{ optionId: 'yes', votes: 0 }, { optionId: 'no', votes: 0 }] });
    expect(fresh.json.points[0]!.at).toBe(fresh.json.publishedAt);
    expect(fresh.json.resolvedAt).toBeNull();

    await vote(aliceB, alice.id, id, 'yes');
    await vote(bobB, bob.id, id, 'no');
    const now = await history(anonB, id);
    expectWellFormed(now.json.points);
    // The national split has no minimum count: a point of two votes shows them (only provinces are suppressed).
    expect(now.json.points.at(-1)).toMatchObject({ totalVotes: 2, results: [{ optionId: 'yes', votes: 1, percentage: 50 }, { optionId: 'no', votes: 1, percentage: 50 }] });
    expect(JSON.stringify(now.json)).not.toContain('province');
    // The live results flush (≤ 1 s) stores the counters it read for the history.
    // The flush rewrites the current bucket's row with what it read last.
    const stored = await until(async () => {
      const row = (await system.votingSql('SELECT counts FROM results_history WHERE question_id = $1', [id]))[0];
      return row?.counts?.no === 1 ? row : undefined;
    });
    expect(stored.counts).toEqual({ yes: 1, no: 1 });
  });

  it('downsamples a long history to at most 200 points, first and latest kept, `at` in order', async () => {
    const id = await question();
    await vote(aliceB, alice.id, id, 'yes');
    await vote(bobB, bob.id, id, 'no');
    // Published ten hours ago, a snapshot every minute since (what the flush would have stored): 600 rows.
    await system.votingSql(`UPDATE question_state SET published_at = now() - interval '10 hours' WHERE question_id = $1`, [id]);
    await system.votingSql(
      `INSERT INTO results_history (question_id, bucket, at, counts)
       SELECT $1, t, t, jsonb_build_object('yes', i, 'no', 600 - i)
       FROM generate_series(1, 600) i, LATERAL (SELECT date_trunc('minute', now() - interval '10 hours') + i * interval '1 minute' - interval '1 minute' AS t) x
       ON CONFLICT DO NOTHING`,
      [id],
    );
    const { json } = await history(anonB, id);
    expect(json.points.length).toBeLessThanOrEqual(200);
    expect(json.points.length).toBeGreaterThan(100);
    expect(json.points[0]).toMatchObject({ at: json.publishedAt, totalVotes: 0 });
    expect(json.points.at(-1)!.totalVotes).toBe(2);
    expect(Date.now() - Date.parse(json.points.at(-1)!.at)).toBeLessThan(60_000);
    expectWellFormed(json.points);
    // The stored moments in between, spread over the ten hours.
    const middle = json.points.slice(1, -1);
    expect(middle.every((p) => p.totalVotes === 600)).toBe(true);
    expect(Date.parse(middle.at(-1)!.at) - Date.parse(middle[0]!.at)).toBeGreaterThan(9 * 3_600_000);
  });

  it('shows an open blind question only as totals to those who have not answered; everything after answering and once resolved', async () => {
    const id = await question(true);
    await vote(aliceB, alice.id, id, 'yes');
    for (const b of [anonB, bobB]) {
      const { json } = await history(b, id);
      expect(json).toMatchObject({ isBlind: true, resultsHidden: true });
      expect(json.points.every((p) => p.results.length === 0)).toBe(true);
      expect(json.points.at(-1)!.totalVotes).toBe(1);
    }
    const mine = await history(aliceB, id);
    expect(mine.json.resultsHidden).toBe(false);
    expect(mine.json.points.at(-1)!.results).toEqual([{ optionId: 'yes', votes: 1, percentage: 100 }, { optionId: 'no', votes: 0, percentage: 0 }]);

    expect((await adminB.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes'))).status).toBe(200);
    await system.projected(id, (row) => row?.is_resolved === true);
    const resolved = await history(anonB, id);
    expect(resolved.json.resultsHidden).toBe(false);
    expect(resolved.json.resolvedAt).not.toBeNull();
    expect(resolved.json.points.at(-1)).toMatchObject({ at: resolved.json.resolvedAt, totalVotes: 1 });
    expect(resolved.json.points.at(-1)!.results[0]).toMatchObject({ optionId: 'yes', percentage: 100 });
  });

  it('answers 404 for a question that does not exist or is not published', async () => {
    expect((await anonB.get(`/api/questions/${randomUUID()}/history`)).status).toBe(404);
    const draft = (await postQuestion(adminB, { text: `A draft ${randomUUID().slice(0, 6)}?` })).json.id as string;
    expect((await anonB.get(`/api/questions/${draft}/history`)).status).toBe(404);
  });

  it("keeps an erased user's answers counted, as the results do (aggregates hold no person)", async () => {
    const id = await question();
    const erinB = gw.browser();
    const erin = await signUp(erinB, uname('hist_erin'));
    await vote(erinB, erin.id, id, 'yes');
    await until(async () => ((await system.votingSql('SELECT counts FROM results_history WHERE question_id = $1', [id]))[0]?.counts?.yes === 1 ? true : undefined));
    const deleted = await erinB.req('DELETE', `/api/users/${erin.id}`, { json: { password: PASSWORD } });
    expect(deleted.status, deleted.text).toBe(200);
    await until(async () => ((await system.votingSql('SELECT 1 FROM answers WHERE user_id = $1', [erin.id])).length === 0 ? true : undefined), 10_000);
    const { json } = await history(anonB, id);
    const results = await anonB.get(`/api/questions/${id}/public-results`);
    expect(json.points.at(-1)!.totalVotes).toBe(results.json.totalVotes);
    expect(json.points.at(-1)!.totalVotes).toBe(1);
    expect(json.points.slice(1, -1).every((p) => p.totalVotes === 1)).toBe(true);
  });

  it('is stored, not held in memory: a restarted voting service reads the same history', async () => {
    const id = await question();
    await vote(aliceB, alice.id, id, 'no');
    await until(async () => (await system.votingSql('SELECT 1 FROM results_history WHERE question_id = $1', [id]))[0]);
    const before = (await history(anonB, id)).json.points;
    // A second voting process on the same database (a restart, as far as the stored history goes).
    const ns = testNamespace();
    const again = await startVoting(serviceTestEnv(system.databaseUrls.voting!, ns), {});
    const client = createPromiseClient(VotingServiceClient, `127.0.0.1:${again.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
    try {
      const { histories } = await client.getResultsHistory({ questionIds: [id], maxPoints: 200 });
      expect(histories).toHaveLength(1);
      const points = histories[0]!.points;
      expect(points.length).toBe(before.length);
      expect(points.length).toBeGreaterThanOrEqual(3);
      expect(points[0]!.at!.toISOString()).toBe(before[0]!.at);
      expect(points[1]!.at!.toISOString()).toBe(before[1]!.at);
      expect(points[1]!.counts.map((c) => c.count)).toEqual([0, 1]);
    } finally {
      client.close();
      await again.stop();
      await deleteTestStreams(ns).catch(() => undefined);
    }
  });
});

describe('sparklines in the lists that render cards', () => {
  it('carries at most 24 points per question in option order, null for an open blind question', async () => {
    const open = await question();
    const blind = await question(true);
    await vote(aliceB, alice.id, open, 'yes');
    await vote(aliceB, alice.id, blind, 'yes');
    const list = await anonB.get('/api/questions/public');
    expect(list.status).toBe(200);
    const byId = new Map((list.json as { id: string; sparkline: { at: string; percentages: number[] }[] | null }[]).map((q) => [q.id, q]));
    const spark = byId.get(open)!.sparkline!;
    expect(spark.length).toBeGreaterThanOrEqual(2);
    expect(spark.length).toBeLessThanOrEqual(24);
    expect(spark[0]!.percentages).toEqual([0, 0]);
    expect(spark.at(-1)!.percentages).toEqual([100, 0]);
    expect(byId.get(blind)!.sparkline).toBeNull();
    const today = await anonB.get('/api/questions/today');
    for (const q of today.json as { sparkline: unknown[] | null }[]) if (q.sparkline) expect(q.sparkline.length).toBeLessThanOrEqual(24);
  });

  it("carries them in the friends feed too, null for an open blind question the reader has not answered", async () => {
    const carol = await newUser(gw.browser(), uname('hist_carol'), adminB);
    const dave = await newUser(gw.browser(), uname('hist_dave'), adminB);
    await befriend(carol, dave);
    const open = await question();
    const blind = await question(true);
    await vote(dave.b, dave.id, open, 'no');
    await vote(dave.b, dave.id, blind, 'yes');
    const feed = await carol.b.get('/api/feed/friends');
    expect(feed.status, feed.text).toBe(200);
    const byId = new Map((feed.json.questions as { id: string; sparkline: { percentages: number[] }[] | null }[]).map((q) => [q.id, q]));
    const spark = byId.get(open)!.sparkline!;
    expect(spark.length).toBeLessThanOrEqual(24);
    expect(spark.at(-1)!.percentages).toEqual([0, 100]);
    expect(byId.get(blind)!.sparkline).toBeNull();
    // Once Carol has answered it herself, her feed shows her its movement.
    await vote(carol.b, carol.id, blind, 'no');
    const after = await carol.b.get('/api/feed/friends');
    const seen = (after.json.questions as { id: string; sparkline: { percentages: number[] }[] | null }[]).find((q) => q.id === blind)!;
    expect(seen.sparkline!.at(-1)!.percentages).toEqual([50, 50]);
  });
});
