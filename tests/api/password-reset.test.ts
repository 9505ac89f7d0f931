// Forgot password through the gateway against the real services: the same answer (status, body, time) whatever the
// username, a single-use link to the verified address only, valid 30 minutes (identity on a manual clock), a new
// password ends every session, per-account and per-address (IPv6 by /64) limits, the admin's "send a link", and the
// audit log entry of each request and reset. Mails are read from the notification service's mail folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditUserTarget } from '@mzansi/kit';
import { eventually, manualClock, sleep } from '@mzansi/kit/testing';
import { mailFiles } from '../support/outside-world.js';
import { expectCleanError, PASSWORD, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

const PUBLIC_URL = 'http://localhost:8080';
const ANSWER_MS = 300;
const clock = manualClock(Date.now());
let services: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
const mailDir = mkdtempSync(path.join(tmpdir(), 'gw-reset-mail-'));

beforeAll(async () => {
  services = await startServicesForTest({ notification: { MAIL_DIR: mailDir, PUBLIC_URL, JOB_POLL_MS: '100' }, identityClock: clock.now });
  gw = await startGatewayForTest(services.identityAddress, {
    ...services.gatewayEnv,
    EVENTS_NAMESPACE: services.ns,
    TRUST_PROXY: 'true',
    PASSWORD_RESET_ANSWER_MS: String(ANSWER_MS),
  });
  admin = await signInAdmin(gw);
}, 120_000);

afterAll(async () => {
  await gw?.stop();
  await services?.cleanup();
  rmSync(mailDir, { recursive: true, force: true });
});

const readable = (text: string) => text.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
/** Every mail to `to` so far of one kind (reset links unless told), oldest first. */
const mailsTo = async (to: string, link = 'reset-password') =>
  (await mailFiles(mailDir))
    .filter((m) => m.to === to)
    .sort((a, b) => a.file.localeCompare(b.file))
    .map((m) => ({ ...m, text: readable(m.text) }))
    .filter((m) => m.text.includes(`${PUBLIC_URL}/${link}?token=`));
/** Waits for the `count`-th mail to `to` (of one kind) and returns its text. */
async function mailTo(to: string, count = 1, link = 'reset-password'): Promise<string> {
  const mails = await eventually(async () => {
    const m = await mailsTo(to, link);
    return m.length >= count ? m : undefined;
  }, 20_000);
  return mails![count - 1]!.text;
}
const resetToken = (mail: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;

let addresses = 0;
/** A browser seen from its own client address (X-Forwarded-For; the gateway trusts its proxy here). */
const from = (ip = `198.51.100.${++addresses % 250}`) => gw.browser({ 'x-forwarded-for': ip });

/** A new user with a verified address (through the verification mail), signed in in `b`. */
async function verifiedUser(stem = 'Reset') {
  const b = gw.browser();
  const u = await signUp(b, uname(stem));
  const email = `${u.username.toLowerCase()}@example.co.za`;
  expect((await b.patch(`/api/users/${u.id}`, { email })).status).toBe(200);
  const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(await mailTo(email, 1, 'verify-email'))![1]!;
  expect((await gw.browser().post('/api/auth/verify-email', { token })).status).toBe(200);
  return { b, id: u.id, username: u.username, email };
}

/** The audit log's entries about a user (newest first), or about unknown accounts. */
async function auditOf(action: string, target: string) {
  const res = await admin.get('/api/admin/audit?page=1');
  expect(res.status, res.text).toBe(200);
  return (res.json.entries as { action: string; target: { id: string }; outcome: string; detail: string | null; actor: { id: string } }[]).filter(
    (e) => e.action === action && e.target.id === target,
  );
}
const userTarget = async (id: string) => auditUserTarget(id);

describe('POST /api/auth/password-reset', () => {
  it('answers an unknown username, an account without a verified address and a real one alike, in like time', async () => {
    const real = await verifiedUser();
    const unverified = gw.browser();
    const noMail = await signUp(unverified, uname('NoMail'));
    const names = { unknown: uname('Nobody'), noMail: noMail.username, real: real.username.toUpperCase() };
    const times: Record<string, number[]> = { unknown: [], noMail: [], real: [] };
    const answers = new Set<string>();
    for (let round = 0; round < 3; round++) {
      for (const [kind, username] of Object.entries(names)) {
        const res = await from().post('/api/auth/password-reset', { username });
        expect(res.status, res.text).toBe(200);
        answers.add(JSON.stringify([res.json, res.headers.get('content-type'), res.headers.get('cache-control'), res.headers.get('set-cookie')]));
        times[kind]!.push(res.ms);
      }
    }
    expect(answers.size).toBe(1);
    expect(JSON.parse([...answers][0]!)[0]).toEqual({ success: true, message: expect.stringMatching(/^If the account has a verified e-mail address/) });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    for (const xs of Object.values(times)) for (const ms of xs) expect(ms).toBeGreaterThanOrEqual(ANSWER_MS - 5);
    expect(Math.abs(median(times.real!) - median(times.unknown!))).toBeLessThan(100);
    expect(Math.abs(median(times.real!) - median(times.noMail!))).toBeLessThan(100);

    // Only the verified address got mail (three links, case of the username aside), in its owner's page language.
    await mailTo(real.email, 3);
    expect(await auditOf('password.reset.request', await userTarget(real.id))).toHaveLength(3);
    expect((await auditOf('password.reset.request', await userTarget(noMail.id))).map((e) => e.detail)).toEqual(Array(3).fill('no verified e-mail address'));
    expect((await auditOf('password.reset.request', 'unknown')).length).toBeGreaterThanOrEqual(3);

    // Bad input is a plain 400, and changes nothing.
    expectCleanError(await from().post('/api/auth/password-reset', {}), 400);
    expectCleanError(await from().post('/api/auth/password-reset', { username: 'x'.repeat(201) }), 400);
  });
});

describe('the mailed link', () => {
  it('sets a new password once, ends every session and signs this browser in', async () => {
    const u = await verifiedUser();
    const phone = gw.browser();
    expect((await phone.post('/api/auth/login', { username: u.username, password: PASSWORD })).status).toBe(200);
    expect((await from().post('/api/auth/password-reset', { username: u.username, language: 'af' })).status).toBe(200);
    const mail = await mailTo(u.email);
    expect(mail).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail).toContain(`@${u.username}`);
    expect(mail).toMatch(/Subject: Stel jou Mzansi Predicts-wagwoord terug/); // the page's language: the account has none
    const token = resetToken(mail);
    // Only the hash is stored.
    const stored = await services.identity.ctx.pool.query('SELECT token_hash FROM password_resets WHERE user_id = $1', [u.id]);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);
    expect(JSON.stringify(await services.identity.ctx.pool.query('SELECT * FROM outbox'))).not.toContain(token);

    const page = gw.browser();
    // The signup rules apply; a refused password leaves the link usable.
    expectCleanError(await page.post('/api/auth/password-reset/confirm', { token, password: 'short' }), 400, 'Password must be at least 8 characters');
    expectCleanError(await page.post('/api/auth/password-reset/confirm', { token: 'not-a-token', password: 'a-new-password-9' }), 400, /not valid/);
    const ok = await page.post('/api/auth/password-reset/confirm', { token, password: 'a-new-password-9' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ id: u.id, username: u.username });

    expect((await page.get('/api/auth/me')).status).toBe(200);
    expect((await u.b.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await gw.browser().post('/api/auth/login', { username: u.username, password: PASSWORD })).status).toBe(401);
    expect((await gw.browser().post('/api/auth/login', { username: u.username, password: 'a-new-password-9' })).status).toBe(200);

    expectCleanError(await gw.browser().post('/api/auth/password-reset/confirm', { token, password: 'another-password-1' }), 400, /already been used/);
    const resets = await auditOf('password.reset', await userTarget(u.id));
    expect(resets.map((e) => e.outcome).sort()).toEqual(['failure', 'success']);
    // Nobody signed in acted, and the log keeps no id of the user (only its hash).
    expect(resets.map((e) => e.actor.id)).toEqual(Array(2).fill('00000000-0000-0000-0000-000000000000'));
  });

  it('expires after 30 minutes (identity on a manual clock)', async () => {
    const u = await verifiedUser();
    expect((await from().post('/api/auth/password-reset', { username: u.username })).status).toBe(200);
    const late = resetToken(await mailTo(u.email));
    clock.advance(30 * 60_000);
    expectCleanError(await gw.browser().post('/api/auth/password-reset/confirm', { token: late, password: 'a-new-password-9' }), 400, /has expired/);

    expect((await from().post('/api/auth/password-reset', { username: u.username })).status).toBe(200);
    const inTime = resetToken(await mailTo(u.email, 2));
    clock.advance(29 * 60_000);
    expect((await gw.browser().post('/api/auth/password-reset/confirm', { token: inTime, password: 'a-new-password-9' })).status).toBe(200);
  });
});

