import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export { inbox, outbox } from '@mzansi/kit';
export * from './inbox-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Browsers' web push subscriptions; one row per endpoint (a device), owned by the user who subscribed it last. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: uuid('user_id').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Who may be e-mailed, kept from identity.user.registered / identity.user.updated. */
export const contacts = pgTable(
  'contacts',
  {
    userId: uuid('user_id').primaryKey(),
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    browserNotifications: boolean('browser_notifications').notNull().default(false),
    /** Identity's word that the address was confirmed through its link; no notification mail goes out without it. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The interface language from the user's profile (en, zu, af, st): pushes are written in it. */
    language: text('language').notNull().default('en'),
    /** The account's join date: the inbox shows a person only the items for everyone from after it. */
    joinedAt: ts('joined_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contacts_emailable_idx').on(t.userId).where(sql`${t.emailNotifications} AND ${t.email} <> ''`),
    index('contacts_mailable_idx').on(t.userId).where(sql`${t.emailNotifications} AND ${t.emailVerified} AND ${t.email} <> ''`),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailLower: text('email_lower').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    source: text('source').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Double opt-in: null until the link of the confirmation mail is used; only confirmed addresses get the newsletter. */
    confirmedAt: ts('confirmed_at'),
    /** When the last confirmation mail was asked for (a repeat signup resends it at most once an hour). */
    confirmationSentAt: ts('confirmation_sent_at'),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_lower_key').on(t.emailLower)],
);

/**
 * What a job delivers: question-published and question-resolved go to everyone who wants that kind, inbox-item to the
 * one person an inbox item is for, resolution-corrected to the players it names (push and e-mail, as they chose); the
 * others are one mail to one address.
 */
export const JOB_KINDS = ['question-published', 'question-resolved', 'resolution-corrected', 'inbox-item', 'email-verification', 'newsletter-confirmation', 'password-reset'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * One notification run per event (a published or resolved question, an inbox item, a single mail). Written by the event consumer in its transaction;
 * the delivery worker claims it with a lease, works through the targets and sets finished_at.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    eventId: uuid('event_id').primaryKey(),
    /** question-published, question-resolved: push + e-mail to everyone; inbox-item: to its person; the others: one mail. */
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    payload: jsonb('payload').notNull(),
    /** Keyset cursors: the last push endpoint / contact id worked through. */
    pushCursor: text('push_cursor'),
    pushDone: boolean('push_done').notNull().default(false),
    emailCursor: text('email_cursor'),
    emailDone: boolean('email_done').notNull().default(false),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('notification_jobs_unfinished_idx').on(t.createdAt).where(sql`${t.finishedAt} IS NULL`)],
);

/**
 * Every delivery of an event to one target (push endpoint or user id for e-mail). The row is written before the
 * send ('sending') and updated after it, so no target is sent twice for one event, also across restarts.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    eventId: uuid('event_id').notNull(),
    channel: text('channel', { enum: ['push', 'email'] }).notNull(),
    target: text('target').notNull(),
    status: text('status', { enum: ['sending', 'sent', 'failed', 'gone'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Whom it was for: the e-mail's user, the push subscription's owner when sent (null on rows from before). */
    userId: uuid('user_id'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.channel, t.target] }),
    // A push click's check (was it pushed to this user?) and the outcomes per day (analytics).
    index('deliveries_push_user_idx').on(t.userId, t.eventId).where(sql`${t.channel} = 'push' AND ${t.status} = 'sent'`),
    index('deliveries_updated_idx').on(t.updatedAt),
  ],
);

/** The first click of a user on a push notification (its event id); kept as long as the delivery log. */
export const pushClicks = pgTable(
  'push_clicks',
  {
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id').notNull(),
    clickedAt: ts('clicked_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId], name: 'push_clicks_pkey' }),
    index('push_clicks_clicked_idx').on(t.clickedAt),
    index('push_clicks_user_idx').on(t.userId),
  ],
);

/** Service settings kept across restarts (the generated development VAPID keys). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A person's choice of push and e-mail for one kind of alert (@mzansi/api ALERT_KINDS); a kind with no row has the
 * defaults (ALERT_DEFAULTS). Looked up by primary key from the delivery queries.
 */
export const alertPreferences = pgTable(
  'alert_preferences',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
