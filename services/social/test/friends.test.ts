import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { expectGrpcError } from '@mzansi/kit/testing';
import { socialHarness, stem, type Harness, type TestUser } from './helpers.js';

/**
 * Friend requests over gRPC: nobody becomes a friend without consent, and each friendship is recorded once (one
 * row each way).
 */
let h: Harness;
const tok = stem();
let seq = 0;
const newUser = (n: string) => h.signUp(`${tok}_${n}${++seq}`);

const send = (from: TestUser, to: Partial<{ friendId: string; friendUsername: string }>) =>
  h.client.sendFriendRequest({ friendId: '', friendUsername: '', ...to }, { actor: from.actor });
const friendsOf = async (u: TestUser) => (await h.client.listFriends({ userId: u.id }, { actor: u.actor })).friends.map((f) => f.id);
const incoming = async (u: TestUser) => (await h.client.listIncomingRequests({ userId: '' }, { actor: u.actor })).requests;
const sent = async (u: TestUser) => (await h.client.listSentRequests({ userId: '' }, { actor: u.actor })).requests;

/** The friendship rows between two people, as (user, friend) pairs. */
async function friendshipRows(a: TestUser, b: TestUser) {
  const { rows } = await h.social.ctx.pool.query<{ user_id: string; friend_id: string }>(
    'SELECT user_id, friend_id FROM friendships WHERE (user_id = $1 AND friend_id = $2) OR (user_id = $2 AND friend_id = $1) ORDER BY user_id = $1 DESC',
    [a.id, b.id],
  );
  return rows.map((r) => [r.user_id, r.friend_id]);
}

beforeAll(async () => {
  h = await socialHarness();
});

afterAll(async () => {
  await h?.cleanup();
});

describe('sending', () => {
  it('sends by id and by username (case-insensitive, with or without @), pending on both sides', async () => {
    const [a, b, c] = await Promise.all([newUser('a'), newUser('b'), newUser('c')]);
    const byId = await send(a, { friendId: b.id });
    expect(byId.becameFriends).toBe(false);
    expect(byId.request).toMatchObject({ status: 'pending', requester: { id: a.id, username: a.username }, receiver: { id: b.id, username: b.username } });

    const byName = await send(a, { friendUsername: `@${c.username.toUpperCase()}` });
    expect(byName.request).toMatchObject({ status: 'pending', receiver: { id: c.id } });

    expect((await sent(a)).map((r) => r.receiver!.id).sort()).toEqual([b.id, c.id].sort());
    expect((await incoming(b)).map((r) => r.requester!.id)).toEqual([a.id]);
    expect(await friendsOf(a)).toEqual([]);
    expect(await friendsOf(b)).toEqual([]);
  });

  it('refuses self, duplicates, unknown people and existing friends with clear messages', async () => {
    const [a, b] = await Promise.all([newUser('a'), newUser('b')]);
    await expectGrpcError(send(a, { friendId: a.id }), grpc.status.INVALID_ARGUMENT, 'You cannot send a friend request to yourself');
    await expectGrpcError(send(a, { friendUsername: a.username }), grpc.status.INVALID_ARGUMENT, 'You cannot send a friend request to yourself');
    await expectGrpcError(send(a, {}), grpc.status.INVALID_ARGUMENT, 'Please enter a username');
    await expectGrpcError(send(a, { friendUsername: `${tok}_nobody` }), grpc.status.NOT_FOUND, 'User not found');
    await expectGrpcError(send(a, { friendId: '5b0c3f9e-7a51-4f0e-9a0b-2c4b7f3a1e00' }), grpc.status.NOT_FOUND, 'User not found');

    const first = await send(a, { friendId: b.id });
    await expectGrpcError(send(a, { friendId: b.id }), grpc.status.ALREADY_EXISTS, 'Friend request already sent');
    await expectGrpcError(send(a, { friendUsername: b.username }), grpc.status.ALREADY_EXISTS, 'Friend request already sent');
    expect(await sent(a)).toHaveLength(1);

    await h.client.acceptFriendRequest({ id: first.request!.id }, { actor: b.actor });
    await expectGrpcError(send(a, { friendId: b.id }), grpc.status.ALREADY_EXISTS, 'You are already friends');
    await expectGrpcError(send(b, { friendUsername: a.username }), grpc.status.ALREADY_EXISTS, 'You are already friends');
  });

  it('makes them friends at once when the other person already asked, with one friendship event', async () => {
    const [a, b] = await Promise.all([newUser('a'), newUser('b')]);
    const theirs = await send(b, { friendId: a.id });
    expect(theirs.becameFriends).toBe(false);

    const mine = await send(a, { friendUsername: b.username });
    expect(mine.becameFriends).toBe(true);
    // The request that was answered is b's, now accepted.
    expect(mine.request).toMatchObject({ id: theirs.request!.id, status: 'accepted', requester: { id: b.id }, receiver: { id: a.id } });

    expect(await friendsOf(a)).toEqual([b.id]);
    expect(await friendsOf(b)).toEqual([a.id]);
    expect(await incoming(a)).toEqual([]);
    expect(await sent(a)).toEqual([]);
    expect(await sent(b)).toEqual([]);

    expect(await friendshipRows(a, b)).toEqual([
      [a.id, b.id],
      [b.id, a.id],
    ]);
  });
});

