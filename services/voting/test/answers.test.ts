import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { expectGrpcError } from '@mzansi/kit/testing';
import { MESSAGES } from '../src/entry-points/grpc/voting-service.js';
import { idOf, user } from './helpers.js';
import { h, clock, rowsOf, countsOf, useVotingService } from './answers-setup.js';

/** One answer per user per question; results; answers only while the question is open (the service: ./answers-setup.ts). */
useVotingService();

describe('one answer per user per question', () => {
  it('50 concurrent identical submits by one user: one row, one count, one event; the rest are already_answered', async () => {
    const q = await h.createPublished();
    const alice = user();

    const results = await Promise.all(Array.from({ length: 50 }, () => h.answer(alice, q.id, 'yes')));
    expect(results.filter((r) => !r.alreadyAnswered)).toHaveLength(1);
    expect(results.filter((r) => r.alreadyAnswered)).toHaveLength(49);
    const answerIds = new Set(results.map((r) => r.answer!.id));
    expect(answerIds.size).toBe(1);
    for (const r of results) expect(r.answer).toMatchObject({ userId: idOf(alice), questionId: q.id, optionId: 'yes', submittedAt: clock.current });

    expect(await rowsOf(q.id)).toEqual([{ user_id: idOf(alice), option_id: 'yes' }]);
    expect(await countsOf(q.id)).toEqual({ questionId: q.id, counts: [{ optionId: 'yes', count: 1, percentage: 100 }], total: 1 });
    expect(await h.sql('SELECT month::text, answered, resolved, correct FROM month_scores WHERE user_id = $1', [idOf(alice)])).toEqual([
      { month: '2026-03-01', answered: 1, resolved: 0, correct: 0 },
    ]);

    // A different option afterwards is a conflict, and changes nothing.
    await expectGrpcError(h.answer(alice, q.id, 'no'), grpc.status.ALREADY_EXISTS, 'You have already answered this question');
    expect(await rowsOf(q.id)).toEqual([{ user_id: idOf(alice), option_id: 'yes' }]);
    expect((await countsOf(q.id))!.total).toBe(1);
    // The identical submit stays idempotent: the same answer.
    const again = await h.answer(alice, q.id, 'yes');
    expect(again).toEqual({ answer: results[0]!.answer, alreadyAnswered: true });
  });

  it('concurrent submits of different options by one user: one wins; the same option is idempotent, the other refused', async () => {
    const q = await h.createPublished();
    const bongani = user();
    const settled = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => h.answer(bongani, q.id, i % 2 ? 'no' : 'yes')));
    const rows = await rowsOf(q.id);
    expect(rows).toHaveLength(1);
    const winner = rows[0]!.option_id;
    const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as grpc.ServiceError] : []));
    expect(ok).toHaveLength(20);
    expect(ok.filter((r) => !r.alreadyAnswered)).toHaveLength(1);
    expect(ok.every((r) => r.answer!.optionId === winner)).toBe(true);
    expect(failed).toHaveLength(20);
    for (const e of failed) expect([grpc.status[e.code], e.details]).toEqual(['ALREADY_EXISTS', MESSAGES.different]);
    expect(await countsOf(q.id)).toEqual({ questionId: q.id, counts: [{ optionId: winner, count: 1, percentage: 100 }], total: 1 });
  });
});

describe('results under a burst', () => {
  // The 200-user burst and the rounding split, with the gateway's percentages: tests/journeys/voting-results.test.ts.
  it('GetResults for many questions at once; unknown questions have no counts', async () => {
    const a = await h.createPublished();
    const b = await h.createPublished();
    await h.answer(user(), a.id, 'yes');
    await h.answer(user(), b.id, 'no');
    await h.answer(user(), b.id, 'no');
    const { results } = await h.v.getResults({ questionIds: [a.id, b.id, '00000000-0000-4000-8000-000000000000', 'nonsense'] });
    const byId = new Map(results.map((r) => [r.questionId, r]));
    expect(byId.size).toBe(2);
    expect(byId.get(a.id)).toEqual({ questionId: a.id, counts: [{ optionId: 'yes', count: 1, percentage: 100 }], total: 1 });
    expect(byId.get(b.id)).toEqual({ questionId: b.id, counts: [{ optionId: 'no', count: 2, percentage: 100 }], total: 2 });
  });
});

