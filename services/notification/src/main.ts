import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals, systemClock, type Clock } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as schema from './data-access/schema.js';
import { questionPublishedConsumer, userEventsConsumer } from './entry-points/events/consumers.js';
import { questionsInboxConsumer, socialInboxConsumer, suspensionInboxConsumer, votingInboxConsumer } from './entry-points/events/inbox-consumers.js';
import { verificationRequestsConsumer } from './entry-points/events/mail-consumers.js';
import { startNotificationRetention } from './entry-points/jobs/retention.js';
import { registerNotificationService } from './entry-points/grpc/notification-service.js';
import { DeliveryWorker } from './entry-points/jobs/delivery-worker.js';
import { createMailer } from './infra/mailer.js';
import { PushSender } from './infra/push.js';
import type { PushLookup } from './infra/push-transport.js';
import { TestPushes } from './entry-points/jobs/test-pushes.js';
import { resolveVapidKeys } from './infra/vapid.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * Starts the notification service; tests call it in-process with their own env (ports 0), clock and resolver of
 * push endpoint hosts.
 */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { clock?: Clock; lookup?: PushLookup } = {}) {
  const config: Config = loadConfig(env);
  const clock = opts.clock ?? systemClock;
  const logger = createLogger('notification', config.LOG_LEVEL, config.LOG_FORMAT);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, from: config.MAIL_FROM });
  // Set in beforeServe (the keys may live in the database), before any call or event is handled.
  let sender: PushSender | undefined;
  const push = () => {
    if (!sender) throw new Error('push sender not ready');
    return sender;
  };
  let worker: DeliveryWorker | undefined;
  let testPushes: TestPushes | undefined;

  const running = await runService({
    name: 'notification',
    config,
    schema,
    migrationsFolder,
    logger,
    async beforeServe(ctx) {
      const vapid = await resolveVapidKeys(ctx.db, config, logger);
      sender = new PushSender({
        vapid,
        ttlSeconds: config.PUSH_TTL_SECONDS,
        timeoutMs: config.PUSH_TIMEOUT_MS,
        maxAttempts: config.DELIVERY_MAX_ATTEMPTS,
        retryBaseMs: config.DELIVERY_RETRY_BASE_MS,
        policy: { allowedHosts: config.PUSH_ALLOWED_HOSTS, devOrigin: config.PUSH_DEV_ORIGIN },
        lookup: opts.lookup,
      });
      if (config.PUSH_DEV_ORIGIN) logger.warn({ origin: config.PUSH_DEV_ORIGIN }, 'pushes to this development origin skip the address check');
      testPushes = new TestPushes({ db: ctx.db, logger, push });
      worker = new DeliveryWorker({
        db: ctx.db,
        logger,
        metrics: ctx.metrics,
        push,
        mailer,
        publicUrl: config.PUBLIC_URL,
        keys: config.INTERNAL_AUTH_KEYS,
        unsubscribeMailto: config.UNSUBSCRIBE_MAILTO || undefined,
        pushConcurrency: config.PUSH_CONCURRENCY,
        mailConcurrency: config.MAIL_CONCURRENCY,
        batchSize: config.PUSH_BATCH_SIZE,
        maxAttempts: config.DELIVERY_MAX_ATTEMPTS,
        retryBaseMs: config.DELIVERY_RETRY_BASE_MS,
        pollMs: config.JOB_POLL_MS,
        leaseMs: config.JOB_LEASE_MS,
      });
      logger.info({ mail: mailer.describe }, 'mail transport ready');
    },
    grpc: (ctx, server) => registerNotificationService(ctx, server, { push, tests: () => testPushes!, kick: () => worker?.kick(), clock }),
    consumers: (ctx) => [
      userEventsConsumer(),
      socialInboxConsumer(ctx, () => worker?.kick()),
      suspensionInboxConsumer(ctx, () => worker?.kick()),
      questionsInboxConsumer(ctx, () => worker?.kick()),
      votingInboxConsumer(ctx, () => worker?.kick()),
      questionPublishedConsumer(() => worker?.kick()),
      verificationRequestsConsumer(() => worker?.kick()),
    ],
  });
  // Unfinished jobs (a restart in the middle of a delivery) are picked up at once.
  worker!.start();

  // Retention (docs/privacy.md): the delivery log and unconfirmed newsletter signups at most 30 days.
  const retention = startNotificationRetention({
    db: running.ctx.db,
    logger,
    metrics: running.ctx.metrics,
    clock,
    intervalMs: config.RETENTION_INTERVAL_S * 1000,
    mailDir: config.SMTP_URL ? undefined : config.MAIL_DIR,
  });

  let stopping: Promise<void> | undefined;
  return {
    ...running,
    worker: worker!,
    /** Stops the delivery worker first (requests in flight finish and are recorded), then the service. */
    stop() {
      stopping ??= (async () => {
        await retention.stop();
        await worker!.stop();
        await testPushes!.stop();
        await running.stop();
        sender?.close();
        mailer.close();
      })();
      return stopping;
    },
  };
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
