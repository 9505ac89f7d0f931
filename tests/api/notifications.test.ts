import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { browserKeys, decryptPush, fakePushService, mailFiles, type FakePush } from '../support/outside-world.js';
import { expectCleanError, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

/**
 * Web push subscriptions, the newsletter and the notification settings through the gateway, against the real
 * identity, questions, voting, social and notification services (one events namespace; the notification service
 * writes mail into a temporary folder) and a fake push service standing in for the browsers' push endpoints.
 */
const PUBLIC_URL = 'http://localhost:5173';

let mailDir: string;
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let push: FakePush;
let anon: Browser;

beforeAll(async () => {
  mailDir = await mkdtemp(join(tmpdir(), 'gateway-notification-mail-'));
  push = await fakePushService();
  // The fake push service is the one local push service the gateway and the notification service accept.
  system = await startServicesForTest({ notification: { PUBLIC_URL, MAIL_DIR: mailDir, PUSH_DEV_ORIGIN: push.origin } });
  expect(system.gatewayEnv.NOTIFICATION_GRPC_ADDR).toBe(`127.0.0.1:${system.notification!.grpcPort}`);
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_URL, PUSH_DEV_ORIGIN: push.origin });
  anon = gw.browser();
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
  await push?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

beforeEach(() => push.reset());

const notificationSql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> =>
  (await system.notification!.ctx.pool.query(text, params)).rows as T[];

async function newUser(stem: string) {
  const b = gw.browser();
  const u = await signUp(b, uname(stem));
  return { ...u, b };
}

describe('GET /api/notifications/vapid-public-key', () => {
  it('answers the VAPID public key (an uncompressed P-256 point, base64url), the same every time, signed out', async () => {
    const res = await anon.get('/api/notifications/vapid-public-key');
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json)).toEqual(['publicKey']);
    expect(res.json.publicKey).toMatch(/^[A-Za-z0-9_-]{80,100}$/);
    const point = Buffer.from(res.json.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect((await anon.get('/api/notifications/vapid-public-key')).json).toEqual(res.json);
  });
});

