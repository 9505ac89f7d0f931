/**
 * History read cost against the number of answers: GET /api/questions/{id}/history (through the gateway, its public
 * cache off, so every request reads voting) for a question with 1,000 answers and one with CFG.historyAnswers
 * (1,000,000), both published a week ago, on a stack of its own: the real services and a gateway in-process
 * (tests/api/helpers.ts), fresh databases dropped afterwards. `make bench` runs it once its own stack has stopped;
 * scripts/bench-history.ts runs it alone.
 *
 * Seeding, honest but fast: the answers go straight into voting's `answers` table (one INSERT … SELECT
 * generate_series, submitted over the week, the split drifting) with their counters; the history is then built
 * through the production write, `writeSnapshots` (data-access/history-repo.ts, what the live results flush calls),
 * with the counters as the flush would have read them at the end of every minute that had answers — so the small
 * question gets ~1,000 stored snapshots and the big one one per minute of the week (10,080).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { PROBE_SNAPSHOTS, writeSnapshots } from '../../../services/voting/src/data-access/history-repo.ts';
import { createQuestionAs, signInAdmin, startGatewayForTest, startServicesForTest } from '../../../tests/api/helpers.ts';
import { CFG, log } from '../config.ts';
import { figure, median, percentile, type Figure } from '../stats.ts';

export interface HistoryCost {
  smallN: number;
  bigN: number;
  /** Each run's p95 (ms) of the history read, per question. */
  small: Figure;
  big: Figure;
  /** Each run's median (ms). */
  smallMedian: Figure;
  bigMedian: Figure;
  /** The probe statement's execution time in PostgreSQL (EXPLAIN ANALYZE, ms): the part that could grow with the answers. */
  probeMs: { small: number; big: number };
  /** For the machine's scale: GET /public-results (its cache off too) on the same stack, p95 and median (ms). */
  publicResults: { p95: number; median: number };
  seedMs: number;
}

/** The whole phase: its stack, two seeded questions, CFG.historyRuns measured runs, the stack stopped. */
export async function measureHistoryCost(bigN = CFG.historyAnswers, runs = CFG.historyRuns): Promise<HistoryCost> {
  const smallN = 1_000;
  log(`history read cost: starting the services and a gateway with its public cache off…`);
  const system = await startServicesForTest();
  const gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '0' }).catch(async (e: unknown) => {
    await system.cleanup();
    throw e;
  });
  try {
    const admin = await signInAdmin(gw);
    const small = await createQuestionAs(admin, `Bench history small ${randomUUID().slice(0, 6)}`);
    const big = await createQuestionAs(admin, `Bench history big ${randomUUID().slice(0, 6)}`);
    await Promise.all([system.projected(small), system.projected(big)]);
    const pool = system.voting.ctx.pool;
    const t0 = Date.now();
    for (const [id, n] of [
      [small, smallN],
      [big, bigN],
    ] as const) {
      const seeded = await seedHistoryQuestion(pool, id, n);
      log(`history: seeded ${n.toLocaleString('en-ZA')} answers, ${seeded.snapshots} stored snapshots in ${seeded.ms} ms`);
    }
    const seedMs = Date.now() - t0;
    const probeMs = { small: await probeTime(pool, small), big: await probeTime(pool, big) };
    const results: HistoryCostRun[] = [];
    for (let r = 0; r < runs; r++) {
      const run = await measureHistoryOnce(gw.base, small, big, { small: smallN, big: bigN });
      results.push(run);
      log(`history run ${r + 1}: p95 ${run.smallP95.toFixed(2)} ms at ${smallN}, ${run.bigP95.toFixed(2)} ms at ${bigN} (medians ${run.smallMedian.toFixed(2)}, ${run.bigMedian.toFixed(2)})`);
    }
    // The machine's floor for a gateway read that composes gRPC calls (public results, its cache off too).
    const floor: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      await (await fetch(`${gw.base}/api/questions/${small}/public-results`)).arrayBuffer();
      floor.push(performance.now() - t);
    }
    return {
      smallN,
      bigN,
      small: figure(results.map((x) => x.smallP95)),
      big: figure(results.map((x) => x.bigP95)),
      smallMedian: figure(results.map((x) => x.smallMedian)),
      bigMedian: figure(results.map((x) => x.bigMedian)),
      probeMs,
      publicResults: { p95: percentile(floor, 95), median: median(floor) },
      seedMs,
    };
  } finally {
    await gw.stop().catch(() => undefined);
    await system.cleanup();
  }
}

