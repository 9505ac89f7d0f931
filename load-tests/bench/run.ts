/**
 * `make bench`: the publish burst against a real stack on this machine, every figure beside a same-run baseline.
 *
 *   npx tsx load-tests/bench/run.ts          (starts its own stack: startStack({mode:'test'}))
 *   BENCH_BASE_URL=http://localhost:8080 …   (against `make up`'s stack: dev databases, REDIS_PREFIX mp:)
 *
 * Knobs (env): BENCH_WS_CLIENTS (10000, the target's), BENCH_VOTE_RATE (800/s, the p99 target's), BENCH_VOTE_SECONDS
 * (10), BENCH_KNEE_RATES (600,1000,1200: one open-loop phase each, to find the knee), BENCH_POLL (0; 1 = every socket
 * also polls public-results every 5 s during the offered-rate phases, as the web did before it applied the socket's
 * results), BENCH_REPS (3), BENCH_REP_SECONDS (3), BENCH_CONNECTIONS (32), BENCH_READCOST_ANSWERS (1000000),
 * BENCH_HISTORY (1: the history read, after the bench's stack has stopped, on one of its own), BENCH_HISTORY_ANSWERS
 * (1000000), BENCH_HISTORY_RUNS (3), BENCH_ANALYTICS (1: the admin analytics read, likewise), BENCH_ANALYTICS_ANSWERS
 * (1000000), BENCH_ANALYTICS_RUNS (3),
 * BENCH_WEB (1), BENCH_LIGHTHOUSE (1: Lighthouse and the LCPs on the demo data, last, on a stack of its own), BENCH_IDLE_SECONDS (60: the idle signed-in /vote window), BENCH_GATEWAY_FLAGS (extra node flags for the
 * gateway, e.g. --trace-gc), BENCH_SOAK_SECONDS (0: the RSS soak after the reconnect storm, measured after a minute's
 * warm-up; 600 for the target's 10 minutes), BENCH_SOAK_RATE (200 votes/s during it).
 * Prints ONE table (the current targets and every earlier one, so a regression shows) and writes it to
 * load-tests/results/<date>.md.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { CFG, dbUrl, log, REDIS_URL } from './config.ts';
import { runLighthouse } from './lighthouse.ts';
import { send } from './load.ts';
import { measureBaselines } from './phases/baselines.ts';
import { measureAnalyticsCost } from './phases/analytics-cost.ts';
import { measureHistoryCost } from './phases/history-cost.ts';
import { holdSockets, publishQuestions } from './phases/publish.ts';
import { measureReadCost } from './phases/read-cost.ts';
import { publicReads } from './phases/reads.ts';
import { GatewaySamples, startSystem } from './phases/system.ts';
import { VoteChecks } from './phases/vote-checks.ts';
import { offeredVotes } from './phases/votes-open.ts';
import { sustainedVotes } from './phases/votes-closed.ts';
import { reconnectStorm } from './phases/reconnect-storm.ts';
import { soak } from './phases/soak.ts';
import { loadAvg, rssOf } from './procs.ts';
import { Report } from './report.ts';
import { seed } from './seed.ts';
import { tabulateTheRest, tabulateVotes, type Results } from './tabulate.ts';
import { webChecks, type IdleVoteOptions } from './web.ts';

async function main() {
  const started = Date.now();
  const runId = Math.random().toString(36).slice(2, 8);
  const loadStart = loadAvg();
  log('config', CFG, 'load', loadStart);
  const report = new Report();
  const sys = await startSystem();
  const voting = new pg.Pool({ connectionString: dbUrl(sys.votingDb), max: 2 });
  let cleanupSeed: (() => Promise<void>) | undefined;
  let closeFleet: (() => Promise<void>) | undefined;
  let results: Results;
  try {
    // Users and their sessions, minted straight into identity and Redis (the bench's own path).
    const perQuestionVotes = Math.ceil(Math.max(CFG.voteRate, ...CFG.kneeRates) * CFG.voteSeconds);
    // + 1: the idle /vote page's user, who votes once (not in the socket fleet, not among the voters).
    const userCount = Math.max(CFG.wsClients, perQuestionVotes, 10_000) + 1;
    const t = Date.now();
    const seeded = await seed({
      identityDbUrl: dbUrl(sys.identityDb),
      redisUrl: REDIS_URL,
      redisPrefix: sys.redisPrefix,
      sessionSecret: sys.sessionSecret,
      cookieName: sys.publicOrigin.startsWith('https:') ? '__Host-sid' : 'sid',
      idleTtlS: 14 * 24 * 3600,
      count: userCount,
      runId,
    });
    cleanupSeed = seeded.cleanup;
    const { admin } = seeded;
    const idleUser = seeded.users.at(-1)!;
    const users = seeded.users.slice(0, -1);
    log(`seeded ${users.length} users + sessions in ${Date.now() - t} ms`);
    const api = new Pool(sys.gatewayOrigin, { connections: 8 });
    const me = await send(api, { path: '/api/auth/me', headers: { cookie: admin.cookie } });
    if (me.status !== 200) throw new Error(`minted admin session not accepted: ${me.status} ${me.body}`);

    // The phases, in order.
    const base = await measureBaselines(report);
    const sockets = await holdSockets(sys, users);
    closeFleet = () => sockets.fleet.closeAll();
    const published = await publishQuestions(sys, api, admin, sockets.fleet, voting, runId);
    const checks = new VoteChecks(report, api, voting, users, sys.publicOrigin);
    const sustained = await sustainedVotes(sys, report, checks, seeded, users, published.voteQs.slice(0, CFG.reps));
    const samples = new GatewaySamples(sys.gatewayMetricsUrl);
    const offered = await offeredVotes(sys, report, checks, samples, sockets.fleet, seeded, users, published.voteQs.slice(CFG.reps));
    const rssAfterVotes = sys.gatewayPid ? rssOf(sys.gatewayPid) : undefined;
    const storm = await reconnectStorm(sys, report, checks, seeded, users, sockets.fleet, published.voteQs[CFG.reps * 2 + CFG.kneeRates.length]!);
    const soaked = await soak(sys, api, admin, voting, checks, seeded, users, sockets.fleet, runId);
    const rssEnd = sys.gatewayPid ? rssOf(sys.gatewayPid) : undefined;
    const reads = await publicReads(sys, report, published.voteQs[0]!);
    const readCost = await measureReadCost(voting, sys.votingAddr);
    log(`read cost: ${readCost.small.median} ms at ${readCost.smallN} vs ${readCost.big.median} ms at ${readCost.bigN} answers (insert took ${readCost.insertMs} ms)`);
    // The idle /vote page's user has answered one question (the results panel) and not the others (answer forms).
    let idleVote: IdleVoteOptions | undefined;
    if (CFG.web) {
      await seeded.touch([idleUser]);
      const v = await send(api, { path: '/api/answers', method: 'POST', headers: checks.headers(idleUser), body: JSON.stringify({ userId: idleUser.id, questionId: published.voteQs[0], optionId: 'yes' }) });
      if (v.status !== 201) report.notes.push(`idle /vote user's vote: ${v.status} ${v.body.slice(0, 200)}`);
      idleVote = { origin: sys.publicOrigin, cookie: idleUser.cookie, windowMs: CFG.idleSeconds * 1000 };
    }
    const web = CFG.web ? await webChecks(sys.gatewayOrigin, 3, idleVote, sys.gatewayPid, `/embed/q/${published.voteQs[0]}`).catch((e: Error) => ({ error: e.message, initialGzipKb: NaN, files: 0, notes: [] })) : undefined;

    results = { base, sockets, rssAfterVotes, published, sustained, offered, storm, soak: soaked, rssEnd, checks, reads, readCost, web };
    await api.close();
  } finally {
    await closeFleet?.().catch(() => undefined);
    await cleanupSeed?.().catch((e: Error) => log('cleanup', e.message));
    await voting.end().catch(() => undefined);
    if (sys.stack) await sys.stack.stop();
  }
  // The history read on a stack of its own, once the bench's has stopped: seeding a million answers beside it, or
  // reading beside its sockets, would share the CPU with what it measures.
  if (CFG.history) {
    results.history = await measureHistoryCost().catch((e: Error) => ({ error: e.message }));
  }
  // The admin analytics read, likewise on a stack of its own.
  if (CFG.analytics) {
    results.analytics = await measureAnalyticsCost().catch((e: Error) => ({ error: e.message }));
  }
  tabulateVotes(report, results);
  tabulateTheRest(report, results);
  report.verdict();
  const resultsFile = report.write([
    `Run ${new Date().toISOString()} · ${process.env.BENCH_BASE_URL ? `against ${process.env.BENCH_BASE_URL}` : 'own stack (startStack mode test)'} · ${CFG.wsClients} sockets · ` +
      `${CFG.reps} repetitions × ${CFG.repSeconds} s (votes ${CFG.voteRate}/s × ${CFG.voteSeconds} s × ${CFG.reps}, then ${CFG.kneeRates.join(', ')}/s once each${CFG.poll ? ', sockets polling' : ', sockets listening (no polling)'}) · ${CFG.connections} connections · ` +
      `${CFG.history ? `history read at ${CFG.historyAnswers} answers × ${CFG.historyRuns} runs` : 'no history read (BENCH_HISTORY=0)'} · ` +
      `${CFG.analytics ? `analytics read at ${CFG.analyticsAnswers} answers × ${CFG.analyticsRuns} runs` : 'no analytics read (BENCH_ANALYTICS=0)'} · ` +
      `load average (1/5/15 min) at start ${loadStart}, at end ${loadAvg()} · ${((Date.now() - started) / 1000) | 0} s total`,
    `Everything on one machine: the load generator, the stack, PostgreSQL, Redis and NATS share the CPUs; baselines are separate Node processes measured in the same run.`,
  ]);
  log(`written ${path.relative(process.cwd(), resultsFile)}`);
  // Lighthouse last, on its own stack with the demo data, once the bench's stack has stopped: they would share the CPU.
  if (CFG.lighthouse) {
    const { text, missed } = await runLighthouse(log);
    const verdict = missed.length ? `MISSED ${missed.length}: ${missed.join('; ')}` : 'Every Lighthouse and LCP target met.';
    console.log(`\n${text}\n\n${verdict}`);
    appendFileSync(resultsFile, `\n### Lighthouse (mobile preset) and LCP under Fast 3G + 4× CPU, demo data\n\n${text}\n\n- ${verdict}\n`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
