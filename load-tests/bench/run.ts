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
 * BENCH_WEB (1), BENCH_IDLE_SECONDS (60: the idle signed-in /vote window), BENCH_GATEWAY_FLAGS (extra node flags for the
 * gateway, e.g. --trace-gc).
 * Prints ONE table (issue #16's targets and every earlier one) and writes it to load-tests/results/<date>.md.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as grpc from '@grpc/grpc-js';
import pg from 'pg';
import { Pool } from 'undici';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { databaseUrl, startStack, type Stack } from '../../scripts/stack.ts';
import { closedLoop, openLoop, send, type Req, type RunResult } from './load.ts';
import { cpuByGroup, deployedNodeOptions, loadAvg, pgbench, pidOnPort, processCpu, rssOf, startBaseline, votePathProcesses, withCpu } from './procs.ts';
import { seed, type SeededUser } from './seed.ts';
import { figure, fmtFig, fmtNum, median, percentile, sleep, type Figure } from './stats.ts';
import { connectFleet } from './wsclients.ts';
import { webChecks, type WebResult } from './web.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const env = process.env;
const num = (k: string, d: number) => (env[k] ? Number(env[k]) : d);
const CFG = {
  wsClients: num('BENCH_WS_CLIENTS', 10_000),
  voteRate: num('BENCH_VOTE_RATE', 800),
  kneeRates: (env.BENCH_KNEE_RATES ?? '600,1000,1200')
    .split(',')
    .map(Number)
    .filter((x) => x > 0),
  poll: env.BENCH_POLL === '1',
  idleSeconds: num('BENCH_IDLE_SECONDS', 60),
  voteSeconds: num('BENCH_VOTE_SECONDS', 10),
  reps: Math.max(3, num('BENCH_REPS', 3)),
  repSeconds: num('BENCH_REP_SECONDS', 3),
  connections: num('BENCH_CONNECTIONS', 32),
  readcostAnswers: num('BENCH_READCOST_ANSWERS', 1_000_000),
  web: env.BENCH_WEB !== '0',
};
const PG_ADMIN = env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (...a: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
const dbUrl = (name: string) => databaseUrl(name, PG_ADMIN);

interface Row {
  metric: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  ok: boolean | null;
}
const rows: Row[] = [];
/** CPU ms per request by process (load-independent cost; the basis of the capacity plan). */
const cpuPer: Record<string, number> = {};
const notes: string[] = [];

/** The gateway's /metrics, sampled during the overload phases to say where its memory goes. */
let gatewayMetricsUrl: string | undefined;
const MEMORY_METRICS = ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_heap_size_total_bytes', 'nodejs_external_memory_bytes', 'ws_buffered_bytes'];
const memPeak: Record<string, number> = {};
/**
 * The gateway's event-loop delay, each 1 s sample's max (prom-client's monitorEventLoopDelay, reset at every
 * scrape): a synchronous stall — a fan-out to every socket, a long GC — shows here, and every vote arriving during it waits.
 */
let loopLagMaxMs: number[] = [];
async function sampleGatewayMemory() {
  if (!gatewayMetricsUrl) return;
  try {
    const text = await (await fetch(gatewayMetricsUrl, { signal: AbortSignal.timeout(900) })).text();
    for (const line of text.split('\n')) {
      const m = /^(\w+)(?:\{[^}]*\})? (\S+)$/.exec(line); // name{labels} value
      if (m && MEMORY_METRICS.includes(m[1]!)) memPeak[m[1]!] = Math.max(memPeak[m[1]!] ?? 0, Number(m[2]));
      if (m && m[1] === 'nodejs_eventloop_lag_max_seconds') loopLagMaxMs.push(Number(m[2]) * 1000);
    }
  } catch {
    /* a busy gateway may miss a sample */
  }
}
function row(metric: string, value: string, baseline: string, ratio: number | string, target: string, ok: boolean | null) {
  rows.push({ metric, value, baseline, ratio: typeof ratio === 'number' ? (Number.isFinite(ratio) ? `${fmtNum(ratio, 2)}×` : 'n/a') : ratio, target, ok });
}

async function closedReps(origin: string, mk: () => (i: number) => Req | undefined, expect?: (s: number) => boolean): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (let r = 0; r < CFG.reps; r++) {
    out.push(await closedLoop(origin, { connections: CFG.connections, durationMs: CFG.repSeconds * 1000, next: mk(), expect, warmupMs: r === 0 ? 500 : 0 }));
  }
  return out;
}
const rpsFig = (rs: RunResult[]) => figure(rs.map((r) => r.rps));
const errs = (rs: RunResult[]) => rs.reduce((n, r) => n + r.errors, 0);

const NEW_QUESTION_LIKE = JSON.stringify({
  type: 'new-question',
  question: {
    id: randomUUID(),
    text: 'Will load-shedding return to stage 4 before the end of the month',
    context: 'A realistic payload size for the bare broadcast baseline.',
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    correctOptionId: null,
    isActive: true,
    isResolved: false,
    isArchived: false,
    isPublished: true,
    publishedAt: new Date().toISOString(),
    createdAt: null,
    tags: ['energy'],
    isSample: false,
    results: [
      { optionId: 'yes', optionText: 'Yes', count: 0, percentage: 0 },
      { optionId: 'no', optionText: 'No', count: 0, percentage: 0 },
    ],
    totalVotes: 0,
    commentCount: 0,
  },
});

