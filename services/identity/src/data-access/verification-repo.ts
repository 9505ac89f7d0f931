import { and, count, eq, gte, lte } from 'drizzle-orm';
import { emailVerifications, type EmailVerificationRow } from './verification-schema.js';
import type { IdentityQueryable } from '../context.js';

type Q = IdentityQueryable;

export async function insertVerification(db: Q, row: EmailVerificationRow): Promise<void> {
  await db.insert(emailVerifications).values(row);
}

/** How many verification mails the user asked for since `since` (all addresses). */
export async function countSince(db: Q, userId: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), gte(emailVerifications.createdAt, since)));
  return rows[0]?.n ?? 0;
}

export async function findByHash(db: Q, tokenHash: string): Promise<EmailVerificationRow | undefined> {
  const rows = await db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)).limit(1).for('update');
  return rows[0];
}

/** Every outstanding link of the user goes once one is used: an address is verified once. */
export async function deleteForUser(db: Q, userId: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}

/** Expired links (retention); returns how many went. */
export async function deleteExpired(db: Q, now: Date): Promise<number> {
  const rows = await db.delete(emailVerifications).where(lte(emailVerifications.expiresAt, now)).returning({ h: emailVerifications.tokenHash });
  return rows.length;
}
