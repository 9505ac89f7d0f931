import { createHash } from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from './logger.js';

export type Db<TSchema extends Record<string, unknown> = Record<string, never>> = NodePgDatabase<TSchema>;
/** A transaction handle, as passed to `db.transaction(async (tx) => ...)`. */
export type Tx<TSchema extends Record<string, unknown> = Record<string, never>> = Parameters<
  Parameters<Db<TSchema>['transaction']>[0]
>[0];
/** Something queries can run on: the database or a transaction. */
export type Queryable<TSchema extends Record<string, unknown> = Record<string, never>> = Db<TSchema> | Tx<TSchema>;

export function createPool(url: string, max = 10, logger?: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'idle database connection lost'));
  // A checked-out client that loses its connection between two queries (inside a transaction, or the outbox relay
  // holding its rows while publishing) emits 'error' on itself, and an unhandled 'error' kills the process. Its next
  // query fails instead (mapped to UNAVAILABLE) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.warn({ err: err.message }, 'database connection lost'));
  });
  return pool;
}

export function createDb<TSchema extends Record<string, unknown>>(pool: pg.Pool, schema: TSchema): Db<TSchema> {
  return drizzle(pool, { schema });
}

/** A stable 63-bit advisory-lock key for a name. */
function lockKey(name: string): string {
  return BigInt.asIntN(64, BigInt('0x' + createHash('sha256').update(name).digest('hex').slice(0, 16))).toString();
}

/**
 * Applies drizzle-kit migrations under a PostgreSQL advisory lock, so that several replicas (or a Job and a pod)
 * starting at once migrate one at a time and the others find nothing left to do.
 */
export async function runMigrations(pool: pg.Pool, migrationsFolder: string, name: string, logger?: Logger): Promise<void> {
  const lockClient = await pool.connect();
  const key = lockKey(`migrations:${name}`);
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [key]);
    const started = Date.now();
    // On the lock's own connection: a second connection from the pool would never come with a pool of one.
    await migrate(drizzle(lockClient), { migrationsFolder });
    logger?.info({ ms: Date.now() - started }, 'migrations applied');
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    lockClient.release();
  }
}

/** Creates the database named in `url` if it does not exist (development and tests; production databases are provisioned). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const dbName = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error(`Refusing to create database with unusual name "${dbName}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${dbName}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04' && err.code !== '23505') throw err; // created concurrently
      });
    }
  } finally {
    await client.end();
  }
}
