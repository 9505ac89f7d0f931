/**
 * `make bench-profile`: the vote path alone, under V8's sampling profiler. Starts a stack (mode test) with
 * `--cpu-prof` on the gateway and voting, seeds users the bench's way, publishes one question per
 * PROFILE_QUESTIONS, runs a closed loop of votes (BENCH_CONNECTIONS, PROFILE_SECONDS), stops the stack so V8
 * writes the profiles, and prints CPU ms per vote by process plus the heaviest functions (self time) of each.
 * Profiles (open in Chrome DevTools → Performance, or speedscope) land in test-results/profiles/<time>/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { databaseUrl, ROOT, startStack } from '../../scripts/stack.ts';
import { closedLoop, send, type Req } from './load.ts';
import { attribute, parts } from './profile-attribution.ts';
import { cpuByGroup, processCpu, votePathProcesses } from './procs.ts';
import { seed } from './seed.ts';
import { fmtNum, sleep } from './stats.ts';

const env = process.env;
const SECONDS = Number(env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(env.PROFILE_USERS ?? 10_000);
const QUESTIONS = Number(env.PROFILE_QUESTIONS ?? 3);
const PG_ADMIN = env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (...a: unknown[]) => console.error(`[profile ${new Date().toISOString().slice(11, 19)}]`, ...a);
const dbUrl = (name: string) => databaseUrl(name, PG_ADMIN);

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a profile node's code lives: a package, node itself, or a file of ours. */
function whereOf(url: string): string {
  if (!url) return '';
  if (url.startsWith('node:')) return 'node';
  const u = url.replace(/^file:\/\//, '');
  const i = u.lastIndexOf('node_modules/');
  if (i < 0) return path.relative(ROOT, u);
  const parts = u.slice(i + 13).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * Self time within [fromUs, toUs] (the profile's clock: monotonic µs, as process.hrtime) by function and by the
 * package it lives in, heaviest first, as shares of the busy (non-idle) time.
 */
export function summarise(file: string, fromUs: number, toUs: number, limit = 25) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile & { startTime: number };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  let busy = 0;
  let t = p.startTime;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    if (t < fromUs || t > toUs) return;
    const n = byId.get(id)!;
    const fn = n.callFrame.functionName;
    if (fn === '(idle)') return;
    busy += dt;
    const where = whereOf(n.callFrame.url);
    const key = `${fn || '(anonymous)'} ${where}${where && !n.callFrame.url.includes('node_modules/') && where !== 'node' ? `:${n.callFrame.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + dt);
    const pkg = where || fn; // (garbage collector), (program)
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + dt);
  });
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ share: us / busy, name }));
  return { busyMs: busy / 1000, functions: top(fns), packages: top(pkgs) };
}

