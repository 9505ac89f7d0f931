import { and, count, eq, gte, lte } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LinkColumns } from './emailed-links-schema.js';
import type { IdentityQueryable } from '../context.js';

/** The queries every kind of link shares. */
export function emailedLinks<Row>(table: PgTable & LinkColumns) {
  return {
    /** How many links of this kind went to the user since `since`. */
    async countSince(db: IdentityQueryable, userId: string, since: Date): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.userId, userId), gte(table.createdAt, since)));
      return rows[0]?.n ?? 0;
    },
    /** The link with this token hash, locked for the transaction (two tabs pressing at once: one wins). */
    async findByHash(db: IdentityQueryable, tokenHash: string): Promise<Row | undefined> {
      const rows = await db.select().from(table).where(eq(table.tokenHash, tokenHash)).limit(1).for('update');
      return rows[0] as Row | undefined;
    },
    /** Links past their expiry (retention); returns how many went. */
    async deleteExpired(db: IdentityQueryable, now: Date): Promise<number> {
      const rows = await db.delete(table).where(lte(table.expiresAt, now)).returning({ h: table.tokenHash });
      return rows.length;
    },
  };
}
