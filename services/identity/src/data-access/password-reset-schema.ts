import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Password reset links. Only the SHA-256 of the token is kept (a copy of the database resets nothing). A used link
 * keeps its row with `used_at` until it would have expired, so that the page can say "already used" rather than
 * "invalid"; the retention job deletes rows once expired.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    // Cascades: erasing an account erases its links with it.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified address the link went to: a link stops working when the account's address changes. */
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt), index('password_resets_expiry_idx').on(t.expiresAt)],
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;
