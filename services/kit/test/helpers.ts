import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createPool, runMigrations } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, freePort, sleep } from '../src/testing.js';

export { freePort };

export const MIGRATIONS = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

export const logger = createLogger('kit-test', process.env.TEST_LOG_LEVEL ?? 'silent');


/** A fresh database with the fixture migration applied. */
export async function migratedTestDatabase(prefix: string): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const db = await createTestDatabase(prefix);
  const pool = createPool(db.url, 10);
  await runMigrations(pool, MIGRATIONS, 'kit-test');
  return {
    url: db.url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      await db.drop();
    },
  };
}

async function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => {
      s.destroy();
      resolve(false);
    });
    s.connect(port, '127.0.0.1');
  });
}

/**
 * A private nats-server with JetStream, on a fixed port and store directory so that it can be killed and started
 * again in the same place.
 */
export class PrivateNatsServer {
  private proc: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {}

  static async create(): Promise<PrivateNatsServer> {
    const dir = await mkdtemp(join(tmpdir(), 'kit-nats-'));
    const server = new PrivateNatsServer(await freePort(), dir);
    await server.start();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const proc = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    proc.stderr!.on('data', (d: Buffer) => {
      log = (log + d.toString()).slice(-4000);
    });
    this.proc = proc;
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`nats-server exited with ${proc.exitCode}:\n${log}`);
      if (/Server is ready/.test(log) && (await portAccepts(this.port))) return;
      if (Date.now() > deadline) throw new Error(`nats-server did not start:\n${log}`);
      await sleep(25);
    }
  }

  /** SIGKILL, and wait until the process is gone. */
  async kill(): Promise<void> {
    const proc = this.proc;
    this.proc = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }

  async destroy(): Promise<void> {
    await this.kill();
    await rm(this.storeDir, { recursive: true, force: true });
  }
}
