import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { connect } from 'nats';
import pg from 'pg';
import { EventNames, PRODUCERS } from './events.js';

/** Helpers for tests that run against the real PostgreSQL and NATS of the machine. */

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function randomSuffix(bytes = 5): string {
  return randomBytes(bytes).toString('hex');
}

/** A fresh, empty database for one test file; `drop()` removes it. */
export async function createTestDatabase(prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_t_${randomSuffix()}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A random events namespace, so that concurrent test runs never share streams. */
export function testNamespace(): string {
  return `t${randomSuffix()}`;
}

/** Deletes every stream of a test namespace. */
export async function deleteTestStreams(namespace: string, url = TEST_NATS_URL): Promise<void> {
  if (!namespace) throw new Error('refusing to delete the streams of the empty namespace');
  const nc = await connect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    const names = new EventNames(namespace);
    for (const p of [...PRODUCERS, 'deadletter' as const]) {
      await jsm.streams.delete(names.stream(p)).catch(() => undefined);
    }
  } finally {
    await nc.close();
  }
}

/** Env for a service under test: free ports, quiet logs, the given database and namespace. */
export function serviceTestEnv(databaseUrl: string, namespace: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    GRPC_PORT: '0',
    METRICS_PORT: '0',
    DATABASE_URL: databaseUrl,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: namespace,
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...extra,
  };
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw last instanceof Error ? last : new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A port nobody listens on, for a child process to bind a moment later. It is drawn from below the kernel's ephemeral
 * range (32768–60999 on Linux): a port handed out by `listen(0)` is free again once probed, and the next outgoing
 * connection (to PostgreSQL, Redis, NATS) may take it as its local port before the child binds, which made a child
 * exit with EADDRINUSE now and then.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port below the ephemeral range after 50 tries');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
