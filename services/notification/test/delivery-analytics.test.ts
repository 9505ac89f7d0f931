import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, expectGrpcError, indexPlanOf, manualClock } from '@mzansi/kit/testing';
import { DELIVERIES_BY_DAY } from '../src/data-access/analytics-repo.js';
import { start } from '../src/main.js';
import { runNotificationRetention } from '../src/entry-points/jobs/retention.js';
import { browserKeys, decryptPush, fakePushService, notificationHarness, type FakePush, type Harness, type NotificationClient, type Running } from './helpers.js';

/**
 * Push clicks and GetDeliveryAnalytics against real PostgreSQL, through the real delivery worker and a fake push
 * service: a question goes out to five people's devices (one push refused with 400, one as gone), the pushes carry the
 * notification's id, clicks count once per person who was sent it. Outcome times are then moved to known instants
 * (the worker stamps them with the wall clock); clicks and "today" come from the injected clock.
 */
let push: FakePush;
let h: Harness;
let svc: Running;
let client: NotificationClient;
const clock = manualClock('2026-05-15T08:00:00.000Z'); // 10:00 SAST, 15 May
const keys = browserKeys();
const asAdmin = { actor: { id: randomUUID(), isAdmin: true } };
const person = () => ({ actor: { id: randomUUID(), isAdmin: false } });
const [u1, u2, u3, u4, u5] = [person(), person(), person(), person(), person()];
const endpoints = { u1a: '', u1b: '', u2: '', u4: '', u5: '' };
let eventId = '';

const register = (u: { actor: { id: string } }, email: string) =>
  h.publish('identity.user.registered', {
    user: { id: u.actor.id, username: `u${u.actor.id.slice(0, 6)}`, name: 'Thabo', email, phoneNumber: '', isAdmin: false, emailNotifications: true, browserNotifications: true, whatsappNotifications: false, joinDate: new Date(), emailVerified: true },
  });

beforeAll(async () => {
  push = await fakePushService();
  h = await notificationHarness({ PUSH_DEV_ORIGIN: push.origin });
  svc = await start({ ...h.env }, { clock: clock.now });
  client = h.client(svc);
  for (const [name, u] of [['u1a', u1], ['u1b', u1], ['u2', u2], ['u4', u4], ['u5', u5]] as const) {
    endpoints[name] = push.endpoint(`${name}-${randomUUID()}`);
    await client.subscribe({ endpoint: endpoints[name], keys: { p256dh: keys.p256dh, auth: keys.auth } }, u);
  }
  push.answer(endpoints.u2, 400); // failed, not retried
  push.answer(endpoints.u4, 410); // gone
  await register(u1, `u1-${randomUUID().slice(0, 6)}@example.co.za`);
  await register(u2, `u2-${randomUUID().slice(0, 6)}@example.co.za`);
  for (const u of [u3, u4, u5]) await register(u, '');
  await eventually(async () => (await h.sql(svc, 'SELECT count(*)::int AS n FROM contacts'))[0].n === 5, 15_000, 50);
  const now = new Date();
  eventId = await h.publish('questions.question.published', {
    question: { id: randomUUID(), text: 'Will Parliament pass the budget', context: '', date: now, options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }], publishedAt: now, tags: [], translations: {} },
  });
  await h.jobFinished(svc, eventId);
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await h?.cleanup();
  await push?.close();
});

