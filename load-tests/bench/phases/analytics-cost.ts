/**
 * The admin's "how the day went" read against the number of answers: GET /api/admin/analytics/day through a gateway
 * (the four services asked in parallel), on a stack of its own (tests/api/helpers.ts, fresh databases dropped
 * afterwards) with a second voting service on a database of its own and a second gateway in front of it, the reads
 * of the two interleaved (as the history read's are), so that the machine's load moves both alike. Voting's roll-up
 * job is off in both: the phase says when closed days are rolled up.
 *   A  the first voting: 1,000 answers, all in the 15 days (the baseline);
 *   B  the second: the same 1,000, plus CFG.analyticsAnswers − 1,000 before the 15 days (history should cost a read
 *      nothing);
 *   C  the second again, plus CFG.analyticsAnswers − 1,000 more in the 15 days (CFG.analyticsAnswers in the range,
 *      ≈ 1/15 of them today): the closed days rolled up afresh, timed one by one (what the job does once a day).
 * Seeding: analytics-seed.ts. Each state's statements also run under EXPLAIN ANALYZE (their time in PostgreSQL, and
 * that no answers are read but through answers_submitted_idx). `make bench` runs it once its own stack has stopped;
 * scripts/bench-analytics.ts runs it alone.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { sastDayRange } from '../../../services/kit/src/day-range.ts';
import { sastDate } from '../../../services/kit/src/time.ts';
import { createTestDatabase, deleteTestStreams, serviceTestEnv, testNamespace } from '../../../services/kit/src/testing.ts';
import { start as startVoting } from '../../../services/voting/src/main.ts';
import { ANSWERS_BY_HOUR, PROVINCE_PARTICIPATION, ROLLED_DAYS, TODAYS_PLAYERS, TOP_QUESTIONS } from '../../../services/voting/src/data-access/analytics-repo.ts';
import { rollUpClosedDays } from '../../../services/voting/src/data-access/analytics-rollup.ts';
import { signInAdmin, startGatewayForTest, startServicesForTest, type Browser } from '../../../tests/api/helpers.ts';
import { CFG, log } from '../config.ts';
import { figure, median, percentile, type Figure } from '../stats.ts';
import { insertAnswers, insertQuestions, questionsOver, settle } from './analytics-seed.ts';

export interface StateCost {
  /** Answers in the table and in the 15 days (of them today). */
  answers: number;
  inRange: number;
  today: number;
  /** Each run's p95 and median (ms) of the read. */
  p95: Figure;
  median: Figure;
  /** Voting's statements in PostgreSQL (EXPLAIN ANALYZE, ms), and whether any read answers but through the time index. */
  statementsMs: Record<string, number>;
  /** Each statement's scans, as the plan names them ("Index Only Scan answers_submitted_idx", …). */
  scans: Record<string, string[]>;
  answersOnlyByIndex: boolean;
}

/** The scan nodes of a plan (JSON), in plan order: node type and the index or relation. */
function scansOf(node: Record<string, unknown>, out: string[] = []): string[] {
  const type = String(node['Node Type'] ?? '');
  if (type.includes('Scan') && type !== 'CTE Scan' && type !== 'Subquery Scan' && type !== 'Function Scan') out.push(`${type} ${String(node['Index Name'] ?? node['Relation Name'] ?? '')}`.trim());
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) scansOf(child, out);
  return out;
}

export interface AnalyticsCost {
  a: StateCost;
  b: StateCost;
  /** A again, read in turn with C. */
  aBesideC: StateCost;
  c: StateCost;
  /** The roll-up of each closed day of state C (ms), as the job does it once a day. */
  rollupMs: Figure;
  /** For the machine's scale: GET /public-results p95 and median (ms) on the same stack. */
  publicResults: { p95: number; median: number };
  seedMs: number;
}

const DAY_MS = 86_400_000;

