import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Actor, PromiseClient } from '@mzansi/kit';
import { createTestDatabase, eventually, serviceTestEnv, startedServices, testNamespace, testStreams } from '@mzansi/kit/testing';
import { NotificationServiceClient } from '@mzansi/proto/notification/v1/notification';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type NotificationClient = PromiseClient<NotificationServiceClient>;

export const user = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: false } });
export const admin = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: true } });

export { browserKeys, decryptPush, fakePushService, mailFiles, type FakePush, type PushRequest } from '../../../tests/support/outside-world.js';

// ---- the service under test ----

/** A fresh database, events namespace and mail folder, and the notification service on them (restartable). */
export async function notificationHarness(extraEnv: Record<string, string> = {}) {
  const db = await createTestDatabase('notification');
  const ns = testNamespace();
  const mailDir = await mkdtemp(join(tmpdir(), 'notification-mail-'));
  const env = serviceTestEnv(db.url, ns, {
    MAIL_DIR: mailDir,
    PUBLIC_URL: 'https://mzansi.test',
    JOB_POLL_MS: '200',
    DELIVERY_RETRY_BASE_MS: '20',
    ...extraEnv,
  });
  const services = startedServices<Running, NotificationServiceClient>(NotificationServiceClient);
  const streams = testStreams(ns);

  const h = {
    db,
    ns,
    env,
    names: streams.names,
    mailDir,
    async start(overrides: Record<string, string> = {}): Promise<Running> {
      return services.add(await start({ ...env, ...overrides }));
    },
    client: services.client,
    /** Publishes an event into this namespace as its producer's outbox relay would (Nats-Msg-Id = msgId, default the event id). */
    publish: streams.publish,
    async sql<T = any>(r: Running, text: string, params: unknown[] = []): Promise<T[]> {
      return (await r.ctx.pool.query(text, params)).rows as T[];
    },
    /** Waits until the job of an event is finished. */
    async jobFinished(r: Running, eventId: string, timeoutMs = 60_000) {
      await eventually(
        async () => (await h.sql(r, 'SELECT 1 FROM notification_jobs WHERE event_id = $1 AND finished_at IS NOT NULL', [eventId])).length === 1,
        timeoutMs,
        50,
      );
    },
    async cleanup() {
      await services.close();
      await streams.close();
      await rm(mailDir, { recursive: true, force: true });
      await db.drop();
    },
  };
  return h;
}
export type Harness = Awaited<ReturnType<typeof notificationHarness>>;

/** Runs `fn` over `items`, `limit` at a time. */
export async function inChunks<T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += limit) {
    await Promise.all(items.slice(i, i + limit).map((item, j) => fn(item, i + j)));
  }
}
