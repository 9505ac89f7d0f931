/** The table's rows from every phase's results: the current targets first, then every earlier one and the info rows. */
import { availableParallelism } from 'node:os';
import { CFG } from './config.ts';
import type { Baselines } from './phases/baselines.ts';
import { LOOP_TIMER_MS } from './phases/system.ts';
import type { AnalyticsCost } from './phases/analytics-cost.ts';
import type { HistoryCost } from './phases/history-cost.ts';
import type { Published, Sockets } from './phases/publish.ts';
import type { ReadCost } from './phases/read-cost.ts';
import type { Storm } from './phases/reconnect-storm.ts';
import { SOAK_WARMUP_S, type Soak } from './phases/soak.ts';
import type { PublicReads } from './phases/reads.ts';
import type { VoteChecks } from './phases/vote-checks.ts';
import type { OfferedVotes } from './phases/votes-open.ts';
import type { SustainedVotes } from './phases/votes-closed.ts';
import type { Report } from './report.ts';
import { deployedMemoryLimitMiB, deployedNodeOptions } from './procs.ts';
import { errs, rpsFig } from './reps.ts';
import { figure, fmtFig, fmtNum, median, percentile } from './stats.ts';
import type { WebResult } from './web.ts';

export interface Results {
  base: Baselines;
  sockets: Sockets;
  rssAfterVotes?: { rssMb: number; hwmMb: number };
  /** After every phase that holds the sockets (storm and soak included). */
  rssEnd?: { rssMb: number; hwmMb: number };
  published: Published;
  sustained: SustainedVotes;
  offered: OfferedVotes;
  storm: Storm;
  soak?: Soak;
  checks: VoteChecks;
  reads: PublicReads;
  readCost: ReadCost;
  web?: WebResult;
  /** Measured on a stack of its own once the bench's has stopped (BENCH_HISTORY=0: absent). */
  history?: HistoryCost | { error: string };
  /** Measured on a stack of its own after the history read (BENCH_ANALYTICS=0: absent). */
  analytics?: AnalyticsCost | { error: string };
}

export function tabulateVotes(report: Report, r: Results): void {
  const { cpuPer, row } = bind(report);
  const nSock = r.sockets.fleet.open;
  const echo = r.base.echoRps.median;
  const sustained = r.sustained.rps;
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
  row('Votes sustained (POST /api/answers, closed loop, votes/s)', fmtFig(sustained), `express→gRPC echo ${fmtFig(r.base.echoRps)}`, sustained.median / echo, '≥ 0.50×', sustained.median / echo >= 0.5);
  row('Votes sustained vs raw PostgreSQL insert', fmtFig(sustained), `pgbench insert -c 8 ${fmtFig(r.base.pgTps)} tps`, sustained.median / r.base.pgTps.median, 'info', null);
  const open = r.offered.runs;
  const voteErrors = errs(r.sustained.runs) + errs(open);
  const allExact = r.checks.allExact;
  row(`Vote errors (closed loop + offered ${CFG.voteRate}/s) / totals exact after every vote phase`, `${voteErrors} / ${allExact ? 'exact' : 'MISMATCH'}`, '—', '—', '0 / exact', voteErrors === 0 && allExact);
  const openP99 = figure(open.map((x) => x.p99));
  const openRate = figure(open.map((x) => x.rps));
  row(`Vote p99 (ms), offered ${CFG.voteRate}/s × ${CFG.voteSeconds} s (open loop), ${nSock} sockets connected${CFG.poll ? ' + polling' : ''}`, fmtFig(openP99), '—', '—', '≤ 150 ms', openP99.median <= 150);
  const lagP99 = figure(r.offered.loopLag.map((x) => x.p99));
  const lagMax = figure(r.offered.loopLag.map((x) => x.max));
  row(
    `Gateway event-loop delay p99 / max (ms), offered ${CFG.voteRate}/s, ${nSock} sockets connected (prom-client's figures less its ${LOOP_TIMER_MS} ms sampling interval)`,
    r.offered.loopLag.length ? `${fmtFig(lagP99)} / ${fmtFig(lagMax)}` : 'no samples',
    '—',
    '—',
    '≤ 20 / ≤ 100 ms',
    r.offered.loopLag.length ? lagP99.median <= 20 && lagMax.median <= 100 : false,
  );
  row(`Votes offered ${CFG.voteRate}/s: achieved rate / p50 (ms)`, `${fmtFig(openRate)} / ${fmtFig(figure(open.map((x) => x.p50)))}`, `offered ${CFG.voteRate}`, openRate.median / CFG.voteRate, '≈ 1.00×', openRate.median >= 0.97 * CFG.voteRate);
  // The knee: every offered rate (the target's median and one run of each other), the highest that still holds.
  const curve = [
    { rate: CFG.voteRate, rps: openRate.median, p50: median(open.map((x) => x.p50)), p99: openP99.median, errors: errs(open) },
    ...r.offered.knee.map(({ rate, res }) => ({ rate, rps: res.rps, p50: res.p50, p99: res.p99, errors: res.errors })),
  ].sort((x, y) => x.rate - y.rate);
  const holds = (c: (typeof curve)[number]) => c.rps >= 0.97 * c.rate && c.p99 <= 150 && c.errors === 0;
  const lastHeld = curve.filter(holds).at(-1);
  const firstBroken = curve.find((c) => !holds(c) && c.rate > (lastHeld?.rate ?? 0));
  const kneeText = lastHeld ? (firstBroken ? `between ${lastHeld.rate} and ${firstBroken.rate} votes/s` : `above ${lastHeld.rate} votes/s (every offered rate held)`) : `below ${curve[0]?.rate} votes/s`;
  row(
    'Knee: offered → achieved votes/s, p50 / p99 (ms), errors',
    curve.map((c) => `${c.rate} → ${fmtNum(c.rps, 0)}, ${fmtNum(c.p50)} / ${fmtNum(c.p99)}${c.errors ? `, ${c.errors} err` : ''}`).join('; '),
    `closed loop ${fmtNum(sustained.median, 0)}/s`,
    '—',
    `info: knee ${kneeText} (holds = achieved ≥ 0.97× offered, p99 ≤ 150 ms, 0 errors)`,
    null,
  );
  const staleFig = figure(r.checks.stale);
  row('Results staleness after a vote phase ends (ms, same replica)', fmtFig(staleFig), '1 s micro-cache', '—', '≤ 1,000 ms', staleFig.max <= 1000);
}

