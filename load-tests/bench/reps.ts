/** Closed loops repeated CFG.reps times, and what the phases read off their results. */
import { CFG } from './config.ts';
import { closedLoop, type Req, type RunResult } from './load.ts';
import { figure } from './stats.ts';

export async function closedReps(origin: string, mk: () => (i: number) => Req | undefined, expect?: (s: number) => boolean): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (let r = 0; r < CFG.reps; r++) {
    out.push(await closedLoop(origin, { connections: CFG.connections, durationMs: CFG.repSeconds * 1000, next: mk(), expect, warmupMs: r === 0 ? 500 : 0 }));
  }
  return out;
}
export const rpsFig = (rs: RunResult[]) => figure(rs.map((r) => r.rps));
export const errs = (rs: RunResult[]) => rs.reduce((n, r) => n + r.errors, 0);
export const okCount = (rs: RunResult[]) => rs.reduce((n, r) => n + r.latencies.length, 0);
