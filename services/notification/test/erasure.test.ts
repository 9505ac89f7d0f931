import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnvelope, ensureStream, type Actor } from '@mzansi/kit';
import { consumerCaughtUp, deadLetterCount, eventually, findValuesInDatabase, TEST_NATS_URL } from '@mzansi/kit/testing';
import { browserKeys, notificationHarness, type Harness, type NotificationClient, type Running } from './helpers.js';

/**
 * PRODUCT.md "Privacy": a deleted account's contact entry, push subscriptions, newsletter subscription (with its
 * mails) and delivery log rows leave notification; download my data: notification's part.
 */
let h: Harness;
let svc: Running;
let client: NotificationClient;
let nc: NatsConnection;

const person = (name: string, email: string) => ({ id: randomUUID(), name, email, endpoint: `https://push.example.net/wpush/v2/${randomUUID()}` });
const gone = person('Nomsa Erasmus', `nomsa.${randomUUID().slice(0, 6)}@example.co.za`);
const stays = person('Pieter Stays', `pieter.${randomUUID().slice(0, 6)}@example.co.za`);
const as = (p: { id: string }): { actor: Actor } => ({ actor: { id: p.id, isAdmin: false } });

async function publish<T extends 'identity.user.registered' | 'identity.user.deleted'>(type: T, data: Parameters<typeof encodeEnvelope<T>>[1], opts: { id?: string; msgId?: string } = {}) {
  await ensureStream(await nc.jetstreamManager(), h.names, 'identity');
  const envelope = encodeEnvelope(type, data, opts.id ?? randomUUID());
  const ack = await nc.jetstream().publish(h.names.subject(type), JSON.stringify(envelope), { msgID: opts.msgId ?? envelope.id });
  return { envelope, seq: ack.seq };
}

const register = (p: ReturnType<typeof person>) =>
  publish('identity.user.registered', {
    user: { id: p.id, username: p.name.replace(' ', '_'), name: p.name, email: p.email, phoneNumber: '', isAdmin: false, emailNotifications: true, browserNotifications: true, whatsappNotifications: false, joinDate: new Date(), emailVerified: true },
  });

beforeAll(async () => {
  h = await notificationHarness({ PUSH_ALLOWED_HOSTS: 'push.example.net' });
  svc = await h.start();
  client = h.client(svc);
  nc = await connect({ servers: TEST_NATS_URL });
  for (const p of [gone, stays]) {
    await register(p);
    await eventually(async () => (await h.sql(svc, 'SELECT 1 FROM contacts WHERE user_id = $1', [p.id])).length === 1, 10_000);
    const keys = browserKeys();
    await client.subscribe({ endpoint: p.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, as(p));
    await client.subscribeNewsletter({ email: p.email.toUpperCase(), name: p.name, source: 'profile' });
    // A delivery log row of each kind, as the worker leaves them after a published question.
    const eventId = randomUUID();
    await h.sql(svc, `INSERT INTO deliveries (event_id, channel, target, status, last_error) VALUES ($1, 'email', $2, 'failed', $3), ($1, 'push', $4, 'sent', NULL)`, [
      eventId,
      p.id,
      `550 mailbox ${p.email} unavailable`,
      p.endpoint,
    ]);
  }
  // A corrected resolution's alert naming both (finished, so the worker leaves it alone): erasure takes one off its list.
  await h.sql(svc, `INSERT INTO notification_jobs (event_id, kind, payload, finished_at) VALUES ($1, 'resolution-corrected', $2, now())`, [
    randomUUID(),
    JSON.stringify({ questionId: randomUUID(), text: 'Will it rain', translations: {}, correctOptionId: 'no', userIds: [gone.id, stays.id] }),
  ]);
});

afterAll(async () => {
  await nc?.close();
  await h?.cleanup();
});

describe('notification: download my data', () => {
  it('exports the contact entry, push subscriptions by host only, and the newsletter subscription of the address', async () => {
    const out = await client.exportUserData({}, as(gone));
    expect(out.contact).toEqual({ email: gone.email, name: gone.name, emailNotifications: true, browserNotifications: true });
    expect(out.pushSubscriptions.map((s) => s.endpointHost)).toEqual(['push.example.net']);
    expect(out.pushSubscriptions[0]!.createdAt).toBeInstanceOf(Date);
    expect(JSON.stringify(out)).not.toContain(gone.endpoint);
    expect(out.newsletter).toMatchObject({ email: gone.email.toUpperCase(), name: gone.name, source: 'profile' });
    expect(out.newsletter!.subscribedAt).toBeInstanceOf(Date);
    // Someone notification has never heard of: nothing, and no error.
    expect(await client.exportUserData({}, as(person('Nobody', 'n@example.org')))).toEqual({ contact: undefined, pushSubscriptions: [], alertPreferences: [], newsletter: undefined });
  });
});

describe('notification: identity.user.deleted', () => {
  it('erases contact, push subscriptions, newsletter subscription and delivery rows; the other user keeps theirs', async () => {
    const values = (p: ReturnType<typeof person>) => [p.id, p.email, p.name, p.endpoint];
    expect((await findValuesInDatabase(h.env.DATABASE_URL!, values(gone))).length).toBeGreaterThan(0);
    const first = await publish('identity.user.deleted', { userId: gone.id, deletedAt: new Date() });
    await eventually(async () => (await findValuesInDatabase(h.env.DATABASE_URL!, values(gone))).length === 0, 15_000);
    expect(await client.exportUserData({}, as(gone))).toEqual({ contact: undefined, pushSubscriptions: [], alertPreferences: [], newsletter: undefined });

    const kept = await client.exportUserData({}, as(stays));
    expect(kept.contact?.email).toBe(stays.email);
    expect(kept.pushSubscriptions).toHaveLength(1);
    expect(kept.newsletter?.email).toBe(stays.email.toUpperCase());
    expect(await h.sql(svc, 'SELECT channel FROM deliveries WHERE target = ANY($1) ORDER BY channel', [[stays.id, stays.endpoint]])).toEqual([{ channel: 'email' }, { channel: 'push' }]);
    expect(await h.sql(svc, "SELECT payload->'userIds' AS ids FROM notification_jobs WHERE kind = 'resolution-corrected'")).toEqual([{ ids: [stays.id] }]);

    // Replays: the same event again (the inbox has it) and the same deletion under a new id (nothing left).
    const again = await publish('identity.user.deleted', { userId: gone.id, deletedAt: new Date() }, { id: first.envelope.id, msgId: randomUUID() });
    const fresh = await publish('identity.user.deleted', { userId: gone.id, deletedAt: new Date() });
    await eventually(() => consumerCaughtUp(nc, h.names, 'identity', 'notification-on-user-events', Math.max(again.seq, fresh.seq)), 15_000);
    expect(await deadLetterCount(nc, h.names)).toBe(0);
    expect((await client.exportUserData({}, as(stays))).pushSubscriptions).toHaveLength(1);
    expect(await findValuesInDatabase(h.env.DATABASE_URL!, values(gone))).toEqual([]);
  });
});
