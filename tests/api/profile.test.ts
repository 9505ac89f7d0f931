// The account's own data through the gateway (POPIA: the user keeps it right): edit my profile, change my password
// (other sessions signed out, this one kept), verify a new e-mail address from the mail the notification service wrote,
// one-click unsubscribe without a session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { mailFiles } from '../support/outside-world.js';
import { expectCleanError, PASSWORD, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

const PUBLIC_URL = 'http://localhost:8080';
let services: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
const mailDir = mkdtempSync(path.join(tmpdir(), 'gw-profile-mail-'));

beforeAll(async () => {
  services = await startServicesForTest({ notification: { MAIL_DIR: mailDir, PUBLIC_URL, JOB_POLL_MS: '200' } });
  gw = await startGatewayForTest(services.identityAddress, { ...services.gatewayEnv, EVENTS_NAMESPACE: services.ns });
}, 120_000);

afterAll(async () => {
  await gw?.stop();
  await services?.cleanup();
  rmSync(mailDir, { recursive: true, force: true });
});

/** The newest mail to `to` (headers unfolded, quoted-printable joined), waiting for it to be written. */
async function mailTo(to: string, count = 1) {
  const mails = await eventually(async () => {
    const m = (await mailFiles(mailDir)).filter((x) => x.to === to);
    return m.length >= count ? m : undefined;
  }, 20_000);
  const text = mails!.sort((a, b) => a.file.localeCompare(b.file)).at(-1)!.text;
  return text.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

async function newUser(): Promise<{ b: Browser; id: string; username: string }> {
  const b = gw.browser();
  const u = await signUp(b, uname('Prof'));
  return { b, id: u.id, username: u.username };
}

describe('PATCH /api/users/{id}', () => {
  it('changes name, e-mail and phone; the name follows the signup rules; a new address is unverified', async () => {
    const { b, id } = await newUser();
    const res = await b.patch(`/api/users/${id}`, { name: '  Zoe\u0301 Nkosi ', email: 'zoe@example.co.za', phoneNumber: '+27 82 555 0123' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: 'Zo\u00e9 Nkosi', email: 'zoe@example.co.za', phoneNumber: '+27825550123', emailVerified: false });
    expectCleanError(await b.patch(`/api/users/${id}`, { name: 'a\u202Eb' }), 400, /text direction/);
    expectCleanError(await b.patch(`/api/users/${id}`, { name: '\u200B' }), 400, 'Please enter your name');
    expectCleanError(await b.patch(`/api/users/${id}`, { email: 'not-an-address' }), 400, 'Please enter a valid email address');
    expect((await b.get('/api/auth/me')).json).toMatchObject({ name: 'Zo\u00e9 Nkosi', emailVerified: false });
  });
});

describe('e-mail verification through the mail', () => {
  it('the link in the mail verifies the address once; the page never needs a session', async () => {
    const { b, id } = await newUser();
    const email = `verify-${id.slice(0, 8)}@example.co.za`;
    expect((await b.patch(`/api/users/${id}`, { email })).status).toBe(200);
    const mail = await mailTo(email);
    const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    expect(mail).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);

    const anonymous = gw.browser({ origin: PUBLIC_URL });
    const ok = await anonymous.post('/api/auth/verify-email', { token });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ success: true, email });
    expect((await b.get('/api/auth/me')).json.emailVerified).toBe(true);
    expectCleanError(await anonymous.post('/api/auth/verify-email', { token }), 400, 'This link is invalid or has expired');

    // Sending again once verified is refused; a new address starts over.
    expectCleanError(await b.post(`/api/users/${id}/email-verification`, {}), 409, 'Your e-mail address is already verified');
    expect((await b.patch(`/api/users/${id}`, { email: `two-${email}` })).json.emailVerified).toBe(false);
    const resent = await b.post(`/api/users/${id}/email-verification`, {});
    expect(resent.status, resent.text).toBe(200);
    await mailTo(`two-${email}`, 2);
  });
});

