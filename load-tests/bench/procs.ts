/** Process helpers: baseline child processes, RSS readings, pid by port, pgbench. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Baseline {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts one bare baseline server (baseline-servers.ts) in its own Node process. */
export function startBaseline(kind: string, ...args: string[]): Promise<Baseline> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'baseline-servers.ts'), kind, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`baseline ${kind} did not start`)), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /READY (\d+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve({
          port: Number(m[1]),
          pid: child.pid!,
          stop: () =>
            new Promise<void>((r) => {
              if (child.exitCode !== null) return r();
              child.once('exit', () => r());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`baseline ${kind} exited ${code}`)));
  });
}

/** VmRSS / VmHWM of a process in MB. */
export function rssOf(pid: number): { rssMb: number; hwmMb: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** The pid listening on a TCP port (for a stack the bench did not start). */
export async function pidOnPort(port: number): Promise<number | undefined> {
  try {
    const { stdout } = await run('ss', ['-ltnpH', `sport = :${port}`]);
    const m = /pid=(\d+)/.exec(stdout);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

export function loadAvg(): string {
  return os.loadavg().map((x) => x.toFixed(2)).join(' / ');
}

/**
 * pgbench on a scratch database: single-row inserts into a table shaped like voting's `answers` (same columns
 * and indexes), `-c 8 -j 2 -T <s>`. Returns tps per repetition.
 */
export async function pgbench(adminUrl: string, reps: number, seconds: number): Promise<number[]> {
  const name = `bench_pgbench_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query(`CREATE TABLE answers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL, question_id uuid NOT NULL, option_id text NOT NULL,
      submitted_at timestamptz NOT NULL, sast_day date NOT NULL);
    CREATE UNIQUE INDEX answers_user_question_key ON answers (user_id, question_id);
    CREATE INDEX answers_user_submitted_idx ON answers (user_id, submitted_at DESC);
    CREATE INDEX answers_question_user_idx ON answers (question_id, user_id);`);
  await c.end();
  const script = path.join(os.tmpdir(), `${name}.sql`);
  await writeFile(
    script,
    `INSERT INTO answers (user_id, question_id, option_id, submitted_at, sast_day) VALUES (gen_random_uuid(), '11111111-1111-4111-8111-111111111111', 'yes', now(), current_date);\n`,
  );
  const out: number[] = [];
  try {
    for (let i = 0; i < reps; i++) {
      const { stdout } = await run('pgbench', ['-n', '-f', script, '-c', '8', '-j', '2', '-T', String(seconds), '-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), name], {
        env: { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) },
      });
      const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
      out.push(Number(m?.[1] ?? NaN));
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
  return out;
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime = field 14, stime = field 15
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100 on Linux
  } catch {
    return NaN;
  }
}

/** CPU ms so far of every process on the machine, by pid, with its command name. */
export function processCpu(): Map<number, { comm: string; ms: number }> {
  const out = new Map<number, { comm: string; ms: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(d), { comm, ms: ((Number(f[11]) + Number(f[12])) * 1000) / 100 });
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/** CPU ms each group of processes used between two `processCpu()` snapshots (a process started in between counts whole). */
export function cpuByGroup(before: ReturnType<typeof processCpu>, after: ReturnType<typeof processCpu>, groups: Record<string, (comm: string, pid: number) => boolean>): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(Object.keys(groups).map((g) => [g, 0]));
  for (const [pid, p] of after) {
    const g = Object.keys(groups).find((k) => groups[k]!(p.comm, pid));
    if (g) out[g]! += p.ms - (before.get(pid)?.ms ?? 0);
  }
  return out;
}

/** The processes a vote goes through on this machine, for `cpuByGroup`: the stack's two Node processes by pid, the servers by name. */
export function votePathProcesses(gatewayPid: number | undefined, votingPid: number | undefined): Record<string, (comm: string, pid: number) => boolean> {
  return {
    gateway: (_c, pid) => pid === gatewayPid,
    voting: (_c, pid) => pid === votingPid,
    postgres: (c) => c === 'postgres',
    nats: (c) => c.startsWith('nats-server'),
    redis: (c) => c.startsWith('redis-server'),
    'load generator': (_c, pid) => pid === process.pid,
  };
}

/** Busy CPU time of the whole machine so far (every core, every process: /proc/stat less idle and iowait), in ms. */
export function machineBusyMs(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0); // user nice system idle iowait irq softirq steal
  return ((total - f[3]! - f[4]!) * 1000) / 100; // USER_HZ = 100
}

/** CPU ms used by `pids` while `fn` runs, and by the whole machine (the stack, PostgreSQL, Redis, NATS, the load generator). */
export async function withCpu<T>(pids: (number | undefined)[], fn: () => Promise<T>): Promise<{ result: T; cpu: number[]; machine: number }> {
  const before = pids.map(cpuMs);
  const machineBefore = machineBusyMs();
  const result = await fn();
  return { result, cpu: pids.map((p, i) => cpuMs(p) - before[i]!), machine: machineBusyMs() - machineBefore };
}

/** NODE_OPTIONS of a component's ConfigMap in the kustomize base (what its pods run with). */
export function deployedNodeOptions(component: string): string {
  // kustomize generates the ConfigMap from this file (configMapGenerator); a bench without the deployed heap bound
  // would measure another process, so a missing file or setting stops it.
  const file = path.join(HERE, '..', '..', 'k8s', 'base', 'config', `${component}-config.env`);
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('NODE_OPTIONS='));
  if (!line) throw new Error(`${file}: no NODE_OPTIONS`);
  return line.slice('NODE_OPTIONS='.length).trim();
}

/** The memory limit (MiB) the prod overlay gives a component's container: what its RSS must stay under. */
export function deployedMemoryLimitMiB(component: string): number {
  const file = path.join(HERE, '..', '..', 'k8s', 'overlays', 'prod', 'kustomization.yaml');
  const m = new RegExp(`target: \\{kind: Deployment, name: ${component}\\}[\\s\\S]*?limits: \\{cpu: [^,]+, memory: (\\d+)Mi\\}`).exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no memory limit for ${component}`);
  return Number(m[1]);
}
