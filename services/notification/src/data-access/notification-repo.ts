import { and, asc, eq, getTableColumns, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ALERT_DEFAULTS, type AlertKind } from '@mzansi/api';
import { contacts, deliveries, newsletterSubscriptions, notificationJobs, pushSubscriptions, settings } from './schema.js';
import type { NotificationQueryable } from '../context.js';

type Q = NotificationQueryable;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
/** A subscription to push to, with its owner's language (English when notification has no contact for them). */
export type PushTargetRow = PushSubscriptionRow & { language: string };
export type NewsletterRow = typeof newsletterSubscriptions.$inferSelect;
export type JobRow = typeof notificationJobs.$inferSelect;
export type Channel = (typeof deliveries.$inferSelect)['channel'];
export type DeliveryStatus = (typeof deliveries.$inferSelect)['status'];

// ---- push subscriptions ----

/** Stores a subscription; an endpoint seen before is moved to this user with the new keys. */
export async function upsertPushSubscription(db: Q, s: { endpoint: string; userId: string; p256dh: string; auth: string }) {
  return (
    await db
      .insert(pushSubscriptions)
      .values(s)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth } })
      .returning()
  )[0]!;
}

export async function deletePushSubscription(db: Q, endpoint: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ e: pushSubscriptions.endpoint });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410). */
export async function deleteGoneSubscription(db: Q, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function subscriptionsOfUser(db: Q, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt)).limit(100);
}

// ---- contacts ----

export async function upsertContact(
  db: Q,
  c: { userId: string; email: string; name: string; emailNotifications: boolean; browserNotifications: boolean; emailVerified: boolean; language: string; joinedAt?: Date },
) {
  const { joinedAt, ...fields } = c;
  await db
    .insert(contacts)
    .values({ ...fields, ...(joinedAt ? { joinedAt } : {}), updatedAt: new Date() })
    .onConflictDoUpdate({
      target: contacts.userId,
      set: {
        email: c.email,
        name: c.name,
        emailNotifications: c.emailNotifications,
        browserNotifications: c.browserNotifications,
        emailVerified: c.emailVerified,
        language: c.language,
        ...(joinedAt ? { joinedAt } : {}),
        updatedAt: new Date(),
      },
    });
}

// ---- newsletter ----

/** Inserts the subscription unless the address (any case) is subscribed already; returns the stored row either way. */
/**
 * Stores a subscription, or finds the one of that address (any case): one statement either way, so a new address
 * and a known one cost the same (the public answer must not tell them apart, by its words or its time). The no-op
 * update on a conflict only makes Postgres return the existing row; `xmax = 0` tells a freshly inserted one.
 */
export async function subscribeNewsletter(
  db: Q,
  s: { email: string; name: string; source: string },
): Promise<{ row: NewsletterRow; created: boolean }> {
  const [out] = await db
    .insert(newsletterSubscriptions)
    .values({ ...s, emailLower: s.email.toLowerCase() })
    .onConflictDoUpdate({ target: newsletterSubscriptions.emailLower, set: { emailLower: sql`excluded.email_lower` } })
    .returning({ ...getTableColumns(newsletterSubscriptions), created: sql<boolean>`(xmax = 0)` });
  const { created, ...row } = out!;
  return { row, created };
}

// ---- settings ----

export async function getSettings(db: Q, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Writes settings that are not set yet (a concurrent writer wins; read them back afterwards). */
export async function insertSettingsIfAbsent(db: Q, values: Record<string, string>): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(values).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

// ---- jobs ----

export async function insertJob(db: Q, job: { eventId: string; kind: JobRow['kind']; payload: unknown }): Promise<boolean> {
  const rows = await db.insert(notificationJobs).values(job).onConflictDoNothing().returning({ id: notificationJobs.eventId });
  return rows.length > 0;
}

/**
 * Claims the oldest unfinished job nobody holds (or whose holder stopped renewing its lease). Row locks with
 * SKIP LOCKED keep replicas from claiming the same job at once; the lease keeps it theirs while they work.
 */
export async function claimJob(db: Q, worker: string, leaseMs: number): Promise<JobRow | undefined> {
  const rows = await db.execute<{ event_id: string }>(sql`
    UPDATE notification_jobs SET locked_by = ${worker}, locked_until = now() + (${leaseMs}::int * interval '1 millisecond')
    WHERE event_id = (
      SELECT event_id FROM notification_jobs
      WHERE finished_at IS NULL AND (locked_until IS NULL OR locked_until < now())
      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING event_id`);
  const id = rows.rows[0]?.event_id;
  if (!id) return undefined;
  return (await db.select().from(notificationJobs).where(eq(notificationJobs.eventId, id)))[0];
}

/** Renews the lease and saves progress; false when the job is no longer ours (lease lost). */
export async function saveJobProgress(
  db: Q,
  eventId: string,
  worker: string,
  leaseMs: number,
  progress: Partial<Pick<JobRow, 'pushCursor' | 'pushDone' | 'emailCursor' | 'emailDone' | 'finishedAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(notificationJobs)
    .set({ ...progress, lockedUntil: sql`now() + (${leaseMs}::int * interval '1 millisecond')` })
    .where(and(eq(notificationJobs.eventId, eventId), eq(notificationJobs.lockedBy, worker)))
    .returning({ id: notificationJobs.eventId });
  return rows.length > 0;
}

export async function releaseJob(db: Q, eventId: string, worker: string): Promise<void> {
  await db
    .update(notificationJobs)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(eq(notificationJobs.eventId, eventId), eq(notificationJobs.lockedBy, worker)));
}