describe('answers only while the question is open', () => {
  // With the real questions service (a draft is never announced): tests/journeys/questions-voting.test.ts.
  it('a draft (never published, so never announced) is not found', async () => {
    const draft = await h.createDraft();
    expect(await h.stateOf(draft.id)).toBeUndefined();
    await expectGrpcError(h.answer(user(), draft.id, 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(h.answer(user(), '00000000-0000-4000-8000-000000000000', 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(h.answer(user(), 'not-a-uuid', 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    expect(await rowsOf(draft.id)).toEqual([]);
  });

  it('an unknown option is INVALID_ARGUMENT and records nothing', async () => {
    const q = await h.createPublished();
    await expectGrpcError(h.answer(user(), q.id, 'maybe'), grpc.status.INVALID_ARGUMENT, MESSAGES.unknownOption);
    await expectGrpcError(h.answer(user(), q.id, ''), grpc.status.INVALID_ARGUMENT, MESSAGES.unknownOption);
    expect(await rowsOf(q.id)).toEqual([]);
    expect(await countsOf(q.id)).toBeUndefined();
  });

  it('a resolved question refuses new answers (FAILED_PRECONDITION) and records nothing', async () => {
    const q = await h.createPublished();
    const early = user();
    await h.answer(early, q.id, 'yes');
    await h.resolve(q.id, 'yes');
    const late = user();
    await expectGrpcError(h.answer(late, q.id, 'yes'), grpc.status.FAILED_PRECONDITION, 'This question is no longer open for answers');
    await expectGrpcError(h.v.getAnswer({ userId: idOf(late), questionId: q.id }, late), grpc.status.NOT_FOUND, 'Not answered');
    expect(await rowsOf(q.id)).toEqual([{ user_id: idOf(early), option_id: 'yes' }]);
    expect((await countsOf(q.id))!.total).toBe(1);
    expect(await h.sql('SELECT 1 FROM month_scores WHERE user_id = $1', [idOf(late)])).toEqual([]);
  });

  it('an archived question refuses answers, whether it was resolved first or not', async () => {
    const open = await h.createPublished();
    await h.archive(open.id);
    await expectGrpcError(h.answer(user(), open.id, 'no'), grpc.status.FAILED_PRECONDITION, 'This question is no longer open for answers');
    expect(await rowsOf(open.id)).toEqual([]);

    const resolved = await h.createPublished();
    await h.resolve(resolved.id, 'no');
    await h.archive(resolved.id);
    await expectGrpcError(h.answer(user(), resolved.id, 'no'), grpc.status.FAILED_PRECONDITION, 'This question is no longer open for answers');
    expect(await rowsOf(resolved.id)).toEqual([]);
  });

  it('a deleted question is not found, and its answers, counts and month-score contributions are gone', async () => {
    const doomed = await h.createPublished();
    const kept = await h.createPublished();
    const openDoomed = await h.createPublished();
    const [thandi, sipho, zanele] = [user(), user(), user()];
    // thandi and sipho also answer `kept`; zanele only answers the doomed questions.
    await h.answer(thandi, doomed.id, 'yes');
    await h.answer(sipho, doomed.id, 'no');
    await h.answer(zanele, doomed.id, 'yes');
    await h.answer(thandi, kept.id, 'yes');
    await h.answer(sipho, kept.id, 'yes');
    await h.answer(zanele, openDoomed.id, 'no');
    await h.answer(thandi, openDoomed.id, 'no');
    await h.resolve(doomed.id, 'yes');
    await h.resolve(kept.id, 'yes');

    const scores = async () =>
      Object.fromEntries(
        (
          await h.sql<{ user_id: string; answered: number; resolved: number; correct: number }>(
            'SELECT user_id, answered, resolved, correct FROM month_scores WHERE user_id = ANY($1::uuid[])',
            [[thandi, sipho, zanele].map(idOf)],
          )
        ).map((r) => [r.user_id, [r.answered, r.resolved, r.correct]]),
      );
    expect(await scores()).toEqual({
      [idOf(thandi)]: [3, 2, 2],
      [idOf(sipho)]: [2, 2, 1],
      [idOf(zanele)]: [2, 1, 1],
    });

    await h.remove(doomed.id);
    await expectGrpcError(h.answer(user(), doomed.id, 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    expect(await rowsOf(doomed.id)).toEqual([]);
    expect(await h.sql('SELECT * FROM option_counts WHERE question_id = $1', [doomed.id])).toEqual([]);
    expect(await countsOf(doomed.id)).toBeUndefined();
    expect(await scores()).toEqual({
      [idOf(thandi)]: [2, 1, 1],
      [idOf(sipho)]: [1, 1, 1],
      [idOf(zanele)]: [1, 0, 0],
    });

    // An unresolved question's deletion takes back only `answered`; a user left with nothing drops out of the month.
    await h.remove(openDoomed.id);
    expect(await scores()).toEqual({
      [idOf(thandi)]: [1, 1, 1],
      [idOf(sipho)]: [1, 1, 1],
    });
    const zStats = await h.v.getUserStats({ userId: idOf(zanele) }, zanele);
    expect(zStats).toEqual({ totalAnswers: 0, accuracy: 0, nationalRank: 0, rankReason: 'noResolvedThisMonth', streak: 0, correctThisMonth: 0, resolvedThisMonth: 0 });
    const tHistory = await h.v.getUserHistory({ userId: idOf(thandi), limit: 0 }, thandi);
    expect(tHistory.items.map((i) => i.questionId)).toEqual([kept.id]);
    // The kept question's answers and counts are untouched.
    expect((await countsOf(kept.id))!.total).toBe(2);
  });
});