/** The whole phase: its stack, the three states, the runs, the stack stopped. */
export async function measureAnalyticsCost(bigN = CFG.analyticsAnswers, runs = CFG.analyticsRuns): Promise<AnalyticsCost> {
  log('analytics read cost: starting the services, a second voting service and two gateways…');
  const mailDir = await mkdtemp(join(tmpdir(), 'bench-analytics-mail-'));
  const noJob = { ANALYTICS_ROLLUP_INTERVAL_MS: '0' };
  const system = await startServicesForTest({ notification: { MAIL_DIR: mailDir }, voting: noJob });
  const bigNs = testNamespace();
  const bigDb = await createTestDatabase('voting');
  const stops: (() => Promise<unknown>)[] = [() => system.cleanup(), () => bigDb.drop(), () => deleteTestStreams(bigNs), () => rm(mailDir, { recursive: true, force: true })];
  const clients: pg.PoolClient[] = [];
  try {
    const bigVoting = await startVoting(serviceTestEnv(bigDb.url, bigNs, noJob));
    stops.unshift(() => bigVoting.stop());
    const env = { ...system.gatewayEnv, PUBLIC_CACHE_MS: '0' };
    const gwSmall = await startGatewayForTest(system.identityAddress, env);
    stops.unshift(() => gwSmall.stop());
    const gwBig = await startGatewayForTest(system.identityAddress, { ...env, VOTING_GRPC_ADDR: `127.0.0.1:${bigVoting.grpcPort}` });
    stops.unshift(() => gwBig.stop());
    const small: Side = { pool: system.voting.ctx.pool, c: await system.voting.ctx.pool.connect(), admin: await signInAdmin(gwSmall) };
    const big: Side = { pool: bigVoting.ctx.pool, c: await bigVoting.ctx.pool.connect(), admin: await signInAdmin(gwBig) };
    clients.push(small.c, big.c);
    const now = new Date();
    const today = sastDayRange(sastDate(now), 1);
    const inRange = questionsOver(today.start, 15, randomUUID, now);
    const before = questionsOver(new Date(today.start.getTime() - 16 * DAY_MS), 30, randomUUID, now);
    const t0 = Date.now();
    for (const side of [small, big]) {
      await side.c.query('SET synchronous_commit = off');
      await insertQuestions(side.c, [...inRange, ...before]);
      await insertAnswers(side.c, inRange, 1, 1_000, now);
    }
    await settle(small.c);
    await rollUpClosedDays(small.pool, now);
    await insertAnswers(big.c, before, 1, bigN - 1_000, now);
    await settle(big.c);
    await rollUpAfresh(big.c, big.pool, now);
    const [a, b] = await measurePair(small, big, runs, 60, now);
    log(`analytics B: p95 ${b.p95.median.toFixed(1)} ms at ${b.answers} answers (${b.inRange} in the range) vs A ${a.p95.median.toFixed(1)} ms at ${a.answers}`);

    await insertAnswers(big.c, inRange, 1_001, bigN, now);
    await settle(big.c);
    const seedMs = Date.now() - t0;
    const rollupMs = await rollUpAfresh(big.c, big.pool, now);
    const [a2, cState] = await measurePair(small, big, runs, 20, now);
    log(`analytics C: p95 ${cState.p95.median.toFixed(1)} ms with ${cState.inRange} answers in the range (${cState.today} today) vs A ${a2.p95.median.toFixed(1)}; a day's roll-up ${rollupMs.median.toFixed(0)} ms`);

    const floor: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      await (await fetch(`${gwSmall.base}/api/questions/${inRange[0]!.id}/public-results`)).arrayBuffer();
      floor.push(performance.now() - s);
    }
    return { a, b, aBesideC: a2, c: cState, rollupMs, publicResults: { p95: percentile(floor, 95), median: median(floor) }, seedMs };
  } finally {
    for (const c of clients) c.release();
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

interface Side {
  pool: pg.Pool;
  c: pg.PoolClient;
  admin: Browser;
}

/**
 * State C's answers went into days already rolled up (which the product never does): the roll-ups start afresh, as
 * after the migration (its backfill of first days from every answer), and each closed day is rolled up, timed.
 */
async function rollUpAfresh(c: pg.PoolClient, pool: pg.Pool, now: Date): Promise<Figure> {
  await c.query('TRUNCATE answer_days, player_first_days');
  await c.query('INSERT INTO player_first_days (user_id, first_day) SELECT user_id, min(sast_day) FROM answers GROUP BY user_id');
  await c.query('VACUUM (ANALYZE) player_first_days');
  const times: number[] = [];
  for (;;) {
    const s = performance.now();
    const { rolled } = await rollUpClosedDays(pool, now, 0);
    if (rolled.length === 0) break;
    const [day] = rolled;
    const { rows } = await c.query<{ n: string }>('SELECT count(*) AS n FROM answers WHERE sast_day = $1', [day]);
    // Only the days with answers: the empty ones before them take a millisecond.
    if (Number(rows[0]!.n) > 0) times.push(performance.now() - s);
  }
  return figure(times);
}

/** A state's answers, its statements' plans, and a read of it (checked: the range's answers are all there). */
async function describeState(side: Side, now: Date) {
  const { c, admin } = side;
  const today = sastDayRange(sastDate(now), 1);
  const range = sastDayRange(today.today, 15);
  const count = async (where: string, params: unknown[] = []) => Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM answers ${where}`, params)).rows[0]!.n);
  const answers = await count('');
  const inRange = await count('WHERE submitted_at >= $1', [range.start]);
  const todays = await count('WHERE submitted_at >= $1', [today.start]);
  const statements: [string, string, unknown[]][] = [
    ['hours today', ANSWERS_BY_HOUR, [today.start, today.end]],
    ["today's players", TODAYS_PLAYERS, [today.start, today.end, today.today]],
    ['rolled-up days', ROLLED_DAYS, [range.firstDay, range.today]],
    ['provinces', PROVINCE_PARTICIPATION, [range.start, range.end]],
    ['top questions', TOP_QUESTIONS, [range.start, range.end, 5]],
  ];
  const statementsMs: Record<string, number> = {};
  const scans: Record<string, string[]> = {};
  let answersOnlyByIndex = true;
  for (const [name, text, params] of statements) {
    const plan = (await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params)).rows[0]['QUERY PLAN'][0] as { 'Execution Time': number; Plan: Record<string, unknown> };
    statementsMs[name] = plan['Execution Time'];
    scans[name] = scansOf(plan.Plan);
    if (/"Node Type":"Seq Scan"[^}]*"Relation Name":"answers"/.test(JSON.stringify(plan))) answersOnlyByIndex = false;
  }
  const read = async () => {
    const s = performance.now();
    const res = await admin.get('/api/admin/analytics/day');
    const ms = performance.now() - s;
    const total = (res.json?.days ?? []).reduce((n: number, d: { answers: number }) => n + d.answers, 0);
    if (res.status !== 200 || total !== inRange) throw new Error(`analytics read: ${res.status}, ${total} answers in the range (expected ${inRange}): ${res.text.slice(0, 200)}`);
    return ms;
  };
  return { answers, inRange, today: todays, statementsMs, scans, answersOnlyByIndex, read };
}

/** Two states read in turn, `reads` each per run after a warm-up: each run's p95 and median per state. */
async function measurePair(x: Side, y: Side, runs: number, reads: number, now: Date): Promise<[StateCost, StateCost]> {
  const states = [await describeState(x, now), await describeState(y, now)] as const;
  for (let i = 0; i < Math.max(3, reads / 10); i++) for (const s of states) await s.read();
  const p95s: [number[], number[]] = [[], []];
  const medians: [number[], number[]] = [[], []];
  for (let r = 0; r < runs; r++) {
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < reads; i++) for (const k of [0, 1] as const) times[k].push(await states[k].read());
    for (const k of [0, 1] as const) {
      p95s[k].push(percentile(times[k], 95));
      medians[k].push(median(times[k]));
    }
  }
  const cost = (k: 0 | 1): StateCost => {
    const { read: _read, ...rest } = states[k];
    return { ...rest, p95: figure(p95s[k]), median: figure(medians[k]) };
  };
  return [cost(0), cost(1)];
}
