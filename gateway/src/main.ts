import type { AddressInfo } from 'node:net';
import { connectNats, createLogger, isMain, natsCheck, startMetricsServer, startTracing, stopOnSignals, systemClock, type Clock } from '@mzansi/kit/base';
import { createApp } from './app.js';
import { createComposer } from './compose.js';
import { startLive } from './live.js';
import { NewestResults } from './live/newest-results.js';
import { Sessions } from './session-store.js';
import { closeClients, createClients, serviceAddresses } from './clients.js';
import { loadConfig } from './config.js';
import { createGatewayMetrics } from './metrics.js';
import { createRateLimits } from './rate-limit.js';
import { connectRedis } from './redis.js';
import { readiness } from './readiness.js';
import { createHttpServer, listenHttp } from './http-server.js';
import { securityHeaderList } from './security.js';
import { PublicCache } from './cache.js';
import { webDevProxy } from './web-dev.js';
import { QuestionsGone } from './questions-gone.js';

export interface StartOptions {
  clock?: Clock;
}

/** Starts the gateway; tests call it in-process with their own env (PORT=0). */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: StartOptions = {}) {
  const config = loadConfig(env);
  const logger = createLogger('gateway', config.LOG_LEVEL, config.LOG_FORMAT);
  const tracing = startTracing('gateway', env);
  const metrics = createGatewayMetrics();
  const redis = await connectRedis(config.REDIS_URL, logger);
  const clients = createClients(config, metrics);
  const rateLimits = createRateLimits(config, redis);
  const nc = await connectNats(config.NATS_URL, 'gateway', logger);
  metrics.observeDependency('redis', () => redis.isReady);
  metrics.observeDependency('nats', natsCheck(nc));
  const sessions = new Sessions(redis, config);
  const composer = createComposer(clients);
  let shuttingDown = false;
  const ready = readiness({ redis, natsClosed: () => nc.isClosed(), shuttingDown: () => shuttingDown, services: serviceAddresses(config) });

  const cache = new PublicCache(config.PUBLIC_CACHE_MS);
  const newest = new NewestResults();
  const gone = new QuestionsGone();
  const webDev = config.WEB_DEV_SERVER_URL ? webDevProxy(config.WEB_DEV_SERVER_URL) : undefined;
  const app = createApp({
    webDev,
    cache,
    config,
    logger,
    redis,
    clients,
    rateLimits,
    metrics,
    sessions,
    composer,
    newest,
    gone,
    clock: opts.clock ?? systemClock,
    readiness: ready.ready,
  });

  const server = createHttpServer(app, config, securityHeaderList(config));
  await listenHttp(server, config);
  const live = await startLive(server, { config, logger, metrics, nc, redis, sessions, newest, gone, clock: opts.clock ?? systemClock, otherUpgrade: webDev?.upgrade });
  // The dependency map is for operators: on the metrics port, not the public one.
  const metricsServer = await startMetricsServer(metrics.registry, config.METRICS_PORT, config.BIND_HOST, { '/readyz': ready.details });
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, metricsPort: metricsServer.port, url: config.PUBLIC_URL }, 'gateway started');

  let stopping: Promise<void> | undefined;
  return {
    port,
    metricsPort: metricsServer.port,
    logger,
    config,
    stop() {
      stopping ??= (async () => {
        shuttingDown = true;
        logger.info('shutting down');
        // Readiness is false first; new connections still answer until the load balancer has seen it.
        if (config.SHUTDOWN_READY_DELAY_MS) await new Promise((r) => setTimeout(r, config.SHUTDOWN_READY_DELAY_MS));
        await live.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await metricsServer.close();
        closeClients(clients);
        await nc.drain().catch(() => undefined);
        await tracing.shutdown();
        await redis.quit().catch(() => undefined);
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.logger);
}
