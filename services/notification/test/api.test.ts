import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError } from '@mzansi/kit/testing';
import { MESSAGES } from '../src/domain/subscriptions.js';
import { browserKeys, decryptPush, fakePushService, notificationHarness, user, type FakePush, type Harness, type NotificationClient, type Running } from './helpers.js';

let h: Harness;
let svc: Running;
let client: NotificationClient;
let push: FakePush;

beforeAll(async () => {
  push = await fakePushService();
  h = await notificationHarness({ PUSH_DEV_ORIGIN: push.origin });
  svc = await h.start();
  client = h.client(svc);
});

afterAll(async () => {
  await h?.cleanup();
  await push?.close();
});

describe('newsletter', () => {
  it('refuses an empty or invalid address with a clear message', async () => {
    await expectGrpcError(client.subscribeNewsletter({ email: '   ', name: '', source: 'landing' }), grpc.status.INVALID_ARGUMENT, MESSAGES.emailRequired);
    for (const email of ['not-an-email', 'a@b', 'two@@example.com', 'spaces in@example.com', `${'x'.repeat(250)}@example.com`]) {
      await expectGrpcError(client.subscribeNewsletter({ email, name: '', source: 'landing' }), grpc.status.INVALID_ARGUMENT, MESSAGES.emailInvalid);
    }
  });

  it('trims, is idempotent per address ignoring case, and keeps the first source', async () => {
    const first = await client.subscribeNewsletter({ email: '  Thandi.M@Example.co.za ', name: ' Thandi ', source: 'landing' });
    expect(first).toMatchObject({ email: 'Thandi.M@Example.co.za', alreadySubscribed: false, source: 'landing' });
    expect(first.subscribedAt).toBeInstanceOf(Date);

    const again = await client.subscribeNewsletter({ email: 'thandi.m@example.CO.ZA', name: 'Other', source: 'footer' });
    expect(again).toMatchObject({ email: 'Thandi.M@Example.co.za', alreadySubscribed: true, source: 'landing' });
    expect(again.subscribedAt!.getTime()).toBe(first.subscribedAt!.getTime());

    const rows = await h.sql(svc, "SELECT email, name, source FROM newsletter_subscriptions WHERE email_lower = 'thandi.m@example.co.za'");
    expect(rows).toEqual([{ email: 'Thandi.M@Example.co.za', name: 'Thandi', source: 'landing' }]);
  });

  it('accepts concurrent signups of one address exactly once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.subscribeNewsletter({ email: i % 2 ? 'race@example.com' : 'RACE@example.com', name: '', source: `s${i}` })),
    );
    expect(results.filter((r) => !r.alreadySubscribed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.source)).size).toBe(1);
  });

  it('needs no signed-in user; name and source are optional', async () => {
    const r = await client.subscribeNewsletter({ email: 'anon@example.com', name: '', source: '' });
    expect(r).toMatchObject({ alreadySubscribed: false, source: 'website' });
  });
});

