import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc, type Actor } from '@mzansi/kit';
import { eventually, expectGrpcError } from '@mzansi/kit/testing';
import { MESSAGES } from '../src/entry-points/grpc/social-service.js';
import { socialHarness, stem, type Harness, type TestUser } from './helpers.js';

/**
 * Who sees what: comments of a question that is not published (a draft, never announced), archived or
 * deleted are NOT_FOUND except to admins, as social learns from questions' events; admins read anyone's friend
 * requests, others only their own.
 */
let h: Harness;
let u: TestUser;
let other: TestUser;
const admin: Actor = { id: randomUUID(), isAdmin: true };
const tok = stem();

beforeAll(async () => {
  h = await socialHarness();
  [u, other] = await Promise.all([h.signUp(`${tok}_vis_u`), h.signUp(`${tok}_vis_o`)]);
});

afterAll(async () => {
  await h?.cleanup();
});

const list = (questionId: string, actor?: Actor) => h.client.listComments({ questionId }, actor ? { actor } : {});
const image = (commentId: string) => h.client.getCommentImage({ commentId, thumbnail: true, ifNoneMatch: '' });
const tinyPngDataUrl = async () =>
  `data:image/png;base64,${(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#007a4d' } }).png().toBuffer()).toString('base64')}`;
const post = (questionId: string, actor: Actor, content = 'Sharp sharp') => h.client.postComment({ questionId, content, imageDataUrl: '' }, { actor });

describe('comments of questions that are not public', () => {
  it('a draft (no publish event): NOT_FOUND to users and the signed-out for reading and posting; admins may', async () => {
    const draft = randomUUID();
    await expectGrpcError(list(draft), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(list(draft, u.actor), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(post(draft, u.actor), grpc.status.NOT_FOUND, 'Question not found');
    const { comment } = await h.client.postComment({ questionId: draft, content: 'An admin note on the draft', imageDataUrl: await tinyPngDataUrl() }, { actor: admin });
    // Its image is public and cacheable, so it follows the public rule, even for the admin.
    await expectGrpcError(image(comment!.id), grpc.status.NOT_FOUND, 'Image not found');
    expect((await list(draft, admin)).comments.map((c) => c.id)).toEqual([comment!.id]);
    // Still hidden from everyone else, although it now has a comment.
    await expectGrpcError(list(draft, u.actor), grpc.status.NOT_FOUND);
    await expectGrpcError(list('not-a-uuid', admin), grpc.status.NOT_FOUND);
  });

  it('published: open to everyone; archived: hidden again except to admins', async () => {
    const q = await h.publishQuestion();
    const { comment } = await h.client.postComment({ questionId: q, content: 'Sharp sharp', imageDataUrl: await tinyPngDataUrl() }, { actor: u.actor });
    expect((await list(q)).comments.map((c) => c.id)).toEqual([comment!.id]);
    expect((await image(comment!.id)).mimeType).toBe('image/webp');
    expect((await list(q, other.actor)).comments.map((c) => c.id)).toEqual([comment!.id]);

    await h.publish('questions.question.archived', { questionId: q });
    await eventually(async () => (await h.questionVisible(q)) === false, 10_000, 25);
    await expectGrpcError(list(q), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(post(q, u.actor), grpc.status.NOT_FOUND, 'Question not found');
    expect((await list(q, admin)).comments.map((c) => c.id)).toEqual([comment!.id]);
    await expectGrpcError(image(comment!.id), grpc.status.NOT_FOUND, 'Image not found');
  });

  it('deleted: its comments go, and it is NOT_FOUND to users at once', async () => {
    const q = await h.publishQuestion();
    await post(q, u.actor);
    await h.publish('questions.question.deleted', { questionId: q });
    await eventually(async () => (await h.questionVisible(q)) === undefined, 10_000, 25);
    await expectGrpcError(list(q, u.actor), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(post(q, u.actor), grpc.status.NOT_FOUND);
    expect((await list(q, admin)).comments).toEqual([]);
    const { rows } = await h.social.ctx.pool.query('SELECT count(*)::int AS n FROM comments WHERE question_id = $1', [q]);
    expect(rows[0].n).toBe(0);
  });
});

describe('friend requests of another user', () => {
  it('an admin reads anyone’s incoming and sent requests; a user only their own', async () => {
    await h.client.sendFriendRequest({ friendId: other.id, friendUsername: '' }, { actor: u.actor });
    const incoming = await h.client.listIncomingRequests({ userId: other.id }, { actor: admin });
    expect(incoming.requests.map((r) => [r.requester!.id, r.receiver!.id])).toEqual([[u.id, other.id]]);
    const sent = await h.client.listSentRequests({ userId: u.id }, { actor: admin });
    expect(sent.requests.map((r) => r.receiver!.id)).toEqual([other.id]);

    // Their own, with or without their id.
    expect((await h.client.listIncomingRequests({ userId: other.id }, { actor: other.actor })).requests).toHaveLength(1);
    expect((await h.client.listIncomingRequests({ userId: '' }, { actor: other.actor })).requests).toHaveLength(1);
    // Someone else's: PERMISSION_DENIED, also for the other party of the request.
    await expectGrpcError(h.client.listIncomingRequests({ userId: other.id }, { actor: u.actor }), grpc.status.PERMISSION_DENIED, MESSAGES.ownRequests);
    await expectGrpcError(h.client.listSentRequests({ userId: u.id }, { actor: other.actor }), grpc.status.PERMISSION_DENIED, MESSAGES.ownRequests);
    await expectGrpcError(h.client.listSentRequests({ userId: u.id }, {}), grpc.status.UNAUTHENTICATED);
  });
});
