/**
 * The same-run baselines: bare express JSON, express → gRPC echo (CPU of both sides and of the machine), a bare `ws`
 * broadcast to as many sockets as the app will hold, and pgbench's single-row inserts.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { CFG, log, PG_ADMIN } from '../config.ts';
import { send } from '../load.ts';
import { pgbench, startBaseline, withCpu } from '../procs.ts';
import type { Report } from '../report.ts';
import { closedReps, okCount, rpsFig } from '../reps.ts';
import { figure, fmtFig, sleep, type Figure } from '../stats.ts';
import { connectFleet } from '../wsclients.ts';

export interface Baselines {
  jsonRps: Figure;
  echoRps: Figure;
  bareBroadcast: Figure;
  pgTps: Figure;
}

/** A new-question message of realistic size for the bare broadcast. */
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
      { optionId: 'yes', optionText: 'Yes', votes: 0, percentage: 0 },
      { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
    ],
    totalVotes: 0,
    commentCount: 0,
  },
});

export async function measureBaselines(report: Report): Promise<Baselines> {
  log('baselines: express JSON, express→gRPC echo, bare ws broadcast, pgbench…');
  const bJson = await startBaseline('json');
  const bEcho = await startBaseline('grpc-echo');
  const bEchoHttp = await startBaseline('echo-http', `127.0.0.1:${bEcho.port}`);
  const bWs = await startBaseline('ws');
  const jsonM = await withCpu([bJson.pid], () => closedReps(`http://127.0.0.1:${bJson.port}`, () => () => ({ path: '/json' })));
  const echoM = await withCpu([bEchoHttp.pid, bEcho.pid, process.pid], () => closedReps(`http://127.0.0.1:${bEchoHttp.port}`, () => () => ({ path: '/echo' })));
  const { cpuPer } = report;
  cpuPer.json = jsonM.cpu[0]! / okCount(jsonM.result);
  cpuPer.echo = (echoM.cpu[0]! + echoM.cpu[1]!) / okCount(echoM.result);
  cpuPer.echoMachine = echoM.machine / okCount(echoM.result);
  cpuPer.echoMachineExclLoadgen = (echoM.machine - echoM.cpu[2]!) / okCount(echoM.result);
  const jsonRps = rpsFig(jsonM.result);
  const echoRps = rpsFig(echoM.result);
  log(`express JSON ${fmtFig(jsonRps, ' rps')}, express→gRPC echo ${fmtFig(echoRps, ' rps')}`);

  // A bare ws broadcast to the same number of clients.
  const bareFleet = await connectFleet(`ws://127.0.0.1:${bWs.port}/ws`, Array.from({ length: CFG.wsClients }, () => ({})), 'bcast');
  const times: number[] = [];
  const bwsPool = new Pool(`http://127.0.0.1:${bWs.port}`, { connections: 1 });
  for (let r = 0; r < CFG.reps + 2; r++) {
    const t0 = performance.now();
    await send(bwsPool, { path: '/broadcast', method: 'POST', body: NEW_QUESTION_LIKE.replace('{', `{"bcast":${r},`) });
    const arr = await bareFleet.waitAll(String(r), 20_000);
    if (r >= 1) times.push(Math.max(...arr) - t0); // the first one warms up
    await sleep(300);
  }
  await bareFleet.closeAll();
  await bwsPool.close();
  const bareBroadcast = figure(times);
  log(`bare ws broadcast to ${CFG.wsClients}: ${fmtFig(bareBroadcast, ' ms')}`);
  await Promise.all([bJson.stop(), bEcho.stop(), bEchoHttp.stop(), bWs.stop()]);
  const pgTps = figure(await pgbench(PG_ADMIN, CFG.reps, 5));
  log(`pgbench insert ${fmtFig(pgTps, ' tps')}`);
  return { jsonRps, echoRps, bareBroadcast, pgTps };
}
