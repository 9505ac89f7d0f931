import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, testStreams } from '@mzansi/kit/testing';
import { runNotificationRetention } from '../../services/notification/src/entry-points/jobs/retention.js';
import { expectCleanError, PASSWORD, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser, resolveBody } from './helpers.js';
import { LiveClient, wsUrl } from './live-helpers.js';
import { answer, comment, newUser, publishQuestion, questionsClient, type User } from './social-helpers.js';

/**
 * The inbox end to end: social, identity and questions produce the events, notification stores them (personal items
 * per person, items for everyone once), the gateway serves /api/users/{id}/inbox and sends personal items live.
 * Replies and agrees are published here as social would (their producer is the comments code).
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let streams: ReturnType<typeof testStreams>;
let adminB: Browser;
let thandi: User;
let sipho: User;
let lerato: User;
const sockets: LiveClient[] = [];

const nsql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => (await system.notification!.ctx.pool.query(text, params)).rows as T[];
const inbox = async (u: User, query = '') => {
  const res = await u.b.get(`/api/users/${u.id}/inbox${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as { items: any[]; nextBefore: string | null };
};
const unread = async (u: User) => (await u.b.get(`/api/users/${u.id}/inbox/unread`)).json.count as number;
const itemOf = async (u: User, kind: string, match: (i: any) => boolean = () => true) => {
  let found: any;
  await eventually(async () => !!(found = (await inbox(u)).items.find((i) => i.kind === kind && match(i))), 10_000, 50);
  return found;
};
/** Notification knows the person (their contact, with their join date). */
const known = (u: User) => eventually(async () => (await nsql('SELECT 1 FROM contacts WHERE user_id = $1', [u.id])).length === 1, 10_000, 25);

beforeAll(async () => {
  system = await startServicesForTest({ notification: { MAIL_DIR: '/tmp' } });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns });
  streams = testStreams(system.ns);
  adminB = await signInAdmin(gw);
  thandi = await newUser(gw.browser(), uname('thandi'), adminB);
  sipho = await newUser(gw.browser(), uname('sipho'), adminB);
  lerato = await newUser(gw.browser(), uname('lerato'), adminB);
  await Promise.all([thandi, sipho, lerato].map(known));
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await streams?.disconnect();
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function liveFor(u: User) {
  const c = new LiveClient(wsUrl(gw.base), { origin: 'http://localhost:8080', cookie: u.b.cookieHeader });
  sockets.push(c);
  return c.open();
}

