/**
 * Starts the whole system as real processes (`node dist/main.js` for every service and the gateway), the way
 * `make up` runs it and the browser tests use it. Build first (`npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every service: its folder, default gRPC / metrics ports and the gateway variable holding its address. */
export const SERVICES = [
  { name: 'identity', grpcPort: 50051, metricsPort: 9461, addrVar: 'IDENTITY_GRPC_ADDR' },
  { name: 'questions', grpcPort: 50052, metricsPort: 9462, addrVar: 'QUESTIONS_GRPC_ADDR' },
  { name: 'voting', grpcPort: 50053, metricsPort: 9463, addrVar: 'VOTING_GRPC_ADDR' },
  { name: 'social', grpcPort: 50054, metricsPort: 9464, addrVar: 'SOCIAL_GRPC_ADDR' },
  { name: 'notification', grpcPort: 50055, metricsPort: 9465, addrVar: 'NOTIFICATION_GRPC_ADDR' },
] as const;

export interface StackOptions {
  /** Fixed ports (make up) or free ones (tests). */
  mode?: 'dev' | 'test';
  /** Extra env for every process. */
  env?: Record<string, string>;
  /** Where child output goes: 'inherit' (prefixed to stdout) or a folder for log files. */
  logs?: 'inherit' | string;
  gatewayPort?: number;
}

export interface Stack {
  baseUrl: string;
  gatewayPort: number;
  namespace: string;
  databases: Record<string, string>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function rand(): string {
  return Math.random().toString(36).slice(2, 10);
}

async function waitForHttp(url: string, timeoutMs: number, proc: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`process exited (${proc.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

function launch(name: string, script: string, env: NodeJS.ProcessEnv, logs: StackOptions['logs']): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (logs === 'inherit' || logs === undefined) {
    const prefix = `${name.padEnd(9)}| `;
    const pipe = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let buf = '';
      stream.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        let i: number;
        while ((i = buf.indexOf('\n')) >= 0) {
          out.write(prefix + buf.slice(0, i) + '\n');
          buf = buf.slice(i + 1);
        }
      });
    };
    pipe(child.stdout!, process.stdout);
    pipe(child.stderr!, process.stderr);
  } else {
    mkdirSync(logs, { recursive: true });
    const file = createWriteStream(path.join(logs, `${name}.log`), { flags: 'a' });
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
  return child;
}

function stopChild(child: ChildProcess, timeoutMs = 8_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const PG_ADMIN = process.env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function dbUrl(name: string): string {
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDatabases(names: string[]) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
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
      await dropDatabases(Object.values(databases));
      const { deleteTestStreams } = await import('../services/kit/src/testing.js');
      await deleteTestStreams(namespace).catch(() => undefined);
    }
  };

  try {
    await Promise.all(
      SERVICES.map(async (s) => {
        const db = mode === 'test' ? `${s.name}_e2e_${suffix}` : s.name;
        databases[s.name] = db;
        const grpcPort = mode === 'test' ? await freePort() : s.grpcPort;
        const metricsPort = mode === 'test' ? await freePort() : s.metricsPort;
        gatewayEnv[s.addrVar] = `127.0.0.1:${grpcPort}`;
        const child = launch(
          s.name,
          path.join(ROOT, 'services', s.name, 'dist', 'main.js'),
          {
            ...common,
            GRPC_PORT: String(grpcPort),
            METRICS_PORT: String(metricsPort),
            DATABASE_URL: dbUrl(db),
            ...(s.name === 'notification' && logs !== 'inherit' ? { MAIL_DIR: path.join(logs, 'mail') } : {}),
          },
          logs,
        );
        children.push(child);
        await waitForHttp(`http://127.0.0.1:${metricsPort}/metrics`, 60_000, child);
      }),
    );
    const gatewayPort = opts.gatewayPort ?? (mode === 'test' ? await freePort() : 8080);
    const publicUrl = `http://localhost:${gatewayPort}`;
    const gateway = launch(
      'gateway',
      path.join(ROOT, 'gateway', 'dist', 'main.js'),
      {
        ...common,
        ...gatewayEnv,
        PORT: String(gatewayPort),
        METRICS_PORT: String(mode === 'test' ? await freePort() : 9460),
        PUBLIC_URL: publicUrl,
        REDIS_PREFIX: mode === 'test' ? `e2e${suffix}:` : 'mp:',
      },
      logs,
    );
    children.push(gateway);
    await waitForHttp(`http://127.0.0.1:${gatewayPort}/readyz`, 60_000, gateway);
    return { baseUrl: publicUrl, gatewayPort, namespace, databases, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
