/**
 * Votes at an offered rate (open loop) with every socket connected: CFG.reps phases at the target's rate, then one
 * at each knee rate. Each phase also reads how often its question's `results-updated` reached one socket, the
 * gateway's event-loop delay and memory peaks, and the load generator's own loop delay.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pool } from 'undici';
import { CFG, log } from '../config.ts';
import { openLoop, send, type RunResult } from '../load.ts';
import type { Report } from '../report.ts';
import type { SeededUser } from '../seed.ts';
import { fmtNum, median, percentile, sleep } from '../stats.ts';
import type { Fleet } from '../wsclients.ts';
import type { GatewaySamples, System } from './system.ts';
import type { VoteChecks } from './vote-checks.ts';

export interface OfferedVotes {
  /** The phases at CFG.voteRate. */
  runs: RunResult[];
  knee: { rate: number; res: RunResult }[];
  /** Per phase: the smallest gap between two results-updated at one socket (ms), and their rate over the phase. */
  updateGaps: number[];
  updateRates: number[];
  polls: { ok: number; err: number; lat: number[] }[];
  /**
   * Per phase at CFG.voteRate, the gateway's event-loop delay: the highest 1 s p99 (no more than 1 % of any second's
   * delays exceed it, so no more than 1 % of the phase's: it bounds the phase's p99) and the highest 1 s max.
   */
  loopLag: { p99: number; max: number }[];
  /**
   * Per phase at CFG.voteRate, the results-updated messages of its question at every socket: the slowest first-to-
   * last-socket spread of a message that reached them all, and how many messages reached fewer.
   */
  ruSpread: { worstMs: number; messages: number; short: number }[];
}

export async function offeredVotes(
  sys: System,
  report: Report,
  checks: VoteChecks,
  samples: GatewaySamples,
  fleet: Fleet,
  seeded: { touch(users: SeededUser[]): Promise<void> },
  users: SeededUser[],
  questions: string[],
): Promise<OfferedVotes> {
  const out: OfferedVotes = { runs: [], knee: [], updateGaps: [], updateRates: [], polls: [], loopLag: [], ruSpread: [] };
  const lagByRate: { rate: number; lag: number[] }[] = [];
  const genLag: { rate: number; p99: number; max: number }[] = [];

  async function offered(rate: number, qid: string): Promise<RunResult> {
    await seeded.touch(users);
    // The web no longer polls while its socket is open (the socket carries the figures), so the sockets only listen;
    // BENCH_POLL=1 adds the old every-5-s public-results poll per socket.
    const poller = CFG.poll ? new Pool(sys.gatewayOrigin, { connections: 16 }) : undefined;
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
    samples.loopLagMaxMs = [];
    samples.loopLagP99Ms = [];
    const sampler = setInterval(() => void samples.sample(), 1_000);
    // The load generator's own event loop: a stall here shows up as vote latency (timed from the scheduled send)
    // that the stack did not cause. (The socket fleet has its own thread, wsclients.ts, for that reason.)
    const ownLoop = monitorEventLoopDelay({ resolution: 10 });
    ownLoop.enable();
    const res = await openLoop(sys.gatewayOrigin, { rate, durationMs: CFG.voteSeconds * 1000, connections: 256, next: checks.voteReq(qid), expect: (s) => s === 201 }).finally(() =>
      clearInterval(sampler),
    );
    ownLoop.disable();
    genLag.push({ rate, p99: ownLoop.percentile(99) / 1e6, max: ownLoop.max / 1e6 });
    polling = false;
    pollTimers.forEach(clearTimeout);
    timers.forEach(clearInterval);
    await poller?.close();
    if (poller) out.polls.push(poll);
    // Coalescing: the smallest gap between two results-updated for this question at one socket (≥ ~1 s expected).
    const ru = (await fleet.firstLog(logFrom)).entries.filter(([, m]) => m.startsWith('{"type":"results-updated"') && m.includes(qid)).map(([t]) => t);
    const gaps = ru.slice(1).map((x, k) => x - ru[k]!);
    out.updateGaps.push(gaps.length ? Math.min(...gaps) : NaN);
    // The rate over the whole phase: one late arrival at this socket (the fleet's thread reads 10,000 sockets in
    // the kernel's order) shortens one gap but not the count.
    out.updateRates.push(ru.length > 2 ? ((ru.length - 1) * 1000) / (ru.at(-1)! - ru[0]!) : NaN);
    await checks.totals(qid, res.statuses['201'] ?? 0, res.statuses['504'] ?? 0, performance.now());
    if (res.firstError) report.notes.push(`vote (open loop, ${rate}/s) error: ${res.firstError}`);
    const lag = samples.loopLagMaxMs;
    log(
      `votes @${rate}/s: achieved ${fmtNum(res.rps)}/s p50 ${fmtNum(res.p50)} p99 ${fmtNum(res.p99)} ms errors ${res.errors}${poller ? `; polls ${poll.ok} ok ${poll.err} err` : ''}; gateway loop delay max per 1 s: median ${fmtNum(median(lag))} ms, worst ${fmtNum(Math.max(...lag))} ms`,
    );
    lagByRate.push({ rate, lag });
    if (rate === CFG.voteRate && lag.length) out.loopLag.push({ p99: Math.max(...samples.loopLagP99Ms), max: Math.max(...lag) });
    const spreads = await fleet.spreads(`ru:${qid}:`);
    const full = spreads.filter((x) => x.reached >= fleet.open);
    if (rate === CFG.voteRate) out.ruSpread.push({ worstMs: full.length ? Math.max(...full.map((x) => x.spreadMs)) : NaN, messages: spreads.length, short: spreads.length - full.length });
    await sleep(1_000);
    return res;
  }

  for (let r = 0; r < CFG.reps; r++) out.runs.push(await offered(CFG.voteRate, questions[r]!));
  for (const [k, rate] of [...CFG.kneeRates].sort((x, y) => x - y).entries()) out.knee.push({ rate, res: await offered(rate, questions[CFG.reps + k]!) });

  const rates = [...new Set(lagByRate.map((x) => x.rate))];
  const text = rates.map((r) => {
    const all = lagByRate.filter((x) => x.rate === r).flatMap((x) => x.lag);
    return `${r}/s: median ${fmtNum(median(all))} ms, p90 ${fmtNum(percentile(all, 90))} ms, worst ${fmtNum(Math.max(...all))} ms (${all.length} samples)`;
  });
  if (genLag.length)
    report.notes.push(
      `Load generator's own event-loop delay (the socket fleet runs in a worker thread of its own) during the offered-rate phases, p99 / max: ${genLag
        .map((g) => `${g.rate}/s ${fmtNum(g.p99)} / ${fmtNum(g.max)} ms`)
        .join('; ')}.`,
    );
  if (text.length) report.notes.push(`Gateway event-loop delay, the max of each 1 s sample (nodejs_eventloop_lag_max_seconds less its 10 ms timer interval) during the offered-rate phases: ${text.join('; ')}.`);
  const { memPeak } = samples;
  if (memPeak.process_resident_memory_bytes) {
    const mb = (name: string) => fmtNum((memPeak[name] ?? NaN) / 1048576, 0);
    report.notes.push(
      `Gateway memory at its peak during the offered-load phases (each the highest 1 s sample): RSS ${mb('process_resident_memory_bytes')} MB, ` +
        `V8 heap used ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB, ` +
        `bytes queued for sockets ${mb('ws_buffered_bytes')} MB.`,
    );
  }
  return out;
}