// ---- targets and deliveries ----

/**
 * Who a job is for: everyone, one person (an inbox item) or some people (the players told of a corrected resolution),
 * as far as they want this kind of alert.
 */
export interface Audience {
  kind: AlertKind;
  userId?: string;
  userIds?: string[];
}

/** The audience's people as a condition on a user id column (none: everyone). */
function among(column: AnyColumn, audience: Audience): SQL | undefined {
  if (audience.userId !== undefined) return eq(column, audience.userId);
  if (audience.userIds !== undefined) return audience.userIds.length ? inArray(column, audience.userIds) : sql`false`;
  return undefined;
}

/**
 * The person wants `kind` by `channel`: their stored choice, else the default (one primary-key probe per target, and
 * none stored for most people).
 */
function wants(userId: AnyColumn, kind: AlertKind, channel: 'push' | 'email'): SQL {
  const column = channel === 'push' ? sql`p.push` : sql`p.email`;
  return ALERT_DEFAULTS[kind][channel]
    ? sql`NOT EXISTS (SELECT 1 FROM alert_preferences p WHERE p.user_id = ${userId} AND p.kind = ${kind} AND NOT ${column})`
    : sql`EXISTS (SELECT 1 FROM alert_preferences p WHERE p.user_id = ${userId} AND p.kind = ${kind} AND ${column})`;
}

/**
 * The next push subscriptions after `cursor` that still need this event: no delivery row, or one left 'sending'
 * (claimed but not confirmed: the worker stopped before sending it, or died while sending); each with its owner's
 * language (their contact's, English without one).
 */
export async function nextPushTargets(db: Q, eventId: string, cursor: string | null, limit: number, audience: Audience): Promise<PushTargetRow[]> {
  return db
    .select({ ...getTableColumns(pushSubscriptions), language: sql<string>`coalesce(${contacts.language}, 'en')` })
    .from(pushSubscriptions)
    .leftJoin(contacts, eq(contacts.userId, pushSubscriptions.userId))
    .where(
      and(
        cursor === null ? undefined : gt(pushSubscriptions.endpoint, cursor),
        among(pushSubscriptions.userId, audience),
        wants(pushSubscriptions.userId, audience.kind, 'push'),
        sql`NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = ${eventId} AND d.channel = 'push'
              AND d.target = ${pushSubscriptions.endpoint} AND d.status <> 'sending')`,
      ),
    )
    .orderBy(asc(pushSubscriptions.endpoint))
    .limit(limit);
}

/**
 * Contacts after `cursor` who want e-mail, have a verified address (PRODUCT.md "Privacy": nothing goes to an address
 * its owner has not confirmed) and were not e-mailed for this event yet.
 */
export async function nextEmailTargets(db: Q, eventId: string, cursor: string | null, limit: number, audience: Audience): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(
      and(
        cursor === null ? undefined : gt(contacts.userId, cursor),
        among(contacts.userId, audience),
        wants(contacts.userId, audience.kind, 'email'),
        eq(contacts.emailNotifications, true),
        eq(contacts.emailVerified, true),
        sql`${contacts.email} <> ''`,
        sql`NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = ${eventId} AND d.channel = 'email'
              AND d.target = ${contacts.userId}::text AND d.status <> 'sending')`,
      ),
    )
    .orderBy(asc(contacts.userId))
    .limit(limit);
}

/** Records that these targets (each with whom it is for, when a user) are about to be sent (one statement per batch). */
export async function markSending(db: Q, eventId: string, channel: Channel, targets: { target: string; userId: string | null }[]): Promise<void> {
  if (targets.length === 0) return;
  await db
    .insert(deliveries)
    .values(targets.map(({ target, userId }) => ({ eventId, channel, target, userId, status: 'sending' as const })))
    .onConflictDoNothing();
}

/** Counts an attempt just before the request goes out. */
export async function markAttempt(db: Q, eventId: string, channel: Channel, target: string): Promise<void> {
  await db
    .update(deliveries)
    .set({ attempts: sql`${deliveries.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(deliveries.eventId, eventId), eq(deliveries.channel, channel), eq(deliveries.target, target)));
}

export async function markDone(
  db: Q,
  eventId: string,
  channel: Channel,
  target: string,
  status: Exclude<DeliveryStatus, 'sending'>,
  lastError: string | null,
): Promise<void> {
  await db
    .update(deliveries)
    .set({ status, lastError: lastError?.slice(0, 500) ?? null, updatedAt: new Date() })
    .where(and(eq(deliveries.eventId, eventId), eq(deliveries.channel, channel), eq(deliveries.target, target)));
}

export async function deliveryCounts(db: Q, eventId: string): Promise<Record<string, number>> {
  const rows = await db.execute<{ channel: string; status: string; n: string }>(
    sql`SELECT channel, status, count(*) AS n FROM deliveries WHERE event_id = ${eventId} GROUP BY channel, status`,
  );
  return Object.fromEntries(rows.rows.map((r) => [`${r.channel}:${r.status}`, Number(r.n)]));
}
