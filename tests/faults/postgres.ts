/** A private PostgreSQL for the fault-injection tests (never the machine's shared one): safe to stop hard. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../scripts/processes.ts';
import { freePort } from '../../scripts/stack.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A private PostgreSQL cluster on a free port in a temporary directory: safe to stop hard. */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivatePostgres> {
    const dir = await mkdtemp(join(tmpdir(), 'faults-pg-'));
    const chown = await run('chown', ['-R', 'postgres:postgres', dir]);
    if (chown.code !== 0) throw new Error(`chown failed: ${chown.out}`);
    const init = await run('runuser', ['-u', 'postgres', '--', `${PG_BIN}/initdb`, '-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    if (init.code !== 0) throw new Error(`initdb failed: ${init.out}`);
    const server = new PrivatePostgres(dir, await freePort());
    await server.start();
    return server;
  }

  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private ctl(args: string[]) {
    return run('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', join(this.dir, 'data'), ...args]);
  }

  async start(): Promise<void> {
    const r = await this.ctl([
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=300`,
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
    if (r.code !== 0) throw new Error(`pg_ctl start failed: ${r.out}`);
  }

  /** `pg_ctl -m immediate stop`: no shutdown checkpoint, like a crash; the next start runs recovery. */
  async stopImmediate(): Promise<void> {
    const r = await this.ctl(['-m', 'immediate', '-w', 'stop']);
    if (r.code !== 0) throw new Error(`pg_ctl stop failed: ${r.out}`);
  }

  async destroy(): Promise<void> {
    await this.ctl(['-m', 'fast', '-w', 'stop']).catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }
}