export function tabulateTheRest(report: Report, r: Results): void {
  const { cpuPer, row, notes } = bind(report);
  const { fleet, rssIdle, rssWs } = r.sockets;
  const { deliver, missing } = r.published;
  const bare = r.base.bareBroadcast;
  const deliverLimit = 2 * bare.median + 100;
  row(`new-question → last of ${fleet.open} sockets after publish (ms)`, fmtFig(deliver), `bare ws broadcast ${fmtFig(bare)}`, deliver.median / bare.median, `≤ 2× + 100 = ${fmtNum(deliverLimit, 0)} ms`, deliver.median <= deliverLimit && missing === 0);
  row('new-question → first socket after publish (ms): the event pipeline before the fan-out', fmtFig(r.published.firstArrival), '—', '—', 'info', null);
  const ru = r.offered.ruSpread;
  const ruFig = figure(ru.map((x) => x.worstMs));
  const ruShort = ru.reduce((n, x) => n + x.short, 0);
  row(
    `results-updated → first to last of ${fleet.open} sockets (ms), the slowest of each ${CFG.voteRate}/s phase's ${fmtNum(median(ru.map((x) => x.messages)), 0)} messages${ruShort ? `; ${ruShort} reached fewer sockets` : ''}`,
    fmtFig(ruFig),
    `bare ws broadcast ${fmtFig(bare)}`,
    ruFig.median / bare.median,
    `≤ 2× + 100 = ${fmtNum(deliverLimit, 0)} ms`,
    ruFig.median <= deliverLimit && ruShort === 0,
  );
  const st = r.storm.result;
  row(
    `Reconnect storm: ${st.dropped} dropped at once, back with the web's backoff — p50 / p99 / last (ms); attempts; listen-queue overflows; 5xx; vote errors and p99 at ${CFG.voteRate}/s`,
    `${st.back} back: ${fmtNum(st.backP50Ms, 0)} / ${fmtNum(st.backP99Ms, 0)} / ${fmtNum(st.backMaxMs, 0)}; ${st.attempts}; ${r.storm.listenOverflows}; ${r.storm.fiveHundreds}; ${r.storm.votes.errors}, ${fmtNum(r.storm.votes.p99, 0)} ms`,
    '—',
    '—',
    'all back ≤ 60,000 ms, 0 5xx, 0 vote errors',
    st.back === st.dropped && st.backMaxMs <= 60_000 && r.storm.fiveHundreds === 0 && r.storm.votes.errors === 0,
  );
  const sk = r.soak;
  row(
    sk ? `Gateway RSS slope over a ${CFG.soakSeconds} s soak after ${SOAK_WARMUP_S} s warm-up (MB/min; ${sk.votes} votes at ${CFG.soakRate}/s on ${sk.questions} questions, ${sk.open} sockets open at the end)` : 'Gateway RSS slope over the soak (MB/min)',
    sk ? `${fmtNum(sk.slopeMbPerMin, 2)} (RSS ${fmtNum(Math.min(...sk.samples.map(([, y]) => y)), 0)}–${fmtNum(Math.max(...sk.samples.map(([, y]) => y)), 0)} MB)` : 'not run (BENCH_SOAK_SECONDS=0)',
    '—',
    '—',
    '≤ 1 MB/min',
    sk ? sk.slopeMbPerMin <= 1 && sk.voteErrors === 0 && sk.open === fleet.open : null,
  );
  row('Publish → voting projection ready (ms)', fmtFig(r.published.projection), '—', '—', 'info', null);
  if (rssWs && rssIdle) {
    const limit = deployedMemoryLimitMiB('gateway');
    // VmHWM at the end: the highest RSS of the whole run (votes, the reconnect storm, the soak).
    const peak = Math.max(rssWs.hwmMb, r.rssAfterVotes?.hwmMb ?? 0, r.rssEnd?.hwmMb ?? 0);
    row(
      `Gateway RSS with ${fleet.open} sockets (MiB; heap bound: ${deployedNodeOptions('gateway')})`,
      `${fmtNum(rssWs.rssMb, 0)} MiB (idle ${fmtNum(rssIdle.rssMb, 0)}; after the vote phases ${fmtNum(r.rssAfterVotes?.rssMb ?? NaN, 0)}; at the end ${fmtNum(r.rssEnd?.rssMb ?? NaN, 0)}; peak ${fmtNum(peak, 0)})`,
      '—',
      '—',
      `peak < the prod limit, ${limit} MiB`,
      peak < limit,
    );
  } else notes.push('gateway pid not found: no RSS figures');
  const prFig = rpsFig(r.reads.publicResults);
  const pubFig = rpsFig(r.reads.publicList);
  const jsonNow = rpsFig(r.reads.jsonAlongside);
  const jsonStart = r.base.jsonRps;
  const beside = `express JSON alongside ${fmtFig(jsonNow)} (at the start: ${fmtFig(jsonStart)}, ${fmtNum(prFig.median / jsonStart.median, 2)}× / ${fmtNum(pubFig.median / jsonStart.median, 2)}×)`;
  row(`GET /api/questions/{id}/public-results (req/s), ${CFG.wsClients} sockets open`, fmtFig(prFig), beside, prFig.median / jsonNow.median, '≥ 0.85×', prFig.median / jsonNow.median >= 0.85 && errs(r.reads.publicResults) === 0);
  row(`GET /api/questions/public (req/s), ${CFG.wsClients} sockets open`, fmtFig(pubFig), 'express JSON alongside (as above)', pubFig.median / jsonNow.median, '≥ 0.70×', pubFig.median / jsonNow.median >= 0.7 && errs(r.reads.publicList) === 0);
  const apiFig = rpsFig(r.reads.publicApi);
  row(`GET /api/public/v1/questions/{id} (req/s), ${CFG.wsClients} sockets open`, fmtFig(apiFig), 'express JSON alongside (as above)', apiFig.median / jsonNow.median, '≥ 0.50×', apiFig.median / jsonNow.median >= 0.5 && errs(r.reads.publicApi) === 0);
  const web = r.web;
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
  const n = r.sustained.votes;
  const groups = Object.entries(r.sustained.cpuGroups);
  const accounted = groups.reduce((a, [, ms]) => a + ms, 0) / n;
  row('CPU per vote (ms) by process, closed loop', `${groups.map(([g, ms]) => `${g} ${fmtNum(ms / n)}`).join(' + ')} = ${fmtNum(accounted)}; rest of machine ${fmtNum(cpuPer.voteMachine! - accounted)}`, '—', '—', 'info', null);
  row('CPU per public read (ms, gateway): public-results / questions/public', `${fmtNum(cpuPer.publicResults!)} / ${fmtNum(cpuPer.publicList!)}`, `express JSON ${fmtNum(cpuPer.json!)}`, cpuPer.publicResults! / cpuPer.json!, 'info (capacity plan)', null);
  const polls = r.offered.polls;
  if (CFG.poll) row('Public-results polls during vote burst: p99 (ms) / errors', `${fmtNum(percentile(polls.flatMap((p) => p.lat), 99))} / ${polls.reduce((k, p) => k + p.err, 0)}`, '—', '—', 'info', null);
  const rates = figure(r.offered.updateRates);
  row('results-updated per question per second at one socket, over each offered-rate phase', fmtFig(rates), 'flush every 1,000 ms', '—', '≤ 1.05 a second', rates.max <= 1.05);
  row('results-updated: smallest gap between two at that socket (ms; delivery jitter included)', fmtFig(figure(r.offered.updateGaps)), '—', '—', 'info', null);
  const rc = r.readCost;
  for (const [what, big, small] of [
    ['Results read cost (voting GetResults p50, ms)', rc.big, rc.small],
    ['Province breakdown read cost (voting GetProvinceResults p50, ms)', rc.provinceBig, rc.provinceSmall],
  ] as const) {
    row(`${what}: ${fmtNum(rc.bigN, 0)} vs ${fmtNum(rc.smallN, 0)} answers`, fmtFig(big), `at ${fmtNum(rc.smallN, 0)}: ${fmtFig(small)}`, big.median / small.median, '≤ 1.20×', big.median / small.median <= 1.2);
  }
  if (r.history) tabulateHistory(report, r.history);
  if (r.analytics) tabulateAnalytics(report, r.analytics);
  if (web) {
    if (web.error) notes.push(`web checks failed: ${web.error}`);
    else {
      row('Web: landing page initial JS+CSS (KB gzip)', `${fmtNum(web.initialGzipKb, 1)} (${web.files} files)`, '—', '—', '≤ 150 KB', web.initialGzipKb <= 150);
      const chart = web.chart;
      row(
        `Web: lazy chart chunk (uPlot, LazyTimeChart), KB gzip beyond the landing / its files among the landing's`,
        chart ? `${fmtNum(chart.gzipKb, 1)} (${chart.files} files) / ${chart.inLanding.length ? chart.inLanding.join(', ') : 'none'}` : 'not in web/dist/.vite/manifest.json',
        '—',
        '—',
        '≤ 40 KB / none',
        !!chart && chart.gzipKb <= 40 && chart.inLanding.length === 0,
      );
      if (web.repeatKb !== undefined) row('Web: repeat visit over the network via service worker (KB)', fmtNum(web.repeatKb, 1), '—', '—', '≤ 10 KB', web.repeatKb <= 10);
      if (web.lcpMs !== undefined) row('Web: LCP, Fast 3G + 4× CPU (ms)', fmtFig(web.lcpMs), '—', '—', '≤ 2,500 ms', web.lcpMs.median <= 2500);
      if (web.pageCpuMs) {
        const { signedOut, signedIn, views } = web.pageCpuMs;
        row(`Web: gateway CPU per server-rendered page view (ms; ${views} each)`, `/ signed out ${fmtNum(signedOut, 2)}, /vote signed in ${fmtNum(signedIn, 2)}`, '—', '—', '—', true);
      }
      if (web.voteLcpMs !== undefined) row('Web: signed-in /vote LCP, Fast 3G + 4× CPU (ms)', fmtFig(web.voteLcpMs), '—', '—', '≤ 2,500 ms', web.voteLcpMs.median <= 2500);
      if (web.embed) row('Web: embed page /embed/q/{id} JS+CSS (KB gzip)', `${fmtNum(web.embed.gzipKb, 1)} (${web.embed.files} files)`, '—', '—', '≤ 30 KB', web.embed.gzipKb <= 30);
      else notes.push('no embed entry in web/dist/.vite/manifest.json');
      if (web.embedLcpMs !== undefined) row('Web: embed page LCP, Fast 3G + 4× CPU (ms)', fmtFig(web.embedLcpMs), '—', '—', '≤ 2,500 ms', web.embedLcpMs.median <= 2500);
      notes.push(...web.notes);
    }
  }
}

