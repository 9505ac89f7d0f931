import { and, eq, isNull } from 'drizzle-orm';
import { emailedLinks } from './emailed-links-repo.js';
import { passwordResets, type PasswordResetRow } from './password-reset-schema.js';
import type { IdentityQueryable } from '../context.js';

type Q = IdentityQueryable;

export const { countSince, findByHash, deleteExpired } = emailedLinks<PasswordResetRow>(passwordResets);

export async function insertReset(db: Q, row: Omit<PasswordResetRow, 'usedAt'>): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** Once one link is used every outstanding link of the user is used up with it. */
export async function useAllOf(db: Q, userId: string, at: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: at }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
