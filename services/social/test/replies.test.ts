import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, findValuesInDatabase } from '@mzansi/kit/testing';
import { socialHarness, stem, type Harness, type TestUser } from './helpers.js';

/**
 * Replies (one level deep) and agrees (one per person, never one's own): their rules, the "comment deleted"
 * placeholder, their events in social's outbox, and what erasing an account and deleting a question do to them.
 */
let h: Harness;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
let question: string;

const post = (u: TestUser, content: string, parentId = '', questionId = question) =>
  h.client.postComment({ questionId, content, imageDataUrl: '', parentId, showPrediction: false }, { actor: u.actor }).then((r) => r.comment!);
const list = (u: TestUser, sort = 'oldest', questionId = question) => h.client.listComments({ questionId, sort, repliesPerComment: 3 }, { actor: u.actor });
const outbox = async (subject: string) =>
  (await h.social.ctx.pool.query<{ payload: { data: Record<string, unknown> } }>('SELECT payload FROM outbox WHERE subject = $1 ORDER BY occurred_at', [subject])).rows.map((r) => r.payload.data);

beforeAll(async () => {
  h = await socialHarness();
  const s = stem();
  [ann, ben, cat] = (await Promise.all(['ann', 'ben', 'cat'].map((n) => h.signUp(`${s}_${n}`)))) as [TestUser, TestUser, TestUser];
  question = await h.publishQuestion();
});

afterAll(async () => {
  await h?.cleanup();
});

