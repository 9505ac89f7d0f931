import type { NatsConnection } from 'nats';
import type pg from 'pg';
import type { z } from 'zod';
import type { baseServiceEnv } from './config.js';
import { startConsumer, type Consumer, type RunningConsumer } from './consumer.js';
import { createDb, createPool, ensureDatabase, runMigrations, type Db, type Tx } from './db.js';
import type { Producer } from '@mzansi/proto/events';
import { EventNames } from './events.js';
import { startGrpcServer, type GrpcServerHandle, type ServerDeps } from './grpc.js';
import { ActorTokenVerifier } from './internal-auth.js';
import { createLogger, type Logger } from './logger.js';
import { natsCheck, postgresCheck } from './dependencies.js';
import { createMetrics, startMetricsServer, type Metrics } from './metrics.js';
import { connectNats, ensureStream, JS_ADMIN_TIMEOUT_MS } from './nats.js';
import { OutboxRelay } from './outbox.js';
import { startTracing } from './tracing.js';
import type * as grpc from '@grpc/grpc-js';

export type BaseConfig = z.infer<ReturnType<typeof baseServiceEnv>>;

export interface ServiceContext<TSchema extends Record<string, unknown>, TConfig extends BaseConfig = BaseConfig> {
  name: Producer;
  config: TConfig;
  logger: Logger;
  metrics: Metrics;
  pool: pg.Pool;
  db: Db<TSchema>;
  nc: NatsConnection;
  names: EventNames;
  relay: OutboxRelay;
  serverDeps: ServerDeps;
  /** Runs `fn` in a transaction, then wakes the outbox relay so the events it wrote go out at once. */
  transaction<T>(fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T>;
}

export interface ServiceOptions<TSchema extends Record<string, unknown>, TConfig extends BaseConfig> {
  name: Producer;
  config: TConfig;
  schema: TSchema;
  migrationsFolder: string;
  /** Registers the gRPC services on the server. */
  grpc: (ctx: ServiceContext<TSchema, TConfig>, server: grpc.Server) => void;
  /** The service's event consumers, each typed over the service's own tables (`ConsumerOptions<Types, TSchema>`). */
  consumers?: (ctx: ServiceContext<TSchema, TConfig>) => Consumer<TSchema>[];
  /** Runs after migrations, before the server accepts calls (e.g. bootstrap accounts). */
  beforeServe?: (ctx: ServiceContext<TSchema, TConfig>) => Promise<void>;
  /** Runs on stop once in-flight calls have drained, before the relay, NATS and the pool close (e.g. a last flush). */
  afterServing?: (ctx: ServiceContext<TSchema, TConfig>) => Promise<void>;
  logger?: Logger;
}

export interface RunningService<TSchema extends Record<string, unknown>, TConfig extends BaseConfig = BaseConfig> {
  ctx: ServiceContext<TSchema, TConfig>;
  grpcPort: number;
  metricsPort: number;
  stop(): Promise<void>;
}

/**
 * Starts a service: database (created in development, migrated under an advisory lock), NATS and its stream,
 * the outbox relay, consumers, the gRPC server with health, and the metrics port. `stop()` shuts down in the
 * order that loses nothing: NOT_SERVING → consumers → drain in-flight calls → relay → NATS drain → pool.
 */
export async function runService<TSchema extends Record<string, unknown>, TConfig extends BaseConfig>(
  opts: ServiceOptions<TSchema, TConfig>,
): Promise<RunningService<TSchema, TConfig>> {
  const { config, name } = opts;
  const logger = opts.logger ?? createLogger(name, config.LOG_LEVEL, config.LOG_FORMAT);
  const tracing = startTracing(name);
  const metrics = createMetrics(name);
  if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, config.DATABASE_POOL_MAX, logger);
  const db = createDb(pool, opts.schema);
  metrics.observePool(pool);
  metrics.observeDependency('postgres', postgresCheck(pool));
  await runMigrations(pool, opts.migrationsFolder, name, logger);
  if (config.MIGRATE_ONLY) {
    await pool.end();
    logger.info('MIGRATE_ONLY: migrations applied, exiting');
    process.exit(0);
  }

  const nc = await connectNats(config.NATS_URL, name, logger);
  metrics.observeDependency('nats', natsCheck(nc));
  const names = new EventNames(config.EVENTS_NAMESPACE);
  const jsm = await nc.jetstreamManager({ timeout: JS_ADMIN_TIMEOUT_MS });
  await ensureStream(jsm, names, name, config.NATS_STREAM_REPLICAS, config.NATS_STREAM_MAX_BYTES);
  const relay = new OutboxRelay({ pool, js: nc.jetstream(), names, logger, metrics });

  const ctx: ServiceContext<TSchema, TConfig> = {
    name,
    config,
    logger,
    metrics,
    pool,
    db,
    nc,
    names,
    relay,
    serverDeps: { logger, metrics, actors: new ActorTokenVerifier(config.INTERNAL_AUTH_KEYS, name) },
    async transaction(fn) {
      const result = await db.transaction(fn);
      relay.kick();
      return result;
    },
  };

  relay.start();
  if (opts.beforeServe) await opts.beforeServe(ctx);
  const consumers: RunningConsumer[] = [];
  for (const c of opts.consumers?.(ctx) ?? []) {
    consumers.push(await startConsumer({ nc, db, names, logger, metrics, streamReplicas: config.NATS_STREAM_REPLICAS, streamMaxBytes: config.NATS_STREAM_MAX_BYTES }, c));
  }
  const grpcServer: GrpcServerHandle = await startGrpcServer((server) => opts.grpc(ctx, server), config.GRPC_PORT, config.BIND_HOST, {
    maxConnectionAgeMs: config.GRPC_MAX_CONNECTION_AGE_MS,
    maxConnectionAgeGraceMs: config.GRPC_MAX_CONNECTION_AGE_GRACE_MS,
  });
  const metricsServer = await startMetricsServer(metrics.registry, config.METRICS_PORT, config.BIND_HOST);
  logger.info({ grpcPort: grpcServer.port, metricsPort: metricsServer.port }, `${name} service started`);

  let stopping: Promise<void> | undefined;
  return {
    ctx,
    grpcPort: grpcServer.port,
    metricsPort: metricsServer.port,
    stop() {
      stopping ??= (async () => {
        logger.info('shutting down');
        grpcServer.health.setStatus('', 'NOT_SERVING');
        await Promise.allSettled(consumers.map((c) => c.stop()));
        await grpcServer.shutdown(config.SHUTDOWN_TIMEOUT_MS);
        if (opts.afterServing) await opts.afterServing(ctx).catch((err: unknown) => logger.warn({ err }, 'afterServing failed'));
        await relay.stop();
        await nc.drain().catch(() => undefined);
        await pool.end().catch(() => undefined);
        await metricsServer.close();
        await tracing.shutdown();
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}

/**
 * A running service with background jobs started beside it (retention, schedulers): `stop()` stops the jobs first,
 * in order, each waiting for the pass it is in, then the service.
 */
export function withJobs<R extends { stop(): Promise<void> }>(running: R, jobs: Array<{ stop(): Promise<void> }>): R {
  let stopping: Promise<void> | undefined;
  return {
    ...running,
    stop() {
      stopping ??= (async () => {
        for (const job of jobs) await job.stop();
        await running.stop();
      })();
      return stopping;
    },
  };
}
