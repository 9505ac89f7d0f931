import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnvelope, ensureStream, EventNames } from '@mzansi/kit';
import { consumerCaughtUp, deadLetterCount, eventually, findValuesInDatabase, manualClock, TEST_NATS_URL } from '@mzansi/kit/testing';
import { AnswerVisibility } from '@mzansi/proto/voting/v1/voting';
import { idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * PRODUCT.md "Privacy": a deleted account's answers, scores and privacy settings leave voting, while the national
 * counts stay exactly as they were; the month's leaderboard drops the user. Download my data: voting's part.
 */
let h: Harness;
let nc: NatsConnection;
let names: EventNames;
const clock = manualClock('2026-03-05T06:00:00.000Z');
const [gone, stays] = [user(), user()];
let q1: TestQuestion;
let q2: TestQuestion;

const counts = async () =>
  (await h.v.getResults({ questionIds: [q1.id, q2.id] })).results
    .map((r) => ({ q: r.questionId, total: r.total, counts: Object.fromEntries(r.counts.map((c) => [c.optionId, c.count])) }))
    .sort((a, b) => a.q.localeCompare(b.q));

/** Publishes identity.user.deleted as identity's relay would; returns the envelope and its stream sequence. */
async function publishDeleted(userId: string, opts: { id?: string; msgId?: string } = {}) {
  await ensureStream(await nc.jetstreamManager(), names, 'identity');
  const envelope = encodeEnvelope('identity.user.deleted', { userId, deletedAt: clock.now() }, opts.id ?? randomUUID());
  const ack = await nc.jetstream().publish(names.subject('identity.user.deleted'), JSON.stringify(envelope), { msgID: opts.msgId ?? envelope.id });
  return { envelope, seq: ack.seq };
}

const rowsOf = async (userId: string) => ({
  answers: (await h.sql('SELECT count(*)::int AS n FROM answers WHERE user_id = $1', [userId]))[0].n as number,
  scores: (await h.sql('SELECT count(*)::int AS n FROM month_scores WHERE user_id = $1', [userId]))[0].n as number,
  privacy: (await h.sql('SELECT count(*)::int AS n FROM answer_privacy WHERE user_id = $1', [userId]))[0].n as number,
});

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
  nc = await connect({ servers: TEST_NATS_URL });
  names = new EventNames(h.ns);
  q1 = await h.createPublished({ text: 'Will the rand strengthen this week' });
  q2 = await h.createPublished({ text: 'Will load shedding return' });
  clock.set('2026-03-05T09:00:00.000Z');
  await h.answer(gone, q1.id, 'yes');
  await h.answer(gone, q2.id, 'no');
  await h.answer(stays, q1.id, 'yes');
  clock.set('2026-03-06T12:00:00.000Z');
  await h.resolve(q1.id, 'yes');
  await h.v.updatePrivacy({ answerVisibility: AnswerVisibility.ANSWER_VISIBILITY_NOBODY, hideUntilResolved: true }, gone);
});

afterAll(async () => {
  await nc?.close();
  await h?.cleanup();
});

describe('voting: download my data', () => {
  it('exports every answer with its question and outcome, the monthly scores and the privacy settings', async () => {
    const out = await h.v.exportUserData({}, gone);
    const byQuestion = new Map(out.answers.map((a) => [a.questionId, a]));
    expect(byQuestion.get(q1.id)).toMatchObject({ questionText: 'Will the rand strengthen this week', optionId: 'yes', optionText: 'Yes', outcome: 'correct', correctOptionId: 'yes', correctOptionText: 'Yes' });
    expect(byQuestion.get(q1.id)!.resolvedAt).toBeInstanceOf(Date);
    expect(byQuestion.get(q2.id)).toMatchObject({ questionText: 'Will load shedding return', optionId: 'no', optionText: 'No', outcome: 'pending', correctOptionId: '', correctOptionText: '' });
    expect(out.answers).toHaveLength(2);
    expect(out.monthScores).toEqual([{ month: '2026-03-01', answered: 2, resolved: 1, correct: 1 }]);
    expect(out.privacy).toMatchObject({ answerVisibility: AnswerVisibility.ANSWER_VISIBILITY_NOBODY, hideUntilResolved: true });
    // Only ever the acting user's own data.
    const other = await h.v.exportUserData({}, stays);
    expect(other.answers.map((a) => a.questionId)).toEqual([q1.id]);
  });
});

describe('voting: identity.user.deleted', () => {
  it('erases the answers, scores and settings, keeps the national counts, and drops the user from the board', async () => {
    const before = await counts();
    expect(before.find((c) => c.q === q1.id)).toMatchObject({ total: 2, counts: { yes: 2 } });
    // Their answers and scores name the user.
    expect(await findValuesInDatabase(h.voting.ctx.config.DATABASE_URL, [idOf(gone)])).not.toEqual([]);

    await publishDeleted(idOf(gone));
    await eventually(async () => (await findValuesInDatabase(h.voting.ctx.config.DATABASE_URL, [idOf(gone)])).length === 0, 15_000);

    expect(await rowsOf(idOf(gone))).toEqual({ answers: 0, scores: 0, privacy: 0 });
    expect(await counts()).toEqual(before);
    expect(await rowsOf(idOf(stays))).toEqual({ answers: 1, scores: 1, privacy: 0 });
    const board = await h.v.getLeaderboard({ userIds: [], limit: 10 }, stays);
    expect(board.entries.map((e) => e.userId)).toEqual([idOf(stays)]);
    expect(board.players).toBe(1);
    expect((await h.v.getUserStats({ userId: idOf(stays) }, stays)).nationalRank).toBe(1);
    expect((await h.v.exportUserData({}, gone)).answers).toEqual([]);
  });

  it('is safe to replay: the same event (inbox) and the same deletion under a new id change nothing', async () => {
    const before = await counts();
    const first = await publishDeleted(idOf(gone));
    await eventually(() => consumerCaughtUp(nc, names, 'identity', 'voting-on-user-deleted', first.seq), 15_000);
    // The very same envelope again (a redelivery after a lost ack looks like this): the inbox has it.
    const again = await publishDeleted(idOf(gone), { id: first.envelope.id, msgId: randomUUID() });
    await eventually(() => consumerCaughtUp(nc, names, 'identity', 'voting-on-user-deleted', again.seq), 15_000);
    expect(await deadLetterCount(nc, names)).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await rowsOf(idOf(stays))).toEqual({ answers: 1, scores: 1, privacy: 0 });
    expect(await findValuesInDatabase(h.voting.ctx.config.DATABASE_URL, [idOf(gone)])).toEqual([]);
  });
});
