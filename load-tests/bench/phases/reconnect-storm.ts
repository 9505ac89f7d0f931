/**
 * The reconnect storm: every socket dropped at once while votes arrive at the target's rate, each page coming back
 * with the web's own jittered backoff and resync (wsfleet-worker.mjs imports web/src/features/live/backoff.ts). The
 * drop is made on the clients' side (a network cut): the gateway sees every connection end in the same moment, as
 * after a load balancer's failover, and the returning handshakes, session reads and resync GETs arrive together.
 */
import { readFileSync } from 'node:fs';
import { CFG, log } from '../config.ts';
import { openLoop, type RunResult } from '../load.ts';
import type { Report } from '../report.ts';
import type { SeededUser } from '../seed.ts';
import { fmtNum, sleep } from '../stats.ts';
import type { Fleet, StormResult } from '../wsclients.ts';
import type { System } from './system.ts';
import type { VoteChecks } from './vote-checks.ts';

export const STORM_TIMEOUT_MS = 60_000;

/** The kernel's count of connections dropped because a listen queue was full (machine-wide; Linux only). */
export function listenOverflows(): number {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const names = lines[i]!.split(/\s+/);
      const k = names.indexOf('ListenOverflows');
      if (names[0] === 'TcpExt:' && k > 0) return Number(lines[i + 1]!.split(/\s+/)[k]);
    }
  } catch {
    /* not Linux */
  }
  return NaN;
}

export interface Storm {
  result: StormResult;
  votes: RunResult;
  /** Responses of 500 and above: to the handshakes, to the resync GETs, and to the votes. */
  fiveHundreds: number;
  /** Connections the kernel dropped from a full listen queue during the storm (each retried by the client after 1, 3, 7… s). */
  listenOverflows: number;
}

export async function reconnectStorm(
  sys: System,
  report: Report,
  checks: VoteChecks,
  seeded: { touch(users: SeededUser[]): Promise<void> },
  users: SeededUser[],
  fleet: Fleet,
  qid: string,
): Promise<Storm> {
  await seeded.touch(users);
  const votes = openLoop(sys.gatewayOrigin, { rate: CFG.voteRate, durationMs: CFG.voteSeconds * 1000, connections: 256, next: checks.voteReq(qid), expect: (s) => s === 201 });
  // The drop comes a second into the votes, so votes are in flight before, during and after it.
  await sleep(1_000);
  const overflowsBefore = listenOverflows();
  const result = await fleet.storm({ timeoutMs: STORM_TIMEOUT_MS, resync: ['/api/questions/today', `/api/questions/${qid}/public-results`] });
  const overflows = listenOverflows() - overflowsBefore;
  const res = await votes;
  await checks.totals(qid, res.statuses['201'] ?? 0, res.statuses['504'] ?? 0, performance.now());
  if (res.firstError) report.notes.push(`vote during the reconnect storm: ${res.firstError}`);
  const over500 = (byStatus: Record<string, number>) => Object.entries(byStatus).reduce((n, [s, k]) => n + (Number(s) >= 500 ? k : 0), 0);
  const fiveHundreds = over500(result.refusedHttp) + over500(result.resync) + over500(res.statuses);
  log(
    `reconnect storm: ${result.back} of ${result.dropped} back (p50 ${fmtNum(result.backP50Ms)} ms, p99 ${fmtNum(result.backP99Ms)} ms, last ${fmtNum(result.backMaxMs)} ms) in ${result.attempts} attempts, ${overflows} listen-queue overflows; ` +
      `refused ${JSON.stringify(result.refusedHttp)}, closed ${JSON.stringify(result.closeCodes)}; resync ${JSON.stringify(result.resync)} (${result.resyncErrors} errors); ` +
      `votes ${fmtNum(res.rps)}/s p99 ${fmtNum(res.p99)} ms errors ${res.errors}`,
  );
  return { result, votes: res, fiveHundreds, listenOverflows: overflows };
}
