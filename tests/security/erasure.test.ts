// Issue 18: "Download my data" and "Delete my account" across the whole system (PRODUCT.md "Privacy"). A user with
// answers, comments with images, friends, friend requests both ways, a suggestion, a push subscription and the
// newsletter exports their data (every section present and correct), then deletes the account. Afterwards no service
// database holds their id, username, name, e-mail or phone (every text, id and JSON column of every table of all five
// databases is searched, the outboxes and inboxes included), their images are 404, their sessions are 401 on both
// gateways, friends no longer list them, the national counts are unchanged, and the username can be registered again.
// Replaying the deletion event changes nothing and fails nowhere.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEnvelope, EventNames, type EventEnvelope } from '@mzansi/kit';
import { consumerCaughtUp, deadLetterCount, eventually, findValuesInDatabase, TEST_NATS_URL } from '@mzansi/kit/testing';
import { Browser, expectCleanError, PASSWORD, startGatewayForTest, uname, until } from '../../gateway/test/helpers.js';
import { befriend, dataUrl, getBytes, PNG } from '../../gateway/test/social-helpers.js';
import { startSystem, type System } from './system.js';

let sys: System;
let gw2: Awaited<ReturnType<typeof startGatewayForTest>>;
let nc: NatsConnection;
let names: EventNames;

type U = { id: string; username: string; name: string; b: Browser };
const tag = randomBytes(3).toString('hex');
const subject = {
  username: uname('Erase'),
  name: `Lindiwe Erasmus ${tag}`,
  email: `lindiwe.${tag}@example.co.za`,
  phoneNumber: `+27 82 ${String(Date.now()).slice(-7)}`,
};
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
const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;

const databases = () => {
  const s = sys.services;
  return { identity: s.identity, questions: s.questions, voting: s.voting, social: s.social, notification: s.notification! };
};

/** Every place any of `values` is found, in every service database. */
async function foundAnywhere(values: string[]) {
  const found: string[] = [];
  for (const [service, running] of Object.entries(databases())) {
    for (const f of await findValuesInDatabase(running.ctx.config.DATABASE_URL, values)) found.push(`${service}.${f.table}.${f.column}: ${f.value}`);
  }
  return found;
}

const publicResults = async () =>
  Promise.all([q1, q2].map(async (q) => (await sys.browser().get(`/api/questions/${q}/public-results`)).json as { totalVotes: number }));

async function login(base: string, username: string): Promise<Browser> {
  const b = new Browser(base);
  const res = await b.post('/api/auth/login', { username, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return b;
}

async function newUser(stem: string): Promise<U> {
  const b = sys.browser();
  const username = uname(stem);
  const res = await b.post('/api/auth/signup', { username, password: PASSWORD, name: `${stem} ${tag}`, consent: true });
  expect(res.status, res.text).toBe(201);
  return { id: res.json.id, username, name: res.json.name, b };
}

/** Every message of a stream of this namespace, decoded and as it travelled. */
async function streamEvents(producer: 'identity'): Promise<{ seq: number; envelope: EventEnvelope; raw: string }[]> {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(names.stream(producer));
  const out: { seq: number; envelope: EventEnvelope; raw: string }[] = [];
  for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq++) {
    const m = await jsm.streams.getMessage(names.stream(producer), { seq }).catch(() => undefined);
    if (m) out.push({ seq, envelope: decodeEnvelope(m.data), raw: new TextDecoder().decode(m.data) });
  }
  return out;
}

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

  const b = sys.browser();
  const signup = await b.post('/api/auth/signup', { ...subject, password: PASSWORD, consent: true });
  expect(signup.status, signup.text).toBe(201);
  me = { id: signup.json.id, username: subject.username, name: subject.name, b };
  [friend, asked, asker] = await Promise.all([newUser('EraseFr'), newUser('EraseAsked'), newUser('EraseAsker')]);
  await Promise.all([me, friend, asked, asker].map((u) => until(async () => ((await sys.admin.get(`/api/users/search?q=${u.username}`)).json?.length ? true : undefined), 10_000)));
  second = await login(sys.base, me.username);
  onOther = await login(gw2.base, me.username);

  // Friends with `friend`; a request to `asked` (pending); one from `asker` (pending).
  await befriend(me, friend);
  expect((await me.b.post('/api/friendships', { userId: me.id, friendId: asked.id })).status).toBe(201);
  expect((await asker.b.post('/api/friendships', { userId: asker.id, friendId: me.id })).status).toBe(201);

  // Answers (q1 resolves "yes"), comments with an image, a suggestion, a push subscription, the newsletter.
  q1 = await sys.publishQuestion('Will the Springboks win on Saturday');
  q2 = await sys.publishQuestion('Will petrol be cheaper next month');
  for (const [u, q, o] of [
    [me, q1, 'yes'],
    [me, q2, 'no'],
    [friend, q1, 'yes'],
    [asked, q1, 'no'],
    [friend, q2, 'yes'],
  ] as const) {
    const res = await u.b.post('/api/answers', { userId: u.id, questionId: q, optionId: o });
    expect(res.status, res.text).toBe(201);
  }
  const resolved = await sys.admin.put(`/api/admin/questions/${q1}/resolve`, { correctOptionId: 'yes' });
  expect(resolved.status, resolved.text).toBe(200);
  await sys.services.projected(q1, (row) => !!row?.is_resolved);
  const posted = await me.b.post(`/api/questions/${q1}/comments`, { content: 'The queue at the stadium', imageUrl: dataUrl('image/png', PNG) });
  expect(posted.status, posted.text).toBe(201);
  imageComment = posted.json;
  expect((await me.b.post(`/api/questions/${q2}/comments`, { content: 'Not a chance' })).status).toBe(201);
  friendComment = (await friend.b.post(`/api/questions/${q1}/comments`, { content: 'Go Bokke' })).json.id;
  expect((await me.b.post('/api/question-suggestions', { title: 'Will the Cape Town taxi strike end this week', description: 'From my commute' })).status).toBe(201);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const sub = await me.b.post('/api/notifications/subscribe', {
    endpoint: pushEndpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
  expect(sub.status, sub.text).toBe(201);
  const news = await me.b.post('/api/newsletter/subscribe', { email: subject.email, name: subject.name, source: 'profile' });
  expect(news.status, news.text).toBeLessThan(300);
  expect((await me.b.put(`/api/users/${me.id}/privacy`, { hideUntilResolved: true })).status).toBe(200);
  // notification's contact entry comes from identity's event.
  await eventually(async () => (await sys.services.notification!.ctx.pool.query('SELECT 1 FROM contacts WHERE user_id = $1', [me.id])).rowCount === 1, 10_000);
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
      'suggestions',
      'notifications',
      'newsletter',
    ]);
    expect(doc.profile).toMatchObject({ id: me.id, username: me.username, name: subject.name, email: subject.email, phoneNumber: subject.phoneNumber, isAdmin: false });
    expect(doc.consents).toEqual([{ kind: 'privacy-notice', noticeVersion: expect.any(String), acceptedAt: expect.any(String) }]);
    expect(doc.settings).toEqual({
      privacy: { answerVisibility: 'friends', hideUntilResolved: true, updatedAt: expect.any(String) },
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
