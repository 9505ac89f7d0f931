import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from './users-schema.js';

/**
 * What every link identity mails (e-mail verification, password reset) keeps: only the SHA-256 of its token (a copy
 * of the database opens nothing), the account (erasing it erases its links), the address it went to, and when it
 * was issued and expires. Each kind adds its own columns; the retention job deletes rows once expired.
 */
export const emailedLinkColumns = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type LinkColumns = { tokenHash: PgColumn; userId: PgColumn; createdAt: PgColumn; expiresAt: PgColumn };

/** The read paths every kind has: a user's links by time (the per-account budget), and expiry (retention). */
export const emailedLinkIndexes = (table: string, t: LinkColumns) => [
  index(`${table}_user_idx`).on(t.userId, t.createdAt),
  index(`${table}_expiry_idx`).on(t.expiresAt),
];