describe('the inbox', () => {
  it('a friend request arrives live (to its addressee only), and its acceptance reaches the requester', async () => {
    const [siphoLive, leratoLive] = await Promise.all([liveFor(sipho), liveFor(lerato)]);
    const before = await unread(sipho);
    const sent = await thandi.b.post('/api/friendships', { userId: thandi.id, friendId: sipho.id });
    expect(sent.status, sent.text).toBe(201);
    const m = await siphoLive.next((x) => x.type === 'inbox');
    expect(m.item).toMatchObject({ kind: 'friend-request', requestId: sent.json.id, from: { id: thandi.id, name: thandi.name }, read: false });
    expect(await unread(sipho)).toBe(before + 1);
    expect((await itemOf(sipho, 'friend-request')).id).toBe(m.item.id);

    const accepted = await sipho.b.put(`/api/friend-requests/${sent.json.id}/accept`, { userId: sipho.id });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await itemOf(thandi, 'friend-accepted')).toMatchObject({ friend: { id: sipho.id, name: sipho.name }, read: false });
    // Lerato's socket heard nothing of either: personal items are addressed, not broadcast.
    await new Promise((r) => setTimeout(r, 300));
    expect(leratoLive.messages.filter((x) => x.type === 'inbox')).toEqual([]);
  });

  it('a reply arrives; agrees are grouped per comment ("Lerato and 1 other"); a repeated agree counts once', async () => {
    const commentId = randomUUID();
    const questionId = randomUUID();
    const live = await liveFor(thandi);
    await streams.publish('social.comment.replied', {
      commentId: randomUUID(), parentId: commentId, questionId, parentAuthorId: thandi.id, authorId: sipho.id, authorName: sipho.name, at: new Date(),
    });
    expect((await live.next((x) => x.type === 'inbox' && x.item.kind === 'comment-replied')).item).toMatchObject({ parentId: commentId, from: { id: sipho.id } });
    const agree = (who: User) =>
      streams.publish('social.comment.agreed', { commentId, questionId, commentAuthorId: thandi.id, agreerId: who.id, agreerName: who.name, at: new Date() });
    await agree(sipho);
    await agree(lerato);
    await agree(lerato);
    await eventually(async () => (await itemOf(thandi, 'comment-agreed')).others === 1, 10_000, 50);
    expect(await itemOf(thandi, 'comment-agreed')).toMatchObject({ commentId, latest: { name: lerato.name }, others: 1 });
    expect(await nsql("SELECT count(*)::int AS n FROM inbox_items WHERE user_id = $1 AND kind = 'comment-agreed'", [thandi.id])).toEqual([{ n: 1 }]);
  });

  it('moderation and editors: a removed comment, a suspension, a suggestion used', async () => {
    const questionId = await publishQuestion(system, questionsClient(system));
    const c = await comment(lerato, questionId, 'A comment the moderator removes');
    const removed = await adminB.put(`/api/admin/comments/${c.id}/moderation`, { action: 'remove', reason: 'Personal attack' });
    expect(removed.status, removed.text).toBe(200);
    expect(await itemOf(lerato, 'comment-removed')).toMatchObject({ commentId: c.id, questionId, reason: 'Personal attack' });

    const suggested = await lerato.b.post('/api/question-suggestions', { title: 'Will load shedding end before winter?' });
    expect(suggested.status, suggested.text).toBe(201);
    const used = await adminB.put(`/api/question-suggestions/${suggested.json.id}`, { status: 'used' });
    expect(used.status, used.text).toBe(200);
    expect(await itemOf(lerato, 'suggestion-used')).toMatchObject({ suggestionId: suggested.json.id, text: 'Will load shedding end before winter?' });
    // Reviewing it again as used says nothing new.
    await adminB.put(`/api/question-suggestions/${suggested.json.id}`, { status: 'used', adminNotes: 'again' });

    const suspended = await adminB.put(`/api/admin/users/${lerato.id}/suspension`, { days: 7, reason: 'Repeated insults' });
    expect(suspended.status, suspended.text).toBe(200);
    const s = await itemOf(lerato, 'suspended');
    expect(s.reason).toBe('Repeated insults');
    expect(new Date(s.until).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(await nsql("SELECT count(*)::int AS n FROM inbox_items WHERE user_id = $1 AND kind = 'suggestion-used'", [lerato.id])).toEqual([{ n: 1 }]);
    await adminB.req('DELETE', `/api/admin/users/${lerato.id}/suspension`);
  });

  it('a new question and its resolution are stored once; each player gets their own outcome and read marks', async () => {
    const questionId = await publishQuestion(system, questionsClient(system));
    await answer(thandi, questionId, 'yes');
    await answer(sipho, questionId, 'no');
    const resolved = await adminB.put(`/api/admin/questions/${questionId}/resolve`, resolveBody('yes'));
    expect(resolved.status, resolved.text).toBe(200);
    const mine = (i: any) => i.question.id === questionId;
    expect(await itemOf(thandi, 'question-resolved', mine)).toMatchObject({ correctOptionId: 'yes', outcome: 'called-it', read: false });
    expect(await itemOf(sipho, 'question-resolved', mine)).toMatchObject({ outcome: 'not-this-time' });
    const leratos = await itemOf(lerato, 'question-resolved', mine);
    expect(leratos).not.toHaveProperty('outcome');
    expect((await itemOf(lerato, 'question-published', mine)).question.text).toMatch(/Bafana/);
    // Once, for everyone: one row per event, none per person.
    expect(await nsql('SELECT kind FROM inbox_broadcast_items WHERE question_id = $1 ORDER BY kind', [questionId])).toEqual([
      { kind: 'question-published' },
      { kind: 'question-resolved' },
    ]);
    expect(await nsql("SELECT count(*)::int AS n FROM inbox_items WHERE kind LIKE 'question-%'")).toEqual([{ n: 0 }]);

    // Marking it read is Thandi's alone.
    const thandiItem = await itemOf(thandi, 'question-resolved', mine);
    const before = await unread(thandi);
    const read = await thandi.b.put(`/api/users/${thandi.id}/inbox/read`, { ids: [thandiItem.id] });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({ unread: before - 1 });
    expect((await itemOf(thandi, 'question-resolved', mine)).read).toBe(true);
    expect((await itemOf(sipho, 'question-resolved', mine)).read).toBe(false);
  });

  it('a player who joins later sees no earlier items for everyone', async () => {
    const late = await newUser(gw.browser(), uname('late'), adminB);
    await known(late);
    expect((await inbox(late)).items).toEqual([]);
    expect(await unread(late)).toBe(0);
  });

  it('mark all read: every item read, the count 0, with one watermark row and no copies', async () => {
    expect(await unread(sipho)).toBeGreaterThan(0);
    const all = await sipho.b.put(`/api/users/${sipho.id}/inbox/read`, { all: true });
    expect(all.status, all.text).toBe(200);
    expect(all.json).toEqual({ unread: 0 });
    expect((await inbox(sipho)).items.every((i) => i.read)).toBe(true);
    expect(await nsql('SELECT count(*)::int AS n FROM inbox_watermarks WHERE user_id = $1', [sipho.id])).toEqual([{ n: 1 }]);
    expect(await nsql('SELECT count(*)::int AS n FROM inbox_broadcast_reads WHERE user_id = $1', [sipho.id])).toEqual([{ n: 0 }]);
  });

  it('someone else’s inbox: 403; bad input: 400 and nothing changed; signed out: 401', async () => {
    expectCleanError(await sipho.b.get(`/api/users/${thandi.id}/inbox`), 403);
    expectCleanError(await sipho.b.get(`/api/users/${thandi.id}/inbox/unread`), 403);
    expectCleanError(await adminB.put(`/api/users/${thandi.id}/inbox/read`, { all: true }), 403);
    const count = await unread(thandi);
    expectCleanError(await thandi.b.put(`/api/users/${thandi.id}/inbox/read`, { ids: ['not-an-id'] }), 400);
    expectCleanError(await thandi.b.put(`/api/users/${thandi.id}/inbox/read`, { all: false }), 400);
    expectCleanError(await thandi.b.get(`/api/users/${thandi.id}/inbox?before=yesterday`), 400);
    expect(await unread(thandi)).toBe(count);
    expectCleanError(await gw.browser().get(`/api/users/${thandi.id}/inbox`), 401);
  });

  it('pages with before, newest first', async () => {
    const page = await inbox(thandi);
    const times = page.items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const older = await inbox(thandi, `?before=${encodeURIComponent(page.items[1].createdAt)}`);
    expect(older.items.map((i) => i.id)).toEqual(page.items.slice(2).map((i) => i.id));
  });
});

