import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { forgetEventsAbout } from '@mzansi/kit';
import { eraseAlertChoices } from './alert-repo.js';
import { contacts, deliveries, newsletterSubscriptions, notificationJobs, pushClicks, pushSubscriptions } from './schema.js';
import type { NotificationQueryable } from '../context.js';

type Q = NotificationQueryable;

/** The contact entry notification keeps of a user (from identity's events). */
export async function contactOf(db: Q, userId: string) {
  return (await db.select().from(contacts).where(eq(contacts.userId, userId)).limit(1))[0];
}

/** The newsletter subscription of an address (any case); undefined for an empty address or none. */
export async function newsletterOf(db: Q, email: string | undefined) {
  const lower = email?.trim().toLowerCase();
  if (!lower) return undefined;
  return (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.emailLower, lower)).limit(1))[0];
}

export async function pushSubscriptionsForExport(db: Q, userId: string) {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/**
 * Erases a deleted user from notification: the delivery log rows that name them (e-mail deliveries are keyed by
 * user id, push deliveries by endpoint and by whom they were sent to), their push clicks, their push subscriptions and alert choices, the newsletter subscription of their address
 * with its mails, the contact entry, and notification's outbox rows that name them. (Verification mails not sent
 * yet go on their own consumer, in order with their requests: mail-consumers.ts.) Idempotent: a second run finds
 * nothing.
 */
export async function eraseUser(db: Q, userId: string): Promise<{ push: number; newsletter: boolean; contact: boolean }> {
  const contact = await contactOf(db, userId);
  const endpoints = (await db.select({ e: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map(
    (r: { e: string }) => r.e,
  );
  await db
    .delete(deliveries)
    .where(
      or(
        and(eq(deliveries.channel, 'email'), eq(deliveries.target, userId)),
        endpoints.length ? and(eq(deliveries.channel, 'push'), inArray(deliveries.target, endpoints)) : sql`false`,
        eq(deliveries.userId, userId),
      ),
    );
  await db.delete(pushClicks).where(eq(pushClicks.userId, userId));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await eraseAlertChoices(db, userId);
  const lower = contact?.email.trim().toLowerCase();
  const subscription = lower
    ? (await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.emailLower, lower)).returning({ id: newsletterSubscriptions.id }))[0]
    : undefined;
  if (subscription) {
    // The subscription's own mails (its confirmation, newsletters): their log rows and any not sent yet.
    await db.delete(deliveries).where(eq(deliveries.target, subscription.id));
    await db.delete(notificationJobs).where(sql`${notificationJobs.payload}->>'target' = ${subscription.id}`);
  }
  // Alerts not sent yet that are for them or name them (who replied, agreed, sent a request).
  await db
    .delete(notificationJobs)
    .where(and(eq(notificationJobs.kind, 'inbox-item'), sql`(${notificationJobs.payload}->>'userId' = ${userId} OR ${notificationJobs.payload}->>'actorId' = ${userId})`));
  // A corrected resolution's alert not sent yet names the players it is for: they are taken off its list.
  await db.execute(sql`
    UPDATE notification_jobs SET payload = jsonb_set(payload, '{userIds}',
      (SELECT coalesce(jsonb_agg(u), '[]'::jsonb) FROM jsonb_array_elements(payload->'userIds') u WHERE u #>> '{}' <> ${userId}))
    WHERE kind = 'resolution-corrected' AND payload->'userIds' ? ${userId}`);
  await db.delete(contacts).where(eq(contacts.userId, userId));
  await forgetEventsAbout(db, userId);
  return { push: endpoints.length, newsletter: !!subscription, contact: !!contact };
}