describe('replies', () => {
  it('go one level deep under a top-level comment of the same question; counts and the first replies come with the list', async () => {
    const top = await post(ann, 'Load shedding ends this winter');
    const reply = await post(ben, 'No chance', top.id);
    expect(reply.parentId).toBe(top.id);
    const other = await h.publishQuestion();
    await expectGrpcError(post(cat, 'Deeper', reply.id), grpc.status.INVALID_ARGUMENT, 'Replies go under a comment, not under another reply');
    await expectGrpcError(post(cat, 'Elsewhere', top.id, other), grpc.status.INVALID_ARGUMENT, 'The comment you are replying to was not found on this question');
    await expectGrpcError(post(cat, 'Nowhere', '00000000-0000-4000-8000-000000000001'), grpc.status.INVALID_ARGUMENT, /was not found/);
    for (let i = 0; i < 4; i++) await post(i % 2 ? ann : cat, `Reply ${i}`, top.id);
    const { comments, replies } = await list(cat);
    const t = comments.find((c) => c.id === top.id)!;
    expect(t).toMatchObject({ replyCount: 5, agreeCount: 0, parentId: '' });
    expect(comments.every((c) => !c.parentId)).toBe(true);
    // The first three, oldest first; the rest from ListReplies.
    expect(replies.filter((r) => r.parentId === top.id).map((r) => r.content)).toEqual(['No chance', 'Reply 0', 'Reply 1']);
    const all = await h.client.listReplies({ commentId: top.id }, { actor: cat.actor });
    expect(all.replies.map((r) => r.content)).toEqual(['No chance', 'Reply 0', 'Reply 1', 'Reply 2', 'Reply 3']);
  });

  it('a reply event for the parent author, never for replying to oneself; in the same transaction as the reply', async () => {
    const top = await post(ann, 'Who replies?');
    const theirs = await post(ben, 'I do', top.id);
    await post(ann, 'And me, to myself', top.id);
    const events = (await outbox('social.comment.replied')).filter((e) => e.parentId === top.id);
    expect(events).toEqual([
      expect.objectContaining({ commentId: theirs.id, parentId: top.id, questionId: question, parentAuthorId: ann.id, authorId: ben.id, authorName: ben.name }),
    ]);
  });

  it('deleting a comment with replies leaves a "comment deleted" placeholder; deleting its last reply removes it', async () => {
    const top = await post(ann, 'Soon to be deleted');
    const r1 = await post(ben, 'First', top.id);
    const r2 = await post(cat, 'Second', top.id);
    await h.client.setAgree({ commentId: top.id, agree: true }, { actor: ben.actor });
    await h.client.deleteComment({ id: top.id }, { actor: ann.actor });
    const shown = (await list(cat)).comments.find((c) => c.id === top.id)!;
    expect(shown).toMatchObject({ deleted: true, content: '', user: undefined, replyCount: 2, agreeCount: 0, hasImage: false });
    const { rows } = await h.social.ctx.pool.query('SELECT user_id, content FROM comments WHERE id = $1', [top.id]);
    expect(rows[0]).toEqual({ user_id: '00000000-0000-0000-0000-000000000000', content: '' });
    // Nothing more can hang on it.
    await expectGrpcError(post(cat, 'Late', top.id), grpc.status.INVALID_ARGUMENT, /deleted or removed/);
    await expectGrpcError(h.client.setAgree({ commentId: top.id, agree: true }, { actor: cat.actor }), grpc.status.INVALID_ARGUMENT, /deleted or removed/);
    await expectGrpcError(h.client.deleteComment({ id: top.id }, { actor: ann.actor }), grpc.status.NOT_FOUND);
    await h.client.deleteComment({ id: r1.id }, { actor: ben.actor });
    expect((await list(cat)).comments.find((c) => c.id === top.id)).toMatchObject({ deleted: true, replyCount: 1 });
    await h.client.deleteComment({ id: r2.id }, { actor: cat.actor });
    expect((await list(cat)).comments.find((c) => c.id === top.id)).toBeUndefined();
    // A comment without replies is simply gone.
    const lone = await post(ann, 'Alone');
    await h.client.deleteComment({ id: lone.id }, { actor: ann.actor });
    expect((await list(cat)).comments.find((c) => c.id === lone.id)).toBeUndefined();
  });

  it('a removed or hidden parent keeps its replies; a removed one takes no new replies', async () => {
    const admin = { id: '00000000-0000-4000-8000-0000000000ad', isAdmin: true };
    const top = await post(ann, 'Something rude');
    const reply = await post(ben, 'Please be kind', top.id);
    await h.client.moderateComment({ commentId: top.id, action: 'remove', reason: 'Harassment' }, { actor: admin });
    const { comments, replies } = await list(cat);
    expect(comments.find((c) => c.id === top.id)).toMatchObject({ moderation: 'removed', content: '', replyCount: 1 });
    expect(replies.map((r) => r.id)).toContain(reply.id);
    await expectGrpcError(post(cat, 'Me too', top.id), grpc.status.INVALID_ARGUMENT, /deleted or removed/);
  });
});