describe('retention and erasure', () => {
  it('the retention job (an injected clock) drops items older than 90 days, with their read marks', async () => {
    const db = system.notification!.ctx.db;
    const kept = await runNotificationRetention(db, new Date(Date.now() + 89 * 24 * 3600_000));
    expect(kept).toMatchObject({ inboxPersonal: 0, inboxBroadcast: 0 });
    const n = (await nsql('SELECT count(*)::int AS n FROM inbox_items'))[0].n;
    const b = (await nsql('SELECT count(*)::int AS n FROM inbox_broadcast_items'))[0].n;
    const dropped = await runNotificationRetention(db, new Date(Date.now() + 91 * 24 * 3600_000));
    expect(dropped).toMatchObject({ inboxPersonal: n, inboxBroadcast: b });
    expect(await nsql('SELECT count(*)::int AS n FROM inbox_broadcast_reads')).toEqual([{ n: 0 }]);
  });

  it('deleting an account erases its inbox, its read marks and the items it caused in others’ inboxes', async () => {
    const gone = await newUser(gw.browser(), uname('gone'), adminB);
    await known(gone);
    const sent = await gone.b.post('/api/friendships', { userId: gone.id, friendId: sipho.id });
    expect(sent.status, sent.text).toBe(201);
    await itemOf(sipho, 'friend-request', (i) => i.from.id === gone.id);
    // Two agree with a comment of Sipho's, the one who goes last (so named on the grouped item).
    const commentId = randomUUID();
    for (const who of [lerato, gone]) {
      await streams.publish('social.comment.agreed', { commentId, questionId: randomUUID(), commentAuthorId: sipho.id, agreerId: who.id, agreerName: who.name, at: new Date() });
    }
    await eventually(async () => (await itemOf(sipho, 'comment-agreed', (i) => i.commentId === commentId)).others === 1, 10_000, 50);
    await gone.b.put(`/api/users/${gone.id}/inbox/read`, { all: true });
    const del = await gone.b.req('DELETE', `/api/users/${gone.id}`, { json: { password: PASSWORD } });
    expect(del.status, del.text).toBe(200);
    await eventually(
      async () =>
        (await nsql('SELECT 1 FROM inbox_items WHERE user_id = $1 OR actor_id = $1 UNION ALL SELECT 1 FROM inbox_watermarks WHERE user_id = $1', [gone.id])).length === 0,
      10_000,
      50,
    );
    expect((await inbox(sipho)).items.some((i) => i.kind === 'friend-request' && i.from.id === gone.id)).toBe(false);
    // Taken out of the grouped agrees: one fewer, named by the one left; their id and name nowhere in the inbox.
    expect(await itemOf(sipho, 'comment-agreed', (i) => i.commentId === commentId)).toMatchObject({ latest: { name: lerato.name }, others: 0 });
    const traces = "SELECT count(*)::int AS n FROM inbox_items WHERE strpos(payload::text, $1) > 0 OR strpos(payload::text, $2) > 0";
    expect(await nsql(traces, [gone.id, gone.name])).toEqual([{ n: 0 }]);
  });
});
