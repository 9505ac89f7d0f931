/**
 * Where the gateway's heap goes per live socket: heap snapshots of the gateway (as deployed: NODE_OPTIONS from
 * k8s/base/config) before and after N signed-in sockets connect, compared by constructor.
 *   npx tsx load-tests/bench/heap-sockets.ts     (BENCH_WS_CLIENTS, default 2000; snapshots in test-results/heap/)
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl, startStack } from '../../scripts/stack.ts';
import { deployedNodeOptions } from './procs.ts';
import { seed } from './seed.ts';
import { sleep } from './stats.ts';
import { connectFleet } from './wsclients.ts';

const N = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const OUT = path.resolve('test-results/heap');
mkdirSync(OUT, { recursive: true });

/** The parts of V8's .heapsnapshot format read here: a flat node array, `node_fields` wide. */
interface Snap {
  snapshot: { meta: { node_fields: string[]; node_types: string[][] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count per constructor (objects, closures, native) or per kind (strings, code, arrays…). */
function byConstructor(file: string): Map<string, { count: number; size: number }> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snap;
  const f = s.snapshot.meta.node_fields;
  const width = f.length;
  const [iType, iName, iSize] = [f.indexOf('type'), f.indexOf('name'), f.indexOf('self_size')];
  const types = s.snapshot.meta.node_types[0]!;
  const out = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + iType]!]!;
    const name = type === 'object' || type === 'closure' || type === 'native' ? `${type}:${s.strings[s.nodes[i + iName]!]}` : `(${type})`;
    const e = out.get(name) ?? { count: 0, size: 0 };
    e.count++;
    e.size += s.nodes[i + iSize]!;
    out.set(name, e);
  }
  return out;
}

/** Asks the gateway for a snapshot (SIGUSR2), waits until it is written, moves it to test-results/heap/<label>. */
async function snapshot(pid: number, label: string): Promise<string> {
  const cwd = process.cwd();
  const before = new Set(readdirSync(cwd).filter((f) => f.endsWith('.heapsnapshot')));
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i++) {
    await sleep(500);
    const fresh = readdirSync(cwd).filter((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (fresh.length) {
      const file = path.join(cwd, fresh[0]!);
      // Written in pieces: done once the size stops changing and the JSON closes.
      for (let last = -1; ; ) {
        await sleep(1000);
        const size = statSync(file).size;
        if (size === last && readFileSync(file, 'utf8').trimEnd().endsWith('}')) break;
        last = size;
      }
      const dest = path.join(OUT, `${label}.heapsnapshot`);
      renameSync(file, dest);
      return dest;
    }
  }
  throw new Error('no snapshot');
}

const secret = `heap-${randomUUID()}`;
const stack = await startStack({
  mode: 'test',
  sourceMaps: false,
  env: { SESSION_SECRET: secret },
  gatewayEnv: { NODE_OPTIONS: deployedNodeOptions('gateway'), WS_MAX_PER_IP: String(N + 100) },
  nodeArgs: { gateway: ['--heapsnapshot-signal=SIGUSR2'] },
  logs: path.resolve('test-results/logs'),
});
try {
  const publicOrigin = new URL(stack.baseUrl).origin;
  const seeded = await seed({
    identityDbUrl: databaseUrl(stack.databases.identity!),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `${stack.namespace}:`,
    sessionSecret: secret,
    cookieName: 'sid',
    idleTtlS: 3600,
    count: N,
    runId: 'heap',
  });
  const pid = stack.pids!.gateway!;
  await sleep(2000);
  const a = byConstructor(await snapshot(pid, 'before'));
  const fleet = await connectFleet(`ws://127.0.0.1:${stack.gatewayPort}/ws`, seeded.users.map((u) => ({ cookie: u.cookie, origin: publicOrigin })), 'new-question');
  await sleep(3000);
  const b = byConstructor(await snapshot(pid, 'after'));
  const rows = [...b].map(([k, v]) => ({ k, dc: v.count - (a.get(k)?.count ?? 0), ds: v.size - (a.get(k)?.size ?? 0) })).sort((x, y) => y.ds - x.ds);
  const total = rows.reduce((n, r) => n + r.ds, 0);
  console.log(`${fleet.open} sockets: heap +${(total / 1048576).toFixed(1)} MB, ${(total / fleet.open).toFixed(0)} B per socket`);
  for (const r of rows.slice(0, 40)) console.log(`${(r.ds / fleet.open).toFixed(0).padStart(7)} B/sock ${(r.dc / fleet.open).toFixed(2).padStart(6)}/sock  ${r.k}`);
  await fleet.closeAll();
  await seeded.cleanup();
} finally {
  await stack.stop();
}
