/**
 * Starts the whole system as real processes (`node dist/main.js` for every service and the gateway), the way
 * `make up` runs it and the browser tests use it. Build first (`npm run build`). With `watch` (`make dev`) each
 * process runs from its TypeScript source under `tsx watch` instead, and restarts when a file it imports changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../services/kit/src/testing.js';
import { entry, ExitedBeforeReady, launch, pipeLogs, ROOT, stopChild, waitForHttp, type LaunchOptions, type LogTarget } from './processes.js';

export { freePort };
export { entry, launch, ROOT, stopChild, waitForHttp };

/** Every service: its folder, default gRPC / metrics ports and the gateway variable holding its address. */
export const SERVICES = [
  { name: 'identity', grpcPort: 50051, metricsPort: 9461, addrVar: 'IDENTITY_GRPC_ADDR' },
  { name: 'questions', grpcPort: 50052, metricsPort: 9462, addrVar: 'QUESTIONS_GRPC_ADDR' },
  { name: 'voting', grpcPort: 50053, metricsPort: 9463, addrVar: 'VOTING_GRPC_ADDR' },
  { name: 'social', grpcPort: 50054, metricsPort: 9464, addrVar: 'SOCIAL_GRPC_ADDR' },
  { name: 'notification', grpcPort: 50055, metricsPort: 9465, addrVar: 'NOTIFICATION_GRPC_ADDR' },
] as const;

export interface StackOptions extends LaunchOptions {
  /** Fixed ports (make up) or free ones (tests). */
  mode?: 'dev' | 'test';
  /** Extra env for every process. */
  env?: Record<string, string>;
  /** Where child output goes: 'inherit' (prefixed to stdout) or a folder for log files. */
  logs?: LogTarget;
  gatewayPort?: number;
  /** Extra env for one service only (after `env`), e.g. fault-injection settings. */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  /** Extra env for the gateway only, applied last (may override a service address, e.g. to put a proxy in between). */
  gatewayEnv?: Record<string, string>;
  /** PostgreSQL server to create the databases on (default `STACK_PG_URL`, else the local one). */
  pgAdminUrl?: string;
  /**
   * Source-mapped stack traces (`--enable-source-maps`, default on: readable test logs). The bench turns it off to
   * run the processes as the images do (`node dist/main.js`).
   */
  sourceMaps?: boolean;
  /** Extra node flags for some processes, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: Partial<Record<ProcessName, string[]>>;
  /** `make dev`: run `src/main.ts` under `tsx watch` (restart on change) instead of `dist/main.js`. */
  watch?: boolean;
}

export type ServiceName = (typeof SERVICES)[number]['name'];
export type ProcessName = ServiceName | 'gateway';

/** How one child was launched: enough to kill it and start it again in the same place. */
export interface StackProcess {
  child: ChildProcess;
  env: Record<string, string>;
  script: string;
  /** URL that answers 200 once the process is ready. */
  readyUrl: string;
  grpcPort?: number;
  metricsPort: number;
  databaseUrl?: string;
}

export interface Stack {
  baseUrl: string;
  gatewayPort: number;
  namespace: string;
  databases: Record<string, string>;
  /** Process ids of the children by name (`gateway`, `identity`, …), e.g. for the bench's RSS readings. */
  pids?: Record<string, number>;
  /** gRPC addresses of the services by name (what the gateway was given). */
  grpcAddrs?: Record<string, string>;
  /** Every child by name, with its env and ports (fault-injection tests). */
  processes?: Record<ProcessName, StackProcess>;
  /** Sends `signal` (default SIGKILL) to one child and waits until it has exited. */
  kill?(name: ProcessName, signal?: NodeJS.Signals): Promise<void>;
  /** Starts an exited child again with the same env and ports, and waits until it is ready. */
  respawn?(name: ProcessName): Promise<void>;
  stop(): Promise<void>;
}

function rand(): string {
  return Math.random().toString(36).slice(2, 10);
}

