/**
 * Public reads with the sockets still open: public-results and the public list, each repetition after one of bare
 * express JSON (interleaved): the baselines ran before the sockets and the vote phases, and the load generator now
 * also holds the socket fleet, so the reads are compared with express under the same conditions.
 */
import { CFG, log } from '../config.ts';
import { closedLoop, type RunResult } from '../load.ts';
import { startBaseline, withCpu } from '../procs.ts';
import type { Report } from '../report.ts';
import { okCount, rpsFig } from '../reps.ts';
import { fmtFig } from '../stats.ts';
import type { System } from './system.ts';

export interface PublicReads {
  jsonAlongside: RunResult[];
  publicResults: RunResult[];
  publicList: RunResult[];
  /** The public read API's question (GET /api/public/v1/questions/{id}: figures, provinces, history). */
  publicApi: RunResult[];
}

export async function publicReads(sys: System, report: Report, questionId: string): Promise<PublicReads> {
  const bJson = await startBaseline('json');
  const out: PublicReads = { jsonAlongside: [], publicResults: [], publicList: [], publicApi: [] };
  const cpu = { pr: 0, pub: 0, api: 0 };
  try {
    for (let r = 0; r < CFG.reps; r++) {
      const warmupMs = r === 0 ? 500 : 0;
      // As a browser asks (the gateway gzips a cached body of 1 KB or more; bare express's small JSON is sent as is).
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      const once = (origin: string, path: string) => closedLoop(origin, { connections: CFG.connections, durationMs: CFG.repSeconds * 1000, next: () => ({ path, headers }), warmupMs });
      out.jsonAlongside.push(await once(`http://127.0.0.1:${bJson.port}`, '/json'));
      const pr = await withCpu([sys.gatewayPid], () => once(sys.gatewayOrigin, `/api/questions/${questionId}/public-results`));
      const pub = await withCpu([sys.gatewayPid], () => once(sys.gatewayOrigin, '/api/questions/public'));
      const papi = await withCpu([sys.gatewayPid], () => once(sys.gatewayOrigin, `/api/public/v1/questions/${questionId}`));
      out.publicResults.push(pr.result);
      out.publicList.push(pub.result);
      out.publicApi.push(papi.result);
      cpu.pr += pr.cpu[0]!;
      cpu.pub += pub.cpu[0]!;
      cpu.api += papi.cpu[0]!;
    }
  } finally {
    await bJson.stop();
  }
  report.cpuPer.publicResults = cpu.pr / okCount(out.publicResults);
  report.cpuPer.publicList = cpu.pub / okCount(out.publicList);
  report.cpuPer.publicApi = cpu.api / okCount(out.publicApi);
  log(`public-results ${fmtFig(rpsFig(out.publicResults), ' rps')}, questions/public ${fmtFig(rpsFig(out.publicList), ' rps')}, public API question ${fmtFig(rpsFig(out.publicApi), ' rps')}, express JSON alongside ${fmtFig(rpsFig(out.jsonAlongside), ' rps')}`);
  return out;
}
