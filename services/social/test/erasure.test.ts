import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnvelope, grpc } from '@mzansi/kit';
import { consumerCaughtUp, deadLetterCount, eventually, expectGrpcError, findValuesInDatabase, TEST_NATS_URL } from '@mzansi/kit/testing';
import { socialHarness, stem, type Harness, type TestUser } from './helpers.js';
import { dataUrl, PNG } from './images.js';

/**
 * PRODUCT.md "Privacy": when an account is deleted, social erases its comments (images included), friendships and
 * friend requests both ways, and its directory entry; download my data: social's part.
 */
let h: Harness;
let nc: NatsConnection;
let me: TestUser;
let friend: TestUser;
let asked: TestUser;
let asker: TestUser;
let refused: TestUser;
let question: string;
let withImage: string;
let textOnly: string;
let othersComment: string;

const socialDb = () => h.social.ctx.config.DATABASE_URL;
const personal = () => [me.id, me.username, me.name];

beforeAll(async () => {
  h = await socialHarness();
  nc = await connect({ servers: TEST_NATS_URL });
  const s = stem();
  [me, friend, asked, asker, refused] = (await Promise.all(['me', 'fr', 'ask', 'asker', 'ref'].map((n) => h.signUp(`${s}_${n}`)))) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  question = await h.publishQuestion();
  withImage = (await h.client.postComment({ questionId: question, content: 'Look at this queue', imageDataUrl: dataUrl('image/png', PNG) }, { actor: me.actor })).comment!.id;
  textOnly = (await h.client.postComment({ questionId: question, content: 'Second thoughts', imageDataUrl: '' }, { actor: me.actor })).comment!.id;
  othersComment = (await h.client.postComment({ questionId: question, content: 'I disagree', imageDataUrl: '' }, { actor: friend.actor })).comment!.id;
  // Friends with `friend`; asked `asked` (pending); `asker` asked me (pending); I turned `refused` down.
  const toFriend = await h.client.sendFriendRequest({ friendId: friend.id, friendUsername: '' }, { actor: me.actor });
  await h.client.acceptFriendRequest({ id: toFriend.request!.id }, { actor: friend.actor });
  await h.client.sendFriendRequest({ friendId: asked.id, friendUsername: '' }, { actor: me.actor });
  await h.client.sendFriendRequest({ friendId: me.id, friendUsername: '' }, { actor: asker.actor });
  const fromRefused = await h.client.sendFriendRequest({ friendId: me.id, friendUsername: '' }, { actor: refused.actor });
  await h.client.rejectFriendRequest({ id: fromRefused.request!.id }, { actor: me.actor });
});

afterAll(async () => {
  await nc?.close();
  await h?.cleanup();
});

describe('social: download my data', () => {
  it('exports the directory entry, every comment, friends and friend requests both ways', async () => {
    const out = await h.client.exportUserData({}, { actor: me.actor });
    expect(out.person).toEqual({ id: me.id, username: me.username, name: me.name, isAdmin: false });
    expect(out.comments.map((c) => [c.id, c.content, c.hasImage])).toEqual([
      [withImage, 'Look at this queue', true],
      [textOnly, 'Second thoughts', false],
    ]);
    expect(out.comments[0]!.imageWidth).toBe(1);
    expect(out.friends.map((f) => f.friend!.username)).toEqual([friend.username]);
    expect(out.friends[0]!.since).toBeInstanceOf(Date);
    expect(out.sentRequests.map((r) => [r.receiver!.username, r.status]).sort()).toEqual([
      [asked.username, 'pending'],
      [friend.username, 'accepted'],
    ]);
    expect(out.receivedRequests.map((r) => [r.requester!.username, r.status]).sort()).toEqual([
      [asker.username, 'pending'],
      [refused.username, 'rejected'],
    ]);
  });
});

describe('social: identity.user.deleted', () => {

  it('erases comments and their images, friendships, requests and the directory entry', async () => {
    expect(await findValuesInDatabase(socialDb(), personal())).not.toEqual([]);
    await h.deleteUser(me.id);
    await eventually(async () => (await findValuesInDatabase(socialDb(), personal())).length === 0, 15_000);

    await expectGrpcError(h.client.getCommentImage({ commentId: withImage, thumbnail: false, ifNoneMatch: '' }), grpc.status.NOT_FOUND);
    await expectGrpcError(h.client.getCommentImage({ commentId: withImage, thumbnail: true, ifNoneMatch: '' }), grpc.status.NOT_FOUND);
    const { comments } = await h.client.listComments({ questionId: question }, { actor: friend.actor });
    expect(comments.map((c) => c.id)).toEqual([othersComment]);
    expect((await h.client.listFriends({ userId: friend.id }, { actor: friend.actor })).friends).toEqual([]);
    expect((await h.client.listIncomingRequests({ userId: '' }, { actor: asked.actor })).requests).toEqual([]);
    expect((await h.client.listSentRequests({ userId: '' }, { actor: asker.actor })).requests).toEqual([]);
    expect(await h.findPerson(me.username)).toBeUndefined();

    // The other people are untouched.
    expect(await h.findPerson(friend.username)).toBeDefined();
  });

  it('is safe to replay under a new event id: nothing changes', async () => {
    const names = h.social.ctx.names;
    const envelope = encodeEnvelope('identity.user.deleted', { userId: me.id, deletedAt: new Date() });
    const ack = await nc.jetstream().publish(names.subject('identity.user.deleted'), JSON.stringify(envelope), { msgID: envelope.id });
    await eventually(() => consumerCaughtUp(nc, names, 'identity', 'social-on-user-events', ack.seq), 15_000);
    expect(await deadLetterCount(nc, names)).toBe(0);
    expect((await h.client.listComments({ questionId: question }, { actor: friend.actor })).comments.map((c) => c.id)).toEqual([othersComment]);
    expect(await findValuesInDatabase(socialDb(), personal())).toEqual([]);
  });
});
