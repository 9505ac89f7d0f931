import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError } from './helpers.js';
import { answer, commentsOpen, publishQuestion, type User } from './social-helpers.js';
import { system, questions, anonB, user, del, useSocialStack } from './social-setup.js';

/**
 * A real argument, through the gateway: replies one level deep, agrees, sorting, the "comment deleted" placeholder,
 * the commenter's prediction (only when they chose to show it, and only to readers who may see the results), and
 * the events the inbox reads.
 */
useSocialStack();

type Json = Record<string, unknown> & { id: string; replies: (Record<string, unknown> & { id: string })[] };

let ann: User;
let ben: User;
let cat: User;
beforeAll(async () => {
  [ann, ben, cat] = await Promise.all([user('rp_ann'), user('rp_ben'), user('rp_cat')]);
});

const post = (u: User, qid: string, body: Record<string, unknown>) => u.b.post(`/api/questions/${qid}/comments`, body);
const created = async (u: User, qid: string, body: Record<string, unknown>) => {
  const res = await post(u, qid, body);
  expect(res.status, res.text).toBe(201);
  return res.json as Json;
};
const thread = async (b: User['b'], qid: string, sort = '') => {
  const res = await b.get(`/api/questions/${qid}/comments${sort && `?sort=${sort}`}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Json[];
};

/** A blind yes/no question, published and open to comments. */
async function publishBlind() {
  const actor = { id: randomUUID(), isAdmin: true };
  const { question } = await questions.createQuestion(
    { text: `Will the blind test hold ${randomUUID().slice(0, 6)}?`, context: '', date: new Date(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }], tags: [], isBlind: true, translations: {} },
    { actor },
  );
  await questions.publishQuestion({ id: question!.id }, { actor });
  await system.projected(question!.id);
  await commentsOpen(system, question!.id);
  return question!.id;
}

describe('replies and agrees', () => {
  it('replies one level deep (a reply to a reply is a 400), counts, sort, all replies on their own route', async () => {
    const qid = await publishQuestion(system, questions);
    const other = await publishQuestion(system, questions);
    const top = await created(ann, qid, { content: 'Eskom fixes it by June' });
    const reply = await created(ben, qid, { content: 'Never', parentId: top.id });
    expect(reply).toMatchObject({ parentId: top.id, replyCount: 0, agreeCount: 0, agreedByMe: false });
    expectCleanError(await post(cat, qid, { content: 'Deeper', parentId: reply.id }), 400, 'Replies go under a comment, not under another reply');
    expectCleanError(await post(cat, other, { content: 'Elsewhere', parentId: top.id }), 400, 'The comment you are replying to was not found on this question');
    expectCleanError(await post(cat, qid, { content: 'Bad id', parentId: 'nope' }), 400);
    for (const n of [1, 2, 3]) await created(n % 2 ? cat : ann, qid, { content: `More ${n}`, parentId: top.id });
    const second = await created(cat, qid, { content: 'A second opinion' });

    // Agrees: idempotent PUT and DELETE, one per person, never one's own.
    const agree = (u: User, id: string) => u.b.put(`/api/comments/${id}/agree`, {});
    expectCleanError(await agree(ann, top.id), 400, 'You cannot agree with your own comment');
    expect((await agree(ben, second.id)).json).toEqual({ agreeCount: 1, agreedByMe: true });
    expect((await agree(ben, second.id)).json).toEqual({ agreeCount: 1, agreedByMe: true });
    expect((await agree(ann, second.id)).json).toEqual({ agreeCount: 2, agreedByMe: true });
    expect((await del(ann.b, `/api/comments/${second.id}/agree`)).json).toEqual({ agreeCount: 1, agreedByMe: false });
    expect((await del(ann.b, `/api/comments/${second.id}/agree`)).json).toEqual({ agreeCount: 1, agreedByMe: false });
    expectCleanError(await anonB.put(`/api/comments/${second.id}/agree`, {}), 401);
    expectCleanError(await agree(ben, randomUUID()), 404);

    // Oldest first by default; top: most agrees, then newest; newest.
    expect((await thread(anonB, qid)).map((c) => c.id)).toEqual([top.id, second.id]);
    expect((await thread(anonB, qid, 'newest')).map((c) => c.id)).toEqual([second.id, top.id]);
    expect((await thread(anonB, qid, 'top')).map((c) => c.id)).toEqual([second.id, top.id]);
    expectCleanError(await anonB.get(`/api/questions/${qid}/comments?sort=loudest`), 400);
    const [t] = await thread(ben.b, qid);
    expect(t).toMatchObject({ replyCount: 4, agreeCount: 0, parentId: null });
    expect(t!.replies.map((r) => r.content)).toEqual(['Never', 'More 1', 'More 2']);
    expect((await thread(ben.b, qid, 'top'))[0]).toMatchObject({ id: second.id, agreeCount: 1, agreedByMe: true });
    const all = await anonB.get(`/api/comments/${top.id}/replies`);
    expect((all.json as Json[]).map((r) => r.content)).toEqual(['Never', 'More 1', 'More 2', 'More 3']);

    // The inbox's events: one reply event per reply to someone else, one agree event per new agree.
    const events = async (subject: string) =>
      (await system.social.ctx.pool.query<{ payload: { data: Record<string, string> } }>('SELECT payload FROM outbox WHERE subject = $1 ORDER BY occurred_at', [subject])).rows.map((r) => r.payload.data);
    const replied = (await events('social.comment.replied')).filter((e) => e.parentId === top.id);
    expect(replied.map((e) => [e.authorId, e.parentAuthorId])).toEqual([
      [ben.id, ann.id],
      [cat.id, ann.id],
      [cat.id, ann.id],
    ]);
    expect((await events('social.comment.agreed')).filter((e) => e.commentId === second.id).map((e) => e.agreerId)).toEqual([ben.id, ann.id]);
  });

  it('deleting a comment with replies keeps them under a "comment deleted" placeholder', async () => {
    const qid = await publishQuestion(system, questions);
    const top = await created(ann, qid, { content: 'I will regret this' });
    const reply = await created(ben, qid, { content: 'You will', parentId: top.id });
    expect((await del(ann.b, `/api/comments/${top.id}`)).status).toBe(200);
    const [placeholder] = await thread(anonB, qid);
    expect(placeholder).toMatchObject({ id: top.id, deleted: true, content: '', userId: '', user: null, imageUrl: null, replyCount: 1 });
    expect(placeholder!.replies.map((r) => r.id)).toEqual([reply.id]);
    expectCleanError(await post(cat, qid, { content: 'Too late', parentId: top.id }), 400);
    expect((await del(ben.b, `/api/comments/${reply.id}`)).status).toBe(200);
    expect(await thread(anonB, qid)).toEqual([]);
  });
});

describe('the commenter’s prediction', () => {
  it('shows only when ticked, and on a blind question only to readers who answered it', async () => {
    const qid = await publishBlind();
    await answer(ann, qid, 'yes');
    await answer(ben, qid, 'no');
    const shown = await created(ann, qid, { content: 'Yes, surely', showPrediction: true });
    // The author answered, so they see their own badge at once.
    expect(shown.prediction).toEqual({ optionId: 'yes', optionText: 'Yes', confidence: 75 });
    const untold = await created(ben, qid, { content: 'Keeping my cards close' });
    const reply = await created(ben, qid, { content: 'I say no', parentId: shown.id, showPrediction: true });
    expect(untold.prediction).toBeUndefined();

    // Cat has not answered this blind question, nor has a signed-out reader: no predictions at all.
    for (const b of [cat.b, anonB]) {
      const list = await thread(b, qid);
      expect(list.every((c) => c.prediction === undefined && c.replies.every((r) => r.prediction === undefined))).toBe(true);
      expect(JSON.stringify(list)).not.toContain('"optionId"');
    }
    await answer(cat, qid, 'no');
    const after = await thread(cat.b, qid);
    expect(after.find((c) => c.id === shown.id)!.prediction).toEqual({ optionId: 'yes', optionText: 'Yes', confidence: 75 });
    expect(after.find((c) => c.id === untold.id)!.prediction).toBeUndefined();
    expect(after.find((c) => c.id === shown.id)!.replies.find((r) => r.id === reply.id)!.prediction).toMatchObject({ optionId: 'no', optionText: 'No' });
    const replies = await cat.b.get(`/api/comments/${shown.id}/replies`);
    expect((replies.json as Json[])[0]!.prediction).toMatchObject({ optionId: 'no' });
  });

  it('on an open question, everyone sees a shown prediction; none when the commenter has not answered', async () => {
    const qid = await publishQuestion(system, questions);
    await answer(ann, qid, 'no');
    const c = await created(ann, qid, { content: 'No way', showPrediction: true });
    const noAnswer = await created(ben, qid, { content: 'Undecided', showPrediction: true });
    const list = await thread(anonB, qid);
    expect(list.find((x) => x.id === c.id)!.prediction).toMatchObject({ optionId: 'no', optionText: 'No' });
    expect(list.find((x) => x.id === noAnswer.id)!.prediction).toBeUndefined();
  });
});