describe('a link for an address the account no longer has', () => {
  it('stops working when the address changes, and the refusal is audited', async () => {
    const u = await verifiedUser();
    expect((await from().post('/api/auth/password-reset', { username: u.username })).status).toBe(200);
    const token = resetToken(await mailTo(u.email));
    expect((await u.b.patch(`/api/users/${u.id}`, { email: `new-${u.email}` })).status).toBe(200);
    expectCleanError(await gw.browser().post('/api/auth/password-reset/confirm', { token, password: 'a-new-password-9' }), 400, /not valid/);
    expect((await gw.browser().post('/api/auth/login', { username: u.username, password: PASSWORD })).status).toBe(200);
    expect((await auditOf('password.reset', await userTarget(u.id)))[0]).toMatchObject({ outcome: 'failure', detail: expect.stringMatching(/not valid/) });
  });
});

describe('limits', () => {
  it('at most 3 links per account an hour, also asked for at once: beyond, the same answer and no mail', async () => {
    const u = await verifiedUser();
    // Five at once: the account's row lock lets exactly three through.
    const answers = await Promise.all(Array.from({ length: 5 }, () => from().post('/api/auth/password-reset', { username: u.username })));
    for (const res of answers) expect(res.json.success).toBe(true);
    await mailTo(u.email, 3);
    const entries = await auditOf('password.reset.request', await userTarget(u.id));
    expect(entries.map((e) => e.detail ?? '').sort()).toEqual(['', '', '', 'too many requests for this account', 'too many requests for this account']);
    await sleep(500); // the worker polls every 100 ms: a fourth mail would be written by now
    expect(await mailsTo(u.email)).toHaveLength(3);
    clock.advance(61 * 60_000);
    expect((await from().post('/api/auth/password-reset', { username: u.username })).status).toBe(200);
    await mailTo(u.email, 4);
  });

  it('at most 10 requests per address an hour, an IPv6 /64 counting as one address', async () => {
    const u = await verifiedUser();
    for (let i = 1; i <= 10; i++) expect((await from(`2001:db8:5:6::${i.toString(16)}`).post('/api/auth/password-reset', { username: uname('Nobody') })).status).toBe(200);
    const limited = await from('2001:db8:5:6:ffff:1:2:3').post('/api/auth/password-reset', { username: u.username });
    expect(limited.status).toBe(200);
    expect(limited.json.message).toMatch(/^If the account has a verified e-mail address/);
    expect((await auditOf('password.reset.request', await userTarget(u.id)))[0]!.detail).toBe('too many requests from this address');
    // Another /64 has its own budget.
    expect((await from('2001:db8:5:7::1').post('/api/auth/password-reset', { username: u.username })).status).toBe(200);
    await mailTo(u.email, 1);
    await sleep(500);
    expect(await mailsTo(u.email)).toHaveLength(1);
  });
});

