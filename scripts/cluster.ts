/**
 * The system as a cluster on one machine, from Debian's packages: HAProxy in front of 2 gateways,
 * 2 replicas of every service, a 3-node NATS JetStream cluster (streams with 3 replicas), a PostgreSQL primary with
 * a streaming replica (pg_basebackup; a hot standby for failover and for the restore drill's checks), and Redis.
 * `make up-cluster` runs it until Ctrl-C; tests/cluster/ starts it with free ports and private servers, then kills
 * and restarts its parts. Everything lives in one temporary folder that stop() removes.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStreams, Daemon, HAPROXY_BIN, NatsNode, PgServer, postgresIds, REDIS_BIN, waitForJetStreamCluster, waitForPort } from './cluster-servers.js';
import { startMonitoring, type Monitoring } from './monitoring.js';
import { freePort, launch, ROOT, SERVICES, stopChild, waitForHttp, type ServiceName } from './stack.js';

export { Daemon, NatsNode, PgServer };

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
  /** Prometheus + Alertmanager scraping every Node process (scripts/monitoring.ts); dev: :9090 and :9093. */
  monitoring?: boolean;
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
  monitoring?: Monitoring;
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
  let monitoring: Monitoring | undefined;

  const stop = async () => {
    await monitoring?.stop();
    const gateways = Object.values(processes).filter((p) => p.name.startsWith('gateway'));
    const services = Object.values(processes).filter((p) => !p.name.startsWith('gateway'));
    await Promise.all(gateways.map((p) => stopChild(p.child)));
    await Promise.all(services.map((p) => stopChild(p.child)));
    // A paused daemon (a scenario that failed while NATS was frozen) would hold SIGTERM until continued.
    await Promise.all(daemons.map((d) => (d.resume(), d.kill('SIGTERM'))));
    await replica?.stop();
    await primary?.stop();
    if (process.env.KEEP_CLUSTER_DIR) console.log(`cluster: kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };

  try {
    // NATS: three nodes, each routing to the other two.
    const natsPorts = await Promise.all([0, 1, 2].map(async () => ({ client: await freePort(), cluster: await freePort(), monitor: await freePort() })));
    const nats = natsPorts.map((p, i) => new NatsNode(i, p.client, p.cluster, natsPorts.filter((_, j) => j !== i).map((q) => q.cluster), dir, p.monitor));
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
          // The demo seed signs up 77 sample users from this machine, more than the per-IP budget (20 a minute) lets
          // through without a proof-of-work challenge: development raises it as `make up` does.
          ...(mode === 'test' ? { RATE_SIGNUP_PER_IP: '100000', WS_MAX_PER_IP: '100000' } : { RATE_SIGNUP_PER_IP: process.env.RATE_SIGNUP_PER_IP ?? '200' }),
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
    const haproxyMetricsPort = await freePort();
    writeFileSync(
      cfgPath,
      template.replace('${PORT}', String(port)).replace('${SERVERS}', servers).replace('${STATS_PORT}', String(statsPort)).replace('${METRICS_PORT}', String(haproxyMetricsPort)),
    );
    const haproxy = new Daemon('haproxy', HAPROXY_BIN, ['-db', '-f', cfgPath], path.join(dir, 'haproxy.log'));
    daemons.push(haproxy);
    haproxy.start();
    await waitForPort(port, haproxy);
    await waitForHttp('haproxy', `${baseUrl}/readyz`, 20_000, haproxy.child!);

    const targets = () => Object.values(processes).map((p) => ({ name: p.name, metricsPort: p.metricsPort }));
    if (opts.monitoring)
      monitoring = await startMonitoring({
        dir,
        targets: targets(),
        ...(mode === 'dev' ? { prometheusPort: 9090, alertmanagerPort: 9093 } : {}),
        exporters: { postgresUrl: primary!.url('postgres'), redisUrl, haproxyMetricsPort, nats: nats.map((n) => ({ name: n.name, monitorPort: n.monitorPort! })) },
      });

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
      const p = await startService(SERVICES.find((s) => s.name === service)!, replicasOf(service).length, port);
      monitoring?.setTargets(targets());
      return p;
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
      monitoring,
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
