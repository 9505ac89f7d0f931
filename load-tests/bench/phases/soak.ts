/**
 * The soak: the sockets stay open for BENCH_SOAK_SECONDS after a minute's warm-up while votes arrive at
 * BENCH_SOAK_RATE, a new question published (its new-question to every socket) whenever the voters have all answered
 * the last one; the gateway's RSS is read every 10 s and its slope fitted over the measured part.
 */
import type pg from 'pg';
import type { Pool } from 'undici';
import { CFG, log } from '../config.ts';
import { openLoop } from '../load.ts';
import { rssOf } from '../procs.ts';
import type { SeededUser } from '../seed.ts';
import { fmtNum, sleep } from '../stats.ts';
import type { Fleet } from '../wsclients.ts';
import { createQuestion, publishQuestion } from './publish.ts';
import type { System } from './system.ts';
import type { VoteChecks } from './vote-checks.ts';

export const SOAK_WARMUP_S = 60;
const SAMPLE_MS = 10_000;

export interface Soak {
  /** [seconds since the warm-up ended, RSS MB] */
  samples: [number, number][];
  slopeMbPerMin: number;
  votes: number;
  voteErrors: number;
  questions: number;
  /** The sockets still open at the end. */
  open: number;
}

/** Least-squares slope of y over x. */
export function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxy = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return sxy / sxx;
}

export async function soak(
  sys: System,
  api: Pool,
  admin: SeededUser,
  voting: pg.Pool,
  checks: VoteChecks,
  seeded: { touch(users: SeededUser[]): Promise<void> },
  users: SeededUser[],
  fleet: Fleet,
  runId: string,
): Promise<Soak | undefined> {
  if (!CFG.soakSeconds || !sys.gatewayPid) return undefined;
  const pid = sys.gatewayPid;
  const t0 = performance.now();
  const measuredFrom = t0 + SOAK_WARMUP_S * 1000;
  const end = measuredFrom + CFG.soakSeconds * 1000;
  const out: Soak = { samples: [], slopeMbPerMin: NaN, votes: 0, voteErrors: 0, questions: 0, open: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = performance.now();
      if (now >= measuredFrom) out.samples.push([(now - measuredFrom) / 1000, rssOf(pid).rssMb]);
      // The fleet forgets the arrivals it was keeping for the other phases' figures.
      await fleet.spreads('ru:');
      await fleet.spreads('nq:');
      await sleep(SAMPLE_MS);
    }
  })();
  log(`soak: ${SOAK_WARMUP_S} s warm-up + ${CFG.soakSeconds} s at ${CFG.soakRate} votes/s`);
  while (performance.now() < end) {
    const qid = await createQuestion(sys, api, admin, `Bench ${runId} soak question ${out.questions + 1}: will it hold all afternoon`);
    await publishQuestion(sys, api, admin, voting, qid);
    out.questions++;
    await seeded.touch(users);
    const durationMs = Math.min((users.length / CFG.soakRate) * 1000, end - performance.now());
    if (durationMs < 1000) break;
    const res = await openLoop(sys.gatewayOrigin, { rate: CFG.soakRate, durationMs, connections: 64, next: checks.voteReq(qid), expect: (s) => s === 201 });
    out.votes += res.requests;
    out.voteErrors += res.errors;
  }
  sampling = false;
  await sampler;
  out.slopeMbPerMin = slope(out.samples) * 60;
  out.open = await fleet.openNow();
  const rss = out.samples.map(([, y]) => y);
  log(`soak: RSS ${fmtNum(Math.min(...rss), 0)}–${fmtNum(Math.max(...rss), 0)} MB over ${out.samples.length} samples, slope ${fmtNum(out.slopeMbPerMin, 2)} MB/min; ${out.votes} votes (${out.voteErrors} errors) on ${out.questions} questions`);
  return out;
}
