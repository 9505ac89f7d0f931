/**
 * The servers of scripts/cluster.ts that are not Node: NATS nodes (nats-server), PostgreSQL primary and streaming
 * replica, HAProxy and Redis as daemons from Debian's packages; and the NATS cluster's streams.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './processes.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const NATS_BIN = '/usr/sbin/nats-server';
export const HAPROXY_BIN = '/usr/sbin/haproxy';
export const REDIS_BIN = '/usr/bin/redis-server';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function must(cmd: string, args: string[], what: string) {
  const r = await run(cmd, args);
  if (r.code !== 0) throw new Error(`${what} failed (${r.code}): ${r.out}`);
  return r.out;
}

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
const asPostgres = (bin: string, args: string[], what: string) => must('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args], what);

/** A child that is not Node (nats-server, haproxy, redis-server), its output in `log`. */
export class Daemon {
  child: ChildProcess | undefined;
  constructor(
    readonly name: string,
    readonly cmd: string,
    readonly args: string[],
    readonly log: string,
    /** Extra environment (e.g. an exporter's data source). */
    readonly env: Record<string, string> = {},
  ) {}

  start(): ChildProcess {
    const child = spawn(this.cmd, this.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...this.env } });
    const out = (d: Buffer) => writeFileSync(this.log, d, { flag: 'a' });
    child.stdout!.on('data', out);
    child.stderr!.on('data', out);
    this.child = child;
    return child;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** SIGSTOP: the process keeps its sockets open and answers nothing (a frozen server); `resume` continues it. */
  pause(): void {
    if (this.running) this.child!.kill('SIGSTOP');
  }

  resume(): void {
    if (this.running) this.child!.kill('SIGCONT');
  }

  tail(lines = 20): string {
    try {
      return readFileSync(this.log, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

export async function waitForPort(port: number, daemon: Daemon, timeoutMs = 20_000): Promise<void> {
  const net = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!daemon.running) throw new Error(`${daemon.name} exited before port ${port} opened:\n${daemon.tail()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${daemon.name}: port ${port} did not open within ${timeoutMs} ms:\n${daemon.tail()}`);
    await sleep(50);
  }
}

/** One node of the NATS cluster: JetStream with its own store, routes to the other two. */
export class NatsNode extends Daemon {
  constructor(
    readonly index: number,
    readonly port: number,
    readonly clusterPort: number,
    routes: number[],
    dir: string,
    /** The node's monitoring port (/healthz, /varz): what the blackbox exporter probes. */
    readonly monitorPort?: number,
  ) {
    const store = path.join(dir, `nats-${index}`);
    mkdirSync(store, { recursive: true });
    super(`nats-${index}`, NATS_BIN, [
      '-a', '127.0.0.1',
      '-p', String(port),
      '-n', `nats-${index}`,
      '-js',
      '-sd', store,
      '--cluster_name', 'mzansi',
      '--cluster', `nats://127.0.0.1:${clusterPort}`,
      '--routes', routes.map((p) => `nats://127.0.0.1:${p}`).join(','),
      ...(monitorPort ? ['-m', String(monitorPort)] : []),
    ], path.join(dir, `nats-${index}.log`));
  }

  async startReady(): Promise<void> {
    this.start();
    await waitForPort(this.port, this);
  }
}

/** A PostgreSQL cluster (primary, or a streaming replica made with pg_basebackup) in `dir`. */
export class PgServer {
  constructor(
    readonly name: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get data() {
    return path.join(this.dir, 'data');
  }

  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  url(db: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${db}`;
  }

  static async primary(root: string, port: number): Promise<PgServer> {
    const server = new PgServer('pg-primary', path.join(root, 'pg-primary'), port);
    chownSync(root, ...postgresIds());
    mkdirSync(server.dir, { recursive: true });
    chownSync(server.dir, ...postgresIds());
    await asPostgres('initdb', ['-D', server.data, '-A', 'trust', '-U', 'postgres', '--no-sync'], 'initdb');
    // WAL kept for the replica and archived for point-in-time recovery (scripts/backup.ts reads the archive).
    mkdirSync(path.join(server.dir, 'wal-archive'));
    chownSync(path.join(server.dir, 'wal-archive'), ...postgresIds());
    writeFileSync(
      path.join(server.data, 'postgresql.auto.conf'),
      [
        'wal_level = replica',
        'max_wal_senders = 10',
        'wal_keep_size = 256MB',
        'archive_mode = on',
        `archive_command = 'test ! -f ${path.join(server.dir, 'wal-archive')}/%f && cp %p ${path.join(server.dir, 'wal-archive')}/%f'`,
        'max_connections = 400',
        'fsync = off',
        'synchronous_commit = on',
        '',
      ].join('\n'),
      { flag: 'a' },
    );
    await server.start();
    return server;
  }

  /** A hot standby streaming from `primary`: pg_basebackup -R (standby.signal + primary_conninfo). */
  static async replicaOf(primary: PgServer, root: string, port: number): Promise<PgServer> {
    const server = new PgServer('pg-replica', path.join(root, 'pg-replica'), port);
    mkdirSync(server.dir, { recursive: true });
    chownSync(server.dir, ...postgresIds());
    await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', server.data, '-R', '-X', 'stream', '--no-sync'], 'pg_basebackup');
    // The replica's own settings: no archiving of its own.
    writeFileSync(path.join(server.data, 'postgresql.auto.conf'), "archive_mode = off\nhot_standby = on\n", { flag: 'a' });
    await server.start();
    return server;
  }

  async start(): Promise<void> {
    await asPostgres(
      'pg_ctl',
      ['-D', this.data, '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`, '-l', path.join(this.dir, 'log'), '-w', '-t', '60', 'start'],
      `${this.name} start`,
    );
  }

  /** `-m immediate`: no shutdown checkpoint, like a crash (the next start recovers). */
  async stop(mode: 'immediate' | 'fast' = 'fast'): Promise<void> {
    await run('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', this.data, '-m', mode, '-w', 'stop']);
  }
}

export function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user on this machine (apt-get install postgresql)');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

/**
 * Every stream with 3 replicas, one after the other, before any service starts: ten processes creating R3 streams
 * and their consumers at once on a freshly formed cluster, on a loaded 2-core machine, stalled its Raft groups.
 */
export async function createStreams(natsUrl: string, namespace: string): Promise<void> {
  const { connect } = await import('nats');
  const { ensureStream, EventNames, JS_ADMIN_TIMEOUT_MS } = await import('../services/kit/src/index.js');
  const { PRODUCERS } = await import('@mzansi/proto/events');
  const nc = await connect({ servers: natsUrl.split(','), timeout: 5_000 });
  try {
    const jsm = await nc.jetstreamManager({ timeout: JS_ADMIN_TIMEOUT_MS });
    const names = new EventNames(namespace);
    for (const p of [...PRODUCERS, 'deadletter' as const]) await ensureStream(jsm, names, p, 3);
  } finally {
    await nc.close();
  }
}

/** JetStream in a cluster answers once its meta group has a leader. */
export async function waitForJetStreamCluster(natsUrl: string, timeoutMs = 30_000): Promise<void> {
  const { connect } = await import('nats');
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const nc = await connect({ servers: natsUrl.split(','), timeout: 2_000 });
      try {
        const jsm = await nc.jetstreamManager({ timeout: 2_000 });
        await jsm.getAccountInfo();
        return;
      } finally {
        await nc.close();
      }
    } catch (err) {
      last = err;
      await sleep(250);
    }
  }
  throw new Error(`the NATS cluster has no JetStream leader within ${timeoutMs} ms: ${String(last)}`);
}
