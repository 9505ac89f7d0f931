// "Download my data" and "Delete my account" across the whole system (PRODUCT.md "Privacy"). A user with
// answers, comments with images, friends, friend requests both ways, a suggestion, a push subscription and the
// newsletter exports their data (every section present and correct), then deletes the account. Afterwards no service
// database holds their id, username, name, e-mail or phone (every text, id and JSON column of every table of all five
// databases is searched, the outboxes and inboxes included), their images are 404, their sessions are 401 on both
// gateways, friends no longer list them, the national counts are unchanged, and the username can be registered again.
// Replaying the deletion event changes nothing and fails nowhere.
// The user and their data are made in erasure-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventNames } from '@mzansi/kit';
import { consumerCaughtUp, deadLetterCount, eventually, TEST_NATS_URL } from '@mzansi/kit/testing';
import { Browser, expectCleanError, PASSWORD, startGatewayForTest, until } from '../api/helpers.js';
import { getBytes } from '../api/social-helpers.js';
import { createErasureFixtures, foundIn, pushEndpoint, streamEventsOf, subject, type U } from './erasure-fixtures.js';
import { startSystem, type System } from './system.js';

let sys: System;
let gw2: Awaited<ReturnType<typeof startGatewayForTest>>;
let nc: NatsConnection;
let names: EventNames;

let me: U;
let friend: U;
let asked: U;
let asker: U;
/** Sessions of `me`: two on the first gateway, one on the second. */
let second: Browser;
let onOther: Browser;
let q1: string;
let q2: string;
let imageComment: { id: string; imageUrl: string; thumbUrl: string };
let friendComment: string;

/** Every place any of `values` is found, in every service database. */
const foundAnywhere = (values: string[]) => foundIn(sys, values);
const streamEvents = (producer: 'identity') => streamEventsOf(nc, names, producer);

const publicResults = async () =>
  Promise.all([q1, q2].map(async (q) => (await sys.browser().get(`/api/questions/${q}/public-results`)).json as { totalVotes: number }));

