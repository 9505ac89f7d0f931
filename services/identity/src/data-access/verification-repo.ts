import { eq } from 'drizzle-orm';
import { emailedLinks } from './emailed-links-repo.js';
import { emailVerifications, type EmailVerificationRow } from './verification-schema.js';
import type { IdentityQueryable } from '../context.js';

type Q = IdentityQueryable;

export const { countSince, findByHash, deleteExpired } = emailedLinks<EmailVerificationRow>(emailVerifications);

export async function insertVerification(db: Q, row: EmailVerificationRow): Promise<void> {
  await db.insert(emailVerifications).values(row);
}

/** Every outstanding link of the user goes once one is used: an address is verified once. */
export async function deleteForUser(db: Q, userId: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}