async function main() {
  const started = Date.now();
  const runId = Math.random().toString(36).slice(2, 8);
  const loadStart = loadAvg();
  log('config', CFG, 'load', loadStart);

  // ---------- the system under test ----------
  let stack: Stack | undefined;
  let gatewayOrigin: string; // where we connect (127.0.0.1)
  let publicOrigin: string; // what the gateway believes it is (Origin header)
  let redisPrefix: string;
  let sessionSecret: string;
  let identityDb: string;
  let votingDb: string;
  let votingAddr: string;
  let gatewayPid: number | undefined;
  let votingPid: number | undefined;
  let questionsPid: number | undefined;
  if (env.BENCH_BASE_URL) {
    const u = new URL(env.BENCH_BASE_URL);
    publicOrigin = u.origin;
    gatewayOrigin = `${u.protocol}//127.0.0.1:${u.port || 80}`;
    redisPrefix = env.REDIS_PREFIX ?? 'mp:';
    sessionSecret = env.SESSION_SECRET ?? 'dev-session-secret-not-for-production';
    identityDb = env.BENCH_IDENTITY_DB ?? 'identity';
    votingDb = env.BENCH_VOTING_DB ?? 'voting';
    votingAddr = env.BENCH_VOTING_ADDR ?? '127.0.0.1:50053';
    gatewayPid = await pidOnPort(Number(u.port || 80));
    gatewayMetricsUrl = env.BENCH_GATEWAY_METRICS_URL ?? 'http://127.0.0.1:9460/metrics';
    votingPid = await pidOnPort(Number(votingAddr.split(':')[1]));
    questionsPid = await pidOnPort(Number(env.BENCH_QUESTIONS_PORT ?? 50052));
  } else {
    sessionSecret = `bench-${randomUUID()}`;
    log('starting stack (mode test)…');
    // The gateway as deployed: NODE_OPTIONS (its heap bound) from k8s/base/config/. Every bench socket comes
    // from 127.0.0.1, so the per-address socket cap (WS_MAX_PER_IP, 20) is lifted to the fleet's size.
    stack = await startStack({
      mode: 'test',
      sourceMaps: false,
      env: { SESSION_SECRET: sessionSecret },
      gatewayEnv: { NODE_OPTIONS: deployedNodeOptions('gateway'), WS_MAX_PER_IP: String(CFG.wsClients + 100) },
      // BENCH_GATEWAY_FLAGS: extra node flags for the gateway, e.g. `--trace-gc` (its log: test-results/logs/…).
      nodeArgs: env.BENCH_GATEWAY_FLAGS ? { gateway: env.BENCH_GATEWAY_FLAGS.split(/\s+/).filter(Boolean) } : undefined,
    });
    publicOrigin = new URL(stack.baseUrl).origin;
    gatewayOrigin = `http://127.0.0.1:${stack.gatewayPort}`;
    redisPrefix = `${stack.namespace}:`;
    identityDb = stack.databases.identity!;
    votingDb = stack.databases.voting!;
    votingAddr = stack.grpcAddrs?.voting ?? '';
    gatewayPid = stack.pids?.gateway ?? (await pidOnPort(stack.gatewayPort));
    gatewayMetricsUrl = `http://127.0.0.1:${stack.processes!.gateway.metricsPort}/metrics`;
    votingPid = stack.pids?.voting;
    questionsPid = stack.pids?.questions;
  }
  const voting = new pg.Pool({ connectionString: dbUrl(votingDb), max: 2 });
  let cleanupSeed: (() => Promise<void>) | undefined;
  let closeFleet: (() => Promise<void>) | undefined;

  try {
    // ---------- seeding (bench-only path) ----------
    const perQuestionVotes = Math.ceil(Math.max(CFG.voteRate, ...CFG.kneeRates) * CFG.voteSeconds);
    // + 1: the idle /vote page's user, who votes once (not in the socket fleet, not among the voters).
    const userCount = Math.max(CFG.wsClients, perQuestionVotes, 10_000) + 1;
    let t = Date.now();
    const seeded = await seed({
      identityDbUrl: dbUrl(identityDb),
      redisUrl: REDIS_URL,
      redisPrefix,
      sessionSecret,
      cookieName: publicOrigin.startsWith('https:') ? '__Host-sid' : 'sid',
      idleTtlS: 14 * 24 * 3600,
      count: userCount,
      runId,
    });
    cleanupSeed = seeded.cleanup;
    const { admin } = seeded;
    const idleUser = seeded.users[seeded.users.length - 1]!;
    const users = seeded.users.slice(0, -1);
    log(`seeded ${users.length} users + sessions in ${Date.now() - t} ms`);

    const api = new Pool(gatewayOrigin, { connections: 8 });
    const writeHeaders = (u: SeededUser) => ({ cookie: u.cookie, origin: publicOrigin, 'content-type': 'application/json' });
    const me = await send(api, { path: '/api/auth/me', headers: { cookie: admin.cookie } });
    if (me.status !== 200) throw new Error(`minted admin session not accepted: ${me.status} ${me.body}`);

    // ---------- baselines ----------
    log('baselines: express JSON, express→gRPC echo, bare ws broadcast, pgbench…');
    const bJson = await startBaseline('json');
    const bEcho = await startBaseline('grpc-echo');
    const bEchoHttp = await startBaseline('echo-http', `127.0.0.1:${bEcho.port}`);
    const bWs = await startBaseline('ws');
    const jsonM = await withCpu([bJson.pid], () => closedReps(`http://127.0.0.1:${bJson.port}`, () => () => ({ path: '/json' })));
    const echoM = await withCpu([bEchoHttp.pid, bEcho.pid, process.pid], () => closedReps(`http://127.0.0.1:${bEchoHttp.port}`, () => () => ({ path: '/echo' })));
    const jsonRuns = jsonM.result;
    const echoRuns = echoM.result;
    const okCount = (rs: RunResult[]) => rs.reduce((n, r) => n + r.latencies.length, 0);
    cpuPer.json = jsonM.cpu[0]! / okCount(jsonRuns);
    cpuPer.echo = (echoM.cpu[0]! + echoM.cpu[1]!) / okCount(echoRuns);
    cpuPer.echoMachine = echoM.machine / okCount(echoRuns);
    cpuPer.echoMachineExclLoadgen = (echoM.machine - echoM.cpu[2]!) / okCount(echoRuns);
    const jsonRps = rpsFig(jsonRuns);
    const echoRps = rpsFig(echoRuns);
    log(`express JSON ${fmtFig(jsonRps, ' rps')}, express→gRPC echo ${fmtFig(echoRps, ' rps')}`);

    // bare ws broadcast to the same number of clients
    const bareFleet = await connectFleet(`ws://127.0.0.1:${bWs.port}/ws`, Array.from({ length: CFG.wsClients }, () => ({})), 'bcast');
    const bareBroadcast: number[] = [];
    const bwsPool = new Pool(`http://127.0.0.1:${bWs.port}`, { connections: 1 });
    for (let r = 0; r < CFG.reps + 2; r++) {
      const key = String(r);
      const t0 = performance.now();
      await send(bwsPool, { path: '/broadcast', method: 'POST', body: NEW_QUESTION_LIKE.replace('{', `{"bcast":${r},`) });
      const arr = await bareFleet.waitAll(key, 20_000);
      if (r >= 1) bareBroadcast.push(Math.max(...arr) - t0); // first one warms up
      await sleep(300);
    }
    await bareFleet.closeAll();
    await bwsPool.close();
    const bareFig = figure(bareBroadcast);
    log(`bare ws broadcast to ${CFG.wsClients}: ${fmtFig(bareFig, ' ms')}`);
    await Promise.all([bJson.stop(), bEcho.stop(), bEchoHttp.stop(), bWs.stop()]);
    const pgTps = figure(await pgbench(PG_ADMIN, CFG.reps, 5));
    log(`pgbench insert ${fmtFig(pgTps, ' tps')}`);

    // ---------- the app: hold N sockets ----------
    const rssIdle = gatewayPid ? rssOf(gatewayPid) : undefined;
    t = Date.now();
    const fleet = await connectFleet(
      `ws://127.0.0.1:${new URL(gatewayOrigin).port}/ws`,
      Array.from({ length: CFG.wsClients }, (_, i) => ({ cookie: users[i]!.cookie, origin: publicOrigin })),
      'new-question',
    );
    closeFleet = () => fleet.closeAll();
    const connectMs = Date.now() - t;
    await sleep(1_000);
    const rssWs = gatewayPid ? rssOf(gatewayPid) : undefined;
    log(`${fleet.open} sockets connected (${fleet.failed} failed) in ${connectMs} ms; gateway RSS ${rssIdle?.rssMb.toFixed(0)} → ${rssWs?.rssMb.toFixed(0)} MB`);

    // ---------- publish: new-question to every socket ----------
    // Every vote phase gets its own fresh question (closed-loop reps, offered-rate reps, knee rates); the first warms up.
    const nPublish = CFG.reps * 2 + CFG.kneeRates.length + 1;
    const questionIds: string[] = [];
    for (let i = 0; i < nPublish; i++) {
      const res = await send(api, {
        path: '/api/admin/questions',
        method: 'POST',
        headers: writeHeaders(admin),
        body: JSON.stringify({
          text: `Bench ${runId} question ${i + 1}: will the burst hold`,
          context: null,
          date: new Date().toISOString(),
          options: [
            { id: 'yes', text: 'Yes' },
            { id: 'no', text: 'No' },
          ],
        }),
      });
      if (res.status !== 201) throw new Error(`create question: ${res.status} ${res.body}`);
      questionIds.push((JSON.parse(res.body) as { id: string }).id);
    }
    const deliver: number[] = [];
    const firstArrival: number[] = [];
    const projection: number[] = [];
    let missing = 0;
    for (const [i, id] of questionIds.entries()) {
      const t0 = performance.now();
      const res = await send(api, { path: `/api/admin/questions/${id}/publish`, method: 'POST', headers: { cookie: admin.cookie, origin: publicOrigin } });
      if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.body}`);
      // voting's projection must know the question before anyone can vote (it follows questions.* events)
      const proj = (async () => {
        for (;;) {
          const { rowCount } = await voting.query('SELECT 1 FROM question_state WHERE question_id = $1', [id]);
          if (rowCount) return performance.now() - t0;
          await sleep(10);
        }
      })();
      const arr = await fleet.waitAll(`nq:${id}`, 30_000);
      missing += fleet.open - arr.length;
      const p = await proj;
      if (i >= 1) {
        deliver.push(arr.length ? Math.max(...arr) - t0 : NaN);
        firstArrival.push(arr.length ? Math.min(...arr) - t0 : NaN);
        projection.push(p);
      }
      await sleep(300);
    }
    const deliverFig = figure(deliver);
    log(`new-question to ${fleet.open}: last client ${fmtFig(deliverFig, ' ms')}; missing ${missing}`);
    const voteQs = questionIds.slice(1);

    // ---------- votes: sustained rate (closed loop) ----------
    const exact: string[] = [];
    const stale: number[] = [];
    /**
     * After a vote phase: answers rows = sum of the counter shards = public-results (exact counting), and the rows
     * are the acknowledged votes plus at most the ones that timed out at the gateway (504 after the gRPC deadline:
     * committed late; a client retry gets 200, the same answer). Staleness: time from the end of the phase until
     * public results show the stored total.
     */
    async function checkTotals(qid: string, acked: number, timedOut: number, endedAt: number) {
      const { rows: db } = await voting.query<{ answers: string; counters: string }>(
        `SELECT (SELECT count(*) FROM answers WHERE question_id = $1) AS answers,
                (SELECT coalesce(sum(count), 0) FROM option_counts WHERE question_id = $1) AS counters`,
        [qid],
      );
      const stored = Number(db[0]!.answers);
      let seenAt = NaN;
      let shown = -1;
      for (let k = 0; k < 200; k++) {
        const r = await send(api, { path: `/api/questions/${qid}/public-results` });
        shown = (JSON.parse(r.body) as { totalVotes: number }).totalVotes;
        if (shown === stored) {
          seenAt = performance.now();
          break;
        }
        await sleep(25);
      }
      stale.push(seenAt - endedAt);
      const counted = stored === Number(db[0]!.counters) && shown === stored;
      const accounted = stored >= acked && stored <= acked + timedOut;
      const ok = counted && accounted;
      exact.push(
        `${ok ? 'exact' : 'MISMATCH'} (acked ${acked}${timedOut ? ` + ${timedOut} timed out (504)` : ''}, answers ${stored}, counters ${db[0]!.counters}, public ${shown})`,
      );
      return ok;
    }
    const voteReq = (qid: string) => {
      let u = 0;
      return (i: number): Req | undefined => {
        if (i < 0) return undefined; // no warm-up for votes: every vote counts
        const user = users[u++];
        if (!user) return undefined;
        return { path: '/api/answers', method: 'POST', headers: writeHeaders(user), body: JSON.stringify({ userId: user.id, questionId: qid, optionId: u % 3 === 0 ? 'no' : 'yes' }) };
      };
    };
    const voteMax: RunResult[] = [];
    let allExact = true;
    const cpuVotes = { gateway: 0, voting: 0, machine: 0, n: 0 };
    const voteCpuGroups: Record<string, number> = {};
    // The stack's other processes (questions, identity, social, notification) by pid, beside the vote path's.
    const otherPids = new Set(Object.entries(stack?.pids ?? {}).filter(([n]) => n !== 'gateway' && n !== 'voting').map(([, pid]) => pid));
    const cpuGroups = { ...votePathProcesses(gatewayPid, votingPid), 'other services': (_c: string, pid: number) => otherPids.has(pid) };
    for (let r = 0; r < CFG.reps; r++) {
      const qid = voteQs[r]!;
      await seeded.touch(users); // the voters' page loads: fresh sessions, as when a vote follows opening /vote
      const procsBefore = processCpu();
      const m = await withCpu([gatewayPid, votingPid], () =>
        closedLoop(gatewayOrigin, { connections: CFG.connections, durationMs: CFG.repSeconds * 1000, next: voteReq(qid), expect: (s) => s === 201 }),
      );
      const groups = cpuByGroup(procsBefore, processCpu(), cpuGroups);
      for (const [g, ms] of Object.entries(groups)) voteCpuGroups[g] = (voteCpuGroups[g] ?? 0) + ms;
      const res = m.result;
      cpuVotes.gateway += m.cpu[0]!;
      cpuVotes.voting += m.cpu[1]!;
      cpuVotes.machine += m.machine;
      cpuVotes.n += res.latencies.length;
      voteMax.push(res);
      allExact = (await checkTotals(qid, res.statuses['201'] ?? 0, res.statuses['504'] ?? 0, performance.now())) && allExact;
      if (res.firstError) notes.push(`vote (closed loop) error: ${res.firstError}`);
    }
    const voteMaxFig = rpsFig(voteMax);
    cpuPer.voteGateway = cpuVotes.gateway / cpuVotes.n;
    cpuPer.voteVoting = cpuVotes.voting / cpuVotes.n;
    cpuPer.voteMachine = cpuVotes.machine / cpuVotes.n;
    cpuPer.voteMachineExclLoadgen = (cpuVotes.machine - (voteCpuGroups['load generator'] ?? 0)) / cpuVotes.n;
    log(`votes sustained ${fmtFig(voteMaxFig, ' /s')}, errors ${errs(voteMax)}`);

    // ---------- votes: offered rate (open loop) with every socket connected; then the knee ----------
    // The web no longer polls while its socket is open (issue #16), so the sockets only listen; BENCH_POLL=1 adds the
    // old every-5-s public-results poll per socket.
    const updates: number[] = [];
    const updateRates: number[] = [];
    const lagByRate: { rate: number; lag: number[] }[] = [];
    const genLag: { rate: number; p99: number; max: number }[] = [];
    const pollRuns: { ok: number; err: number; lat: number[] }[] = [];
    async function offered(rate: number, qid: string): Promise<RunResult> {
      await seeded.touch(users);
      const poller = CFG.poll ? new Pool(gatewayOrigin, { connections: 16 }) : undefined;
      const poll = { ok: 0, err: 0, lat: [] as number[] };
      let polling = !!poller;
      const timers: NodeJS.Timeout[] = [];
      const pollTimers = poller
        ? Array.from({ length: fleet.open }, (_, i) => {
            const tick = () => {
              if (!polling) return;
              send(poller, { path: `/api/questions/${qid}/public-results` }).then(
                (x) => {
                  if (x.status === 200) {
                    poll.ok++;
                    poll.lat.push(x.ms);
                  } else poll.err++;
                },
                () => poll.err++,
              );
            };
            return setTimeout(() => {
              tick();
              timers[i] = setInterval(tick, 5_000);
            }, Math.random() * 5_000);
          })
        : [];
      const { length: logFrom } = await fleet.firstLog(0);
      loopLagMaxMs = [];
      const sampler = setInterval(() => void sampleGatewayMemory(), 1_000);
      // The load generator's own event loop: a stall here shows up as vote latency (timed from the scheduled send)
      // that the stack did not cause. (The socket fleet has its own thread, wsclients.ts, for that reason.)
      const ownLoop = monitorEventLoopDelay({ resolution: 10 });
      ownLoop.enable();
      const res = await openLoop(gatewayOrigin, { rate, durationMs: CFG.voteSeconds * 1000, connections: 256, next: voteReq(qid), expect: (s) => s === 201 }).finally(() => clearInterval(sampler));
      ownLoop.disable();
      genLag.push({ rate, p99: ownLoop.percentile(99) / 1e6, max: ownLoop.max / 1e6 });
      polling = false;
      pollTimers.forEach(clearTimeout);
      timers.forEach(clearInterval);
      await poller?.close();
      if (poller) pollRuns.push(poll);
      // Coalescing: the smallest gap between two results-updated for this question at one socket (≥ ~1 s expected).
      const ru = (await fleet.firstLog(logFrom)).entries.filter(([, m]) => m.startsWith('{"type":"results-updated"') && m.includes(qid)).map(([t]) => t);
      const gaps = ru.slice(1).map((x, k) => x - ru[k]!);
      updates.push(gaps.length ? Math.min(...gaps) : NaN);
      // The rate over the whole phase: one late arrival at this socket (the fleet's thread reads 10,000 sockets in
      // the kernel's order) shortens one gap but not the count.
      updateRates.push(ru.length > 2 ? ((ru.length - 1) * 1000) / (ru.at(-1)! - ru[0]!) : NaN);
      allExact = (await checkTotals(qid, res.statuses['201'] ?? 0, res.statuses['504'] ?? 0, performance.now())) && allExact;
      if (res.firstError) notes.push(`vote (open loop, ${rate}/s) error: ${res.firstError}`);
      log(`votes @${rate}/s: achieved ${fmtNum(res.rps)}/s p50 ${fmtNum(res.p50)} p99 ${fmtNum(res.p99)} ms errors ${res.errors}${poller ? `; polls ${poll.ok} ok ${poll.err} err` : ''}; gateway loop delay max per 1 s: median ${fmtNum(median(loopLagMaxMs))} ms, worst ${fmtNum(Math.max(...loopLagMaxMs))} ms`);
      lagByRate.push({ rate, lag: loopLagMaxMs });
      await sleep(1_000);
      return res;
    }
    const voteOpen: RunResult[] = [];
    for (let r = 0; r < CFG.reps; r++) voteOpen.push(await offered(CFG.voteRate, voteQs[CFG.reps + r]!));
    const knee: { rate: number; res: RunResult }[] = [];
    for (const [k, rate] of [...CFG.kneeRates].sort((x, y) => x - y).entries()) knee.push({ rate, res: await offered(rate, voteQs[2 * CFG.reps + k]!) });
    const rssAfterVotes = gatewayPid ? rssOf(gatewayPid) : undefined;
    {
      const rates = [...new Set(lagByRate.map((x) => x.rate))];
      const text = rates.map((r) => {
        const all = lagByRate.filter((x) => x.rate === r).flatMap((x) => x.lag);
        return `${r}/s: median ${fmtNum(median(all))} ms, p90 ${fmtNum(percentile(all, 90))} ms, worst ${fmtNum(Math.max(...all))} ms (${all.length} samples)`;
      });
      if (genLag.length)
        notes.push(
          `Load generator's own event-loop delay (the socket fleet runs in a worker thread of its own) during the offered-rate phases, p99 / max: ${genLag
            .map((g) => `${g.rate}/s ${fmtNum(g.p99)} / ${fmtNum(g.max)} ms`)
            .join('; ')}.`,
        );
      if (text.length) notes.push(`Gateway event-loop delay, the max of each 1 s sample (nodejs_eventloop_lag_max_seconds) during the offered-rate phases: ${text.join('; ')}.`);
    }
    if (memPeak.process_resident_memory_bytes) {
      const mb = (name: string) => fmtNum((memPeak[name] ?? NaN) / 1048576, 0);
      notes.push(
        `Gateway memory at its peak during the offered-load phases (each the highest 1 s sample): RSS ${mb('process_resident_memory_bytes')} MB, ` +
          `V8 heap used ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB, ` +
          `bytes queued for sockets ${mb('ws_buffered_bytes')} MB.`,
      );
    }

    // ---------- public reads ----------
    // Bare express JSON again, one repetition before each of the reads' (interleaved): the baselines above ran
    // before the 10,000 sockets and the vote phases, and the load generator now also holds the socket fleet, so
    // the reads are compared with express under the same conditions (both figures are in the table).
    const resultsQ = voteQs[0]!;
    const bJson2 = await startBaseline('json');
    const jsonNowRuns: RunResult[] = [];
    const prRuns: RunResult[] = [];
    const pubRuns: RunResult[] = [];
    const readCpu = { pr: 0, pub: 0 };
    try {
      for (let r = 0; r < CFG.reps; r++) {
        const warmupMs = r === 0 ? 500 : 0;
        // As a browser asks (the gateway gzips a cached body of 1 KB or more; bare express's small JSON is sent as is).
        const headers = { 'accept-encoding': 'gzip, deflate, br' };
        const once = (origin: string, path: string) => closedLoop(origin, { connections: CFG.connections, durationMs: CFG.repSeconds * 1000, next: () => ({ path, headers }), warmupMs });
        jsonNowRuns.push(await once(`http://127.0.0.1:${bJson2.port}`, '/json'));
        const pr = await withCpu([gatewayPid], () => once(gatewayOrigin, `/api/questions/${resultsQ}/public-results`));
        const pub = await withCpu([gatewayPid], () => once(gatewayOrigin, '/api/questions/public'));
        prRuns.push(pr.result);
        pubRuns.push(pub.result);
        readCpu.pr += pr.cpu[0]!;
        readCpu.pub += pub.cpu[0]!;
      }
    } finally {
      await bJson2.stop();
    }
    cpuPer.publicResults = readCpu.pr / okCount(prRuns);
    cpuPer.publicList = readCpu.pub / okCount(pubRuns);
    log(`public-results ${fmtFig(rpsFig(prRuns), ' rps')}, questions/public ${fmtFig(rpsFig(pubRuns), ' rps')}, express JSON alongside ${fmtFig(rpsFig(jsonNowRuns), ' rps')}`);

    // ---------- read cost vs number of answers ----------
    const readCost = await measureReadCost(voting, votingAddr);
    log(`read cost: ${fmtFig(readCost.small, ' ms')} at ${readCost.smallN} vs ${fmtFig(readCost.big, ' ms')} at ${readCost.bigN} answers (insert took ${readCost.insertMs} ms)`);

    // The idle /vote page's user has answered one question (the results panel) and not the others (answer forms).
    let idleVote: Parameters<typeof webChecks>[2];
    if (CFG.web) {
      await seeded.touch([idleUser]);
      const v = await send(api, { path: '/api/answers', method: 'POST', headers: writeHeaders(idleUser), body: JSON.stringify({ userId: idleUser.id, questionId: voteQs[0], optionId: 'yes' }) });
      if (v.status !== 201) notes.push(`idle /vote user's vote: ${v.status} ${v.body.slice(0, 200)}`);
      idleVote = { origin: publicOrigin, cookie: idleUser.cookie, windowMs: CFG.idleSeconds * 1000 };
    }
    const web: WebResult | undefined = CFG.web ? await webChecks(gatewayOrigin, 3, idleVote).catch((e: Error) => ({ error: e.message }) as WebResult) : undefined;

    // ---------- the table ----------
    const echo = echoRps.median;
    const jsonMed = jsonRps.median;
    const nSock = fleet.open;
    // Issue #16's targets first.
    row(
      `Gateway CPU per vote (ms), closed loop, ${nSock} sockets open`,
      fmtNum(cpuPer.voteGateway!),
      `bare express JSON ${fmtNum(cpuPer.json!)}; echo (express + gRPC server) ${fmtNum(cpuPer.echo!)}`,
      cpuPer.voteGateway! / cpuPer.json!,
      '≤ 0.9 ms',
      cpuPer.voteGateway! <= 0.9,
    );
    row(
      'Whole-machine CPU per vote (ms), load generator excluded (/proc/stat busy − the bench process)',
      fmtNum(cpuPer.voteMachineExclLoadgen!),
      `echo ${fmtNum(cpuPer.echoMachineExclLoadgen!)}`,
      cpuPer.voteMachineExclLoadgen! / cpuPer.echoMachineExclLoadgen!,
      '≤ 2.0 ms',
      cpuPer.voteMachineExclLoadgen! <= 2.0,
    );
    row('Votes sustained (POST /api/answers, closed loop, votes/s)', fmtFig(voteMaxFig), `express→gRPC echo ${fmtFig(echoRps)}`, voteMaxFig.median / echo, '≥ 0.50×', voteMaxFig.median / echo >= 0.5);
    row('Votes sustained vs raw PostgreSQL insert', fmtFig(voteMaxFig), `pgbench insert -c 8 ${fmtFig(pgTps)} tps`, voteMaxFig.median / pgTps.median, 'info', null);
    const voteErrors = errs(voteMax) + errs(voteOpen);
    row(
      `Vote errors (closed loop + offered ${CFG.voteRate}/s) / totals exact after every vote phase`,
      `${voteErrors} / ${allExact ? 'exact' : 'MISMATCH'}`,
      '—',
      '—',
      '0 / exact',
      voteErrors === 0 && allExact,
    );
    const openP99 = figure(voteOpen.map((r) => r.p99));
    const openRate = figure(voteOpen.map((r) => r.rps));
    row(`Vote p99 (ms), offered ${CFG.voteRate}/s × ${CFG.voteSeconds} s (open loop), ${nSock} sockets connected${CFG.poll ? ' + polling' : ''}`, fmtFig(openP99), '—', '—', '≤ 150 ms', openP99.median <= 150);
    row(`Votes offered ${CFG.voteRate}/s: achieved rate / p50 (ms)`, `${fmtFig(openRate)} / ${fmtFig(figure(voteOpen.map((r) => r.p50)))}`, `offered ${CFG.voteRate}`, openRate.median / CFG.voteRate, '≈ 1.00×', openRate.median >= 0.97 * CFG.voteRate);
    // The knee: every offered rate (the target's median and one run of each other), the highest that still holds.
    const curve = [{ rate: CFG.voteRate, rps: openRate.median, p50: median(voteOpen.map((r) => r.p50)), p99: openP99.median, errors: errs(voteOpen) }, ...knee.map(({ rate, res }) => ({ rate, rps: res.rps, p50: res.p50, p99: res.p99, errors: res.errors }))].sort(
      (x, y) => x.rate - y.rate,
    );
    const holds = (c: (typeof curve)[number]) => c.rps >= 0.97 * c.rate && c.p99 <= 150 && c.errors === 0;
    const lastHeld = curve.filter(holds).at(-1);
    const firstBroken = curve.find((c) => !holds(c) && c.rate > (lastHeld?.rate ?? 0));
    const kneeText = lastHeld
      ? firstBroken
        ? `between ${lastHeld.rate} and ${firstBroken.rate} votes/s`
        : `above ${lastHeld.rate} votes/s (every offered rate held)`
      : `below ${curve[0]?.rate} votes/s`;
    row(
      'Knee: offered → achieved votes/s, p50 / p99 (ms), errors',
      curve.map((c) => `${c.rate} → ${fmtNum(c.rps, 0)}, ${fmtNum(c.p50)} / ${fmtNum(c.p99)}${c.errors ? `, ${c.errors} err` : ''}`).join('; '),
      `closed loop ${fmtNum(voteMaxFig.median, 0)}/s`,
      '—',
      `info: knee ${kneeText} (holds = achieved ≥ 0.97× offered, p99 ≤ 150 ms, 0 errors)`,
      null,
    );
    const staleFig = figure(stale);
    row('Results staleness after a vote phase ends (ms, same replica)', fmtFig(staleFig), '1 s micro-cache', '—', '≤ 1,000 ms', staleFig.max <= 1000);
    const deliverLimit = 2 * bareFig.median + 100;
    row(`new-question → last of ${fleet.open} sockets after publish (ms)`, fmtFig(deliverFig), `bare ws broadcast ${fmtFig(bareFig)}`, deliverFig.median / bareFig.median, `≤ 2× + 100 = ${fmtNum(deliverLimit, 0)} ms`, deliverFig.median <= deliverLimit && missing === 0);
    row('new-question → first socket after publish (ms): the event pipeline before the fan-out', fmtFig(figure(firstArrival)), '—', '—', 'info', null);
    row('Publish → voting projection ready (ms)', fmtFig(figure(projection)), '—', '—', 'info', null);
    if (rssWs && rssIdle) {
      const perSock = (rssWs.rssMb - rssIdle.rssMb) / Math.max(1, fleet.open);
      const est10k = rssIdle.rssMb + perSock * 10_000;
      const at10k = fleet.open >= 10_000;
      row(
        `Gateway RSS with ${fleet.open} sockets (MB)`,
        `${fmtNum(rssWs.rssMb, 0)} (idle ${fmtNum(rssIdle.rssMb, 0)}; after votes ${fmtNum(rssAfterVotes?.rssMb ?? NaN, 0)}, peak ${fmtNum(rssAfterVotes?.hwmMb ?? NaN, 0)})`,
        '—',
        '—',
        at10k ? '≤ 300 MB at 10k' : `≤ 300 MB at 10k (est. ${fmtNum(est10k, 0)})`,
        at10k ? Math.max(rssWs.rssMb, rssAfterVotes?.rssMb ?? 0) <= 300 : est10k <= 300,
      );
    } else notes.push('gateway pid not found: no RSS figures');
    const prFig = rpsFig(prRuns);
    const pubFig = rpsFig(pubRuns);
    const jsonNowMed = rpsFig(jsonNowRuns).median;
    const beside = `express JSON alongside ${fmtFig(rpsFig(jsonNowRuns))} (at the start: ${fmtFig(jsonRps)}, ${fmtNum(prFig.median / jsonMed, 2)}× / ${fmtNum(pubFig.median / jsonMed, 2)}×)`;
    row(`GET /api/questions/{id}/public-results (req/s), ${CFG.wsClients} sockets open`, fmtFig(prFig), beside, prFig.median / jsonNowMed, '≥ 0.85×', prFig.median / jsonNowMed >= 0.85 && errs(prRuns) === 0);
    row(`GET /api/questions/public (req/s), ${CFG.wsClients} sockets open`, fmtFig(pubFig), 'express JSON alongside (as above)', pubFig.median / jsonNowMed, '≥ 0.70×', pubFig.median / jsonNowMed >= 0.7 && errs(pubRuns) === 0);
    if (web?.idle) {
      const perMin = (web.idle.requests.length * 60_000) / web.idle.elapsedMs;
      row(
        `Idle signed-in /vote, socket open: HTTP requests in ${fmtNum(web.idle.elapsedMs / 1000, 0)} s (Chromium)`,
        `${web.idle.requests.length} (${fmtNum(perMin, 1)}/min)${web.idle.socketOpen ? '' : '; socket closed meanwhile'}`,
        'before: 37/min (issue #16)',
        '—',
        '≤ 2 a minute',
        perMin <= 2 && web.idle.socketOpen,
      );
      notes.push(`idle /vote requests: ${web.idle.requests.length ? web.idle.requests.join(', ') : 'none'}`);
    } else if (CFG.web) notes.push('idle /vote: not measured (see the web notes)');
    row(
      'CPU per vote (ms): gateway + voting (Node processes only)',
      `${fmtNum(cpuPer.voteGateway! + cpuPer.voteVoting!)} (${fmtNum(cpuPer.voteGateway!)} + ${fmtNum(cpuPer.voteVoting!)})`,
      `echo: express + gRPC server ${fmtNum(cpuPer.echo!)}`,
      (cpuPer.voteGateway! + cpuPer.voteVoting!) / cpuPer.echo!,
      'info (capacity plan)',
      null,
    );
    const cores = availableParallelism();
    row(
      `CPU per vote (ms), whole machine: every process (stack, PostgreSQL, Redis, NATS, load generator); ${cores}-core ceiling = ${cores} × 1,000 ÷ it`,
      `${fmtNum(cpuPer.voteMachine!)} → ceiling ${fmtNum((cores * 1000) / cpuPer.voteMachine!, 0)} votes/s`,
      `echo ${fmtNum(cpuPer.echoMachine!)} → ${fmtNum((cores * 1000) / cpuPer.echoMachine!, 0)}/s`,
      cpuPer.echoMachine! / cpuPer.voteMachine!,
      'info',
      null,
    );
    const groupsText = Object.entries(voteCpuGroups)
      .map(([g, ms]) => `${g} ${fmtNum(ms / cpuVotes.n)}`)
      .join(' + ');
    const accounted = Object.values(voteCpuGroups).reduce((a, b) => a + b, 0) / cpuVotes.n;
    row('CPU per vote (ms) by process, closed loop', `${groupsText} = ${fmtNum(accounted)}; rest of machine ${fmtNum(cpuPer.voteMachine! - accounted)}`, '—', '—', 'info', null);
    row('CPU per public read (ms, gateway): public-results / questions/public', `${fmtNum(cpuPer.publicResults!)} / ${fmtNum(cpuPer.publicList!)}`, `express JSON ${fmtNum(cpuPer.json!)}`, cpuPer.publicResults! / cpuPer.json!, 'info (capacity plan)', null);
    const pollLat = pollRuns.flatMap((p) => p.lat);
    if (CFG.poll) row('Public-results polls during vote burst: p99 (ms) / errors', `${fmtNum(percentile(pollLat, 99))} / ${pollRuns.reduce((n, p) => n + p.err, 0)}`, '—', '—', 'info', null);
    row('results-updated per question per second at one socket, over each offered-rate phase', fmtFig(figure(updateRates)), 'flush every 1,000 ms', '—', '≤ 1.05 a second', figure(updateRates).max <= 1.05);
    row('results-updated: smallest gap between two at that socket (ms; delivery jitter included)', fmtFig(figure(updates)), '—', '—', 'info', null);
    row(
      `Results read cost (voting GetResults p50, ms): ${fmtNum(readCost.bigN, 0)} vs ${fmtNum(readCost.smallN, 0)} answers`,
      fmtFig(readCost.big),
      `at ${fmtNum(readCost.smallN, 0)}: ${fmtFig(readCost.small)}`,
      readCost.big.median / readCost.small.median,
      '≤ 1.20×',
      readCost.big.median / readCost.small.median <= 1.2,
    );
    row(
      `Province breakdown read cost (voting GetProvinceResults p50, ms): ${fmtNum(readCost.bigN, 0)} vs ${fmtNum(readCost.smallN, 0)} answers`,
      fmtFig(readCost.provinceBig),
      `at ${fmtNum(readCost.smallN, 0)}: ${fmtFig(readCost.provinceSmall)}`,
      readCost.provinceBig.median / readCost.provinceSmall.median,
      '≤ 1.20×',
      readCost.provinceBig.median / readCost.provinceSmall.median <= 1.2,
    );
    if (web) {
      if (web.error) notes.push(`web checks failed: ${web.error}`);
      else {
        row('Web: landing page initial JS+CSS (KB gzip)', `${fmtNum(web.initialGzipKb, 1)} (${web.files} files)`, '—', '—', '≤ 150 KB', web.initialGzipKb <= 150);
        if (web.repeatKb !== undefined) row('Web: repeat visit over the network via service worker (KB)', fmtNum(web.repeatKb, 1), '—', '—', '≤ 10 KB', web.repeatKb <= 10);
        if (web.lcpMs !== undefined) row('Web: LCP, Fast 3G + 4× CPU (ms)', fmtFig(web.lcpMs), '—', '—', '≤ 2,500 ms', web.lcpMs.median <= 2500);
        notes.push(...web.notes);
      }
    }

    // The verdict: every target met, or each miss named with its figure; for the vote rate, the CPU arithmetic
    // that bounds it (at the 2-core ceiling a closed loop's rate is the inverse of the machine's CPU per request).
    const missed = rows.filter((r) => r.ok === false);
    notes.unshift(missed.length ? `MISSED ${missed.length}: ${missed.map((r) => `${r.metric}: ${r.value} (${r.ratio}, target ${r.target})`).join('; ')}` : 'Every target met.');
    if (missed.some((r) => r.metric.startsWith('Votes sustained')) && cpuPer.voteMachineExclLoadgen && cpuPer.echoMachineExclLoadgen) {
      const vote = cpuPer.voteMachineExclLoadgen;
      const echo = cpuPer.echoMachineExclLoadgen;
      notes.splice(
        1,
        0,
        `Why the vote rate misses: with both loops at the CPU ceiling, a vote costs the machine ${fmtNum(vote, 2)} ms (load generator excluded) against the echo's ${fmtNum(echo, 2)} ms ` +
          `(${fmtNum(vote / echo, 1)}×), so 0.5× would need ≤ ${fmtNum(2 * echo, 2)} ms per vote for a session read from Redis, an actor token, a PostgreSQL insert with its outbox row and ` +
          `a JetStream publish; the gateway alone spends ${fmtNum(cpuPer.voteGateway ?? 0, 2)} ms and voting ${fmtNum(cpuPer.voteVoting ?? 0, 2)} ms. Per middleware and call: \`make bench-profile\` (README, capacity plan).`,
      );
    }
    const header = `| Metric | Measured: median [min–max] | Same-run baseline | Ratio | Target | |\n|---|---|---|---|---|---|`;
    const table = [header, ...rows.map((r) => `| ${r.metric} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.ok === null ? '' : r.ok ? 'PASS' : 'MISS'} |`)].join('\n');
    const loadEnd = loadAvg();
    const meta = [
      `Run ${new Date().toISOString()} · ${env.BENCH_BASE_URL ? `against ${env.BENCH_BASE_URL}` : 'own stack (startStack mode test)'} · ${CFG.wsClients} sockets · ` +
        `${CFG.reps} repetitions × ${CFG.repSeconds} s (votes ${CFG.voteRate}/s × ${CFG.voteSeconds} s × ${CFG.reps}, then ${CFG.kneeRates.join(', ')}/s once each${CFG.poll ? ', sockets polling' : ', sockets listening (no polling)'}) · ${CFG.connections} connections · ` +
        `load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd} · ${(Date.now() - started) / 1000 | 0} s total`,
      `Everything on one machine: the load generator, the stack, PostgreSQL, Redis and NATS share the CPUs; baselines are separate Node processes measured in the same run.`,
      `Vote totals: ${exact.join('; ')}`,
      `CPU ms per request: ${Object.entries(cpuPer).map(([k, v]) => `${k} ${fmtNum(v, 3)}`).join(', ')}`,
      ...notes.map((n) => `Note: ${n}`),
    ];
    console.log(table);
    console.log('');
    for (const m of meta) console.log(m);
    const dir = path.join(HERE, '..', 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().slice(0, 10)}.md`);
    // One file per day; every run of the day is appended as its own section.
    const section = `## Run ${new Date().toISOString()}\n\n${table}\n\n${meta.map((m) => `- ${m}`).join('\n')}\n`;
    if (existsSync(file)) appendFileSync(file, `\n${section}`);
    else writeFileSync(file, `# Publish-burst bench results, ${new Date().toISOString().slice(0, 10)}\n\nWritten by \`make bench\` (load-tests/README.md).\n\n${section}`);
    log(`written ${path.relative(process.cwd(), file)}`);
    await api.close();
  } finally {
    await closeFleet?.().catch(() => undefined);
    await cleanupSeed?.().catch((e: Error) => log('cleanup', e.message));
    await voting.end().catch(() => undefined);
    if (stack) await stack.stop();
  }
}

