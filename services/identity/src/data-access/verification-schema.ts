import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Outstanding e-mail verification links. Only the SHA-256 of the token is kept (a database leak verifies nothing);
 * a link works for the address it was sent to, once, until it expires. Rows are deleted when used and by the
 * retention job once expired.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    // Cascades: erasing an account erases its outstanding links with it.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId, t.createdAt), index('email_verifications_expiry_idx').on(t.expiresAt)],
);

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;