describe('web push subscriptions', () => {
  it('signed out: subscribe, unsubscribe and test → 401', async () => {
    const keys = browserKeys();
    const sub = { endpoint: push.endpoint('anon'), keys: { p256dh: keys.p256dh, auth: keys.auth } };
    expectCleanError(await anon.post('/api/notifications/subscribe', sub), 401, 'Please sign in to continue');
    expectCleanError(await anon.post('/api/notifications/unsubscribe', { endpoint: sub.endpoint }), 401);
    expectCleanError(await anon.post('/api/notifications/test'), 401);
    expect(await notificationSql('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint])).toEqual([]);
  });

  it('subscribe → 201; test → success and one encrypted push to the endpoint; unsubscribe → removed', async () => {
    const u = await newUser('pusher');
    const keys = browserKeys();
    const endpoint = push.endpoint('1');
    const sub = await u.b.post('/api/notifications/subscribe', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, expirationTime: null });
    expect(sub.status, sub.text).toBe(201);
    expect(sub.json).toEqual({ success: true });
    // Subscribing again with the same subscription is fine (the browser re-sends it).
    const again = await u.b.post('/api/notifications/subscribe', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
    expect(again.status, again.text).toBe(201);

    const test = await u.b.post('/api/notifications/test');
    expect(test.status, test.text).toBe(200);
    expect(test.json).toEqual({ success: true, message: 'Test notification sent' });
    // Sent after the answer (which says nothing of how the endpoint answers).
    await eventually(() => push.received.length === 1, 10_000);
    const [req] = push.received;
    expect(req!.path).toBe('/push/1');
    expect(req!.headers['content-encoding']).toBe('aes128gcm');
    expect(req!.headers.authorization).toMatch(/^vapid t=[^,]+, k=/);
    expect(decryptPush(req!.body, keys)).toMatchObject({ title: 'Mzansi Predicts', tag: 'test' });

    // Another user cannot remove it.
    const other = await newUser('other');
    const foreign = await other.b.post('/api/notifications/unsubscribe', { endpoint });
    expect(foreign.status, foreign.text).toBe(200);
    expect(foreign.json).toEqual({ success: true, removed: false });

    const un = await u.b.post('/api/notifications/unsubscribe', { endpoint });
    expect(un.status, un.text).toBe(200);
    expect(un.json).toEqual({ success: true, removed: true });
    const unAgain = await u.b.post('/api/notifications/unsubscribe', { endpoint });
    expect(unAgain.json).toEqual({ success: true, removed: false });

    // Nothing left to send to.
    push.reset();
    const none = await u.b.post('/api/notifications/test');
    expect(none.status, none.text).toBe(200);
    expect(none.json).toEqual({ success: false, message: 'No push subscription found. Enable notifications first.' });
    expect(push.received).toHaveLength(0);
  });

  it('bad bodies → 400 with clean messages, and nothing is stored', async () => {
    const u = await newUser('badbody');
    const keys = browserKeys();
    const good = { endpoint: push.endpoint('bad'), keys: { p256dh: keys.p256dh, auth: keys.auth } };
    const MALFORMED = 'Please send the browser’s push subscription';

    expectCleanError(await u.b.post('/api/notifications/subscribe', {}), 400, MALFORMED);
    expectCleanError(await u.b.post('/api/notifications/subscribe', { endpoint: good.endpoint }), 400, MALFORMED);
    expectCleanError(await u.b.post('/api/notifications/subscribe', { ...good, endpoint: 'not a url' }), 400, MALFORMED);
    expectCleanError(await u.b.post('/api/notifications/subscribe', { ...good, keys: { p256dh: '', auth: keys.auth } }), 400, MALFORMED);
    expectCleanError(await u.b.post('/api/notifications/subscribe', [good]), 400, MALFORMED);
    expectCleanError(
      await u.b.req('POST', '/api/notifications/subscribe', { body: '{"endpoint":', headers: { 'content-type': 'application/json' } }),
      400,
      'Request body is not valid JSON',
    );
    // Well-formed but not a browser's subscription: the notification service's own checks.
    expectCleanError(
      await u.b.post('/api/notifications/subscribe', { ...good, endpoint: 'ftp://127.0.0.1/push/bad' }),
      400,
      'Push subscription endpoint must be an https URL of a known push service',
    );
    expectCleanError(
      await u.b.post('/api/notifications/subscribe', { ...good, keys: { p256dh: 'not-a-key', auth: keys.auth } }),
      400,
      'Push subscription keys are missing or invalid',
    );
    expectCleanError(
      await u.b.post('/api/notifications/subscribe', { ...good, keys: { p256dh: keys.p256dh, auth: Buffer.alloc(8).toString('base64url') } }),
      400,
      'Push subscription keys are missing or invalid',
    );
    expectCleanError(await u.b.post('/api/notifications/unsubscribe', {}), 400, 'Please send the subscription endpoint');
    expectCleanError(await u.b.post('/api/notifications/unsubscribe', { endpoint: 42 }), 400, 'Please send the subscription endpoint');

    expect(await notificationSql('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [u.id])).toEqual([]);
  });
});

describe('POST /api/newsletter/subscribe', () => {
  const NEWSLETTER_ANSWER = 'Check your inbox: if this address still needs confirming, we sent it a link. Nothing else is sent until it is used.';

  it('an invalid or missing address → 400 with a clean message', async () => {
    expectCleanError(await anon.post('/api/newsletter/subscribe', { email: 'not-an-email' }), 400, 'Please enter a valid email address');
    expectCleanError(await anon.post('/api/newsletter/subscribe', { email: 'thabo@localhost' }), 400, 'Please enter a valid email address');
    expectCleanError(await anon.post('/api/newsletter/subscribe', {}), 400, 'Please enter your email address');
    expectCleanError(await anon.post('/api/newsletter/subscribe', { email: '   ' }), 400, 'Please enter your email address');
    expectCleanError(await anon.post('/api/newsletter/subscribe', { email: 42 }), 400);
    expect(await notificationSql('SELECT email FROM newsletter_subscriptions')).toEqual([]);
  });

  it('trims the address, keeps the source; a second signup (any case) gets the same answer and changes nothing', async () => {
    const first = await anon.post('/api/newsletter/subscribe', { email: '  Thandi.Mokoena@Example.co.za  ', name: 'Thandi', source: 'footer' });
    expect(first.status, first.text).toBe(202);
    // Double opt-in (POPIA: the mailbox's owner consents): unconfirmed until the confirmation mail's link is used.
    expect(first.json).toEqual({ success: true, email: 'Thandi.Mokoena@Example.co.za', message: NEWSLETTER_ANSWER });

    // The address as typed, not as stored: the answer tells nothing about an earlier signup.
    const second = await anon.post('/api/newsletter/subscribe', { email: 'thandi.mokoena@example.co.za', source: 'popup' });
    expect(second.status, second.text).toBe(202);
    expect(second.json).toEqual({ success: true, email: 'thandi.mokoena@example.co.za', message: NEWSLETTER_ANSWER });

    const rows = await notificationSql('SELECT email, name, source FROM newsletter_subscriptions WHERE email_lower = $1', ['thandi.mokoena@example.co.za']);
    expect(rows).toEqual([{ email: 'Thandi.Mokoena@Example.co.za', name: 'Thandi', source: 'footer' }]);

    // Without a source, the gateway says where it came from: the web app.
    const plain = await anon.post('/api/newsletter/subscribe', { email: 'sipho@example.com' });
    expect(plain.status, plain.text).toBe(202);
    expect(await notificationSql('SELECT source FROM newsletter_subscriptions WHERE email_lower = $1', ['sipho@example.com'])).toEqual([{ source: 'web' }]);
  });
});

describe('mails in the page’s language (issue #20)', () => {
  const subjectTo = async (to: string) => {
    await eventually(async () => (await mailFiles(mailDir)).some((m) => m.to === to), 15_000);
    return (await mailFiles(mailDir)).find((m) => m.to === to)!.subject;
  };

  it('the newsletter confirmation follows the lang cookie, else Accept-Language, else English', async () => {
    const b = gw.browser();
    expect((await b.post('/api/newsletter/subscribe', { email: 'zu-news@example.co.za' }, { cookie: 'lang=zu' })).status).toBe(202);
    expect((await b.post('/api/newsletter/subscribe', { email: 'af-news@example.co.za' }, { cookie: null, headers: { 'accept-language': 'af-ZA,en;q=0.5' } })).status).toBe(202);
    expect((await b.post('/api/newsletter/subscribe', { email: 'xx-news@example.co.za' }, { cookie: 'lang=xx', headers: { 'accept-language': 'fr' } })).status).toBe(202);
    expect(await subjectTo('zu-news@example.co.za')).toBe('Qinisekisa ukubhalisela kwakho iphephandaba le-Mzansi Predicts');
    expect(await subjectTo('af-news@example.co.za')).toBe('Bevestig jou intekening op die Mzansi Predicts-nuusbrief');
    expect(await subjectTo('xx-news@example.co.za')).toBe('Confirm your Mzansi Predicts newsletter subscription');
  });

  it('a language the app sends wins over the cookie; anything but the four → 400, nothing stored', async () => {
    const b = gw.browser();
    expect((await b.post('/api/newsletter/subscribe', { email: 'sent-af@example.co.za', language: 'af' }, { cookie: 'lang=zu' })).status).toBe(202);
    expect(await subjectTo('sent-af@example.co.za')).toBe('Bevestig jou intekening op die Mzansi Predicts-nuusbrief');
    expectCleanError(await b.post('/api/newsletter/subscribe', { email: 'sent-fr@example.co.za', language: 'fr' }), 400, 'language: Please choose one of the four languages');
    expect(await notificationSql('SELECT 1 FROM newsletter_subscriptions WHERE email_lower = $1', ['sent-fr@example.co.za'])).toEqual([]);
    const refused = await b.post('/api/auth/signup', { username: uname('lang_fr'), password: 'correct-horse-1', name: 'N', email: 'fr-signup@example.co.za', consent: true, language: 'fr' });
    expectCleanError(refused, 400, 'Please choose one of the four languages');
  });

  it('the verification mail of a signup is written in the page’s language', async () => {
    const b = gw.browser();
    const username = uname('lang_st');
    const res = await b.post('/api/auth/signup', { username, password: 'correct-horse-1', name: 'Lerato', email: 'st-signup@example.co.za', consent: true }, { cookie: 'lang=st' });
    expect(res.status, res.text).toBe(201);
    expect(await subjectTo('st-signup@example.co.za')).toBe('Netefatsa aterese ya hao ya imeile bakeng sa Mzansi Predicts');
    // The app sends the page's language with the form: it is the mail's.
    const sent = await gw.browser().post('/api/auth/signup', { username: uname('lang_zu'), password: 'correct-horse-1', name: 'Sipho', email: 'zu-signup@example.co.za', consent: true, language: 'zu' });
    expect(sent.status, sent.text).toBe(201);
    expect(await subjectTo('zu-signup@example.co.za')).toBe('Qinisekisa ikheli lakho le-imeyili le-Mzansi Predicts');
  });
});

describe('notification settings', () => {
  it('PUT /api/users/{id}/notifications and PATCH /api/users/{id} show in /api/auth/me', async () => {
    const u = await newUser('settings');
    const me0 = (await u.b.get('/api/auth/me')).json;
    expect(me0).toMatchObject({ id: u.id, email: null, phoneNumber: null, emailNotifications: true, browserNotifications: false, whatsappNotifications: false });

    const off = await u.b.put(`/api/users/${u.id}/notifications`, { emailNotifications: false });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ id: u.id, emailNotifications: false, browserNotifications: false });
    expect((await u.b.get('/api/auth/me')).json).toMatchObject({ emailNotifications: false, browserNotifications: false, whatsappNotifications: false });

    const on = await u.b.put(`/api/users/${u.id}/notifications`, { browserNotifications: true });
    expect(on.status, on.text).toBe(200);
    expect((await u.b.get('/api/auth/me')).json).toMatchObject({ emailNotifications: false, browserNotifications: true, whatsappNotifications: false });

    const patch = await u.b.patch(`/api/users/${u.id}`, { email: 'lerato@example.co.za', phoneNumber: '+27 82 555 0101', whatsappNotifications: true });
    expect(patch.status, patch.text).toBe(200);
    const me = (await u.b.get('/api/auth/me')).json;
    expect(me).toEqual({
      ...me0,
      email: 'lerato@example.co.za',
      phoneNumber: '+27825550101',
      emailNotifications: false,
      browserNotifications: true,
      whatsappNotifications: true,
    });

    // The notification service's contact list follows identity's events.
    await expect
      .poll(async () => notificationSql('SELECT email, email_notifications, browser_notifications FROM contacts WHERE user_id = $1', [u.id]), { timeout: 10_000 })
      .toEqual([{ email: 'lerato@example.co.za', email_notifications: false, browser_notifications: true }]);
  });

  it('bad input → 400, another user → 403, signed out → 401; nothing changes', async () => {
    const u = await newUser('guarded');
    const other = await newUser('victim');
    const before = (await u.b.get('/api/auth/me')).json;
    const otherBefore = (await other.b.get('/api/auth/me')).json;

    expectCleanError(await u.b.patch(`/api/users/${u.id}`, { email: 'not-an-email' }), 400, 'Please enter a valid email address');
    expectCleanError(await u.b.patch(`/api/users/${u.id}`, { email: 'ok@example.com', phoneNumber: 'call me' }), 400);
    expectCleanError(await u.b.put(`/api/users/${u.id}/notifications`, {}), 400, 'Nothing to update');
    expectCleanError(await u.b.put(`/api/users/${u.id}/notifications`, { emailNotifications: 'no' }), 400);
    expectCleanError(await u.b.patch(`/api/users/${u.id}`, {}), 400, 'Nothing to update');

    expectCleanError(await u.b.patch(`/api/users/${other.id}`, { email: 'mine@example.com' }), 403, 'You can only act for your own account');
    expectCleanError(await u.b.put(`/api/users/${other.id}/notifications`, { emailNotifications: false }), 403, 'You can only act for your own account');
    expectCleanError(await anon.put(`/api/users/${u.id}/notifications`, { emailNotifications: false }), 401);
    expectCleanError(await anon.patch(`/api/users/${u.id}`, { email: 'x@example.com' }), 401);

    // Even an admin acts only for themself here.
    const admin = await signInAdmin(gw);
    expectCleanError(await admin.put(`/api/users/${u.id}/notifications`, { emailNotifications: false }), 403);

    expect((await u.b.get('/api/auth/me')).json).toEqual(before);
    expect((await other.b.get('/api/auth/me')).json).toEqual(otherBefore);
  });
});
