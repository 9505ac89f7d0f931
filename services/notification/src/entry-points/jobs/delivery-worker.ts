import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { prom, type InternalKeys, type Logger, type Metrics } from '@mzansi/kit';
import * as mailRepo from '../../data-access/mail-repo.js';
import * as repo from '../../data-access/notification-repo.js';
import { signMailToken } from '../../domain/mail-tokens.js';
import { alertMessages, type AlertJob, type AlertMessages } from '../../domain/alerts.js';
import { backoffMs, newsletterConfirmationEmail, unsubscribeLinks, verificationEmail, passwordResetEmail, withNotificationId } from '../../domain/messages.js';
import { isTransientMailError, type Mailer, type MailMessage } from '../../infra/mailer.js';
import { pushLanguage, type PushLanguage } from '../../domain/push-text.js';
import type { PushSender } from '../../infra/push.js';
import { forEachLimit } from './for-each-limit.js';
import type { NotificationDb } from '../../context.js';

export interface DeliveryWorkerOptions {
  db: NotificationDb;
  logger: Logger;
  metrics: Metrics;
  push: () => PushSender;
  mailer: Mailer;
  publicUrl: string;
  /** Sign the unsubscribe and confirmation links (domain/mail-tokens.ts). */
  keys: InternalKeys;
  /** The `mailto:` address of List-Unsubscribe, when one is configured. */
  unsubscribeMailto?: string;
  pushConcurrency: number;
  mailConcurrency: number;
  batchSize: number;
  maxAttempts: number;
  retryBaseMs: number;
  pollMs: number;
  leaseMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivers notification jobs (a published or resolved question to everyone, an inbox item to its person, a single
 * mail) in the background, so the event consumer acks as soon
 * as the job row is committed. A job is claimed with a lease (renewed while working, released on stop, taken over
 * by another replica if its holder dies); targets are walked in keyset order in batches, each target's delivery row
 * is written ('sending') before its request goes out and settled after, and targets with a settled row are skipped:
 * a restart resumes where the last run stopped and never sends one event to one target twice.
 */
export class DeliveryWorker {
  readonly id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly stopController = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly delivered: prom.Counter<'channel' | 'outcome'>;
  private readonly log: Logger;

  constructor(private readonly o: DeliveryWorkerOptions) {
    this.log = o.logger.child({ component: 'delivery-worker', worker: this.id });
    this.delivered =
      (o.metrics.registry.getSingleMetric('notification_deliveries_total') as prom.Counter<'channel' | 'outcome'> | undefined) ??
      new prom.Counter({
        name: 'notification_deliveries_total',
        help: 'Notification deliveries by channel and outcome',
        labelNames: ['channel', 'outcome'] as const,
        registers: [o.metrics.registry],
      });
  }

  start(): void {
    this.schedule(0);
  }

