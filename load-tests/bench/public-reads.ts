/**
 * The public reads alone, against bare express, interleaved: `npx tsx load-tests/bench/public-reads.ts`.
 * Starts a stack (mode test), publishes one question with a few votes, then alternates closed-loop runs of bare
 * express JSON, GET /api/questions/{id}/public-results, GET /api/questions/public and the public API's
 * GET /api/public/v1/questions/{id} (its per-address budget raised so far it refuses none) (PUBLIC_READ_ROUNDS rounds of
 * BENCH_REP_SECONDS each, BENCH_CONNECTIONS connections), so that a shared machine's load changes hit all three
 * alike. Prints req/s (median of the rounds) and the gateway's CPU ms per request. `make bench` measures the same
 * reads in its own phase; this is the quick loop for changes to the public read path.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { databaseUrl, startStack } from '../../scripts/stack.ts';
import { closedLoop, send, type Req } from './load.ts';
import { deployedNodeOptions, loadAvg, startBaseline, withCpu } from './procs.ts';
import { connectFleet, type Fleet } from './wsclients.ts';
import { seed } from './seed.ts';
import { fmtNum, median } from './stats.ts';

const env = process.env;
const ROUNDS = Number(env.PUBLIC_READ_ROUNDS ?? 5);
const SECONDS = Number(env.BENCH_REP_SECONDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32);
// PUBLIC_READ_SOCKETS=<n>: n signed-out websockets held open on the gateway (and by this process's fleet thread)
// throughout, as `make bench` has its 10,000 during its public-read phase.
const SOCKETS = Number(env.PUBLIC_READ_SOCKETS ?? 0);
const PG_ADMIN = env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...a: unknown[]) => console.error(`[public-reads ${new Date().toISOString().slice(11, 19)}]`, ...a);

async function main() {
  const sessionSecret = `reads-${randomUUID()}`;
  // PUBLIC_READ_PROFILE=<dir>: the gateway under V8's profiler (the .cpuprofile lands in <dir> when the stack stops).
  const profDir = env.PUBLIC_READ_PROFILE;
  const nodeArgs = profDir ? { gateway: ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200'] } : undefined;
  const stack = await startStack({
    mode: 'test',
    sourceMaps: false,
    env: { SESSION_SECRET: sessionSecret },
    gatewayEnv: { NODE_OPTIONS: deployedNodeOptions('gateway'), WS_MAX_PER_IP: String(SOCKETS + 100), PUBLIC_API_PER_MIN: '100000000' },
    nodeArgs,
  });
  const json = await startBaseline('json');
  let cleanup: (() => Promise<void>) | undefined;
  let fleet: Fleet | undefined;
  try {
    const seeded = await seed({
      identityDbUrl: databaseUrl(stack.databases.identity!, PG_ADMIN),
      redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      redisPrefix: `${stack.namespace}:`,
      sessionSecret,
      cookieName: 'sid',
      idleTtlS: 3600,
      count: 5,
      runId: Math.random().toString(36).slice(2, 8),
    });
    cleanup = seeded.cleanup;
    const origin = `http://127.0.0.1:${stack.gatewayPort}`;
    const publicOrigin = new URL(stack.baseUrl).origin;
    const api = new Pool(origin, { connections: 1 });
    const write = (cookie: string) => ({ cookie, origin: publicOrigin, 'content-type': 'application/json' });
    const created = await send(api, {
      path: '/api/admin/questions',
      method: 'POST',
      headers: write(seeded.admin.cookie),
      body: JSON.stringify({ text: 'Public reads: will the cache hold', context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] }),
    });
    const qid = (JSON.parse(created.body) as { id: string }).id;
    await send(api, { path: `/api/admin/questions/${qid}/publish`, method: 'POST', headers: { cookie: seeded.admin.cookie, origin: publicOrigin } });
    for (const [i, u] of seeded.users.entries()) {
      const body = JSON.stringify({ userId: u.id, questionId: qid, optionId: i % 2 ? 'yes' : 'no' });
      // Voting learns of the publish through an event: retry until the answer is taken.
      for (let tries = 0; (await send(api, { path: '/api/answers', method: 'POST', headers: write(u.cookie), body })).status >= 400 && tries < 200; tries++) {
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    await api.close();
    if (SOCKETS) {
      fleet = await connectFleet(`ws://127.0.0.1:${stack.gatewayPort}/ws`, Array.from({ length: SOCKETS }, () => ({ origin: publicOrigin })), 'new-question');
      log(`${fleet.open} sockets open (${fleet.failed} failed)`);
    }

    // As a browser asks (the gateway gzips a cached body of 1 KB or more).
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const kinds: Record<string, { origin: string; req: Req; pid: number }> = {
      'express JSON': { origin: `http://127.0.0.1:${json.port}`, req: { path: '/json', headers }, pid: json.pid },
      'public-results': { origin, req: { path: `/api/questions/${qid}/public-results`, headers }, pid: stack.pids!.gateway! },
      'questions/public': { origin, req: { path: '/api/questions/public', headers }, pid: stack.pids!.gateway! },
      'public API question': { origin, req: { path: `/api/public/v1/questions/${qid}`, headers }, pid: stack.pids!.gateway! },
    };
    const rps: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    const load = [loadAvg()];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, k] of Object.entries(kinds)) {
        const m = await withCpu([k.pid], () =>
          closedLoop(k.origin, { connections: CONNECTIONS, durationMs: SECONDS * 1000, next: () => k.req, warmupMs: round === 0 ? 500 : 0 }),
        );
        if (m.result.errors) throw new Error(`${name}: ${m.result.errors} errors (${m.result.firstError})`);
        (rps[name] ??= []).push(m.result.rps);
        (cpu[name] ??= []).push(m.cpu[0]! / m.result.latencies.length);
      }
    }
    load.push(loadAvg());
    const base = median(rps['express JSON']!);
    for (const name of Object.keys(kinds)) {
      const r = median(rps[name]!);
      console.log(
        `${name.padEnd(18)} ${fmtNum(r).padStart(7)} req/s [${rps[name]!.map((x) => fmtNum(x)).join(', ')}]  ${fmtNum(r / base, 2)}× bare  CPU ${fmtNum(median(cpu[name]!), 3)} ms/req`,
      );
    }
    console.log(`load average (1/5/15 min) at start ${load[0]}, at end ${load[1]}`);
  } finally {
    await fleet?.closeAll().catch(() => undefined);
    await cleanup?.().catch(() => undefined);
    await json.stop();
    await stack.stop();
  }
}

await main();
