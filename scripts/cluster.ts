/**
 * The system as a cluster on one machine (issue 17), from Debian's packages: HAProxy in front of 2 gateways,
 * 2 replicas of every service, a 3-node NATS JetStream cluster (streams with 3 replicas), a PostgreSQL primary with
 * a streaming replica (pg_basebackup; a hot standby for failover and for the restore drill's checks), and Redis.
 * `make up-cluster` runs it until Ctrl-C; tests/cluster/ starts it with free ports and private servers, then kills
 * and restarts its parts. Everything lives in one temporary folder that stop() removes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, launch, ROOT, SERVICES, stopChild, waitForHttp, type ServiceName } from './stack.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const NATS_BIN = '/usr/sbin/nats-server';
const HAPROXY_BIN = '/usr/sbin/haproxy';
const REDIS_BIN = '/usr/bin/redis-server';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function run(cmd: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

async function must(cmd: string, args: string[], what: string) {
  const r = await run(cmd, args);
  if (r.code !== 0) throw new Error(`${what} failed (${r.code}): ${r.out}`);
  return r.out;
}

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
const asPostgres = (bin: string, args: string[], what: string) => must('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args], what);

/** A child that is not Node (nats-server, haproxy, redis-server), its output in `log`. */
class Daemon {
  child: ChildProcess | undefined;
  constructor(
    readonly name: string,
    readonly cmd: string,
    readonly args: string[],
    readonly log: string,
  ) {}

