import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_USERNAME, expectCleanError } from './helpers.js';
import { answer, befriend, publishQuestion, type User } from './social-helpers.js';
import { system, questions, adminB, anonB, admin, user, ids, useSocialStack } from './social-setup.js';

/** Friends and people search end to end (the stack: ./social-setup.ts). */
useSocialStack();

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

  it('if B already asked A, A asking B makes them friends at once', async () => {
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
    expect(results.json.userAnswer).toEqual({ optionId: 'yes', confidence: 75 });
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