describe('POST /api/admin/users/{id}/password-reset', () => {
  it('sends a verified address a link (audited); refuses without one, and for non-admins', async () => {
    const u = await verifiedUser();
    const other = gw.browser();
    const plain = await signUp(other, uname('Plain'));
    const sent = await admin.post(`/api/admin/users/${u.id}/password-reset`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ success: true, email: u.email });
    expect(resetToken(await mailTo(u.email))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectCleanError(await admin.post(`/api/admin/users/${plain.id}/password-reset`), 409, 'This user has no verified e-mail address');
    expectCleanError(await u.b.post(`/api/admin/users/${plain.id}/password-reset`), 403);
    expectCleanError(await gw.browser().post(`/api/admin/users/${u.id}/password-reset`), 401);
    const sends = await auditOf('password.reset.send', await userTarget(u.id));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ outcome: 'success' });
    expect((await auditOf('password.reset.send', await userTarget(plain.id)))[0]).toMatchObject({ outcome: 'failure', detail: 'This user has no verified e-mail address' });
    // The admin list says who can be sent one.
    const all = (await admin.get('/api/users/search?q=_all')).json as { id: string; emailVerified: boolean }[];
    expect(all.find((x) => x.id === u.id)?.emailVerified).toBe(true);
    expect(all.find((x) => x.id === plain.id)?.emailVerified).toBe(false);
  });
});