describe('POST /api/users/{id}/password', () => {
  it('needs the current password, signs out every other session and keeps this one', async () => {
    const { b, id, username } = await newUser();
    const phone = gw.browser();
    const laptop = gw.browser();
    for (const other of [phone, laptop]) expect((await other.post('/api/auth/login', { username, password: PASSWORD })).status).toBe(200);
    for (const s of [b, phone, laptop]) expect((await s.get('/api/auth/me')).status).toBe(200);

    expectCleanError(await b.post(`/api/users/${id}/password`, { currentPassword: 'wrong-password', newPassword: 'a-new-password-2' }), 400, 'Current password is incorrect');
    for (const s of [b, phone, laptop]) expect((await s.get('/api/auth/me')).status).toBe(200);
    expectCleanError(await phone.post(`/api/users/${'0'.repeat(8)}-0000-4000-8000-000000000000/password`, { currentPassword: PASSWORD, newPassword: 'x-new-password' }), 403);

    const res = await b.post(`/api/users/${id}/password`, { currentPassword: PASSWORD, newPassword: 'a-new-password-2' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ success: true, otherSessionsEnded: 2 });
    expect((await b.get('/api/auth/me')).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);

    const fresh = gw.browser();
    expect((await fresh.post('/api/auth/login', { username, password: PASSWORD })).status).toBe(401);
    expect((await fresh.post('/api/auth/login', { username, password: 'a-new-password-2' })).status).toBe(200);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('the List-Unsubscribe URL works as a form POST without session, cookie or Origin; GET goes to the page', async () => {
    const { b, id } = await newUser();
    const email = `unsub-${id.slice(0, 8)}@example.co.za`;
    await b.patch(`/api/users/${id}`, { email });
    const verify = await mailTo(email);
    await gw.browser().post('/api/auth/verify-email', { token: /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(verify)![1]! });
    expect((await b.get('/api/auth/me')).json).toMatchObject({ emailVerified: true, emailNotifications: true });
    // notification knows the address is verified before the question goes out
    await eventually(async () => (await services.notification!.ctx.pool.query('SELECT 1 FROM contacts WHERE user_id = $1 AND email_verified', [id])).rowCount === 1, 10_000);

    // A published question mails them, with the header.
    const q = await services.questions.ctx.pool.query(
      `INSERT INTO questions (text, date, options, created_at) VALUES ('Will the unsubscribe test pass', now(), '[{"id":"yes","text":"Yes"},{"id":"no","text":"No"}]', now()) RETURNING id`,
    );
    const adminB = gw.browser();
    expect((await adminB.post('/api/auth/login', { username: 'admin', password: 'admin-dev-password' })).status).toBe(200);
    expect((await adminB.post(`/api/admin/questions/${q.rows[0].id}/publish`, {})).status).toBe(200);
    const mail = await mailTo(email, 2);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(mail)![1]!;
    expect(oneClick.startsWith(`${PUBLIC_URL}/api/unsubscribe?token=`)).toBe(true);
    const pathAndQuery = oneClick.slice(PUBLIC_URL.length);

    // A browser opening the header's link is sent to the page that asks first.
    const get = await gw.browser().get(pathAndQuery, { cookie: null });
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/unsubscribe?token=${new URL(oneClick).searchParams.get('token')}`);

    // What a mail provider sends: form-encoded, from its own servers, no cookie, no Origin.
    const res = await fetch(`${gw.base}${pathAndQuery}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, kind: 'notifications' });
    expect((await b.get('/api/auth/me')).json.emailNotifications).toBe(false);

    // The SPA's page posts JSON; a bad token is a plain 400.
    const again = await gw.browser().post('/api/unsubscribe', { token: new URL(oneClick).searchParams.get('token') });
    expect(again.status, again.text).toBe(200);
    expectCleanError(await gw.browser().post('/api/unsubscribe', { token: 'v1.n.nope' }), 400, 'This unsubscribe link is not valid');
    expectCleanError(await gw.browser().post('/api/unsubscribe', {}), 400, 'This unsubscribe link is not valid');
  });
});
