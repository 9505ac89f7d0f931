import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { createPromiseClient, encodeEnvelope, ensureStream, EventNames, type Actor, type PromiseClient } from '@mzansi/kit';
import { producerOf, type EventData, type EventType } from '@mzansi/proto/events';
import { createTestDatabase, deleteTestStreams, eventually, internalKeysFor, serviceTestEnv, TEST_NATS_URL, testNamespace } from '@mzansi/kit/testing';
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
  const names = new EventNames(ns);
  const running: Running[] = [];
  const clients: NotificationClient[] = [];
  let nc: NatsConnection | undefined;

  const h = {
    db,
    ns,
    env,
    names,
    mailDir,
    async start(overrides: Record<string, string> = {}): Promise<Running> {
      const r = await start({ ...env, ...overrides });
      running.push(r);
      return r;
    },
    client(r: Running, forgerySecret?: string): NotificationClient {
      const c = createPromiseClient(NotificationServiceClient, `127.0.0.1:${r.grpcPort}`, { internalKeys: internalKeysFor(forgerySecret) });
      clients.push(c);
      return c;
    },
    /** Publishes an event into this namespace as its producer's outbox relay would (Nats-Msg-Id = msgId, default the event id). */
    async publish<T extends EventType>(type: T, data: EventData<T>, opts: { id?: string; msgId?: string } = {}): Promise<string> {
      nc ??= await connect({ servers: TEST_NATS_URL });
      await ensureStream(await nc.jetstreamManager(), names, producerOf(type));
      const envelope = encodeEnvelope(type, data, opts.id ?? randomUUID());
      await nc.jetstream().publish(names.subject(type), JSON.stringify(envelope), { msgID: opts.msgId ?? envelope.id });
      return envelope.id;
    },
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
      for (const c of clients) c.close();
      await Promise.allSettled(running.map((r) => r.stop()));
      await nc?.close().catch(() => undefined);
      await deleteTestStreams(ns).catch(() => undefined);
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
