import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import client from 'prom-client';
import type { Dependency, DependencyCheck } from './dependencies.js';

export { client as prom };

/** One registry per process, with Node's default metrics (event-loop lag, heap, GC) and a `service` label. */
export function createMetrics(service: string) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  withoutPerHandleScans(registry);

  const grpcServerDuration = new client.Histogram({
    name: 'grpc_server_handling_seconds',
    help: 'Duration of gRPC calls handled, by method and status code',
    labelNames: ['grpc_method', 'grpc_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const outboxPending = new client.Gauge({
    name: 'outbox_pending_events',
    help: 'Events written to the outbox and not yet published',
    registers: [registry],
  });
  const outboxLag = new client.Gauge({
    name: 'outbox_lag_seconds',
    help: 'Age of the oldest unpublished outbox event',
    registers: [registry],
  });
  const outboxPublished = new client.Counter({
    name: 'outbox_published_total',
    help: 'Events published from the outbox',
    registers: [registry],
  });
  const eventsConsumed = new client.Counter({
    name: 'events_consumed_total',
    help: 'Events handled by consumers, by consumer and outcome',
    labelNames: ['consumer', 'outcome'] as const,
    registers: [registry],
  });
  const consumerPending = new client.Gauge({
    name: 'consumer_pending_events',
    help: 'Events waiting in the stream for a durable consumer',
    labelNames: ['consumer'] as const,
    registers: [registry],
  });
  let pool: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections, by state (total, idle, waiting = callers queued for a connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  /** Reports a pg pool's usage at every scrape. */
  const observePool = (p: { totalCount: number; idleCount: number; waitingCount: number }) => {
    pool = p;
  };
  const dependencies = new Map<Dependency, DependencyCheck>();
  new client.Gauge({
    name: 'dependency_up',
    help: '1 while this process reaches the dependency (postgres, redis, nats) over its own connections, else 0',
    labelNames: ['dependency'] as const,
    registers: [registry],
    async collect() {
      const states = await Promise.all([...dependencies].map(async ([d, check]) => [d, await Promise.resolve(check()).catch(() => false)] as const));
      for (const [dependency, up] of states) this.set({ dependency }, up ? 1 : 0);
    },
  });
  /** Reports a dependency's state at every scrape, from `check` (dependencies.ts). */
  const observeDependency = (dependency: Dependency, check: DependencyCheck) => {
    dependencies.set(dependency, check);
  };
  return { registry, grpcServerDuration, outboxPending, outboxLag, outboxPublished, eventsConsumed, consumerPending, observePool, observeDependency };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Default metrics that list every handle of the process at each scrape; nothing reads them (ws_connections counts sockets). */
export const PER_HANDLE_METRICS = ['nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total'];

/**
 * A gateway holds one handle and one file descriptor per websocket, and three default metrics walk them all on the
 * event loop at every scrape: with 15,000 sockets, listing the handles and `readdirSync('/proc/self/fd')` held the
 * loop 15–25 ms per scrape, the largest share of its long stalls (votes wait behind them). The per-handle gauges go;
 * the descriptor count (worth watching against the process's limit) stays, read in libuv's thread pool.
 */
function withoutPerHandleScans(registry: client.Registry) {
  for (const name of PER_HANDLE_METRICS) registry.removeSingleMetric(name);
  if (process.platform !== 'linux') return;
  registry.removeSingleMetric('process_open_fds');
  new client.Gauge({
    name: 'process_open_fds',
    help: 'Number of open file descriptors.',
    registers: [registry],
    async collect() {
      const fds = await readdir('/proc/self/fd').catch(() => undefined);
      if (fds) this.set(fds.length - 1); // one of them is readdir's own while it reads
    },
  });
}

/** An extra JSON endpoint on the metrics port (operators' details that the public port must not show). */
export type MetricsRoute = () => Promise<{ status: number; body: unknown }>;

/**
 * Serves /metrics (Prometheus text format), and any `routes` (path → JSON), on its own port. Returns the bound
 * port and a closer.
 */
export async function startMetricsServer(registry: client.Registry, port: number, host = '127.0.0.1', routes: Record<string, MetricsRoute> = {}) {
  const server = http.createServer(async (req, res) => {
    const route = Object.hasOwn(routes, req.url ?? '') ? routes[req.url!] : undefined;
    if (route) {
      try {
        const { status, body } = await route();
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(body));
      } catch {
        res.writeHead(500).end();
      }
      return;
    }
    if (req.url === '/metrics') {
      try {
        res.writeHead(200, { 'Content-Type': registry.contentType });
        res.end(await registry.metrics());
      } catch {
        res.writeHead(500).end();
      }
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