describe('push subscriptions', () => {
  it('Subscribe, Unsubscribe and SendTest need an acting user', async () => {
    const k = browserKeys();
    const req = { endpoint: push.endpoint('anon'), keys: { p256dh: k.p256dh, auth: k.auth } };
    await expectGrpcError(client.subscribe(req), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(client.unsubscribe({ endpoint: req.endpoint }), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(client.sendTest({}), grpc.status.UNAUTHENTICATED);
    // A forged signature is no actor either.
    const forged = h.client(svc, 'another-secret-another-secret');
    await expectGrpcError(forged.subscribe(req, user()), grpc.status.UNAUTHENTICATED);
  });

  it('refuses malformed subscriptions', async () => {
    const k = browserKeys();
    const me = user();
    await expectGrpcError(client.subscribe({ endpoint: '', keys: k }, me), grpc.status.INVALID_ARGUMENT, MESSAGES.endpointRequired);
    await expectGrpcError(client.subscribe({ endpoint: 'ftp://x/y', keys: k }, me), grpc.status.INVALID_ARGUMENT, MESSAGES.endpointInvalid);
    // The service checks the rule itself (it does not trust the gateway): https, port 443, no user name, allow-listed host.
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://evil.example/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://u:p@fcm.googleapis.com/fcm/send/x',
      `${push.origin.replace('http:', 'https:')}/push/x`,
    ]) {
      await expectGrpcError(client.subscribe({ endpoint, keys: k }, me), grpc.status.INVALID_ARGUMENT, MESSAGES.endpointInvalid);
    }
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/x', 'https://wns2-db5p.notify.windows.com/w/?token=x']) {
      expect((await client.subscribe({ endpoint, keys: k }, me)).subscription?.endpoint).toBe(endpoint);
    }
    await expectGrpcError(client.subscribe({ endpoint: push.endpoint('k'), keys: undefined }, me), grpc.status.INVALID_ARGUMENT, MESSAGES.keysInvalid);
    await expectGrpcError(
      client.subscribe({ endpoint: push.endpoint('k'), keys: { p256dh: 'abc', auth: k.auth } }, me),
      grpc.status.INVALID_ARGUMENT,
      MESSAGES.keysInvalid,
    );
  });

  it('SendTest without a subscription says so; with one it reaches the push endpoint', async () => {
    const me = user();
    expect(await client.sendTest({}, me)).toEqual({ success: false, message: MESSAGES.noSubscription, sent: 0 });

    const k = browserKeys();
    const endpoint = push.endpoint(`test-${me.actor.id}`);
    const sub = await client.subscribe({ endpoint, keys: { p256dh: k.p256dh, auth: k.auth } }, me);
    expect(sub.subscription).toMatchObject({ endpoint, keys: { p256dh: k.p256dh, auth: k.auth } });

    push.reset();
    expect(await client.sendTest({}, me)).toEqual({ success: true, message: MESSAGES.testSent, sent: 1 });
    // Delivered in the background, after the answer.
    await eventually(() => push.received.length === 1, 10_000);
    const r = push.received[0]!;
    expect(r.path).toBe(push.pathOf(endpoint));
    expect(r.headers['content-encoding']).toBe('aes128gcm');
    expect(r.headers.ttl).toBe('3600');
    expect(r.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
    const { publicKey } = await client.getVapidPublicKey({});
    expect(r.headers.authorization).toContain(`k=${publicKey}`);
    expect(decryptPush(r.body, k)).toMatchObject({ title: 'Mzansi Predicts', tag: 'test' });
  });

  it('Unsubscribe removes only the acting user’s subscription', async () => {
    const owner = user();
    const other = user();
    const k = browserKeys();
    const endpoint = push.endpoint(`unsub-${owner.actor.id}`);
    await client.subscribe({ endpoint, keys: { p256dh: k.p256dh, auth: k.auth } }, owner);
    expect(await client.unsubscribe({ endpoint }, other)).toEqual({ removed: false });
    expect(await client.unsubscribe({ endpoint }, owner)).toEqual({ removed: true });
    expect(await client.unsubscribe({ endpoint }, owner)).toEqual({ removed: false });
    expect(await client.sendTest({}, owner)).toMatchObject({ success: false, message: MESSAGES.noSubscription });
  });

  it('a subscription the push service answers 410 for is deleted (SendTest, in the background)', async () => {
    const me = user();
    const k = browserKeys();
    const endpoint = push.endpoint(`gone-${me.actor.id}`);
    push.answer(endpoint, 410);
    await client.subscribe({ endpoint, keys: { p256dh: k.p256dh, auth: k.auth } }, me);
    expect(await client.sendTest({}, me)).toEqual({ success: true, message: MESSAGES.testSent, sent: 1 });
    await eventually(async () => (await h.sql(svc, 'SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [endpoint])).length === 0, 10_000);
    expect(await client.sendTest({}, me)).toMatchObject({ success: false, message: MESSAGES.noSubscription });
  });
});

describe('VAPID keys', () => {
  it('are generated once in development and survive a restart', async () => {
    const first = (await client.getVapidPublicKey({})).publicKey;
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    const second = await h.start();
    try {
      expect((await h.client(second).getVapidPublicKey({})).publicKey).toBe(first);
    } finally {
      await second.stop();
    }
  });

  it('come from the configuration when given', async () => {
    const configured = await h.start({
      VAPID_PUBLIC_KEY: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
    });
    try {
      expect((await h.client(configured).getVapidPublicKey({})).publicKey).toBe(
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      );
    } finally {
      await configured.stop();
    }
  });
});
