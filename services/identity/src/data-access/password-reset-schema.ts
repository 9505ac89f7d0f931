import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { emailedLinkColumns, emailedLinkIndexes } from './emailed-links-schema.js';

/**
 * Password reset links. `email` is the verified address the link went to: a link stops working when the account's
 * address changes. A used link keeps its row with `used_at` until it would have expired, so that the page can say
 * "already used" rather than "invalid".
 */
export const passwordResets = pgTable(
  'password_resets',
  { ...emailedLinkColumns(), usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }) },
  (t) => emailedLinkIndexes('password_resets', t),
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;