/** The read's probe statement as PostgreSQL runs it for one question (its execution time, ms). */
async function probeTime(pool: pg.Pool, questionId: string): Promise<number> {
  const plan = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${PROBE_SNAPSHOTS}`, [[questionId], new Date().toISOString(), 198]);
  return (plan.rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0]!['Execution Time'];
}

interface HistoryCostRun {
  smallP95: number;
  bigP95: number;
  smallMedian: number;
  bigMedian: number;
}

/** Seeds `n` answers over the last week for a question voting knows (published a week ago) and its stored history. */
async function seedHistoryQuestion(pool: pg.Pool, questionId: string, n: number): Promise<{ snapshots: number; ms: number }> {
  const t0 = Date.now();
  const c = await pool.connect();
  try {
    await c.query('SET synchronous_commit = off');
    await c.query(`UPDATE question_state SET published_at = now() - interval '7 days' WHERE question_id = $1`, [questionId]);
    await c.query(
      `INSERT INTO answers (user_id, question_id, option_id, submitted_at, sast_day)
       SELECT gen_random_uuid(), $1,
         CASE WHEN random() < 0.45 + 0.2 * sin(g::float8 / $2 * 6) THEN 'yes' ELSE 'no' END,
         ts, (ts AT TIME ZONE 'Africa/Johannesburg')::date
       FROM generate_series(1, $2::int) g, LATERAL (SELECT now() - interval '7 days' + (g::float8 / $2) * interval '7 days' - interval '1 second' AS ts) t`,
      [questionId, n],
    );
    await c.query(
      `INSERT INTO option_counts (question_id, option_id, shard, count)
       SELECT $1, option_id, 0, count(*) FROM answers WHERE question_id = $1 GROUP BY option_id
       ON CONFLICT (question_id, option_id, shard) DO UPDATE SET count = EXCLUDED.count`,
      [questionId],
    );
    const perMinute = await c.query<{ bucket: Date; at: Date; yes: string; no: string }>(
      `SELECT date_trunc('minute', submitted_at) AS bucket, max(submitted_at) AS at,
         count(*) FILTER (WHERE option_id = 'yes') AS yes, count(*) FILTER (WHERE option_id = 'no') AS no
       FROM answers WHERE question_id = $1 GROUP BY 1 ORDER BY 1`,
      [questionId],
    );
    let yes = 0;
    let no = 0;
    const rows = perMinute.rows.map((r) => {
      yes += Number(r.yes);
      no += Number(r.no);
      return { questionId, bucket: r.bucket, at: r.at, counts: { yes, no } };
    });
    for (let i = 0; i < rows.length; i += 2_000) await writeSnapshots(pool, rows.slice(i, i + 2_000));
    await c.query('ANALYZE answers; ANALYZE option_counts; ANALYZE results_history');
    return { snapshots: rows.length, ms: Date.now() - t0 };
  } finally {
    c.release();
  }
}

/** One run: `reps` sequential GETs of each question's history (interleaved), after a warm-up; p95 and median per question. */
async function measureHistoryOnce(base: string, small: string, big: string, expected: { small: number; big: number }, reps = 300): Promise<HistoryCostRun> {
  const get = async (id: string, total: number) => {
    const s = performance.now();
    const res = await fetch(`${base}/api/questions/${id}/history`);
    const body = (await res.json()) as { points: { totalVotes: number }[] };
    const ms = performance.now() - s;
    if (res.status !== 200 || body.points.at(-1)?.totalVotes !== total || body.points.length > 200) {
      throw new Error(`history of ${id}: ${res.status}, ${body.points?.length} points, last total ${body.points?.at(-1)?.totalVotes}`);
    }
    return ms;
  };
  for (let i = 0; i < 30; i++) await Promise.all([get(small, expected.small), get(big, expected.big)]);
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < reps; i++) {
    s.push(await get(small, expected.small));
    b.push(await get(big, expected.big));
  }
  return { smallP95: percentile(s, 95), bigP95: percentile(b, 95), smallMedian: median(s), bigMedian: median(b) };
}
