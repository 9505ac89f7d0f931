// Mail only to verified addresses, the verification mail, one-click unsubscribe (RFC 8058), the
// newsletter's double opt-in, and notification's retention job (manual clock), against the real service.
import { randomUUID } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError } from '@mzansi/kit/testing';
import { UnsubscribeKind } from '@mzansi/proto/notification/v1/notification';
import { runNotificationRetention } from '../src/entry-points/jobs/retention.js';
import { MAIL_MESSAGES } from '../src/entry-points/grpc/mail-handlers.js';
import { EMAIL_SUBJECT, NEWSLETTER_CONFIRM_SUBJECT, VERIFY_SUBJECT } from '../src/domain/messages.js';
import { mailFiles, notificationHarness, type Harness, type NotificationClient, type Running } from './helpers.js';

const DAY = 24 * 3600_000;
let h: Harness;
let svc: Running;
let client: NotificationClient;

beforeAll(async () => {
  h = await notificationHarness({ RETENTION_INTERVAL_S: '86400' });
  svc = await h.start();
  client = h.client(svc);
});

afterAll(async () => {
  await h?.cleanup();
});

/** A mail as a mail client reads it: headers unfolded, quoted-printable soft breaks joined. */
const readable = (text: string) => text.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const header = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(readable(text))?.[1]?.trim();
const mailsTo = async (to: string) => (await mailFiles(h.mailDir)).filter((m) => m.to === to).map((m) => ({ ...m, text: readable(m.text) }));

async function contact(email: string, emailVerified: boolean, language?: string) {
  const id = randomUUID();
  await h.publish('identity.user.registered', {
    user: { id, username: `u_${id.slice(0, 8)}`, name: 'Naledi', email, phoneNumber: '', isAdmin: false, emailNotifications: true, browserNotifications: false, whatsappNotifications: false, joinDate: new Date(), emailVerified, language },
  });
  await eventually(async () => (await h.sql(svc, 'SELECT 1 FROM contacts WHERE user_id = $1', [id])).length === 1, 10_000);
  return id;
}

async function publishQuestion(text: string, translations: Record<string, { text: string; context: string; options: Record<string, string> }> = {}): Promise<string> {
  const now = new Date();
  const eventId = await h.publish('questions.question.published', {
    question: { id: randomUUID(), text, context: '', date: now, options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }], publishedAt: now, tags: [], translations },
  });
  await h.jobFinished(svc, eventId);
  return eventId;
}

