import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import pg from 'pg';
import type { PRODUCERS } from '@mzansi/proto/events';
import type { EventNames } from './events.js';
import { TEST_NATS_URL } from './testing-harness.js';

/** Helpers for tests that run against the real PostgreSQL and NATS of the machine. */

export { eventually, manualClock, manualTimers, sleep } from './testing-time.js';
export { deleteTestStreams, internalKeysFor, startedServices, TEST_NATS_URL, testStreams, type StreamEvent } from './testing-harness.js';

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function randomSuffix(bytes = 5): string {
  return randomBytes(bytes).toString('hex');
}

/** A fresh, empty database for one test file; `drop()` removes it. */
export async function createTestDatabase(
  prefix: string,
): Promise<{ url: string; name: string; query<T = any>(text: string, params?: unknown[]): Promise<T[]>; drop(): Promise<void> }> {
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
    /** One query on its own connection: reads the database while no service (or a stopped one) holds it. */
    async query(text, params = []) {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return (await c.query(text, params)).rows;
      } finally {
        await c.end();
      }
    },
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

/**
 * Awaits a call that must fail with the given gRPC status and, when given, exactly these details (a string) or details
 * matching them (a RegExp). Returns the error for further checks.
 */
export async function expectGrpcError(call: Promise<unknown>, code: grpcStatus, details?: string | RegExp): Promise<ServiceError> {
  const err = await call.then(
    (res) => {
      throw new Error(`expected gRPC ${grpcStatus[code]}, got success: ${JSON.stringify(res)}`);
    },
    (e: unknown) => e,
  );
  const isGrpc = !!err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'number' && 'details' in err;
  if (!isGrpc) throw err;
  const e = err as ServiceError;
  assert.strictEqual(grpcStatus[e.code], grpcStatus[code], `details: ${e.details}`);
  if (typeof details === 'string') assert.strictEqual(e.details, details);
  else if (details) assert.match(e.details, details);
  return e;
}

/**
 * True once a service's outbox relay has published every row of its outbox (the database at `databaseUrl`): every
 * event written so far is in the stream, and none can follow. Tests wait for it instead of waiting "a moment" before
 * they count events (no duplicates, nothing for a refused call).
 */
export async function outboxDrained(databaseUrl: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    return rows[0]!.n === 0;
  } finally {
    await c.end();
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
    // A port handed out earlier may not be bound yet (a spare replica's, a child still starting): never hand it out
    // twice. A cluster takes ~40 ports, so without this two of them share a port in about one start in fifteen.
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port below the ephemeral range after 50 tries');
}

const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * Where any of `values` occurs in a database (case-insensitive substring): every column of every table in its
 * public schema whose type can carry text or an id (text, varchar, char, uuid, json, jsonb, arrays, domain types),
 * cast to text. The erasure tests run it on every service's database after an account is deleted.
 */
export async function findValuesInDatabase(
  url: string,
  values: string[],
): Promise<{ table: string; column: string; value: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
         AND c.data_type IN ('text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
       ORDER BY c.table_name, c.ordinal_position`,
    );
    const found: { table: string; column: string; value: string }[] = [];
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    for (const { table_name, column_name } of columns) {
      // strpos, not LIKE: usernames hold '_', a LIKE wildcard.
      const { rows } = await client.query<{ v: string }>(
        `SELECT v FROM unnest($1::text[]) AS v
         WHERE EXISTS (SELECT 1 FROM ${quote(table_name)} WHERE strpos(lower(${quote(column_name)}::text), lower(v)) > 0)`,
        [values],
      );
      for (const r of rows) found.push({ table: table_name, column: column_name, value: r.v });
    }
    return found;
  } finally {
    await client.end();
  }
}

/**
 * True once a durable consumer has been handed every message of its stream up to `seq` and acknowledged them all
 * (handled, found in its inbox, or dead-lettered): what "the replayed event has been dealt with" means.
 */
export async function consumerCaughtUp(
  nc: import('nats').NatsConnection,
  names: EventNames,
  producer: (typeof PRODUCERS)[number],
  durable: string,
  seq: number,
): Promise<boolean> {
  const info = await (await nc.jetstreamManager()).consumers.info(names.stream(producer), durable);
  return info.delivered.stream_seq >= seq && info.num_ack_pending === 0 && info.num_pending === 0;
}

/** How many events were dead-lettered in a namespace (0 when none, or no dead-letter stream yet). */
export async function deadLetterCount(nc: import('nats').NatsConnection, names: EventNames): Promise<number> {
  const info = await (await nc.jetstreamManager()).streams.info(names.stream('deadletter')).catch(() => undefined);
  return info?.state.messages ?? 0;
}

/**
 * The plan PostgreSQL would run `text` with (EXPLAIN, JSON, as one string), sequential scans switched off for the
 * session: on a test's tiny tables the planner scans whatever the indexes, and what is asked is which index a query
 * can use at all.
 */
export async function indexPlanOf(pool: pg.Pool, text: string, params: unknown[]): Promise<string> {
  const c = await pool.connect();
  try {
    await c.query('SET enable_seqscan = off');
    return JSON.stringify((await c.query(`EXPLAIN (FORMAT JSON) ${text}`, params)).rows);
  } finally {
    await c.query('RESET enable_seqscan').catch(() => undefined);
    c.release();
  }
}
