import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { startRetentionLoop, type Clock, type Logger, type Metrics } from '@mzansi/kit';
import { pruneClicks } from '../../data-access/analytics-repo.js';
import * as mailRepo from '../../data-access/mail-repo.js';
import { pruneInbox } from '../../data-access/inbox-repo.js';
import { daysBefore, DELIVERY_LOG_DAYS, INBOX_DAYS, UNCONFIRMED_NEWSLETTER_DAYS } from '../../domain/retention.js';
import type { NotificationDb } from '../../context.js';

export interface NotificationRetentionResult {
  deliveries: number;
  /** Push clicks, kept as long as the delivery log. */
  pushClicks: number;
  jobs: number;
  unconfirmedNewsletter: number;
  mailFiles: number;
  /** Inbox items older than 90 days: one person's own, and items for everyone (with everyone's read marks). */
  inboxPersonal: number;
  inboxBroadcast: number;
}

/**
 * One retention pass at `now` (the injected clock): the delivery log (who was sent what, when, and why it failed),
 * the push clicks and finished jobs older than 30 days, newsletter signups unconfirmed for 30 days, and, when mail goes to files
 * (development), .eml files older than 30 days; inbox items older than 90 days. Safe on every replica at once.
 */
export async function runNotificationRetention(db: NotificationDb, now: Date, mailDir?: string): Promise<NotificationRetentionResult> {
  const cutoff = daysBefore(now, DELIVERY_LOG_DAYS);
  const deliveries = await mailRepo.pruneDeliveries(db, cutoff);
  const pushClicks = await pruneClicks(db, cutoff);
  const jobs = await mailRepo.pruneFinishedJobsBefore(db, cutoff);
  const unconfirmedNewsletter = await mailRepo.pruneUnconfirmedNewsletter(db, daysBefore(now, UNCONFIRMED_NEWSLETTER_DAYS));
  const inbox = await pruneInbox(db, daysBefore(now, INBOX_DAYS));
  return {
    deliveries,
    pushClicks,
    jobs,
    unconfirmedNewsletter,
    mailFiles: mailDir ? await pruneMailFiles(mailDir, cutoff) : 0,
    inboxPersonal: inbox.personal,
    inboxBroadcast: inbox.broadcast,
  };
}

async function pruneMailFiles(dir: string, cutoff: Date): Promise<number> {
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtime < cutoff && (await unlink(file).then(() => true, () => false))) removed++;
  }
  return removed;
}

/** Runs a pass now and then every `intervalMs` (kit's retention loop); `stop()` waits for a pass in progress. */
export function startNotificationRetention(opts: { db: NotificationDb; logger: Logger; metrics: Metrics; clock: Clock; intervalMs: number; mailDir?: string }) {
  return startRetentionLoop({ ...opts, run: async () => ({ ...(await runNotificationRetention(opts.db, opts.clock(), opts.mailDir)) }) });
}