/** The history read's row (also what scripts/bench-history.ts prints): p95 at many answers against p95 at few. */
export function tabulateHistory(report: Report, h: HistoryCost | { error: string }): void {
  const { row, notes } = bind(report);
  // A target that could not be measured is not met.
  if ('error' in h) return row('History read p95 (GET /api/questions/{id}/history)', `not measured: ${h.error}`, '—', '—', '≤ 1.20× and ≤ 20 ms', false);
  const ratio = h.big.median / h.small.median;
  row(
    `History read p95 (GET /api/questions/{id}/history, gateway cache off, ms): ${fmtNum(h.bigN, 0)} vs ${fmtNum(h.smallN, 0)} answers`,
    fmtFig(h.big),
    `at ${fmtNum(h.smallN, 0)}: ${fmtFig(h.small)}; GET public-results (cache off) p95 ${fmtNum(h.publicResults.p95)}`,
    ratio,
    '≤ 1.20× and ≤ 20 ms',
    ratio <= 1.2 && h.big.median <= 20,
  );
  notes.push(
    `History read (its own stack, the services and gateway in-process; ${h.big.reps.length} runs of 300 reads each): median ${fmtFig(h.bigMedian)} ms at ${fmtNum(h.bigN, 0)} answers, ` +
      `${fmtFig(h.smallMedian)} ms at ${fmtNum(h.smallN, 0)}; the probe statement in PostgreSQL ${fmtNum(h.probeMs.big)} / ${fmtNum(h.probeMs.small)} ms; seeding took ${fmtNum(h.seedMs / 1000, 0)} s`,
  );
}

