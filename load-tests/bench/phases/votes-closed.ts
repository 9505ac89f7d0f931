/** Votes at the sustained rate: a closed loop per repetition, each on a fresh question, with CPU by process. */
import { CFG, log } from '../config.ts';
import { closedLoop, type RunResult } from '../load.ts';
import { cpuByGroup, processCpu, votePathProcesses, withCpu } from '../procs.ts';
import type { Report } from '../report.ts';
import { errs, rpsFig } from '../reps.ts';
import type { SeededUser } from '../seed.ts';
import { fmtFig, type Figure } from '../stats.ts';
import type { System } from './system.ts';
import type { VoteChecks } from './vote-checks.ts';

export interface SustainedVotes {
  runs: RunResult[];
  rps: Figure;
  /** CPU ms of each process group over all repetitions, and the votes they were spent on. */
  cpuGroups: Record<string, number>;
  votes: number;
}

export async function sustainedVotes(
  sys: System,
  report: Report,
  checks: VoteChecks,
  seeded: { touch(users: SeededUser[]): Promise<void> },
  users: SeededUser[],
  questions: string[],
): Promise<SustainedVotes> {
  const runs: RunResult[] = [];
  const cpu = { gateway: 0, voting: 0, machine: 0, n: 0 };
  const cpuGroups: Record<string, number> = {};
  // The stack's other processes (questions, identity, social, notification) by pid, beside the vote path's.
  const otherPids = new Set(Object.entries(sys.stack?.pids ?? {}).filter(([n]) => n !== 'gateway' && n !== 'voting').map(([, pid]) => pid));
  const groups = { ...votePathProcesses(sys.gatewayPid, sys.votingPid), 'other services': (_c: string, pid: number) => otherPids.has(pid) };
  for (let r = 0; r < CFG.reps; r++) {
    const qid = questions[r]!;
    await seeded.touch(users); // the voters' page loads: fresh sessions, as when a vote follows opening /vote
    const procsBefore = processCpu();
    const m = await withCpu([sys.gatewayPid, sys.votingPid], () =>
      closedLoop(sys.gatewayOrigin, { connections: CFG.connections, durationMs: CFG.repSeconds * 1000, next: checks.voteReq(qid), expect: (s) => s === 201 }),
    );
    for (const [g, ms] of Object.entries(cpuByGroup(procsBefore, processCpu(), groups))) cpuGroups[g] = (cpuGroups[g] ?? 0) + ms;
    const res = m.result;
    cpu.gateway += m.cpu[0]!;
    cpu.voting += m.cpu[1]!;
    cpu.machine += m.machine;
    cpu.n += res.latencies.length;
    runs.push(res);
    await checks.totals(qid, res.statuses['201'] ?? 0, res.statuses['504'] ?? 0, performance.now());
    if (res.firstError) report.notes.push(`vote (closed loop) error: ${res.firstError}`);
  }
  const { cpuPer } = report;
  cpuPer.voteGateway = cpu.gateway / cpu.n;
  cpuPer.voteVoting = cpu.voting / cpu.n;
  cpuPer.voteMachine = cpu.machine / cpu.n;
  cpuPer.voteMachineExclLoadgen = (cpu.machine - (cpuGroups['load generator'] ?? 0)) / cpu.n;
  const rps = rpsFig(runs);
  log(`votes sustained ${fmtFig(rps, ' /s')}, errors ${errs(runs)}`);
  return { runs, rps, cpuGroups, votes: cpu.n };
}
