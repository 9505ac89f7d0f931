import { pgTable } from 'drizzle-orm/pg-core';
import { emailedLinkColumns, emailedLinkIndexes } from './emailed-links-schema.js';

/**
 * Outstanding e-mail verification links: a link works for the address it was sent to, once, until it expires.
 * Rows are deleted when used and by the retention job once expired.
 */
export const emailVerifications = pgTable('email_verifications', emailedLinkColumns(), (t) => emailedLinkIndexes('email_verifications', t));

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;