describe('verified addresses only', () => {
  it('an unverified address gets no question mail; a verified one does, with one-click unsubscribe that works once and for good', async () => {
    const verified = `ok-${randomUUID().slice(0, 6)}@example.co.za`;
    const unverified = `new-${randomUUID().slice(0, 6)}@example.co.za`;
    const userId = await contact(verified, true);
    await contact(unverified, false);

    await publishQuestion('Will Parliament pass the budget on time');
    expect(await mailsTo(unverified)).toHaveLength(0);
    const [mail] = await mailsTo(verified);
    expect(mail).toBeDefined();

    // RFC 8058: an https URI (and the mailto alternative) in List-Unsubscribe, and List-Unsubscribe-Post.
    const list = header(mail!.text, 'List-Unsubscribe')!;
    expect(list).toMatch(/^<https:\/\/mzansi\.test\/api\/unsubscribe\?token=[^>]+>, <mailto:unsubscribe@mzansipredicts\.local\?subject=[^>]+>$/);
    expect(header(mail!.text, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(/token=([^>]+)>/.exec(list)![1]!);
    // The visible link in the body (text and html) goes to the page that asks first.
    expect(mail!.text).toContain(`Unsubscribe: https://mzansi.test/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(mail!.text).toMatch(/<a href="https:\/\/mzansi\.test\/unsubscribe\?token=[^"]+">Unsubscribe<\/a>/);
    // The token names a random id, not the address.
    expect(token).not.toContain(verified);

    // Tampered and foreign tokens are refused; nothing changes.
    for (const bad of [token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), token.replace(userId, randomUUID()), 'v1.n.x.y.dev', '']) {
      await expectGrpcError(client.redeemUnsubscribe({ token: bad }), grpc.status.INVALID_ARGUMENT, MAIL_MESSAGES.badUnsubscribe);
    }
    expect((await h.sql(svc, 'SELECT email_notifications FROM contacts WHERE user_id = $1', [userId]))[0].email_notifications).toBe(true);

    // No actor needed: the token is the proof. Twice is fine.
    expect(await client.redeemUnsubscribe({ token })).toEqual({ kind: UnsubscribeKind.UNSUBSCRIBE_KIND_NOTIFICATIONS, userId });
    expect(await client.redeemUnsubscribe({ token })).toEqual({ kind: UnsubscribeKind.UNSUBSCRIBE_KIND_NOTIFICATIONS, userId });
    await publishQuestion('Will the Springboks win in Durban');
    expect(await mailsTo(verified)).toHaveLength(1);
  });
});

describe('the verification mail', () => {
  it('goes to the new address with its link, once, and the job keeps no address or token afterwards', async () => {
    const userId = await contact('', false);
    const email = `verify-${randomUUID().slice(0, 6)}@example.co.za`;
    const token = 'A'.repeat(20) + randomUUID().replace(/-/g, '').slice(0, 23);
    const eventId = await h.publish('identity.email_verification.requested', { userId, email, name: 'Naledi', token, expiresAt: new Date(Date.now() + DAY) });
    await h.jobFinished(svc, eventId);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(VERIFY_SUBJECT);
    expect(mails[0]!.text).toContain(`https://mzansi.test/verify-email?token=${token}`);
    const [job] = await h.sql(svc, 'SELECT kind, payload FROM notification_jobs WHERE event_id = $1', [eventId]);
    expect(job).toEqual({ kind: 'email-verification', payload: {} });

    // Redelivered: no second mail.
    await h.publish('identity.email_verification.requested', { userId, email, name: 'Naledi', token, expiresAt: new Date(Date.now() + DAY) }, { id: eventId, msgId: randomUUID() });
    const later = await h.publish('identity.email_verification.requested', { userId, email: `x-${email}`, name: 'N', token: 'B'.repeat(43), expiresAt: new Date(Date.now() - 1000) });
    await h.jobFinished(svc, later);
    expect(await mailsTo(email)).toHaveLength(1);
    // An expired link is not sent at all.
    expect(await mailsTo(`x-${email}`)).toHaveLength(0);
  });

  it('a verification mail not yet sent goes when the user is erased', async () => {
    // Stop the worker from picking it up first: a job row inserted straight away, as the consumer would.
    const userId = randomUUID();
    await h.sql(svc, `INSERT INTO notification_jobs (event_id, kind, payload, push_done, locked_by, locked_until) VALUES ($1, 'email-verification', $2, true, 'elsewhere', now() + interval '1 hour')`, [
      randomUUID(),
      JSON.stringify({ target: userId, userId, email: 'gone@example.co.za', name: 'Gone', token: 'C'.repeat(43) }),
    ]);
    await h.publish('identity.user.deleted', { userId, deletedAt: new Date() });
    await eventually(async () => (await h.sql(svc, `SELECT 1 FROM notification_jobs WHERE payload->>'userId' = $1`, [userId])).length === 0, 10_000);
  });
});

describe('the password reset mail', () => {
  it('goes once, in the reader\'s language, with its link and the account; an erased user\'s unsent one goes with them', async () => {
    const userId = randomUUID();
    const email = `reset-${randomUUID().slice(0, 6)}@example.co.za`;
    const token = 'R'.repeat(20) + randomUUID().replace(/-/g, '').slice(0, 23);
    const data = { userId, email, name: 'Thandi', username: 'thandi_k', token, expiresAt: new Date(Date.now() + 1800_000), language: 'zu' };
    const eventId = await h.publish('identity.password_reset.requested', data);
    await h.jobFinished(svc, eventId);
    await h.publish('identity.password_reset.requested', data, { id: eventId, msgId: randomUUID() });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Setha kabusha iphasiwedi yakho ye-Mzansi Predicts');
    expect(mails[0]!.text).toContain(`https://mzansi.test/reset-password?token=${token}`);
    expect(mails[0]!.text).toContain('@thandi_k');
    expect((await h.sql(svc, 'SELECT kind, payload FROM notification_jobs WHERE event_id = $1', [eventId]))[0]).toEqual({ kind: 'password-reset', payload: {} });

    const later = randomUUID();
    await h.sql(svc, `INSERT INTO notification_jobs (event_id, kind, payload, push_done, locked_by, locked_until) VALUES ($1, 'password-reset', $2, true, 'elsewhere', now() + interval '1 hour')`, [
      later,
      JSON.stringify({ target: userId, userId, email, name: 'Thandi', username: 'thandi_k', token: 'D'.repeat(43) }),
    ]);
    await h.publish('identity.user.deleted', { userId, deletedAt: new Date() });
    await eventually(async () => (await h.sql(svc, 'SELECT 1 FROM notification_jobs WHERE event_id = $1', [later])).length === 0, 10_000);
  });
});

describe('the newsletter: double opt-in and one-click unsubscribe', () => {
  it('subscribing sends a confirmation mail only; the link confirms; unsubscribe removes the address', async () => {
    const email = `news-${randomUUID().slice(0, 6)}@example.co.za`;
    const first = await client.subscribeNewsletter({ email, name: 'Ayanda', source: 'landing' });
    expect(first).toMatchObject({ alreadySubscribed: false, confirmed: false });
    await eventually(async () => (await mailsTo(email)).length === 1, 10_000);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(NEWSLETTER_CONFIRM_SUBJECT);
    expect(header(mail!.text, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const confirmToken = decodeURIComponent(/newsletter\/confirm\?token=([^\s"<]+)/.exec(mail!.text)![1]!);
    const unsubscribeToken = decodeURIComponent(/token=([^>]+)>/.exec(header(mail!.text, 'List-Unsubscribe')!)![1]!);

    // A repeat signup within the hour sends nothing more.
    expect(await client.subscribeNewsletter({ email: email.toUpperCase(), name: '', source: 'footer' })).toMatchObject({ alreadySubscribed: true, confirmed: false });
    // The unsubscribe token does not confirm, and the confirmation token does not unsubscribe.
    await expectGrpcError(client.confirmNewsletter({ token: unsubscribeToken }), grpc.status.INVALID_ARGUMENT, MAIL_MESSAGES.badConfirm);
    await expectGrpcError(client.redeemUnsubscribe({ token: confirmToken }), grpc.status.INVALID_ARGUMENT, MAIL_MESSAGES.badUnsubscribe);

    expect((await client.confirmNewsletter({ token: confirmToken })).email).toBe(email);
    expect(await client.subscribeNewsletter({ email, name: '', source: 'landing' })).toMatchObject({ alreadySubscribed: true, confirmed: true });
    const [row] = await h.sql(svc, 'SELECT confirmed_at FROM newsletter_subscriptions WHERE email_lower = $1', [email]);
    expect(row.confirmed_at).toBeInstanceOf(Date);
    expect(await mailsTo(email)).toHaveLength(1);

    expect((await client.redeemUnsubscribe({ token: unsubscribeToken })).kind).toBe(UnsubscribeKind.UNSUBSCRIBE_KIND_NEWSLETTER);
    expect(await h.sql(svc, 'SELECT 1 FROM newsletter_subscriptions WHERE email_lower = $1', [email])).toHaveLength(0);
    expect((await client.redeemUnsubscribe({ token: unsubscribeToken })).kind).toBe(UnsubscribeKind.UNSUBSCRIBE_KIND_NEWSLETTER);
    // The confirmation link of a removed subscription is dead.
    await expectGrpcError(client.confirmNewsletter({ token: confirmToken }), grpc.status.NOT_FOUND, MAIL_MESSAGES.badConfirm);
  });
});

describe('retention (manual clock)', () => {
  it('deletes delivery log rows, finished jobs, unconfirmed signups and mail files older than 30 days, and nothing newer', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 31 * DAY);
    const recent = new Date(now.getTime() - 29 * DAY);
    const [oldEvent, recentEvent] = [randomUUID(), randomUUID()];
    await h.sql(
      svc,
      `INSERT INTO deliveries (event_id, channel, target, status, updated_at) VALUES ($1, 'email', 'a', 'sent', $3), ($2, 'email', 'b', 'failed', $4)`,
      [oldEvent, recentEvent, old, recent],
    );
    await h.sql(
      svc,
      `INSERT INTO notification_jobs (event_id, kind, payload, push_done, email_done, created_at, finished_at)
       VALUES ($1, 'question-published', '{}', true, true, $3, $3), ($2, 'question-published', '{}', true, true, $4, $4)`,
      [oldEvent, recentEvent, old, recent],
    );
    const [oldSignup, recentSignup] = [`old-${randomUUID().slice(0, 6)}@example.com`, `recent-${randomUUID().slice(0, 6)}@example.com`];
    await h.sql(
      svc,
      `INSERT INTO newsletter_subscriptions (email, email_lower, source, created_at) VALUES ($1, $1, 'test', $3), ($2, $2, 'test', $4)`,
      [oldSignup, recentSignup, old, recent],
    );
    const oldFile = join(h.mailDir, 'old-message.eml');
    await writeFile(oldFile, 'To: someone@example.com\n\nold');
    await utimes(oldFile, old, old);

    const result = await runNotificationRetention(svc.ctx.db, now, h.mailDir);
    expect(result).toMatchObject({ deliveries: 1, jobs: 1, unconfirmedNewsletter: 1, mailFiles: 1 });
    expect(await h.sql(svc, 'SELECT event_id FROM deliveries WHERE event_id = ANY($1::uuid[])', [[oldEvent, recentEvent]])).toEqual([{ event_id: recentEvent }]);
    expect(await h.sql(svc, 'SELECT event_id FROM notification_jobs WHERE event_id = ANY($1::uuid[])', [[oldEvent, recentEvent]])).toEqual([{ event_id: recentEvent }]);
    expect(await h.sql(svc, 'SELECT email FROM newsletter_subscriptions WHERE email = ANY($1)', [[oldSignup, recentSignup]])).toEqual([{ email: recentSignup }]);
    // The mails of this run are younger than 30 days: still there.
    expect((await mailFiles(h.mailDir)).length).toBeGreaterThan(0);

    // Two days on, the "recent" ones are past 30 days too.
    const later = await runNotificationRetention(svc.ctx.db, new Date(now.getTime() + 2 * DAY), h.mailDir);
    expect(later).toMatchObject({ deliveries: 1, jobs: 1, unconfirmedNewsletter: 1 });
  });
});

describe('mails in the reader’s language', () => {
  const address = (tag: string) => `${tag}-${randomUUID().slice(0, 6)}@example.co.za`;

  it('a new question reaches an isiZulu contact in isiZulu (the admin’s translation), an Afrikaans one in Afrikaans, others in English', async () => {
    const zu = address('zu');
    const af = address('af');
    const en = address('en');
    await contact(zu, true, 'zu');
    await contact(af, true, 'af');
    await contact(en, true);
    await publishQuestion('Will load shedding return this winter', {
      zu: { text: 'Ingabe ukucishwa kukagesi kuzobuya kulobu busika', context: '', options: {} },
    });
    const [zuMail] = await mailsTo(zu);
    expect(zuMail!.subject).toBe('Umbuzo wanamuhla ku-Mzansi Predicts');
    expect(zuMail!.text).toContain('Sawubona Naledi,');
    expect(zuMail!.text).toContain('Ingabe ukucishwa kukagesi kuzobuya kulobu busika?');
    expect(zuMail!.text).toContain('Yeka ukubhalisa: https://mzansi.test/unsubscribe?token=');
    expect(header(zuMail!.text, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [afMail] = await mailsTo(af);
    expect(afMail!.subject).toBe('Vandag se vraag op Mzansi Predicts');
    expect(afMail!.text).toContain('Will load shedding return this winter?');
    const [enMail] = await mailsTo(en);
    expect(enMail!.subject).toBe(EMAIL_SUBJECT);
    expect(enMail!.text).toContain('Hi Naledi,');
  });

  it('the verification mail in the language identity sent with it; an unknown one in English', async () => {
    const userId = await contact('', false);
    const zu = address('vzu');
    const fr = address('vfr');
    const expiresAt = new Date(Date.now() + DAY);
    const first = await h.publish('identity.email_verification.requested', { userId, email: zu, name: 'Sipho', token: 'D'.repeat(43), expiresAt, language: 'zu' });
    const second = await h.publish('identity.email_verification.requested', { userId, email: fr, name: 'Sipho', token: 'E'.repeat(43), expiresAt, language: 'fr' });
    await h.jobFinished(svc, first);
    await h.jobFinished(svc, second);
    const [zuMail] = await mailsTo(zu);
    expect(zuMail!.subject).toBe('Qinisekisa ikheli lakho le-imeyili le-Mzansi Predicts');
    expect(zuMail!.text).toContain('Sawubona Sipho,');
    expect(zuMail!.text).toContain(`https://mzansi.test/verify-email?token=${'D'.repeat(43)}`);
    expect((await mailsTo(fr))[0]!.subject).toBe(VERIFY_SUBJECT);
  });

  it('the newsletter confirmation in the language of the signup’s page; none given: English', async () => {
    const st = address('nst');
    const none = address('nen');
    await client.subscribeNewsletter({ email: st, name: 'Lerato', source: 'landing', language: 'st' });
    await client.subscribeNewsletter({ email: none, name: '', source: 'landing' });
    await eventually(async () => (await mailsTo(st)).length === 1 && (await mailsTo(none)).length === 1, 10_000);
    const [stMail] = await mailsTo(st);
    expect(stMail!.subject).toBe('Netefatsa ho ngolisa ha hao koranteng ya Mzansi Predicts');
    expect(stMail!.text).toContain('Dumela Lerato,');
    expect(stMail!.text).toMatch(/newsletter\/confirm\?token=/);
    expect((await mailsTo(none))[0]!.subject).toBe(NEWSLETTER_CONFIRM_SUBJECT);
  });
});