const PG_ADMIN = process.env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the PostgreSQL server of `admin`. */
export function databaseUrl(name: string, admin = PG_ADMIN): string {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDatabases(names: string[], admin = PG_ADMIN) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  for (const n of names) await c.query(`DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`).catch(() => undefined);
  await c.end();
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const mode = opts.mode ?? 'test';
  const suffix = rand();
  const namespace = mode === 'test' ? `e2e${suffix}` : '';
  const logs = opts.logs ?? (mode === 'test' ? path.join(ROOT, 'test-results', 'logs', suffix) : 'inherit');
  const children: ChildProcess[] = [];
  const pids: Record<string, number> = {};
  const grpcAddrs: Record<string, string> = {};
  const processes = {} as Record<ProcessName, StackProcess>;
  const pgAdmin = opts.pgAdminUrl ?? PG_ADMIN;
  const databases: Record<string, string> = {};
  const gatewayEnv: Record<string, string> = {};
  const common: Record<string, string> = {
    NODE_ENV: mode === 'test' ? 'test' : 'development',
    EVENTS_NAMESPACE: namespace,
    ...opts.env,
  };

  const stop = async () => {
    await Promise.all([...children].reverse().map((c) => stopChild(c)));
    if (mode === 'test') {
      await dropDatabases(Object.values(databases), pgAdmin).catch(() => undefined);
      const { deleteTestStreams } = await import('../services/kit/src/testing.js');
      await deleteTestStreams(namespace, opts.env?.NATS_URL).catch(() => undefined);
    }
  };

  /**
   * Launches one child and waits until `readyUrl` answers. In test mode the ports are probed, not held, so another
   * process can take one before the child binds it; such a child gets fresh ports and one more try (two at most).
   */
  const launchReady = async (
    name: ProcessName,
    script: string,
    configure: () => Promise<{ env: Record<string, string>; readyUrl: string; grpcPort?: number; metricsPort: number }>,
  ) => {
    for (let attempt = 1; ; attempt++) {
      const { env, readyUrl, grpcPort, metricsPort } = await configure();
      const child = launch(name, script, env, logs, opts);
      children.push(child);
      if (child.pid) pids[name] = child.pid;
      processes[name] = { child, env, script, readyUrl, grpcPort, metricsPort, databaseUrl: env.DATABASE_URL };
      try {
        await waitForHttp(name, readyUrl, 60_000, child);
        return;
      } catch (err) {
        if (!(mode === 'test' && err instanceof ExitedBeforeReady && err.portTaken && attempt < 3)) throw err;
        console.warn(`stack: ${name} lost a port to another process; starting it again on fresh ports`);
      }
    }
  };

  try {
    await Promise.all(
      SERVICES.map(async (s) => {
        const db = mode === 'test' ? `${s.name}_e2e_${suffix}` : s.name;
        databases[s.name] = db;
        const script = entry(path.join('services', s.name), opts.watch);
        await launchReady(s.name, script, async () => {
          const grpcPort = mode === 'test' ? await freePort() : s.grpcPort;
          const metricsPort = mode === 'test' ? await freePort() : s.metricsPort;
          gatewayEnv[s.addrVar] = `127.0.0.1:${grpcPort}`;
          grpcAddrs[s.name] = `127.0.0.1:${grpcPort}`;
          const env = {
            ...common,
            GRPC_PORT: String(grpcPort),
            METRICS_PORT: String(metricsPort),
            DATABASE_URL: databaseUrl(db, pgAdmin),
            ...(s.name === 'notification' && logs !== 'inherit' ? { MAIL_DIR: path.join(logs, 'mail') } : {}),
            ...opts.serviceEnv?.[s.name],
          };
          return { env, readyUrl: `http://127.0.0.1:${metricsPort}/metrics`, grpcPort, metricsPort };
        });
      }),
    );
    let gatewayPort = 0;
    let publicUrl = '';
    await launchReady('gateway', entry('gateway', opts.watch), async () => {
      gatewayPort = opts.gatewayPort ?? (mode === 'test' ? await freePort() : 8080);
      publicUrl = `http://localhost:${gatewayPort}`;
      const metricsPort = mode === 'test' ? await freePort() : 9460;
      const env = {
        ...common,
        ...gatewayEnv,
        PORT: String(gatewayPort),
        METRICS_PORT: String(metricsPort),
        PUBLIC_URL: publicUrl,
        REDIS_PREFIX: mode === 'test' ? `e2e${suffix}:` : 'mp:',
        ...opts.gatewayEnv,
      };
      return { env, readyUrl: `http://127.0.0.1:${gatewayPort}/readyz`, metricsPort };
    });
    const kill = async (name: ProcessName, signal: NodeJS.Signals = 'SIGKILL') => {
      const { child } = processes[name];
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    };
    const respawn = async (name: ProcessName) => {
      const p = processes[name];
      if (p.child.exitCode === null && p.child.signalCode === null) throw new Error(`${name} is still running`);
      const child = launch(name, p.script, p.env, logs, opts);
      const i = children.indexOf(p.child);
      if (i >= 0) children[i] = child;
      else children.push(child);
      p.child = child;
      if (child.pid) pids[name] = child.pid;
      await waitForHttp(name, p.readyUrl, 60_000, child);
    };
    return { baseUrl: publicUrl, gatewayPort, namespace, databases, pids, grpcAddrs, processes, kill, respawn, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Vite's dev server for the web (`make dev`; the gateway proxies to it, WEB_DEV_SERVER_URL), on 127.0.0.1:`port`,
 * serving `root` (default web/, with web/vite.config.ts). Resolves once it answers.
 */
export async function startWebDevServer(opts: { port: number; root?: string; logs?: StackOptions['logs'] }): Promise<{ url: string; child: ChildProcess }> {
  const web = path.join(ROOT, 'web');
  const vite = path.join(path.dirname(createRequire(path.join(web, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, opts.root ?? web, '--host', '127.0.0.1', '--port', String(opts.port), '--strictPort'], {
    cwd: web,
    env: { ...process.env, MZANSI_GATEWAY_URL: process.env.MZANSI_GATEWAY_URL ?? 'http://localhost:8080' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLogs('web', child, opts.logs);
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await waitForHttp('web', `${url}/@vite/client`, 60_000, child);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url, child };
}