beforeAll(async () => {
  sys = await startSystem({ notification: true, gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000' } });
  // A second gateway on the same Redis (as replicas are): a session is good on both until it ends on both.
  gw2 = await startGatewayForTest(sys.services.identityAddress, {
    ...sys.services.gatewayEnv,
    EVENTS_NAMESPACE: sys.services.ns,
    PUBLIC_CACHE_MS: '0',
    REDIS_PREFIX: sys.gw.prefix,
  });
  nc = await connect({ servers: TEST_NATS_URL });
  names = new EventNames(sys.services.ns);
  ({ me, friend, asked, asker, second, onOther, q1, q2, imageComment, friendComment } = await createErasureFixtures(sys, gw2));
});

afterAll(async () => {
  await nc?.close();
  await gw2?.stop().catch(() => undefined);
  await sys?.stop();
});

describe('download my data', () => {
  it('is one JSON attachment with every section, from every service', async () => {
    const res = await me.b.get(`/api/users/${me.id}/export`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="mzansi-predicts-${me.username}-${today}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const doc = res.json;
    expect(Object.keys(doc)).toEqual([
      'format',
      'exportedAt',
      'profile',
      'consents',
      'settings',
      'answers',
      'monthlyScores',
      'directoryEntry',
      'comments',
      'friends',
      'friendRequests',
      'commentReports',
      'suggestions',
      'notifications',
      'newsletter',
    ]);
    expect(doc.profile).toMatchObject({ id: me.id, username: me.username, name: subject.name, email: subject.email, phoneNumber: subject.phoneNumber, isAdmin: false });
    expect(doc.consents).toEqual([{ kind: 'privacy-notice', noticeVersion: expect.any(String), acceptedAt: expect.any(String) }]);
    expect(doc.settings).toEqual({
      privacy: { answerVisibility: 'friends', hideUntilResolved: true, listOnNationalBoard: true, updatedAt: expect.any(String) },
      notifications: { emailNotifications: true, browserNotifications: false, whatsappNotifications: false },
    });
    const answers = new Map((doc.answers as { questionId: string }[]).map((a) => [a.questionId, a]));
    expect(answers.size).toBe(2);
    expect(answers.get(q1)).toMatchObject({ questionText: 'Will the Springboks win on Saturday', answer: 'Yes', outcome: 'correct', correctAnswer: 'Yes' });
    expect(answers.get(q2)).toMatchObject({ questionText: 'Will petrol be cheaper next month', answer: 'No', outcome: 'pending', correctAnswer: null });
    expect(doc.monthlyScores).toEqual([{ month: expect.stringMatching(/^\d{4}-\d{2}-01$/), answered: 2, resolved: 1, correct: 1 }]);
    expect(doc.directoryEntry).toEqual({ id: me.id, username: me.username, name: subject.name });
    expect(doc.comments.map((c: { content: string }) => c.content)).toEqual(['The queue at the stadium', 'Not a chance']);
    expect(doc.comments[0].imageUrl).toBe(`http://localhost:8080${imageComment.imageUrl}`);
    expect(doc.comments[1].imageUrl).toBeNull();
    // The links work (the document names the public address; here the gateway is on another port).
    expect((await getBytes(sys.base, new URL(doc.comments[0].imageUrl).pathname)).status).toBe(200);
    expect(doc.commentReports).toEqual([{ id: expect.any(String), commentId: friendComment, reason: 'spam', note: 'Reported from my commute', status: 'open', createdAt: expect.any(String) }]);
    expect(doc.friends).toEqual([{ id: friend.id, username: friend.username, name: friend.name, since: expect.any(String) }]);
    expect(doc.friendRequests.sent.map((r: { to: { username: string }; status: string }) => [r.to.username, r.status]).sort()).toEqual(
      [
        [asked.username, 'pending'],
        [friend.username, 'accepted'],
      ].sort(),
    );
    expect(doc.friendRequests.received.map((r: { from: { username: string }; status: string }) => [r.from.username, r.status])).toEqual([[asker.username, 'pending']]);
    expect(doc.suggestions).toEqual([
      expect.objectContaining({ title: 'Will the Cape Town taxi strike end this week', description: 'From my commute', status: 'pending' }),
    ]);
    expect(doc.notifications.contact).toMatchObject({ email: subject.email, name: subject.name });
    expect(doc.notifications.pushSubscriptions).toEqual([{ endpointHost: 'fcm.googleapis.com', createdAt: expect.any(String) }]);
    expect(res.text).not.toContain(pushEndpoint);
    expect(doc.newsletter).toMatchObject({ email: subject.email, source: 'profile' });
    expect(res.text).not.toMatch(/password|argon/i);
  });

  it('is for its own user only: 403 for a friend and for an admin, 401 signed out', async () => {
    expectCleanError(await friend.b.get(`/api/users/${me.id}/export`), 403);
    expectCleanError(await sys.admin.get(`/api/users/${me.id}/export`), 403);
    expectCleanError(await sys.browser().get(`/api/users/${me.id}/export`), 401);
  });
});

describe('delete my account', () => {
  let before: Awaited<ReturnType<typeof publicResults>>;
  let friendBoard: { correct: number; answered: number };

  it('needs the password, and nobody else may do it but an admin', async () => {
    expectCleanError(await me.b.req('DELETE', `/api/users/${me.id}`, { json: {} }), 400, 'Please enter your password to delete your account');
    expectCleanError(await me.b.req('DELETE', `/api/users/${me.id}`, { json: { password: 'not-my-password' } }), 403, 'Incorrect password');
    expectCleanError(await friend.b.req('DELETE', `/api/users/${me.id}`, { json: { password: PASSWORD } }), 403);
    expect((await me.b.get('/api/auth/me')).status).toBe(200);
  });

  it('signs the user out everywhere and erases them from every service database', async () => {
    before = await publicResults();
    expect(before.map((r) => r.totalVotes)).toEqual([3, 2]);
    const board = await friend.b.get('/api/leaderboard?scope=national');
    expect(board.json.entries.map((e: { userId: string }) => e.userId)).toContain(me.id);
    friendBoard = board.json.entries.find((e: { userId: string }) => e.userId === friend.id);
    const values = [me.id, me.username, subject.name, subject.email, subject.phoneNumber];
    expect((await foundAnywhere(values)).length).toBeGreaterThan(0);

    // Each session's cookie, kept to try after the deletion (the browser that deletes drops its own).
    const cookies = [me.b, second, onOther].map((b) => b.cookieHeader);
    expect(new Set(cookies).size).toBe(3);
    const del = await me.b.req('DELETE', `/api/users/${me.id}`, { json: { password: PASSWORD } });
    expect(del.status, del.text).toBe(200);
    expect(del.json).toEqual({ success: true });
    expect(del.setCookies.some((c) => c.name === 'sid' && (!c.value || c.attrs.expires))).toBe(true);

    // Every session, on both gateways, and each cookie tried on the other gateway too.
    for (const base of [sys.base, gw2.base]) {
      for (const cookie of cookies) {
        expectCleanError(await new Browser(base).get('/api/auth/me', { cookie }), 401);
        expectCleanError(await new Browser(base).post('/api/answers', { userId: me.id, questionId: q2, optionId: 'yes' }, { cookie }), 401);
      }
    }

    const started = Date.now();
    await eventually(async () => (await foundAnywhere(values)).length === 0, 20_000, 100).catch(async (err) => {
      throw new Error(`still found after 20 s: ${(await foundAnywhere(values)).join('; ')} (${(err as Error).message})`);
    });
    console.info(`[security] erasure: every service database clean ${Date.now() - started} ms after DELETE /api/users/{id}`);
  });

  it('leaves no image, no friendship, no request, no board entry; the national counts are unchanged', async () => {
    expectCleanError(await sys.browser().get(imageComment.imageUrl), 404);
    expectCleanError(await sys.browser().get(imageComment.thumbUrl), 404);
    const comments = (await friend.b.get(`/api/questions/${q1}/comments`)).json as { id: string }[];
    expect(comments.map((c) => c.id)).toEqual([friendComment]);
    // The report they filed on the friend's comment is gone with them.
    const reports = await sys.services.social.ctx.pool.query('SELECT count(*)::int AS n FROM comment_reports WHERE comment_id = $1', [friendComment]);
    expect(reports.rows[0].n).toBe(0);
    expect((await friend.b.get(`/api/users/${friend.id}/friends`)).json.friends).toEqual([]);
    expect((await asked.b.get(`/api/users/${asked.id}/friend-requests`)).json).toEqual([]);
    expect((await asker.b.get(`/api/users/${asker.id}/sent-requests`)).json).toEqual([]);
    expect((await friend.b.get(`/api/users/search?q=${me.username}`)).json).toEqual([]);
    expect(await publicResults()).toEqual(before);
    const board = await friend.b.get('/api/leaderboard?scope=national');
    expect(board.json.entries.map((e: { userId: string }) => e.userId)).not.toContain(me.id);
    expect(board.json.entries.find((e: { userId: string }) => e.userId === friend.id)).toMatchObject({ correct: friendBoard.correct, answered: friendBoard.answered });
    // The admin's directory no longer has them either.
    const all = await sys.admin.get('/api/users/search?q=_all');
    expect((all.json as { id: string }[]).map((u) => u.id)).not.toContain(me.id);
  });

  it('frees the username, and a replayed deletion event changes nothing and fails nowhere', async () => {
    const again = sys.browser();
    const signup = await again.post('/api/auth/signup', { username: me.username, password: 'a-new-password-9', name: 'Someone New', consent: true });
    expect(signup.status, signup.text).toBe(201);
    expect(signup.json.id).not.toBe(me.id);

    const deletions = (await streamEvents('identity')).filter((e) => e.envelope.type === 'identity.user.deleted');
    expect(deletions.map((e) => e.envelope.data)).toEqual([{ userId: me.id, deletedAt: expect.any(Date) }]);
    const { raw } = deletions[0]!;
    // The same event delivered again (the inboxes have it) and the same deletion under a new id (nothing left).
    await nc.jetstream().publish(names.subject('identity.user.deleted'), raw, { msgID: randomUUID() });
    const last = await nc.jetstream().publish(names.subject('identity.user.deleted'), JSON.stringify({ ...JSON.parse(raw), id: randomUUID() }), {
      msgID: randomUUID(),
    });
    const jsm = await nc.jetstreamManager();
    const durables: string[] = [];
    for await (const c of jsm.consumers.list(names.stream('identity'))) durables.push(c.name);
    expect(durables).toEqual(expect.arrayContaining(['social-on-user-events', 'notification-on-user-events', 'voting-on-user-deleted', 'questions-on-user-deleted']));
    await eventually(async () => (await Promise.all(durables.map((d) => consumerCaughtUp(nc, names, 'identity', d, last.seq)))).every(Boolean), 20_000);
    expect(await deadLetterCount(nc, names)).toBe(0);

    expect(await foundAnywhere([me.id, subject.name, subject.email, subject.phoneNumber])).toEqual([]);
    expect(await publicResults()).toEqual(before);
    // The new account with the old username is whole.
    expect((await again.get('/api/auth/me')).json).toMatchObject({ id: signup.json.id, username: me.username });
    await until(async () => ((await friend.b.get(`/api/users/search?q=${me.username}`)).json?.length === 1 ? true : undefined), 10_000);
  });

  it('lets an admin delete someone else’s account: their sessions end at once', async () => {
    const res = await sys.admin.req('DELETE', `/api/users/${asker.id}`);
    expect(res.status, res.text).toBe(200);
    expectCleanError(await asker.b.get('/api/auth/me'), 401);
    expect((await sys.admin.get('/api/auth/me')).status).toBe(200);
    expectCleanError(await sys.admin.req('DELETE', `/api/users/${asker.id}`), 404);
    await eventually(async () => (await foundAnywhere([asker.id, asker.username])).length === 0, 20_000, 100);
  });
});
