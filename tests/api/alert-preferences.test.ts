import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { browserKeys, decryptPush, fakePushService, mailFiles, type FakePush } from '../support/outside-world.js';
import { expectCleanError, PASSWORD, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser, resolveBody } from './helpers.js';
import { comment, newUser, publishQuestion, questionsClient, type User } from './social-helpers.js';

/**
 * Push and e-mail per kind of alert, end to end: the choices through /api/users/{id}/alert-preferences, and what
 * reaches a person's browser (a fake push service, decrypted as the browser would) and mailbox (the notification
 * service's mail folder) when someone replies, agrees, sends a friend request, or a question is resolved.
 */
const PUBLIC_URL = 'http://localhost:5173';

let mailDir: string;
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let push: FakePush;
let adminB: Browser;
let thandi: User & { email: string; keys: ReturnType<typeof browserKeys>; endpoint: string };
let sipho: User;
let lerato: User;
let questionId: string;

const nsql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => (await system.notification!.ctx.pool.query(text, params)).rows as T[];
const choices = async (u: User) => {
  const res = await u.b.get(`/api/users/${u.id}/alert-preferences`);
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries((res.json.preferences as { kind: string; push: boolean; email: boolean }[]).map((p) => [p.kind, { push: p.push, email: p.email }]));
};
/** The pushes Thandi's browser got, decrypted. */
const thandisPushes = () =>
  push.received.filter((r) => r.path === new URL(thandi.endpoint).pathname).map((r) => decryptPush(r.body, thandi.keys) as { title: string; body: string; url: string; tag: string });
/** Mails to an address, their text unfolded and quoted-printable undone (what a reader sees). */
const mailsTo = async (to: string) =>
  (await mailFiles(mailDir))
    .filter((m) => m.to.includes(to))
    .map((m) => ({ ...m, text: m.text.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '=') }));
/** The mail of one alert has arrived: its job's push phase (which runs first) is over too. */
const mailArrives = async (to: string, subject: string) => {
  await eventually(async () => (await mailsTo(to)).some((m) => m.subject === subject), 15_000, 50);
};