describe('a push notification’s id and its clicks', () => {
  it('every push carries the notification’s id; each delivery row names whom it was for', async () => {
    for (const name of ['u1a', 'u1b', 'u5'] as const) {
      const req = push.received.find((r) => r.path === push.pathOf(endpoints[name]))!;
      expect(decryptPush(req.body, keys)).toMatchObject({ id: eventId, url: '/vote' });
    }
    const rows = await h.sql<{ target: string; status: string; user_id: string }>(svc, `SELECT target, status, user_id FROM deliveries WHERE event_id = $1 AND channel = 'push'`, [eventId]);
    const byTarget = new Map(rows.map((r) => [r.target, r]));
    expect(byTarget.get(endpoints.u1a)).toMatchObject({ status: 'sent', user_id: u1.actor.id });
    expect(byTarget.get(endpoints.u2)).toMatchObject({ status: 'failed', user_id: u2.actor.id });
    expect(byTarget.get(endpoints.u4)).toMatchObject({ status: 'gone', user_id: u4.actor.id });
  });

  it('counts a click once per person it was sent to; others, bad ids and strangers change nothing', async () => {
    expect(await client.recordPushClick({ notificationId: eventId }, u1)).toEqual({ counted: true });
    // Again (the other device, or a retry): counted once.
    expect(await client.recordPushClick({ notificationId: eventId.toUpperCase() }, u1)).toEqual({ counted: false });
    await expectGrpcError(client.recordPushClick({ notificationId: eventId }, u2), grpc.status.NOT_FOUND, 'Notification not found'); // its push failed
    await expectGrpcError(client.recordPushClick({ notificationId: eventId }, u3), grpc.status.NOT_FOUND); // no device
    await expectGrpcError(client.recordPushClick({ notificationId: eventId }, u4), grpc.status.NOT_FOUND); // gone
    await expectGrpcError(client.recordPushClick({ notificationId: randomUUID() }, u1), grpc.status.NOT_FOUND);
    await expectGrpcError(client.recordPushClick({ notificationId: 'not-an-id' }, u1), grpc.status.INVALID_ARGUMENT);
    await expectGrpcError(client.recordPushClick({ notificationId: eventId }), grpc.status.UNAUTHENTICATED);
    clock.set('2026-05-14T21:30:00.000Z'); // 23:30 SAST, 14 May
    expect(await client.recordPushClick({ notificationId: eventId }, u5)).toEqual({ counted: true });
    clock.set('2026-05-15T08:00:00.000Z');
    const clicks = await h.sql<{ user_id: string }>(svc, 'SELECT user_id FROM push_clicks WHERE event_id = $1 ORDER BY clicked_at', [eventId]);
    expect(clicks.map((c) => c.user_id)).toEqual([u5.actor.id, u1.actor.id]);
  });
});

describe('GetDeliveryAnalytics', () => {
  it('counts push and e-mail outcomes and push clicks per SAST day of the range', async () => {
    // The outcomes at known instants: everything of the job at 08:00 SAST on 15 May, u1's second device at 00:30 SAST on 14 May.
    await h.sql(svc, `UPDATE deliveries SET updated_at = '2026-05-15T06:00:00Z' WHERE event_id = $1`, [eventId]);
    await h.sql(svc, `UPDATE deliveries SET updated_at = '2026-05-13T22:30:00Z' WHERE event_id = $1 AND target = $2`, [eventId, endpoints.u1b]);
    // Three more rows: a failed mail on 10 May, one still being sent (no outcome yet), one before the range.
    const other = randomUUID();
    await h.sql(
      svc,
      `INSERT INTO deliveries (event_id, channel, target, status, updated_at) VALUES
        ($1, 'email', 'a', 'failed', '2026-05-10T12:00:00Z'), ($1, 'email', 'b', 'sending', '2026-05-10T12:00:00Z'), ($1, 'push', 'c', 'sent', '2026-04-30T21:59:00Z')`,
      [other],
    );
    const a = await client.getDeliveryAnalytics({ today: '', days: 15 }, asAdmin);
    expect([a.firstDay, a.today]).toEqual(['2026-05-01', '2026-05-15']);
    expect(a.days).toHaveLength(15);
    const zero = { pushSent: 0, pushFailed: 0, pushClicks: 0, emailSent: 0, emailFailed: 0 };
    expect(a.days.filter((d) => Object.entries(d).some(([k, v]) => k !== 'day' && v !== 0))).toEqual([
      { day: '2026-05-10', ...zero, emailFailed: 1 },
      { day: '2026-05-14', ...zero, pushSent: 1, pushClicks: 1 },
      { day: '2026-05-15', pushSent: 2, pushFailed: 2, pushClicks: 1, emailSent: 2, emailFailed: 0 },
    ]);
    await expectGrpcError(client.getDeliveryAnalytics({ today: '', days: 15 }, u1), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.getDeliveryAnalytics({ today: '2026-05-15', days: 99 }, asAdmin), grpc.status.INVALID_ARGUMENT);
  });

  it('reads through the time indexes (EXPLAIN)', async () => {
    const plan = await indexPlanOf(svc.ctx.pool, DELIVERIES_BY_DAY, [new Date('2026-05-01'), new Date('2026-05-16')]);
    expect(plan).toContain('deliveries_updated_idx');
    expect(plan).toContain('push_clicks_clicked_idx');
  });

  it('clicks go with the delivery log after 30 days, and with the account', async () => {
    const n = async () => (await h.sql(svc, 'SELECT count(*)::int AS n FROM push_clicks WHERE event_id = $1', [eventId]))[0].n as number;
    await h.publish('identity.user.deleted', { userId: u1.actor.id, deletedAt: new Date() });
    await eventually(async () => (await n()) === 1, 15_000, 50);
    expect(await h.sql(svc, 'SELECT 1 FROM deliveries WHERE user_id = $1', [u1.actor.id])).toEqual([]);
    const result = await runNotificationRetention(svc.ctx.db, new Date('2026-06-15T00:00:00Z'));
    expect(result.pushClicks).toBe(1);
    expect(await n()).toBe(0);
  });
});