const bind = (report: Report) => ({ cpuPer: report.cpuPer, notes: report.notes, row: report.row.bind(report) });

/** The admin analytics read's rows (also what scripts/bench-analytics.ts prints). */
export function tabulateAnalytics(report: Report, a: AnalyticsCost | { error: string }): void {
  const { row, notes } = bind(report);
  const what = 'Admin analytics read p95 (GET /api/admin/analytics/day, ms)';
  if ('error' in a) return row(what, `not measured: ${a.error}`, '—', '—', '≤ 1.20× and ≤ 1,000 ms', false);
  const n = (x: number) => fmtNum(x, 0);
  const ratioB = a.b.p95.median / a.a.p95.median;
  row(`${what}: ${n(a.b.answers)} answers, ${n(a.b.inRange)} of them in the 15 days, vs ${n(a.a.answers)} in all`, fmtFig(a.b.p95), `at ${n(a.a.answers)}: ${fmtFig(a.a.p95)}`, ratioB, '≤ 1.20×', ratioB <= 1.2);
  const ratioC = a.c.p95.median / a.aBesideC.p95.median;
  row(
    `${what}: ${n(a.c.inRange)} answers in the 15 days (${n(a.c.today)} today), ${n(a.c.answers)} in all`,
    fmtFig(a.c.p95),
    `at ${n(a.aBesideC.answers)}: ${fmtFig(a.aBesideC.p95)}; GET public-results p95 ${fmtNum(a.publicResults.p95)}`,
    ratioC,
    '≤ 1,000 ms (a third of the gateway deadline)',
    a.c.p95.median <= 1_000,
  );
  row(`Analytics roll-up of one closed day at ≈ ${n(a.c.inRange / 15)} answers (the job, once a day; ms)`, fmtFig(a.rollupMs), '—', '—', 'info', null);
  const plans = (s: AnalyticsCost['a']) => Object.entries(s.statementsMs).map(([k, v]) => `${k} ${fmtNum(v)}`).join(', ');
  notes.push(
    `Analytics read (its own stack in-process: two voting services and two gateways, each state read in turn with the 1,000-answer one; voting's roll-up job off; ${a.c.p95.reps.length} runs each): ` +
      `medians ${fmtFig(a.a.median)} at ${n(a.a.answers)} vs ${fmtFig(a.b.median)} ms at ${n(a.b.answers)} (history), ${fmtFig(a.aBesideC.median)} vs ${fmtFig(a.c.median)} ms with ${n(a.c.inRange)} in the range. Voting's statements in PostgreSQL (EXPLAIN ANALYZE, ms) — ` +
      `A: ${plans(a.a)}; B: ${plans(a.b)}; C: ${plans(a.c)}. Answers read only through answers_submitted_idx: ${[a.a, a.b, a.c].every((s) => s.answersOnlyByIndex) ? 'yes' : 'NO'}. ` +
      `C's scans: ${Object.entries(a.c.scans ?? {}).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')}. Seeding took ${fmtNum(a.seedMs / 1000, 0)} s.`,
  );
}