  /** Look for work now (after a job row was committed). */
  kick(delayMs = 50): void {
    if (this.stopController.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(delayMs);
  }

  /** Stops taking targets, lets requests in flight finish and be recorded, and releases the claimed job. */
  async stop(): Promise<void> {
    this.stopController.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (this.stopController.signal.aborted) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        this.schedule(this.again ? 0 : this.o.pollMs);
        this.again = false;
      });
    }, ms);
    this.timer.unref?.();
  }

  // Finished jobs and the delivery log are pruned by the retention job (jobs/retention.ts), not here.
  private async tick(): Promise<void> {
    const stop = this.stopController.signal;
    try {
      while (!stop.aborted) {
        const job = await repo.claimJob(this.o.db, this.id, this.o.leaseMs);
        if (!job) return;
        await this.runJob(job);
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'delivery pass failed; will retry');
    }
  }

  /** Works one claimed job until it is finished, the worker stops, or the lease is lost. */
  async runJob(job: repo.JobRow): Promise<void> {
    const jobAbort = new AbortController();
    const onStop = () => jobAbort.abort();
    this.stopController.signal.addEventListener('abort', onStop, { once: true });
    const signal = jobAbort.signal;
    const lease = () => repo.saveJobProgress(this.o.db, job.eventId, this.id, this.o.leaseMs, {});
    const heartbeat = setInterval(() => {
      lease()
        .then((ours) => {
          if (!ours) {
            this.log.warn({ eventId: job.eventId }, 'lease on notification job lost; stopping it here');
            jobAbort.abort();
          }
        })
        .catch(() => undefined);
    }, Math.max(250, Math.floor(this.o.leaseMs / 3)));
    heartbeat.unref();
    const log = this.log.child({ eventId: job.eventId });
    const started = Date.now();
    try {
      if (job.kind !== 'question-published' && job.kind !== 'question-resolved' && job.kind !== 'resolution-corrected' && job.kind !== 'inbox-item') {
        await this.singleMail(job, signal);
        return;
      }
      const messages = alertMessages({ kind: job.kind, payload: job.payload, eventId: job.eventId } as AlertJob & { eventId: string }, this.o.publicUrl);
      if (!job.pushDone) {
        if (messages.audience.userId === undefined) log.info('push delivery started');
        if (!(await this.pushPhase(job, messages, signal))) return;
      }
      if (!job.emailDone) {
        if (!(await this.emailPhase(job, messages, signal))) return;
      }
      await repo.saveJobProgress(this.o.db, job.eventId, this.id, this.o.leaseMs, { finishedAt: new Date() });
      log.info({ ms: Date.now() - started, counts: await repo.deliveryCounts(this.o.db, job.eventId) }, 'notification job finished');
    } finally {
      clearInterval(heartbeat);
      this.stopController.signal.removeEventListener('abort', onStop);
      await repo.releaseJob(this.o.db, job.eventId, this.id).catch(() => undefined);
    }
  }

  /**
   * True when every subscription was worked through. Each target gets the push in its owner's language; the payload
   * is written once per language for the whole job (at most four), not once per user.
   */
  private async pushPhase(job: repo.JobRow, messages: AlertMessages, signal: AbortSignal): Promise<boolean> {
    const { db } = this.o;
    const push = this.o.push();
    const payloads = new Map<PushLanguage, string>();
    const payloadIn = (code: string) => {
      const language = pushLanguage(code);
      let payload = payloads.get(language);
      if (payload === undefined) payloads.set(language, (payload = withNotificationId(messages.push(language), job.eventId)));
      return payload;
    };
    const { topic } = messages;
    let cursor = job.pushCursor;
    for (;;) {
      if (signal.aborted) return false;
      const targets = await repo.nextPushTargets(db, job.eventId, cursor, this.o.batchSize, messages.audience);
      if (targets.length === 0) {
        await repo.saveJobProgress(db, job.eventId, this.id, this.o.leaseMs, { pushDone: true });
        return true;
      }
      await repo.markSending(db, job.eventId, 'push', targets.map((t) => ({ target: t.endpoint, userId: t.userId })));
      await forEachLimit(targets, this.o.pushConcurrency, signal, async (t) => {
        const res = await push.send(t, payloadIn(t.language), {
          topic,
          signal,
          beforeAttempt: () => repo.markAttempt(db, job.eventId, 'push', t.endpoint),
        });
        if (res.outcome === 'interrupted') return; // stays 'sending': sent again on resume
        await repo.markDone(db, job.eventId, 'push', t.endpoint, res.outcome, res.error ?? null);
        if (res.outcome === 'gone') await repo.deleteGoneSubscription(db, t.endpoint);
        if (res.outcome === 'failed') this.log.debug({ endpoint: t.endpoint, err: res.error }, 'push failed');
        this.delivered.inc({ channel: 'push', outcome: res.outcome });
      });
      if (signal.aborted) return false;
      cursor = targets[targets.length - 1]!.endpoint;
      if (!(await repo.saveJobProgress(db, job.eventId, this.id, this.o.leaseMs, { pushCursor: cursor }))) return false;
    }
  }

  private async emailPhase(job: repo.JobRow, messages: AlertMessages, signal: AbortSignal): Promise<boolean> {
    const { db } = this.o;
    // The mail's words are settled once per language for the whole job (at most four), not per reader.
    const mailers = new Map<PushLanguage, ReturnType<AlertMessages['mailer']>>();
    const mailerIn = (code: string | null) => {
      const language = pushLanguage(code);
      let mailer = mailers.get(language);
      if (!mailer) mailers.set(language, (mailer = messages.mailer(language)));
      return mailer;
    };
    let cursor = job.emailCursor;
    for (;;) {
      if (signal.aborted) return false;
      const targets = await repo.nextEmailTargets(db, job.eventId, cursor, this.o.batchSize, messages.audience);
      if (targets.length === 0) {
        await repo.saveJobProgress(db, job.eventId, this.id, this.o.leaseMs, { emailDone: true });
        return true;
      }
      await repo.markSending(db, job.eventId, 'email', targets.map((t) => ({ target: t.userId, userId: t.userId })));
      await forEachLimit(targets, this.o.mailConcurrency, signal, async (c) => {
        // Every notification mail carries its one-click unsubscribe (RFC 8058), signed for this user.
        const unsubscribe = unsubscribeLinks(this.o.publicUrl, signMailToken(this.o.keys, 'notifications', c.userId), this.o.unsubscribeMailto);
        const mail = mailerIn(c.language)(c, unsubscribe);
        await this.sendMail(job.eventId, c.userId, { to: c.email, ...mail, messageId: `<${job.eventId}.${c.userId}@mzansipredicts>` }, signal);
      });
      if (signal.aborted) return false;
      cursor = targets[targets.length - 1]!.userId;
      if (!(await repo.saveJobProgress(db, job.eventId, this.id, this.o.leaseMs, { emailCursor: cursor }))) return false;
    }
  }

  /** Sends one mail with retries for transient failures, recording each attempt and the outcome for `target`. */
  private async sendMail(eventId: string, target: string, message: MailMessage, signal: AbortSignal): Promise<void> {
    const { db } = this.o;
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) return;
      await repo.markAttempt(db, eventId, 'email', target);
      try {
        await this.o.mailer.send(message);
        await repo.markDone(db, eventId, 'email', target, 'sent', null);
        this.delivered.inc({ channel: 'email', outcome: 'sent' });
        return;
      } catch (err) {
        const text = (err as Error).message ?? String(err);
        if (!isTransientMailError(err) || attempt >= this.o.maxAttempts) {
          await repo.markDone(db, eventId, 'email', target, 'failed', text);
          this.delivered.inc({ channel: 'email', outcome: 'failed' });
          this.log.warn({ target, err: text }, 'e-mail failed');
          return;
        }
        await sleep(backoffMs(attempt, this.o.retryBaseMs));
      }
    }
  }

  /**
   * A job of one mail to one address: an e-mail verification (the only mail an unverified address gets), a password
   * reset link, or a newsletter confirmation (double opt-in). Sent at most once (its delivery row), then the job is finished and its
   * payload (address, name, token) dropped.
   */
  private async singleMail(job: repo.JobRow, signal: AbortSignal): Promise<void> {
    const { db } = this.o;
    const p = job.payload as Partial<mailRepo.SingleMailPayload>;
    const expired = p.expiresAt !== undefined && Date.parse(p.expiresAt) <= Date.now();
    if (p.email && p.target && p.token && !expired) {
      await repo.markSending(db, job.eventId, 'email', [{ target: p.target, userId: p.userId ?? null }]);
      const settled = (await repo.deliveryCounts(db, job.eventId))['email:sending'] === undefined;
      if (!settled) {
        const messageId = `<${job.eventId}.${p.target}@mzansipredicts>`;
        const to = { name: p.name ?? '' };
        // In the language the request carried (the page's, or the profile's); English for jobs from before.
        const language = pushLanguage(p.language);
        const mail =
          job.kind === 'email-verification'
            ? verificationEmail(to, this.o.publicUrl, p.token, new Date(p.expiresAt ?? Date.now()), language)
            : job.kind === 'password-reset'
              ? passwordResetEmail({ ...to, username: p.username ?? '' }, this.o.publicUrl, p.token, new Date(p.expiresAt ?? Date.now()), language)
              : newsletterConfirmationEmail(
                to,
                this.o.publicUrl,
                signMailToken(this.o.keys, 'confirm-newsletter', p.token),
                unsubscribeLinks(this.o.publicUrl, signMailToken(this.o.keys, 'newsletter', p.token), this.o.unsubscribeMailto),
                language,
              );
        await this.sendMail(job.eventId, p.target, { to: p.email, ...mail, messageId }, signal);
        if (signal.aborted) return;
      }
    }
    await repo.saveJobProgress(db, job.eventId, this.id, this.o.leaseMs, { emailDone: true, finishedAt: new Date() });
    await mailRepo.scrubJobPayload(db, job.eventId);
  }
}