describe('agrees', () => {
  it('one per person, idempotent both ways, never with one’s own comment; top sorts by agrees, then newest', async () => {
    const q = await h.publishQuestion();
    const a = await post(ann, 'Oldest, two agrees', '', q);
    const b = await post(ben, 'Middle, one agree', '', q);
    const c = await post(cat, 'Newest, none', '', q);
    await expectGrpcError(h.client.setAgree({ commentId: a.id, agree: true }, { actor: ann.actor }), grpc.status.INVALID_ARGUMENT, 'You cannot agree with your own comment');
    expect(await h.client.setAgree({ commentId: a.id, agree: true }, { actor: ben.actor })).toMatchObject({ agreeCount: 1, agreedByMe: true });
    expect(await h.client.setAgree({ commentId: a.id, agree: true }, { actor: ben.actor })).toMatchObject({ agreeCount: 1, agreedByMe: true });
    expect(await h.client.setAgree({ commentId: a.id, agree: true }, { actor: cat.actor })).toMatchObject({ agreeCount: 2 });
    await h.client.setAgree({ commentId: b.id, agree: true }, { actor: cat.actor });
    await h.client.setAgree({ commentId: c.id, agree: true }, { actor: ann.actor });
    expect(await h.client.setAgree({ commentId: c.id, agree: false }, { actor: ann.actor })).toMatchObject({ agreeCount: 0, agreedByMe: false });
    expect(await h.client.setAgree({ commentId: c.id, agree: false }, { actor: ann.actor })).toMatchObject({ agreeCount: 0, agreedByMe: false });
    const { rows } = await h.social.ctx.pool.query('SELECT count(*)::int AS n FROM comment_agrees WHERE comment_id = $1', [a.id]);
    expect(rows[0].n).toBe(2);

    expect((await list(cat, 'top', q)).comments.map((x) => [x.id, x.agreeCount, x.agreedByMe])).toEqual([
      [a.id, 2, true],
      [b.id, 1, true],
      [c.id, 0, false],
    ]);
    expect((await list(cat, 'newest', q)).comments.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect((await list(cat, 'oldest', q)).comments.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    await expectGrpcError(list(cat, 'loudest', q), grpc.status.INVALID_ARGUMENT, 'Sort must be top, newest or oldest');

    // One agreed event per new agree (the repeat and the take-back write none).
    const events = (await outbox('social.comment.agreed')).filter((e) => e.questionId === q);
    expect(events.map((e) => [e.commentId, e.agreerId, e.commentAuthorId])).toEqual([
      [a.id, ben.id, ann.id],
      [a.id, cat.id, ann.id],
      [b.id, cat.id, ben.id],
      [c.id, ann.id, cat.id],
    ]);
    expect(events[0]).toMatchObject({ agreerName: ben.name });
  });
});

describe('erasure and question deletion', () => {
  it('erasing an account removes its agrees and replies, and leaves its commented-on comments as placeholders', async () => {
    const s = stem();
    const [gone, stay] = (await Promise.all(['gone', 'stay'].map((n) => h.signUp(`${s}_${n}`)))) as [TestUser, TestUser];
    const q = await h.publishQuestion();
    const kept = await post(gone, 'Answered by others', '', q);
    const othersReply = await post(stay, 'I answered', kept.id, q);
    const lonely = await post(gone, 'Nobody answered', '', q);
    const theirs = await post(stay, 'Mine', '', q);
    await post(gone, 'Their reply', theirs.id, q);
    await h.client.setAgree({ commentId: theirs.id, agree: true }, { actor: gone.actor });
    await h.client.setAgree({ commentId: kept.id, agree: true }, { actor: stay.actor });
    await h.deleteUser(gone.id);
    await eventually(async () => (await findValuesInDatabase(h.social.ctx.config.DATABASE_URL, [gone.id, gone.username, gone.name])).length === 0, 15_000);
    const { comments, replies } = await list(stay, 'oldest', q);
    expect(comments.map((c) => [c.id, c.deleted, c.replyCount, c.agreeCount])).toEqual([
      [kept.id, true, 1, 0],
      [theirs.id, false, 0, 0],
    ]);
    expect(comments.some((c) => c.id === lonely.id)).toBe(false);
    expect(replies.map((r) => r.id)).toEqual([othersReply.id]);
  });

  it('deleting a question takes its comments, replies and agrees', async () => {
    const q = await h.publishQuestion();
    const top = await post(ann, 'Gone soon', '', q);
    await post(ben, 'Me too', top.id, q);
    await h.client.setAgree({ commentId: top.id, agree: true }, { actor: ben.actor });
    await h.publish('questions.question.deleted', { questionId: q, deletedAt: new Date() } as never);
    await eventually(async () => (await h.social.ctx.pool.query('SELECT 1 FROM comments WHERE question_id = $1', [q])).rowCount === 0, 15_000);
    const { rows } = await h.social.ctx.pool.query('SELECT count(*)::int AS n FROM comment_agrees WHERE comment_id = $1', [top.id]);
    expect(rows[0].n).toBe(0);
  });
});
