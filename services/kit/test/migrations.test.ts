import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, runMigrations } from '../src/db.js';
import { createTestDatabase } from '../src/testing.js';
import { MIGRATIONS } from './helpers.js';

describe('runMigrations', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('kit_migr');
  });

  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    await db?.drop();
  });

  it('applies the migration once when three pools run it concurrently on a fresh database', async () => {
    const three = [createPool(db.url, 4), createPool(db.url, 4), createPool(db.url, 4)];
    pools.push(...three);
    const results = await Promise.allSettled(three.map((p) => runMigrations(p, MIGRATIONS, 'kit-test')));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const pool = three[0]!;
    const { rows: tables } = await pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(['counters', 'inbox', 'outbox']);
    const { rows: applied } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(Number(applied[0]!.n)).toBe(1);
    const { rows: idx } = await pool.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'outbox_unpublished_idx'`);
    expect(idx).toHaveLength(1);

    // Running it again is a no-op.
    await runMigrations(three[1]!, MIGRATIONS, 'kit-test');
    const { rows: again } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(Number(again[0]!.n)).toBe(1);

    // Every advisory lock was released.
    const { rows: locks } = await pool.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    expect(locks).toHaveLength(0);
  });

  it('works with a pool of one connection', async () => {
    const fresh = await createTestDatabase('kit_migr1');
    const pool = createPool(fresh.url, 1);
    try {
      await runMigrations(pool, MIGRATIONS, 'kit-test');
      const { rows } = await pool.query(`SELECT to_regclass('public.outbox') AS t`);
      expect(rows[0].t).toBe('outbox');
    } finally {
      await pool.end();
      await fresh.drop();
    }
  });
});
