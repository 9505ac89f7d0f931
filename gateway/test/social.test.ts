import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sleep } from '@mzansi/kit/testing';
import { ADMIN_PASSWORD, ADMIN_USERNAME, expectCleanError, startGatewayForTest, startServicesForTest, until, type Browser, type Res } from './helpers.js';

import { answer, befriend, comment, dataUrl, friendshipEvents, getBytes, newUser, PNG, publishQuestion, questionsClient, type QuestionsClient, type System, type User } from './social-helpers.js';

/**
 * Friends, people search, comments and the friends feed end to end: gateway → the real identity, questions, voting
 * and social services (in-process, own databases, one events namespace) → Redis sessions. Users reach social's
 * directory only through identity's events. PRODUCT.md: friend requests need consent; comment rules; rate limits.
 */
let system: System;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let questions: QuestionsClient;
let adminB: Browser;
let anonB: Browser;
let admin: { id: string };
let seq = 0;

/** A new user, signed in in their own browser, once they are searchable. */
const user = (stem: string) => newUser(gw.browser(), `${stem}_${++seq}`.slice(0, 30), adminB);
const del = (b: Browser, path: string) => b.req('DELETE', path);
const ids = (res: Res) => (res.json as { id: string }[]).map((x) => x.id);

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, {
    ...system.gatewayEnv,
    EVENTS_NAMESPACE: system.ns,
    PUBLIC_CACHE_MS: '0',
    RATE_COMMENTS_PER_MIN: '10',
  });
  questions = questionsClient(system);
  adminB = gw.browser();
  const login = await adminB.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
  expect(login.json.isAdmin).toBe(true);
  admin = login.json;
  anonB = gw.browser();
});

