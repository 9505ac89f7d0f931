import { and, count, eq, gte, isNull, lte } from 'drizzle-orm';
import { passwordResets, type PasswordResetRow } from './password-reset-schema.js';
import type { IdentityQueryable } from '../context.js';

type Q = IdentityQueryable;

export async function insertReset(db: Q, row: Omit<PasswordResetRow, 'usedAt'>): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** How many reset links went to the user since `since`. */
export async function countSince(db: Q, userId: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gte(passwordResets.createdAt, since)));
  return rows[0]?.n ?? 0;
}

/** The link with this token hash, locked for the transaction (two tabs pressing at once: one wins). */
export async function findByHash(db: Q, tokenHash: string): Promise<PasswordResetRow | undefined> {
  const rows = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1).for('update');
  return rows[0];
}

/** Once one link is used every outstanding link of the user is used up with it. */
export async function useAllOf(db: Q, userId: string, at: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: at }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Links past their expiry (retention); returns how many went. */
export async function deleteExpired(db: Q, now: Date): Promise<number> {
  const rows = await db.delete(passwordResets).where(lte(passwordResets.expiresAt, now)).returning({ h: passwordResets.tokenHash });
  return rows.length;
}