async function main() {
  const dir = path.join(ROOT, 'test-results', 'profiles', new Date().toISOString().replace(/[:.]/g, '-'));
  const dirs = { gateway: path.join(dir, 'gateway'), voting: path.join(dir, 'voting') };
  Object.values(dirs).forEach((d) => mkdirSync(d, { recursive: true }));
  const prof = (d: string) => ['--cpu-prof', `--cpu-prof-dir=${d}`, '--cpu-prof-interval=200'];
  const sessionSecret = `profile-${randomUUID()}`;
  const stack = await startStack({
    mode: 'test',
    sourceMaps: false,
    env: { SESSION_SECRET: sessionSecret },
    nodeArgs: { gateway: prof(dirs.gateway), voting: prof(dirs.voting) },
  });
  const origin = `http://127.0.0.1:${stack.gatewayPort}`;
  const publicOrigin = new URL(stack.baseUrl).origin;
  const voting = new pg.Pool({ connectionString: dbUrl(stack.databases.voting!), max: 1 });
  let cleanup: (() => Promise<void>) | undefined;
  const windowUs = [0, 0];
  let votes = 0;
  try {
    const seeded = await seed({
      identityDbUrl: dbUrl(stack.databases.identity!),
      redisUrl: REDIS_URL,
      redisPrefix: `${stack.namespace}:`,
      sessionSecret,
      cookieName: 'sid',
      idleTtlS: 14 * 24 * 3600,
      count: USERS,
      runId: Math.random().toString(36).slice(2, 8),
    });
    cleanup = seeded.cleanup;
    const api = new Pool(origin, { connections: 2 });
    const admin = { cookie: seeded.admin.cookie, origin: publicOrigin, 'content-type': 'application/json' };
    const qids: string[] = [];
    for (let i = 0; i < QUESTIONS; i++) {
      const c = await send(api, {
        path: '/api/admin/questions',
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ text: `Profile question ${i + 1}: will the vote path hold`, context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] }),
      });
      const id = (JSON.parse(c.body) as { id: string }).id;
      await send(api, { path: `/api/admin/questions/${id}/publish`, method: 'POST', headers: { cookie: admin.cookie, origin: publicOrigin } });
      for (;;) {
        if ((await voting.query('SELECT 1 FROM question_state WHERE question_id = $1', [id])).rowCount) break;
        await sleep(10);
      }
      qids.push(id);
    }
    const users = seeded.users;
    const next = (i: number): Req | undefined => {
      const q = qids[Math.floor(i / users.length)];
      const u = users[i % users.length]!;
      if (!q) return undefined;
      return { path: '/api/answers', method: 'POST', headers: { cookie: u.cookie, origin: publicOrigin, 'content-type': 'application/json' }, body: JSON.stringify({ userId: u.id, questionId: q, optionId: i % 3 ? 'yes' : 'no' }) };
    };
    const before = processCpu();
    windowUs[0] = Number(process.hrtime.bigint() / 1000n);
    const res = await closedLoop(origin, { connections: CONNECTIONS, durationMs: SECONDS * 1000, next, expect: (s) => s === 201 });
    const after = processCpu();
    windowUs[1] = Number(process.hrtime.bigint() / 1000n);
    const cpu = cpuByGroup(before, after, votePathProcesses(stack.pids!.gateway, stack.pids!.voting));
    const n = res.latencies.length;
    votes = n;
    log(`votes: ${fmtNum(res.rps)}/s, p50 ${fmtNum(res.p50)} ms, p99 ${fmtNum(res.p99)} ms, errors ${res.errors}${res.firstError ? ` (${res.firstError})` : ''}`);
    log(`CPU ms per vote: ${Object.entries(cpu).map(([k, v]) => `${k} ${fmtNum(v / n, 2)}`).join(', ')}`);
    await api.close();
  } finally {
    await voting.end();
    await cleanup?.();
    await stack.stop();
  }
  for (const [name, d] of Object.entries(dirs)) {
    const file = readdirSync(d).find((f) => f.endsWith('.cpuprofile'));
    if (!file) {
      log(`${name}: no profile written`);
      continue;
    }
    const sum = summarise(path.join(d, file), windowUs[0]!, windowUs[1]!);
    console.log(`\n${name}: ${fmtNum(sum.busyMs / votes, 2)} ms busy per vote in the profile (${path.join(d, file)})`);
    console.log('  by package (self time, share of busy):');
    for (const f of sum.packages.slice(0, 15)) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`);
    console.log('  by function:');
    for (const f of sum.functions) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`);
    // Per middleware and per call: µs per vote by the package or function of ours that asked for the work, and inclusive.
    const att = attribute(path.join(d, file), windowUs[0]!, windowUs[1]!, ROOT);
    const us = (x: number) => `${(x / votes).toFixed(1).padStart(6)} µs`;
    console.log('  by part of the vote path (µs per vote):');
    for (const [part, x] of parts(att, name) ?? []) console.log(`  ${us(x)}  ${part}`);
    console.log('  by caller (µs per vote; Node internals charged to the package or function that called them):');
    for (const [k, x] of att.byCaller.slice(0, 30)) console.log(`  ${us(x)}  ${k}`);
    console.log('  inclusive (µs per vote with the function on the stack):');
    for (const [k, x] of att.inclusive.slice(0, 60)) console.log(`  ${us(x)}  ${k}`);
  }
  writeFileSync(path.join(dir, 'window.json'), JSON.stringify({ fromUs: windowUs[0], toUs: windowUs[1], votes }));
}

await main();