/** GetResults latency (direct gRPC to voting) for a question with few answers vs one with many. */
async function measureReadCost(voting: pg.Pool, addr: string) {
  const smallN = 1_000;
  const bigN = CFG.readcostAnswers;
  const small = randomUUID();
  const big = randomUUID();
  const t0 = Date.now();
  const c = await voting.connect();
  try {
    await c.query('SET synchronous_commit = off');
    for (const [q, n] of [
      [small, smallN],
      [big, bigN],
    ] as const) {
      await c.query(`INSERT INTO question_state (question_id, text, options, published_at) VALUES ($1, 'bench read cost', '[{"id":"yes","text":"Yes"},{"id":"no","text":"No"}]', now())`, [q]);
      await c.query(
        `INSERT INTO answers (user_id, question_id, option_id, submitted_at, sast_day)
         SELECT gen_random_uuid(), $1, CASE WHEN g % 3 = 0 THEN 'no' ELSE 'yes' END, now(), current_date FROM generate_series(1, $2::int) g`,
        [q, n],
      );
      await c.query(
        `INSERT INTO option_counts (question_id, option_id, shard, count)
         SELECT $1, o, s, 0 FROM unnest(ARRAY['yes','no']) o, generate_series(0, 15) s`,
        [q],
      );
      await c.query(
        `UPDATE option_counts oc SET count = x.n FROM (
           SELECT option_id, count(*) AS n FROM answers WHERE question_id = $1 GROUP BY option_id) x
         WHERE oc.question_id = $1 AND oc.option_id = x.option_id AND oc.shard = 0`,
        [q],
      );
      // The province breakdown's counters (issue #20): the answers spread over the nine provinces.
      await c.query(
        `INSERT INTO province_counts (question_id, province, option_id, count)
         SELECT $1, p, o, $2::int / 18 FROM unnest(ARRAY['EC','FS','GP','KZN','LP','MP','NC','NW','WC']) p, unnest(ARRAY['yes','no']) o`,
        [q, n],
      );
    }
    await c.query('ANALYZE answers; ANALYZE option_counts; ANALYZE province_counts');
  } finally {
    c.release();
  }
  const insertMs = Date.now() - t0;
  const client = new VotingServiceClient(addr, grpc.credentials.createInsecure());
  const call = (qid: string) =>
    new Promise<number>((resolve, reject) => {
      const s = performance.now();
      client.getResults({ questionIds: [qid] }, new grpc.Metadata(), { deadline: Date.now() + 3_000 }, (err, res) => {
        if (err) return reject(err);
        const total = res.results[0]?.counts.reduce((n, x) => n + Number(x.count), 0) ?? 0;
        if (total !== (qid === small ? smallN : bigN)) return reject(new Error(`GetResults total ${total} for ${qid}`));
        resolve(performance.now() - s);
      });
    });
  const provinceCall = (qid: string) =>
    new Promise<number>((resolve, reject) => {
      const s = performance.now();
      client.getProvinceResults({ questionIds: [qid] }, new grpc.Metadata(), { deadline: Date.now() + 3_000 }, (err, res) => {
        if (err) return reject(err);
        const total = res.results.reduce((n, r) => n + Number(r.total), 0);
        const expected = 18 * Math.floor((qid === small ? smallN : bigN) / 18);
        if (res.results.length !== 9 || total !== expected) return reject(new Error(`GetProvinceResults ${res.results.length} provinces, total ${total} for ${qid}`));
        resolve(performance.now() - s);
      });
    });
  const smallReps: number[] = [];
  const bigReps: number[] = [];
  const provinceSmall: number[] = [];
  const provinceBig: number[] = [];
  for (let r = 0; r < CFG.reps; r++) {
    for (const [q, out, read] of [
      [small, smallReps, call],
      [big, bigReps, call],
      [small, provinceSmall, provinceCall],
      [big, provinceBig, provinceCall],
    ] as const) {
      const lat: number[] = [];
      for (let i = 0; i < 200; i++) lat.push(await read(q));
      out.push(median(lat));
    }
  }
  client.close();
  // leave the databases as we found them (test databases are dropped anyway)
  await voting.query('DELETE FROM answers WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  await voting.query('DELETE FROM option_counts WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  await voting.query('DELETE FROM province_counts WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  await voting.query('DELETE FROM question_state WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  return {
    small: figure(smallReps) as Figure,
    big: figure(bigReps) as Figure,
    provinceSmall: figure(provinceSmall) as Figure,
    provinceBig: figure(provinceBig) as Figure,
    smallN,
    bigN,
    insertMs,
  };
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