afterAll(async () => {
  questions?.close();
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('GET /api/users/search', () => {
  it('excludes me, my friends, people who asked me and people I asked; includes the rest, sorted by username', async () => {
    const [me, friend, fan, idol, zed, amy] = await Promise.all(['sx_me', 'sx_friend', 'sx_fan', 'sx_idol', 'sx_Zed', 'sx_amy'].map(user));
    await befriend(me!, friend!);
    expect((await fan!.b.post('/api/friendships', { friendId: me!.id })).status).toBe(201);
    expect((await me!.b.post('/api/friendships', { friendUsername: idol!.username })).status).toBe(201);

    const res = await me!.b.get('/api/users/search?q=sx_');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([amy, zed].map((u) => ({ id: u!.id, username: u!.username, name: u!.name, isAdmin: false })));
    for (const excluded of [me, friend, fan, idol]) expect(ids(res)).not.toContain(excluded!.id);

    // Case-insensitive substring, anywhere in the username.
    expect(ids(await me!.b.get('/api/users/search?q=SX_Z'))).toEqual([zed!.id]);
    expect(ids(await me!.b.get(`/api/users/search?q=${zed!.username.slice(3).toUpperCase()}`))).toEqual([zed!.id]);
    // Sorted by username ignoring case ("sx_amy" < "sx_Zed" although "Z" < "a").
    const all = (await zed!.b.get('/api/users/search?q=sx_')).json.map((p: { username: string }) => p.username);
    expect(all).toEqual([...all].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all).toEqual([amy, fan, friend, idol, me].map((u) => u!.username));
  });

  it('needs 2 characters and a session', async () => {
    const me = await user('sq_me');
    expectCleanError(await me.b.get('/api/users/search?q=a'), 400, 'Type at least 2 characters to search');
    expectCleanError(await me.b.get('/api/users/search?q=%20a%20'), 400, 'Type at least 2 characters to search');
    expectCleanError(await me.b.get('/api/users/search'), 400, 'Type at least 2 characters to search');
    expectCleanError(await anonB.get('/api/users/search?q=sq'), 401);
    expectCleanError(await me.b.get('/api/users/search?q=_all'), 403);
  });

  it('shows the Admin flag', async () => {
    const me = await user('sa_me');
    const res = await me.b.get('/api/users/search?q=ADM');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toContainEqual(expect.objectContaining({ id: admin.id, username: ADMIN_USERNAME, isAdmin: true }));
  });
});

describe('friend requests', () => {
  it('sends by id and by username; both sides see the pending request', async () => {
    const [a, b, c] = await Promise.all([user('fr_a'), user('fr_b'), user('fr_c')]);
    const byId = await a.b.post('/api/friendships', { userId: a.id, friendId: b.id });
    expect(byId.status, byId.text).toBe(201);
    expect(byId.json).toMatchObject({
      status: 'pending',
      becameFriends: false,
      message: 'Friend request sent',
      requester: { id: a.id, username: a.username },
      receiver: { id: b.id, username: b.username },
    });
    const byName = await a.b.post('/api/friendships', { userId: a.id, friendUsername: c.username });
    expect(byName.status, byName.text).toBe(201);
    expect(byName.json).toMatchObject({ status: 'pending', becameFriends: false, receiver: { id: c.id } });

    const sent = await a.b.get(`/api/users/${a.id}/sent-requests`);
    expect(sent.status).toBe(200);
    expect(sent.json.map((r: { receiver: { id: string } }) => r.receiver.id).sort()).toEqual([b.id, c.id].sort());
    const incoming = await b.b.get(`/api/users/${b.id}/friend-requests`);
    expect(incoming.json).toEqual([expect.objectContaining({ id: byId.json.id, status: 'pending', requester: expect.objectContaining({ id: a.id }) })]);
    expect((await a.b.get(`/api/users/${a.id}/friends`)).json).toEqual({ friends: [] });
    expect((await b.b.get(`/api/users/${b.id}/friends`)).json).toEqual({ friends: [] });
  });

  it('refuses self, duplicates and existing friends with clear messages', async () => {
    const [a, b] = await Promise.all([user('fx_a'), user('fx_b')]);
    expectCleanError(await a.b.post('/api/friendships', { userId: a.id, friendId: a.id }), 400, 'You cannot send a friend request to yourself');
    expectCleanError(await a.b.post('/api/friendships', { friendUsername: a.username }), 400, 'You cannot send a friend request to yourself');
    expectCleanError(await a.b.post('/api/friendships', { userId: a.id }), 400, 'Please enter a username');
    expectCleanError(await a.b.post('/api/friendships', { friendUsername: 'nobody_here_zz' }), 404, 'User not found');
    expectCleanError(await anonB.post('/api/friendships', { friendId: b.id }), 401);
    // Acting for someone else.
    expectCleanError(await a.b.post('/api/friendships', { userId: b.id, friendId: a.id }), 403);

    const first = await a.b.post('/api/friendships', { friendId: b.id });
    expect(first.status).toBe(201);
    expectCleanError(await a.b.post('/api/friendships', { friendId: b.id }), 409, 'Friend request already sent');
    expectCleanError(await a.b.post('/api/friendships', { friendUsername: b.username }), 409, 'Friend request already sent');

    expect((await b.b.put(`/api/friend-requests/${first.json.id}/accept`, { userId: b.id })).status).toBe(200);
    expectCleanError(await a.b.post('/api/friendships', { friendId: b.id }), 409, 'You are already friends');
    expectCleanError(await b.b.post('/api/friendships', { friendUsername: a.username }), 409, 'You are already friends');
  });

  it('if B already asked A, A asking B makes them friends at once, with one social.friendship.created event', async () => {
    const [a, b] = await Promise.all([user('fm_a'), user('fm_b')]);
    const theirs = await b.b.post('/api/friendships', { userId: b.id, friendId: a.id });
    expect(theirs.json.becameFriends).toBe(false);
    const mine = await a.b.post('/api/friendships', { userId: a.id, friendUsername: b.username });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.json).toMatchObject({ id: theirs.json.id, status: 'accepted', becameFriends: true, message: 'You are now friends!' });
    expect((await a.b.get(`/api/users/${a.id}/friends`)).json.friends.map((f: { id: string }) => f.id)).toEqual([b.id]);
    expect((await b.b.get(`/api/users/${b.id}/friends`)).json.friends.map((f: { id: string }) => f.id)).toEqual([a.id]);
    expect((await a.b.get(`/api/users/${a.id}/friend-requests`)).json).toEqual([]);
    expect((await b.b.get(`/api/users/${b.id}/sent-requests`)).json).toEqual([]);

    await eventually(async () => (await friendshipEvents(system.ns, a.id, b.id)).length > 0, 10_000);
    await sleep(300);
    expect(await friendshipEvents(system.ns, a.id, b.id)).toHaveLength(1);
  });

  it('DELETE /api/friend-requests/{id}: the sender cancels a pending request; nobody else', async () => {
    const [a, b] = await Promise.all([user('fc_a'), user('fc_b')]);
    const { json: req } = await a.b.post('/api/friendships', { userId: a.id, friendId: b.id });
    const cancel = (who: typeof a.b, id: string) => who.req('DELETE', `/api/friend-requests/${id}`, { json: {} });
    expectCleanError(await cancel(anonB, req.id), 401);
    expectCleanError(await cancel(b.b, req.id), 403, 'Only the person who sent this request can cancel it');
    expectCleanError(await cancel(a.b, 'nope'), 400);
    const ok = await cancel(a.b, req.id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toEqual({ success: true });
    expect((await a.b.get(`/api/users/${a.id}/sent-requests`)).json).toEqual([]);
    expect((await b.b.get(`/api/users/${b.id}/friend-requests`)).json).toEqual([]);
    expectCleanError(await cancel(a.b, req.id), 404, 'Friend request not found');
  });

  it('accepting refreshes both friends lists; only the receiver may answer; an answered request is 409', async () => {
    const [a, b, c] = await Promise.all([user('fa_a'), user('fa_b'), user('fa_c')]);
    const { json: req } = await a.b.post('/api/friendships', { userId: a.id, friendId: b.id });
    for (const action of ['accept', 'reject']) {
      expectCleanError(await a.b.put(`/api/friend-requests/${req.id}/${action}`, { userId: a.id }), 403); // the requester
      expectCleanError(await c.b.put(`/api/friend-requests/${req.id}/${action}`, { userId: c.id }), 403); // a third party
      expectCleanError(await adminB.put(`/api/friend-requests/${req.id}/${action}`, {}), 403); // even an admin
      expectCleanError(await b.b.put(`/api/friend-requests/${req.id}/${action}`, { userId: a.id }), 403); // acting for another
      expectCleanError(await anonB.put(`/api/friend-requests/${req.id}/${action}`, {}), 401);
    }
    expectCleanError(await b.b.put(`/api/friend-requests/${randomUUID()}/accept`, { userId: b.id }), 404, 'Friend request not found');

    const accepted = await b.b.put(`/api/friend-requests/${req.id}/accept`, { userId: b.id });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({ id: req.id, status: 'accepted' });
    const aFriends = await a.b.get(`/api/users/${a.id}/friends`);
    expect(aFriends.json.friends).toEqual([{ id: b.id, username: b.username, name: b.name, isAdmin: false }]);
    const bFriends = await b.b.get(`/api/users/${b.id}/friends`);
    expect(bFriends.json.friends).toEqual([{ id: a.id, username: a.username, name: a.name, isAdmin: false }]);
    expect((await b.b.get(`/api/users/${b.id}/friend-requests`)).json).toEqual([]);
    expect((await a.b.get(`/api/users/${a.id}/sent-requests`)).json).toEqual([]);

    expectCleanError(await b.b.put(`/api/friend-requests/${req.id}/accept`, { userId: b.id }), 409, 'This friend request was already answered');
    expectCleanError(await b.b.put(`/api/friend-requests/${req.id}/reject`, { userId: b.id }), 409, 'This friend request was already answered');

    // Lists are private: another user's are 403 (the admin may read them: rejecting, below).
    expectCleanError(await c.b.get(`/api/users/${a.id}/friends`), 403);
    expectCleanError(await c.b.get(`/api/users/${a.id}/friend-requests`), 403);
    expectCleanError(await c.b.get(`/api/users/${a.id}/sent-requests`), 403);
    expect((await adminB.get(`/api/users/${a.id}/friends`)).json.friends.map((f: { id: string }) => f.id)).toEqual([b.id]);
  });

  it('rejecting leaves them not friends and removes the request from both pending lists', async () => {
    const [a, b] = await Promise.all([user('fj_a'), user('fj_b')]);
    const { json: req } = await a.b.post('/api/friendships', { friendId: b.id });
    expect((await b.b.get(`/api/users/${b.id}/friend-requests`)).json).toHaveLength(1);
    expect((await a.b.get(`/api/users/${a.id}/sent-requests`)).json).toHaveLength(1);
    // Admins may read any user's requests (PRODUCT.md).
    expect((await adminB.get(`/api/users/${b.id}/friend-requests`)).json.map((r: { id: string }) => r.id)).toEqual([req.id]);
    expect((await adminB.get(`/api/users/${a.id}/sent-requests`)).json.map((r: { id: string }) => r.id)).toEqual([req.id]);

    const rejected = await b.b.put(`/api/friend-requests/${req.id}/reject`, { userId: b.id });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json).toMatchObject({ id: req.id, status: 'rejected' });
    expect((await b.b.get(`/api/users/${b.id}/friend-requests`)).json).toEqual([]);
    expect((await a.b.get(`/api/users/${a.id}/sent-requests`)).json).toEqual([]);
    expect((await a.b.get(`/api/users/${a.id}/friends`)).json).toEqual({ friends: [] });
    expect((await b.b.get(`/api/users/${b.id}/friends`)).json).toEqual({ friends: [] });
    expectCleanError(await b.b.put(`/api/friend-requests/${req.id}/accept`, { userId: b.id }), 409);
  });
});

describe('friend answers never leak a non-friend’s answer', () => {
  it('friend-answers and results list only friends’ answers; 401 signed out; 403 for another user’s id', async () => {
    const [a, b, c] = await Promise.all([user('fw_a'), user('fw_b'), user('fw_c')]);
    await befriend(a, b);
    await befriend(b, c); // c is a friend of a friend: still not a's friend
    const qid = await publishQuestion(system, questions);
    await answer(a, qid, 'yes');
    await answer(b, qid, 'no');
    await answer(c, qid, 'yes');

    const fa = await a.b.get(`/api/questions/${qid}/friend-answers?userId=${a.id}`);
    expect(fa.status, fa.text).toBe(200);
    expect(fa.json).toEqual({ friendAnswers: [{ userId: b.id, name: b.name, username: b.username, optionText: 'No' }] });
    // Without userId: the caller's own view.
    expect((await a.b.get(`/api/questions/${qid}/friend-answers`)).json).toEqual(fa.json);

    const results = await a.b.get(`/api/questions/${qid}/results?userId=${a.id}`);
    expect(results.status, results.text).toBe(200);
    expect(results.json.friendAnswers).toEqual([{ friendId: b.id, friendName: b.name, optionText: 'No' }]);
    expect(results.json.totalVotes).toBe(3);
    expect(results.json.userAnswer).toEqual({ optionId: 'yes' });
    expect(JSON.stringify([fa.json, results.json])).not.toContain(c.id);

    // b sees both friends.
    const bView = await b.b.get(`/api/questions/${qid}/friend-answers?userId=${b.id}`);
    expect(bView.json.friendAnswers.map((x: { userId: string }) => x.userId).sort()).toEqual([a.id, c.id].sort());

    for (const path of [`/api/questions/${qid}/friend-answers?userId=${a.id}`, `/api/questions/${qid}/results?userId=${a.id}`]) {
      expectCleanError(await anonB.get(path), 401);
    }
    // Asking with another user's id (to read their friends' answers) is refused.
    expectCleanError(await c.b.get(`/api/questions/${qid}/friend-answers?userId=${a.id}`), 403);
    expectCleanError(await c.b.get(`/api/questions/${qid}/results?userId=${a.id}`), 403);
  });
});

describe('comments', () => {
  let qid: string;
  beforeAll(async () => {
    qid = await publishQuestion(system, questions);
  });

  it('refuses empty, whitespace-only, too long, SVG, mismatched and too large; accepts a PNG and serves it', async () => {
    const u = await user('cm_poster');
    const post = (body: unknown) => u.b.post(`/api/questions/${qid}/comments`, body);
    expectCleanError(await post({ content: '' }), 400, 'Please write something or add an image');
    expectCleanError(await post({ content: '  \n\t ' }), 400, 'Please write something or add an image');
    expectCleanError(await post({ content: 'x'.repeat(2001) }), 400, 'Comments can be at most 2,000 characters');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectCleanError(await post({ content: 'look', imageUrl: dataUrl('image/svg+xml', svg) }), 400, 'Only PNG, JPEG, GIF or WebP images are allowed');
    expectCleanError(await post({ content: 'look', imageUrl: dataUrl('image/jpeg', PNG) }), 400, 'The image does not match its type');

    // 5 MB + 1 byte of (PNG-headed) image: refused with the app's message.
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const tooBig = await post({ content: '', imageUrl: dataUrl('image/png', big) });
    expect([400, 413]).toContain(tooBig.status);
    expectCleanError(tooBig, tooBig.status, /smaller than 5MB/);
    // A body over the route's 7 MB limit never reaches the service.
    const huge = 'A'.repeat(7 * 1024 * 1024 + 10);
    expectCleanError(
      await u.b.req('POST', `/api/questions/${qid}/comments`, { body: `{"content":"","imageUrl":"data:image/png;base64,${huge}"}`, headers: { 'content-type': 'application/json' } }),
      413,
      'Image too large. Please select an image smaller than 5MB',
    );

    const ok = await post({ content: '  Lekker!  ', imageUrl: dataUrl('image/png', PNG) });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json).toMatchObject({ questionId: qid, userId: u.id, content: 'Lekker!', imageUrl: `/api/comments/${ok.json.id}/image` });
    expect(ok.json.user).toEqual({ id: u.id, username: u.username, name: u.name, isAdmin: false });
    // Re-encoded: WebP, 1 × 1 like the upload (never enlarged), both sizes in the JSON.
    expect(ok.json).toMatchObject({ imageWidth: 1, imageHeight: 1, thumbUrl: `/api/comments/${ok.json.id}/image?size=thumb`, thumbWidth: 1, thumbHeight: 1 });
    const img = await getBytes(gw.base, ok.json.imageUrl);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Immutable under its id: the browser keeps it, no shared cache does; revalidation by ETag is a 304 without the bytes.
    expect(img.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = img.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const revalidated = await getBytes(gw.base, ok.json.imageUrl, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.get('etag')).toBe(etag);
    const thumb = await getBytes(gw.base, ok.json.thumbUrl, { 'if-none-match': etag });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('etag')).not.toBe(etag);
    expect((await getBytes(gw.base, ok.json.thumbUrl, { 'if-none-match': thumb.headers.get('etag')! })).status).toBe(304);
    expect((await getBytes(gw.base, `${ok.json.imageUrl}?size=huge`)).status).toBe(400);

    // An image alone is a comment.
    const imageOnly = await post({ content: '', imageUrl: dataUrl('image/png', PNG) });
    expect(imageOnly.status, imageOnly.text).toBe(201);

    const list = await anonB.get(`/api/questions/${qid}/comments`);
    expect(list.status).toBe(200);
    expect(ids(list)).toEqual(expect.arrayContaining([ok.json.id, imageOnly.json.id]));
    expect(list.json.find((c: { id: string }) => c.id === ok.json.id)).toMatchObject({ content: 'Lekker!', imageUrl: ok.json.imageUrl, thumbUrl: ok.json.thumbUrl });
    expect(list.json.find((c: { id: string }) => c.id === imageOnly.json.id)).toMatchObject({ content: '', thumbWidth: 1 });

    // Deleted: both sizes are 404 at once, a revalidation too (nothing in the gateway keeps them).
    expect((await del(u.b, `/api/comments/${ok.json.id}`)).status).toBe(200);
    for (const path of [ok.json.imageUrl, ok.json.thumbUrl]) {
      expect((await getBytes(gw.base, path)).status).toBe(404);
      expect((await getBytes(gw.base, path, { 'if-none-match': etag })).status).toBe(404);
    }
  });

  it('needs a session and an existing question', async () => {
    const u = await user('cm_other');
    expectCleanError(await anonB.post(`/api/questions/${qid}/comments`, { content: 'hi' }), 401);
    expectCleanError(await u.b.post(`/api/questions/${randomUUID()}/comments`, { content: 'hi' }), 404);
    expect((await getBytes(gw.base, `/api/comments/${randomUUID()}/image`)).status).toBe(404);
  });

  it('only the author or an admin may delete a comment', async () => {
    const [author, other] = await Promise.all([user('cd_author'), user('cd_other')]);
    const c1 = await comment(author, qid, 'First!');
    const c2 = await comment(author, qid, 'Second thoughts');
    expectCleanError(await del(other.b, `/api/comments/${c1.id}`), 403, 'You can only delete your own comments');
    expectCleanError(await del(anonB, `/api/comments/${c1.id}`), 401);

    const mine = await del(author.b, `/api/comments/${c1.id}`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual({ success: true, questionId: qid });
    expectCleanError(await del(author.b, `/api/comments/${c1.id}`), 404, 'Comment not found');

    const byAdmin = await del(adminB, `/api/comments/${c2.id}`);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const left = ids(await anonB.get(`/api/questions/${qid}/comments`));
    expect(left).not.toContain(c1.id);
    expect(left).not.toContain(c2.id);
  });

  it('counts comments in the public questions and maps question id → up to 3 latest comments', async () => {
    const q2 = await publishQuestion(system, questions);
    const quiet = await publishQuestion(system, questions);
    const [a, b] = await Promise.all([user('cc_a'), user('cc_b')]);
    const posted = [];
    for (const [u, text] of [[a, 'one'], [b, 'two'], [a, 'three'], [b, 'four']] as const) posted.push(await comment(u, q2, text));

    const pub = await anonB.get('/api/questions/public');
    expect(pub.status).toBe(200);
    const byId = new Map((pub.json as { id: string; commentCount: number }[]).map((q) => [q.id, q]));
    expect(byId.get(q2)!.commentCount).toBe(4);
    expect(byId.get(quiet)!.commentCount).toBe(0);

    const latest = await anonB.get('/api/comments/public');
    expect(latest.status).toBe(200);
    expect(latest.json[q2].map((c: { content: string }) => c.content)).toEqual(['four', 'three', 'two']);
    expect(latest.json[q2][0]).toMatchObject({ id: posted[3]!.id, userId: b.id, user: { username: b.username } });
    expect(latest.json[quiet] ?? []).toEqual([]);
  });

  it('deleting the question removes its comments', async () => {
    const q3 = await publishQuestion(system, questions);
    const u = await user('cq_author');
    const c = await comment(u, q3, 'Going, going...');
    const withImage = await u.b.post(`/api/questions/${q3}/comments`, { content: 'pic', imageUrl: dataUrl('image/png', PNG) });
    expect(withImage.status).toBe(201);
    expect(ids(await anonB.get(`/api/questions/${q3}/comments`))).toEqual([c.id, withImage.json.id]);

    const gone = await del(adminB, `/api/admin/questions/${q3}`);
    expect(gone.status, gone.text).toBeLessThan(300);
    await until(async () => {
      const res = await anonB.get(`/api/questions/${q3}/comments`);
      return res.status === 404 || (res.status === 200 && res.json.length === 0) ? true : undefined;
    }, 10_000);
    expect((await getBytes(gw.base, withImage.json.imageUrl)).status).toBe(404);
    expect((await anonB.get('/api/comments/public')).json[q3]).toBeUndefined();
  });

  it('the 11th comment within a minute by one user is 429', async () => {
    const u = await user('cr_fast');
    for (let i = 1; i <= 10; i++) await comment(u, qid, `comment ${i}`);
    const res = await u.b.post(`/api/questions/${qid}/comments`, { content: 'one too many' });
    expectCleanError(res, 429, /^You are commenting too fast\. Please try again in \d+ seconds\.$/);
    expect(res.json).toMatchObject({ code: 'commentTooFast', params: { seconds: expect.any(Number) } });
    expect(res.json.message).toContain(`in ${res.json.params.seconds} seconds`);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else may still comment.
    await comment(await user('cr_slow'), qid, 'my turn');
  });

  it('a 1 MB body on a non-comment route is 413', async () => {
    const u = await user('cb_big');
    const body = JSON.stringify({ userId: u.id, questionId: qid, optionId: 'yes', padding: 'x'.repeat(1024 * 1024) });
    expectCleanError(await u.b.req('POST', '/api/answers', { body, headers: { 'content-type': 'application/json' } }), 413, 'Request body is too large');
    expectCleanError(await u.b.req('POST', '/api/friendships', { body, headers: { 'content-type': 'application/json' } }), 413, 'Request body is too large');
  });
});

describe('GET /api/feed/friends', () => {
  it('is empty without friends, then shows only questions with friend activity', async () => {
    const [d, e, stranger] = await Promise.all([user('fd_d'), user('fd_e'), user('fd_x')]);
    expectCleanError(await anonB.get('/api/feed/friends'), 401);
    expect((await d.b.get('/api/feed/friends')).json).toEqual({ friendCount: 0, questions: [] });

    await befriend(d, e);
    const [q1, q2] = [await publishQuestion(system, questions), await publishQuestion(system, questions)];
    expect((await d.b.get('/api/feed/friends')).json).toEqual({ friendCount: 1, questions: [] });

    await answer(e, q1, 'no');
    const c = await comment(e, q1, 'No chance, bru');
    await answer(stranger, q2, 'yes');
    await comment(stranger, q2, 'Easy win');
    await answer(d, q2, 'yes');

    const feed = await d.b.get('/api/feed/friends');
    expect(feed.status, feed.text).toBe(200);
    expect(feed.json.friendCount).toBe(1);
    expect(feed.json.questions.map((q: { id: string }) => q.id)).toEqual([q1]);
    const [item] = feed.json.questions;
    expect(item.friendAnswers).toEqual([{ userId: e.id, name: e.name, username: e.username, optionId: 'no', optionText: 'No' }]);
    expect(item.friendComments).toEqual([expect.objectContaining({ id: c.id, userId: e.id, content: 'No chance, bru' })]);
    expect(item.friendCommentCount).toBe(1);
    expect(item.totalVotes).toBe(1);
    expect(JSON.stringify(feed.json)).not.toContain(stranger.id);
  });
});
