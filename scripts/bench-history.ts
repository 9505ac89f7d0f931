/**
 * The history read-cost row on its own (the full bench takes long): starts the real services and a gateway with its
 * public cache off (tests/api/helpers.ts), publishes two questions, seeds 1,000 and BENCH_HISTORY_ANSWERS (default
 * 1,000,000) answers and their history (phases/history-cost.ts says how), then measures GET /api/questions/{id}/history
 * p95 for each, BENCH_HISTORY_RUNS times (default 3), and prints the medians and the ratio.
 *
 *   npx tsx scripts/bench-history.ts
 */
import { randomUUID } from 'node:crypto';
import { createQuestionAs, signInAdmin, startGatewayForTest, startServicesForTest } from '../tests/api/helpers.ts';
import { PROBE_SNAPSHOTS } from '../services/voting/src/data-access/history-repo.ts';
import { measureHistoryOnce, seedHistoryQuestion, type HistoryCostRun } from '../load-tests/bench/phases/history-cost.ts';

const bigN = Number(process.env.BENCH_HISTORY_ANSWERS ?? 1_000_000);
const runs = Number(process.env.BENCH_HISTORY_RUNS ?? 3);
const smallN = 1_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

const system = await startServicesForTest();
const gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '0' });
try {
  const admin = await signInAdmin(gw);
  const [small, big] = [await createQuestionAs(admin, `Bench history small ${randomUUID().slice(0, 6)}`), await createQuestionAs(admin, `Bench history big ${randomUUID().slice(0, 6)}`)];
  await Promise.all([system.projected(small), system.projected(big)]);
  const pool = system.voting.ctx.pool;
  for (const [id, n] of [
    [small, smallN],
    [big, bigN],
  ] as const) {
    const seeded = await seedHistoryQuestion(pool, id, n);
    console.log(`seeded ${n.toLocaleString('en-ZA')} answers, ${seeded.snapshots} stored snapshots in ${seeded.ms} ms`);
  }
  // The read's SQL as PostgreSQL runs it (the probe statement is the one whose work could grow with the answers).
  for (const [id, n] of [
    [small, smallN],
    [big, bigN],
  ] as const) {
    const plan = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${PROBE_SNAPSHOTS}`, [[id], new Date().toISOString(), 198]);
    const top = (plan.rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0]!;
    console.log(`probe statement at ${n.toLocaleString('en-ZA')} answers: ${ms(top['Execution Time'])} in PostgreSQL`);
  }
  const results: HistoryCostRun[] = [];
  for (let r = 0; r < runs; r++) {
    const run = await measureHistoryOnce(gw.base, small, big, { small: smallN, big: bigN });
    results.push(run);
    console.log(`run ${r + 1}: p95 ${ms(run.smallP95)} at ${smallN}, ${ms(run.bigP95)} at ${bigN} (medians ${ms(run.smallMedian)}, ${ms(run.bigMedian)})`);
  }
  // The machine's floor for a gateway read that composes two gRPC calls (public results, its cache off too).
  const floor: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await (await fetch(`${gw.base}/api/questions/${small}/public-results`)).arrayBuffer();
    floor.push(performance.now() - t);
  }
  floor.sort((x, y) => x - y);
  console.log(`for scale, GET /public-results (cache off) on this machine now: p95 ${ms(floor[Math.ceil(0.95 * floor.length) - 1]!)}, median ${ms(median(floor))}`);
  const s = median(results.map((x) => x.smallP95));
  const b = median(results.map((x) => x.bigP95));
  console.log(`history read p95 (median of ${runs} runs): ${ms(s)} at ${smallN.toLocaleString('en-ZA')} answers, ${ms(b)} at ${bigN.toLocaleString('en-ZA')}; ratio ${(b / s).toFixed(2)} (target ≤ 1.2, and ≤ 20 ms)`);
} finally {
  await gw.stop().catch(() => undefined);
  await system.cleanup();
}