beforeAll(async () => {
  mailDir = await mkdtemp(join(tmpdir(), 'alert-preferences-mail-'));
  push = await fakePushService();
  system = await startServicesForTest({ notification: { PUBLIC_URL, MAIL_DIR: mailDir, PUSH_DEV_ORIGIN: push.origin } });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_URL, PUSH_DEV_ORIGIN: push.origin });
  adminB = await signInAdmin(gw);
  const t = await newUser(gw.browser(), uname('thandi'), adminB);
  sipho = await newUser(gw.browser(), uname('sipho'), adminB);
  lerato = await newUser(gw.browser(), uname('lerato'), adminB);

  // Thandi has a browser subscribed to pushes and a verified address.
  const keys = browserKeys();
  const endpoint = push.endpoint(`thandi-${t.id.slice(0, 8)}`);
  expect((await t.b.post('/api/notifications/subscribe', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } })).status).toBe(201);
  const email = `thandi-${t.id.slice(0, 8)}@example.co.za`;
  expect((await t.b.patch(`/api/users/${t.id}`, { email })).status).toBe(200);
  await eventually(async () => (await mailsTo(email)).some((m) => /verify-email\?token=/.test(m.text)), 15_000, 50);
  const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(email)).find((m) => /verify-email/.test(m.text))!.text)![1]!;
  expect((await gw.browser().post('/api/auth/verify-email', { token })).status).toBe(200);
  await eventually(async () => (await nsql('SELECT 1 FROM contacts WHERE user_id = $1 AND email_verified', [t.id])).length === 1, 10_000, 25);
  thandi = { ...t, email, keys, endpoint };
  questionId = await publishQuestion(system, questionsClient(system));
}, 120_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
  await push?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe('alert choices', () => {
  it('start with everything by push and everything by e-mail but replies and agrees', async () => {
    expect(await choices(sipho)).toEqual({
      'question-published': { push: true, email: true },
      'question-resolved': { push: true, email: true },
      'friend-request': { push: true, email: true },
      'friend-accepted': { push: true, email: true },
      'comment-replied': { push: true, email: false },
      'comment-agreed': { push: true, email: false },
      moderation: { push: true, email: true },
      'suggestion-used': { push: true, email: true },
    });
  });

  it('are one’s own: signed out 401, someone else’s 403, a bad body 400 changing nothing; a change keeps the rest', async () => {
    expectCleanError(await gw.browser().get(`/api/users/${sipho.id}/alert-preferences`), 401);
    expect((await lerato.b.get(`/api/users/${sipho.id}/alert-preferences`)).status).toBe(403);
    expect((await adminB.put(`/api/users/${sipho.id}/alert-preferences`, { preferences: [{ kind: 'comment-agreed', email: true }] })).status).toBe(403);
    for (const body of [{}, { preferences: [] }, { preferences: [{ kind: 'gossip', push: false }] }, { preferences: [{ kind: 'comment-agreed', push: 'no' }] }]) {
      expect((await sipho.b.put(`/api/users/${sipho.id}/alert-preferences`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await choices(sipho))['comment-agreed']).toEqual({ push: true, email: false });

    const res = await sipho.b.put(`/api/users/${sipho.id}/alert-preferences`, { preferences: [{ kind: 'comment-agreed', email: true }, { kind: 'friend-request', push: false }] });
    expect(res.status, res.text).toBe(200);
    const now = await choices(sipho);
    expect(now['comment-agreed']).toEqual({ push: true, email: true });
    expect(now['friend-request']).toEqual({ push: false, email: true });
    expect(now['comment-replied']).toEqual({ push: true, email: false });
    // Download my data lists them.
    const exported = (await sipho.b.get(`/api/users/${sipho.id}/export`)).json;
    expect(exported.notifications.alertPreferences).toContainEqual({ kind: 'friend-request', push: false, email: true });
  });
});

describe('what reaches the person', () => {
  it('a reply comes by push (not by e-mail, the default); once e-mail is on for replies, by e-mail too', async () => {
    const mine = await comment(thandi, questionId, 'Bafana will do it this time');
    push.reset();
    const reply = await sipho.b.post(`/api/questions/${questionId}/comments`, { content: 'Not a chance', parentId: mine.id });
    expect(reply.status, reply.text).toBe(201);
    await eventually(() => thandisPushes().some((p) => p.body === `${sipho.name} replied to your comment`), 15_000, 50);
    expect(thandisPushes().find((p) => p.body.includes('replied'))).toMatchObject({ title: 'Mzansi Predicts', url: '/inbox' });
    // The job is done once its push went out and it found nobody to e-mail: nothing for Thandi's address.
    await eventually(async () => (await nsql(`SELECT 1 FROM notification_jobs WHERE kind = 'inbox-item' AND payload->>'userId' = $1 AND finished_at IS NOT NULL`, [thandi.id])).length >= 1, 15_000, 50);
    expect((await mailsTo(thandi.email)).filter((m) => m.subject.includes('replied'))).toEqual([]);

    expect((await thandi.b.put(`/api/users/${thandi.id}/alert-preferences`, { preferences: [{ kind: 'comment-replied', email: true }] })).status).toBe(200);
    const again = await lerato.b.post(`/api/questions/${questionId}/comments`, { content: 'Maybe', parentId: mine.id });
    expect(again.status, again.text).toBe(201);
    await mailArrives(thandi.email, `${lerato.name} replied to your comment`);
    const mail = (await mailsTo(thandi.email)).find((m) => m.subject === `${lerato.name} replied to your comment`)!;
    expect(mail.text).toContain(`${PUBLIC_URL}/inbox`);
    expect(mail.text).toMatch(/List-Unsubscribe: <http:\/\/localhost:5173\/api\/unsubscribe\?token=/);
  });

  it('agrees on one comment come as one alert on the device, with the latest count, and a repeated agree sends nothing', async () => {
    const mine = await comment(thandi, questionId, 'The coach is the key');
    push.reset();
    expect((await sipho.b.put(`/api/comments/${mine.id}/agree`)).status).toBe(200);
    await eventually(() => thandisPushes().some((p) => p.body === `${sipho.name} agreed with your comment`), 15_000, 50);
    expect((await lerato.b.put(`/api/comments/${mine.id}/agree`)).status).toBe(200);
    await eventually(() => thandisPushes().some((p) => p.body === `${lerato.name} and 1 other agreed with your comment`), 15_000, 50);
    const tags = new Set(thandisPushes().filter((p) => p.body.includes('agreed')).map((p) => p.tag));
    expect(tags.size).toBe(1);
    // The same agree again is no news: no third push.
    expect((await lerato.b.put(`/api/comments/${mine.id}/agree`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(thandisPushes().filter((p) => p.body.includes('agreed'))).toHaveLength(2);
  });

  it('with pushes off for friend requests, a request comes by e-mail only', async () => {
    expect((await thandi.b.put(`/api/users/${thandi.id}/alert-preferences`, { preferences: [{ kind: 'friend-request', push: false }] })).status).toBe(200);
    push.reset();
    const sent = await lerato.b.post('/api/friendships', { userId: lerato.id, friendId: thandi.id });
    expect(sent.status, sent.text).toBe(201);
    await mailArrives(thandi.email, `${lerato.name} sent you a friend request`);
    expect(thandisPushes().filter((p) => p.body.includes('friend request'))).toEqual([]);
    // The inbox has it whatever the alert choices.
    const inbox = (await thandi.b.get(`/api/users/${thandi.id}/inbox`)).json.items as { kind: string }[];
    expect(inbox.some((i) => i.kind === 'friend-request')).toBe(true);
  });

  it('a resolution reaches everyone who wants resolutions, with the answer, its source and its day', async () => {
    push.reset();
    const resolved = await adminB.put(`/api/admin/questions/${questionId}/resolve`, resolveBody('yes'));
    expect(resolved.status, resolved.text).toBe(200);
    await eventually(() => thandisPushes().some((p) => p.title === 'Question Resolved!'), 15_000, 50);
    // "Resolved YES — IEC results, 30 May": the source the resolve named, the SAST day it was resolved.
    expect(thandisPushes().find((p) => p.title === 'Question Resolved!')!.body).toMatch(/^Will Bafana Bafana qualify .*\? Resolved YES — IEC results, \d{1,2} [A-Z][a-z]+$/);
    await mailArrives(thandi.email, 'Question Resolved!');
  });

  it('erasing an account takes its alert choices with it', async () => {
    expect(await nsql('SELECT 1 FROM alert_preferences WHERE user_id = $1', [sipho.id])).not.toEqual([]);
    const del = await sipho.b.req('DELETE', `/api/users/${sipho.id}`, { json: { password: PASSWORD } });
    expect([200, 204]).toContain(del.status);
    await eventually(async () => (await nsql('SELECT 1 FROM alert_preferences WHERE user_id = $1', [sipho.id])).length === 0, 15_000, 50);
  });
});
