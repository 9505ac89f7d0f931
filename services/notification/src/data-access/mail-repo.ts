import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { JobRow } from './notification-repo.js';
import { contacts, deliveries, newsletterSubscriptions, notificationJobs } from './schema.js';
import type { NotificationQueryable } from '../context.js';

type Q = NotificationQueryable;

/** What a one-mail job (e-mail verification, newsletter confirmation) carries until it is sent. */
export interface SingleMailPayload {
  /** The delivery log's target: the user id, or the newsletter subscription id. */
  target: string;
  /** Present only for a verification or password reset mail: lets an erasure find the job. */
  userId?: string;
  /** A password reset mail names the account it is for. */
  username?: string;
  email: string;
  name: string;
  /** The verification or reset token, or the subscription id (newsletter confirmation). */
  token: string;
  expiresAt?: string;
  /** The mail's language (en, zu, af, st), checked where the request came in; absent: English. */
  language?: string;
}

export async function insertMailJob(db: Q, eventId: string, kind: Exclude<JobRow['kind'], 'question-published'>, payload: SingleMailPayload): Promise<boolean> {
  const rows = await db.insert(notificationJobs).values({ eventId, kind, payload, pushDone: true }).onConflictDoNothing().returning({ id: notificationJobs.eventId });
  return rows.length > 0;
}

/** Once a one-mail job is done its address, name and token are of no further use: they are not kept. */
export async function scrubJobPayload(db: Q, eventId: string): Promise<void> {
  await db.update(notificationJobs).set({ payload: {} }).where(eq(notificationJobs.eventId, eventId));
}

/** An erased user's verification and password reset mails that have not gone out yet go with them. */
export async function forgetMailJobsOf(db: Q, userId: string): Promise<void> {
  await db
    .delete(notificationJobs)
    .where(and(inArray(notificationJobs.kind, ['email-verification', 'password-reset']), sql`${notificationJobs.payload}->>'userId' = ${userId}`));
}

/** One-click unsubscribe from notification mails, at once (identity's user.updated follows and agrees). */
export async function unsubscribeContact(db: Q, userId: string): Promise<void> {
  await db.update(contacts).set({ emailNotifications: false, updatedAt: new Date() }).where(eq(contacts.userId, userId));
}

export async function newsletterById(db: Q, id: string) {
  return (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).limit(1))[0];
}

export async function deleteNewsletter(db: Q, id: string): Promise<boolean> {
  return (await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).returning({ id: newsletterSubscriptions.id })).length > 0;
}

/** Marks a subscription confirmed (first confirmation wins); the row, or undefined when there is none. */
export async function confirmNewsletter(db: Q, id: string, at: Date) {
  await db.update(newsletterSubscriptions).set({ confirmedAt: at }).where(and(eq(newsletterSubscriptions.id, id), isNull(newsletterSubscriptions.confirmedAt)));
  return newsletterById(db, id);
}

/**
 * Claims the right to send a confirmation mail for this subscription: true (and the time noted) when none was asked
 * for since `resendAfter`. One conditional UPDATE, so two signups at once send one mail.
 */
export async function claimConfirmationMail(db: Q, id: string, now: Date, resendAfter: Date): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(newsletterSubscriptions.id, id),
        isNull(newsletterSubscriptions.confirmedAt),
        sql`(${newsletterSubscriptions.confirmationSentAt} IS NULL OR ${newsletterSubscriptions.confirmationSentAt} < ${resendAfter})`,
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

// ---- retention ----

/** Delivery log rows last touched before `cutoff`. */
export async function pruneDeliveries(db: Q, cutoff: Date): Promise<number> {
  return (await db.delete(deliveries).where(lt(deliveries.updatedAt, cutoff)).returning({ e: deliveries.eventId })).length;
}

/** Finished notification jobs (their payloads) finished before `cutoff`. */
export async function pruneFinishedJobsBefore(db: Q, cutoff: Date): Promise<number> {
  return (await db.delete(notificationJobs).where(lt(notificationJobs.finishedAt, cutoff)).returning({ e: notificationJobs.eventId })).length;
}

/** Newsletter signups never confirmed since before `cutoff`: an address nobody vouched for is not kept. */
export async function pruneUnconfirmedNewsletter(db: Q, cutoff: Date): Promise<number> {
  return (
    await db
      .delete(newsletterSubscriptions)
      .where(and(isNull(newsletterSubscriptions.confirmedAt), lt(newsletterSubscriptions.createdAt, cutoff)))
      .returning({ id: newsletterSubscriptions.id })
  ).length;
}