describe('answering', () => {
  it('accepting makes both friends (both lists refreshed), recorded once', async () => {
    const [a, b] = await Promise.all([newUser('a'), newUser('b')]);
    const { request } = await send(a, { friendId: b.id });
    const accepted = await h.client.acceptFriendRequest({ id: request!.id }, { actor: b.actor });
    expect(accepted.request).toMatchObject({ id: request!.id, status: 'accepted' });
    expect(await friendsOf(a)).toEqual([b.id]);
    expect(await friendsOf(b)).toEqual([a.id]);
    expect(await incoming(b)).toEqual([]);
    expect(await sent(a)).toEqual([]);
    expect(await friendshipRows(a, b)).toHaveLength(2);
  });

  it('the sender may cancel a pending request (and ask again); nobody else, and not once answered', async () => {
    const [a, b, c] = await Promise.all([newUser('a'), newUser('b'), newUser('c')]);
    const { request } = await send(a, { friendId: b.id });
    const id = request!.id;
    const onlySender = 'Only the person who sent this request can cancel it';
    await expectGrpcError(h.client.cancelFriendRequest({ id }, { actor: b.actor }), grpc.status.PERMISSION_DENIED, onlySender);
    await expectGrpcError(h.client.cancelFriendRequest({ id }, { actor: c.actor }), grpc.status.PERMISSION_DENIED, onlySender);
    await expectGrpcError(h.client.cancelFriendRequest({ id: 'not-a-uuid' }, { actor: a.actor }), grpc.status.NOT_FOUND);
    await h.client.cancelFriendRequest({ id }, { actor: a.actor });
    expect(await sent(a)).toEqual([]);
    expect(await incoming(b)).toEqual([]);
    await expectGrpcError(h.client.cancelFriendRequest({ id }, { actor: a.actor }), grpc.status.NOT_FOUND, 'Friend request not found');
    // Asking again works; once accepted it can no longer be cancelled.
    const again = (await send(a, { friendId: b.id })).request!.id;
    await h.client.acceptFriendRequest({ id: again }, { actor: b.actor });
    await expectGrpcError(h.client.cancelFriendRequest({ id: again }, { actor: a.actor }), grpc.status.FAILED_PRECONDITION);
    expect(await friendsOf(a)).toEqual([b.id]);
  });

  it('only the receiver may answer; an answered request cannot be answered again', async () => {
    const [a, b, c] = await Promise.all([newUser('a'), newUser('b'), newUser('c')]);
    const { request } = await send(a, { friendId: b.id });
    const id = request!.id;
    const onlyReceiver = 'Only the person who received this request can answer it';
    await expectGrpcError(h.client.acceptFriendRequest({ id }, { actor: a.actor }), grpc.status.PERMISSION_DENIED, onlyReceiver);
    await expectGrpcError(h.client.acceptFriendRequest({ id }, { actor: c.actor }), grpc.status.PERMISSION_DENIED, onlyReceiver);
    await expectGrpcError(h.client.rejectFriendRequest({ id }, { actor: a.actor }), grpc.status.PERMISSION_DENIED, onlyReceiver);
    await expectGrpcError(h.client.rejectFriendRequest({ id }, { actor: c.actor }), grpc.status.PERMISSION_DENIED, onlyReceiver);
    // Admins are not the receiver either.
    await expectGrpcError(h.client.acceptFriendRequest({ id }, { actor: { id: c.id, isAdmin: true } }), grpc.status.PERMISSION_DENIED);
    expect(await friendsOf(a)).toEqual([]);

    await h.client.acceptFriendRequest({ id }, { actor: b.actor });
    const answered = 'This friend request was already answered';
    await expectGrpcError(h.client.acceptFriendRequest({ id }, { actor: b.actor }), grpc.status.FAILED_PRECONDITION, answered);
    await expectGrpcError(h.client.rejectFriendRequest({ id }, { actor: b.actor }), grpc.status.FAILED_PRECONDITION, answered);
    expect(await friendsOf(a)).toEqual([b.id]);

    await expectGrpcError(h.client.acceptFriendRequest({ id: 'not-a-uuid' }, { actor: b.actor }), grpc.status.NOT_FOUND, 'Friend request not found');
    await expectGrpcError(
      h.client.acceptFriendRequest({ id: '5b0c3f9e-7a51-4f0e-9a0b-2c4b7f3a1e00' }, { actor: b.actor }),
      grpc.status.NOT_FOUND,
      'Friend request not found',
    );
  });

  it('rejecting leaves them strangers, clears both pending lists, and a new request is possible', async () => {
    const [a, b] = await Promise.all([newUser('a'), newUser('b')]);
    const { request } = await send(a, { friendId: b.id });
    const rejected = await h.client.rejectFriendRequest({ id: request!.id }, { actor: b.actor });
    expect(rejected.request).toMatchObject({ status: 'rejected' });
    expect(await friendsOf(a)).toEqual([]);
    expect(await friendsOf(b)).toEqual([]);
    expect(await incoming(b)).toEqual([]);
    expect(await sent(a)).toEqual([]);
    expect(await friendshipRows(a, b)).toEqual([]);

    const again = await send(a, { friendId: b.id });
    expect(again.request).toMatchObject({ status: 'pending' });
    expect(again.request!.id).not.toBe(request!.id);
  });

  it('two people asking each other at the same moment become friends once (no crossed pending requests)', async () => {
    for (let i = 0; i < 5; i++) {
      const [a, b] = await Promise.all([newUser('a'), newUser('b')]);
      const results = await Promise.all([send(a, { friendId: b.id }), send(b, { friendId: a.id })]);
      expect(results.map((r) => r.becameFriends).sort()).toEqual([false, true]);
      expect(await friendsOf(a)).toEqual([b.id]);
      expect(await friendsOf(b)).toEqual([a.id]);
      expect([...(await sent(a)), ...(await sent(b)), ...(await incoming(a)), ...(await incoming(b))]).toEqual([]);
      expect(await friendshipRows(a, b)).toHaveLength(2);
    }
  });

  it('lists only your own friends (admins may read anyone)', async () => {
    const [a, b] = await Promise.all([newUser('a'), newUser('b')]);
    await expectGrpcError(h.client.listFriends({ userId: a.id }, { actor: b.actor }), grpc.status.PERMISSION_DENIED);
    expect((await h.client.listFriends({ userId: a.id }, { actor: { id: b.id, isAdmin: true } })).friends).toEqual([]);
  });
});