  start(): ChildProcess {
    const child = spawn(this.cmd, this.args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

  tail(lines = 20): string {
    try {
      return readFileSync(this.log, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

async function waitForPort(port: number, daemon: Daemon, timeoutMs = 20_000): Promise<void> {
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

function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user on this machine (apt-get install postgresql)');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

export type Replica = `${ServiceName}-${number}` | `gateway-${number}`;

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  env: Record<string, string>;
  script: string;
  readyUrl: string;
  metricsPort: number;
  grpcPort?: number;
}

export interface ClusterOptions {
  /** 'dev': fixed public port (8080), the machine's Redis; 'test': free ports, a private Redis. */
  mode?: 'dev' | 'test';
  /** The load balancer's port (default 8080 in dev, free in tests). */
  port?: number;
  replicas?: number;
  /** Extra env for every Node process. */
  env?: Record<string, string>;
  /** Services with one more replica whose address the gateways know but which starts only on startSpare(). */
  spare?: ServiceName[];
  logs?: 'inherit' | string;
}

export interface Cluster {
  baseUrl: string;
  dir: string;
  namespace: string;
  natsUrl: string;
  nats: NatsNode[];
  primary: PgServer;
  replica: PgServer;
  redisUrl: string;
  redis?: Daemon;
  haproxy: Daemon;
  /** HAProxy's stats page (CSV at `${statsUrl};csv`): each gateway's UP/DOWN as the load balancer sees it. */
  statsUrl: string;
  databases: Record<ServiceName, string>;
  /** Every Node process by name: `gateway-0`, `voting-1`, … */
  processes: Record<string, ClusterProcess>;
  gateways(): ClusterProcess[];
  replicasOf(service: ServiceName | 'gateway'): ClusterProcess[];
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  respawn(name: string): Promise<void>;
  /**
   * Starts a spare replica (`spare` option): its address was in the gateways' lists from the start, like a pod the
   * autoscaler adds behind a headless Service's DNS name; the gateways' channels connect to it once it listens.
   */
  startSpare(service: ServiceName): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

/** One folder's database name per service; in tests with the cluster's suffix. */
function dbName(service: ServiceName, suffix: string) {
  return suffix ? `${service}_c_${suffix}` : service;
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const mode = opts.mode ?? 'test';
  const replicas = opts.replicas ?? 2;
  const suffix = mode === 'test' ? Math.random().toString(36).slice(2, 8) : '';
  const namespace = mode === 'test' ? `cl${suffix}` : '';
  const dir = mkdtempSync(path.join(tmpdir(), 'mzansi-cluster-'));
  chownSync(dir, ...postgresIds());
  const logs = opts.logs ?? (mode === 'test' ? path.join(ROOT, 'test-results', 'logs', `cluster-${suffix}`) : path.join(dir, 'logs'));
  mkdirSync(typeof logs === 'string' && logs !== 'inherit' ? logs : dir, { recursive: true });
  const processes: Record<string, ClusterProcess> = {};
  const daemons: Daemon[] = [];
  let primary: PgServer | undefined;
  let replica: PgServer | undefined;

  const stop = async () => {
    const gateways = Object.values(processes).filter((p) => p.name.startsWith('gateway'));
    const services = Object.values(processes).filter((p) => !p.name.startsWith('gateway'));
    await Promise.all(gateways.map((p) => stopChild(p.child)));
    await Promise.all(services.map((p) => stopChild(p.child)));
    await Promise.all(daemons.map((d) => d.kill('SIGTERM')));
    await replica?.stop();
    await primary?.stop();
    if (process.env.KEEP_CLUSTER_DIR) console.log(`cluster: kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };

  try {
    // NATS: three nodes, each routing to the other two.
    const natsPorts = await Promise.all([0, 1, 2].map(async () => ({ client: await freePort(), cluster: await freePort() })));
    const nats = natsPorts.map((p, i) => new NatsNode(i, p.client, p.cluster, natsPorts.filter((_, j) => j !== i).map((q) => q.cluster), dir));
    daemons.push(...nats);
    await Promise.all(nats.map((n) => n.startReady()));
    const natsUrl = nats.map((n) => `nats://127.0.0.1:${n.port}`).join(',');
    await waitForJetStreamCluster(natsUrl);
    await createStreams(natsUrl, namespace);

    primary = await PgServer.primary(dir, await freePort());
    replica = await PgServer.replicaOf(primary, dir, await freePort());

    let redisUrl = 'redis://127.0.0.1:6379';
    let redis: Daemon | undefined;
    if (mode === 'test') {
      // Private (scenario 5 stops it), with an append-only file so sessions survive its restart as in production.
      const redisPort = await freePort();
      redis = new Daemon('redis', REDIS_BIN, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', dir], path.join(dir, 'redis.log'));
      daemons.push(redis);
      redis.start();
      await waitForPort(redisPort, redis);
      redisUrl = `redis://127.0.0.1:${redisPort}`;
    }

    const databases = Object.fromEntries(SERVICES.map((s) => [s.name, dbName(s.name, suffix)])) as Record<ServiceName, string>;
    const common: Record<string, string> = {
      NODE_ENV: mode === 'test' ? 'test' : 'development',
      EVENTS_NAMESPACE: namespace,
      NATS_URL: natsUrl,
      NATS_STREAM_REPLICAS: '3',
      // Connections are recycled every 10 s (production: 5 min) so a replica added mid-burst gets its share soon.
      GRPC_MAX_CONNECTION_AGE_MS: '10000',
      GRPC_MAX_CONNECTION_AGE_GRACE_MS: '10000',
      SHUTDOWN_TIMEOUT_MS: '10000',
      ...opts.env,
    };

    const startNode = async (name: string, script: string, env: Record<string, string>, readyUrl: string, metricsPort: number, grpcPort?: number) => {
      const child = launch(name, script, env, logs);
      const p: ClusterProcess = { name, child, env, script, readyUrl, metricsPort, grpcPort };
      processes[name] = p;
      await waitForHttp(name, readyUrl, 180_000, child);
      return p;
    };

    const spares = new Map<ServiceName, number>();
    for (const s of opts.spare ?? []) spares.set(s, await freePort());
    const startService = async (s: (typeof SERVICES)[number], i: number, fixedGrpcPort?: number) => {
      const grpcPort = fixedGrpcPort ?? (await freePort());
      const metricsPort = await freePort();
      const env = {
        ...common,
        GRPC_PORT: String(grpcPort),
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: primary!.url(databases[s.name]),
        ...(s.name === 'notification' ? { MAIL_DIR: path.join(dir, 'mail') } : {}),
      };
      return startNode(`${s.name}-${i}`, path.join(ROOT, 'services', s.name, 'dist', 'main.js'), env, `http://127.0.0.1:${metricsPort}/metrics`, metricsPort, grpcPort);
    };
    // The first replica of each service creates and migrates its database; the others start after it.
    await Promise.all(SERVICES.map((s) => startService(s, 0)));
    await Promise.all(SERVICES.flatMap((s) => Array.from({ length: replicas - 1 }, (_, i) => startService(s, i + 1))));

    const port = opts.port ?? (mode === 'test' ? await freePort() : 8080);
    const baseUrl = `http://localhost:${port}`;
    const grpcList = (s: ServiceName) =>
      [
        ...Object.values(processes)
          .filter((p) => p.name.startsWith(`${s}-`))
          .map((p) => p.grpcPort),
        ...(spares.has(s) ? [spares.get(s)] : []),
      ]
        .map((p) => `127.0.0.1:${p}`)
        .join(',');
    const gatewayEnv = Object.fromEntries(SERVICES.map((s) => [s.addrVar, grpcList(s.name)]));
    await Promise.all(
      Array.from({ length: 2 }, async (_, i) => {
        const gwPort = await freePort();
        const metricsPort = await freePort();
        const env = {
          ...common,
          ...gatewayEnv,
          PORT: String(gwPort),
          HOST: '127.0.0.1',
          METRICS_PORT: String(metricsPort),
          PUBLIC_URL: baseUrl,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: mode === 'test' ? `cl${suffix}:` : 'mpc:',
          TRUST_PROXY: '1',
          // /readyz answers 503 for 2.5 s before the listener closes: HAProxy (500 ms apart once failing, 3 failures)
          // takes the gateway out of rotation first.
          SHUTDOWN_READY_DELAY_MS: '2500',
          ...(mode === 'test' ? { RATE_SIGNUP_PER_IP: '100000', WS_MAX_PER_IP: '100000' } : {}),
        };
        await startNode(`gateway-${i}`, path.join(ROOT, 'gateway', 'dist', 'main.js'), env, `http://127.0.0.1:${gwPort}/readyz`, metricsPort);
      }),
    );

    const cfgPath = path.join(dir, 'haproxy.cfg');
    const template = readFileSync(path.join(ROOT, 'k8s', 'haproxy', 'haproxy.cfg'), 'utf8');
    const servers = Object.values(processes)
      .filter((p) => p.name.startsWith('gateway-'))
      .map((p) => `    server ${p.name} 127.0.0.1:${p.env.PORT} check`)
      .join('\n');
    const statsPort = await freePort();
    writeFileSync(cfgPath, template.replace('${PORT}', String(port)).replace('${SERVERS}', servers).replace('${STATS_PORT}', String(statsPort)));
    const haproxy = new Daemon('haproxy', HAPROXY_BIN, ['-db', '-f', cfgPath], path.join(dir, 'haproxy.log'));
    daemons.push(haproxy);
    haproxy.start();
    await waitForPort(port, haproxy);
    await waitForHttp('haproxy', `${baseUrl}/readyz`, 20_000, haproxy.child!);

    const kill = async (name: string, signal: NodeJS.Signals = 'SIGKILL') => {
      const { child } = processes[name]!;
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    };
    const respawn = async (name: string) => {
      const p = processes[name]!;
      if (p.child.exitCode === null && p.child.signalCode === null) throw new Error(`${name} is still running`);
      p.child = launch(name, p.script, p.env, logs);
      await waitForHttp(name, p.readyUrl, 180_000, p.child);
    };
    const replicasOf = (service: ServiceName | 'gateway') => Object.values(processes).filter((p) => p.name.startsWith(`${service}-`));
    const startSpare = async (service: ServiceName) => {
      const port = spares.get(service);
      if (!port) throw new Error(`no spare replica of ${service} was reserved`);
      spares.delete(service);
      return startService(SERVICES.find((s) => s.name === service)!, replicasOf(service).length, port);
    };

    return {
      baseUrl,
      dir,
      namespace,
      natsUrl,
      nats,
      primary,
      replica,
      redisUrl,
      redis,
      haproxy,
      statsUrl: `http://127.0.0.1:${statsPort}/stats`,
      databases,
      processes,
      gateways: () => replicasOf('gateway'),
      replicasOf,
      kill,
      respawn,
      startSpare,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Every stream with 3 replicas, one after the other, before any service starts: ten processes creating R3 streams
 * and their consumers at once on a freshly formed cluster, on a loaded 2-core machine, stalled its Raft groups.
 */
async function createStreams(natsUrl: string, namespace: string): Promise<void> {
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
async function waitForJetStreamCluster(natsUrl: string, timeoutMs = 30_000): Promise<void> {
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
