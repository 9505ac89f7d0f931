import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The accounts table (its own file so that tables referring to it need not import the schema's index). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** When the current address was confirmed through its link; null = unverified (no mail goes to it). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    phoneNumber: text('phone_number'),
    /** Province code (kit PROVINCES), null when not given. */
    province: text('province'),
    /** The interface language chosen (LANGUAGES in domain/users.ts), null when never chosen. */
    language: text('language'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    browserNotifications: boolean('browser_notifications').notNull().default(false),
    whatsappNotifications: boolean('whatsapp_notifications').notNull().default(false),
    joinDate: timestamp('join_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** POPIA consent at signup: the privacy notice's version and the moment it was accepted (null before consent was asked). */
    privacyNoticeVersion: text('privacy_notice_version'),
    privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A moderator's suspension (domain/suspension.ts): since when; until when (null = permanently); why. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    suspensionReason: text('suspension_reason'),
    /** Why an admin replaced the display name, shown to the person; null when it never was. */
    nameReplacedReason: text('name_replaced_reason'),
    /** When the "complete your profile" step after the first vote was saved or skipped; null = not yet. */
    profilePromptDoneAt: timestamp('profile_prompt_done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Usernames are unique ignoring case; the same expression serves exact look-ups at login.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // Substring search on username (people search) without scanning the table.
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    // Sign-ups per day (analytics).
    index('users_join_date_idx').on(t.joinDate),
  ],
);

export type UserRow = typeof users.$inferSelect;
