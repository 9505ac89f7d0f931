import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * History and stats as resolutions arrive (PRODUCT.md "Leaderboard is real"): pending → correct / incorrect;
 * accuracy = correct ÷ resolved answered this SAST month as a whole percent; national rank with ties sharing a rank.
 */
let h: Harness;
const clock = manualClock('2026-03-12T06:00:00.000Z');

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
});

afterAll(async () => {
  await h?.cleanup();
});

const [u1, u2, u3, u4, u5] = [user(), user(), user(), user(), user()];
let q1: TestQuestion, q2: TestQuestion, q3: TestQuestion, q4: TestQuestion;

const stats = (u: ReturnType<typeof user>) => h.v.getUserStats({ userId: idOf(u) }, u);
const history = async (u: ReturnType<typeof user>) => (await h.v.getUserHistory({ userId: idOf(u), limit: 0 }, u)).items;

describe('history and stats', () => {
  it('answers are pending until their question is resolved', async () => {
    clock.set('2026-03-12T06:00:00.000Z');
    q1 = await h.createPublished({ text: 'Will load shedding return this winter' });
    q2 = await h.createPublished({ text: 'Will the repo rate be cut' });
    q3 = await h.createPublished({ text: 'Will petrol go up in April' });
    q4 = await h.createPublished({ text: 'Will the budget pass' });

    // One answer per minute, so that "latest first" is well defined.
    let minute = 0;
    const at = async (u: ReturnType<typeof user>, q: TestQuestion, option: string) => {
      clock.set(new Date(Date.parse('2026-03-12T07:00:00.000Z') + minute++ * 60_000));
      return h.answer(u, q.id, option);
    };
    await at(u1, q1, 'yes');
    await at(u1, q2, 'yes');
    await at(u1, q3, 'no');
    await at(u1, q4, 'yes');
    await at(u2, q1, 'yes');
    await at(u2, q2, 'yes');
    await at(u3, q1, 'yes');
    await at(u3, q2, 'no');
    await at(u4, q1, 'no');

    const items = await history(u1);
    expect(items.map((i) => [i.questionText, i.optionId, i.optionText, i.isPending, i.isCorrect])).toEqual([
      ['Will the budget pass', 'yes', 'Yes', true, false],
      ['Will petrol go up in April', 'no', 'No', true, false],
      ['Will the repo rate be cut', 'yes', 'Yes', true, false],
      ['Will load shedding return this winter', 'yes', 'Yes', true, false],
    ]);
    expect(items.map((i) => i.submittedAt)).toEqual([
      new Date('2026-03-12T07:03:00.000Z'),
      new Date('2026-03-12T07:02:00.000Z'),
      new Date('2026-03-12T07:01:00.000Z'),
      new Date('2026-03-12T07:00:00.000Z'),
    ]);
    // The limit is honoured.
    expect((await h.v.getUserHistory({ userId: idOf(u1), limit: 2 }, u1)).items.map((i) => i.questionId)).toEqual([q4.id, q3.id]);

    // Nothing resolved: accuracy 0 and no rank (0), with the reason.
    const unranked = { nationalRank: 0, rankReason: 'noResolvedThisMonth' };
    expect(await stats(u1)).toEqual({ totalAnswers: 4, accuracy: 0, ...unranked, streak: 1, correctThisMonth: 0, resolvedThisMonth: 0 });
    expect(await stats(u4)).toMatchObject(unranked);
  });

  it('resolution turns history items correct / incorrect and sets accuracy and ranks (ties share a rank)', async () => {
    clock.set('2026-03-12T18:00:00.000Z');
    await h.resolve(q1.id, 'yes');
    await h.resolve(q2.id, 'yes');
    await h.resolve(q3.id, 'yes');

    const items = await history(u1);
    expect(items.map((i) => [i.questionId, i.isPending, i.isCorrect])).toEqual([
      [q4.id, true, false],
      [q3.id, false, false],
      [q2.id, false, true],
      [q1.id, false, true],
    ]);
    expect((await history(u3)).map((i) => [i.questionId, i.isPending, i.isCorrect])).toEqual([
      [q2.id, false, false],
      [q1.id, false, true],
    ]);

    // u1: 2 of 3 resolved correct = 67 %; u2: 2 of 2 = 100 %. Both have 2 correct: rank 1 together; u3 (1 correct) is 3rd.
    expect(await stats(u1)).toEqual({ totalAnswers: 4, accuracy: 67, nationalRank: 1, rankReason: '', streak: 1, correctThisMonth: 2, resolvedThisMonth: 3 });
    expect(await stats(u2)).toEqual({ totalAnswers: 2, accuracy: 100, nationalRank: 1, rankReason: '', streak: 1, correctThisMonth: 2, resolvedThisMonth: 2 });
    expect(await stats(u3)).toEqual({ totalAnswers: 2, accuracy: 50, nationalRank: 3, rankReason: '', streak: 1, correctThisMonth: 1, resolvedThisMonth: 2 });
    // u4: resolved but none correct: ranked, after everyone with more correct.
    expect(await stats(u4)).toEqual({ totalAnswers: 1, accuracy: 0, nationalRank: 4, rankReason: '', streak: 1, correctThisMonth: 0, resolvedThisMonth: 1 });
    // No answers at all: zeros and no rank.
    expect(await stats(u5)).toEqual({ totalAnswers: 0, accuracy: 0, nationalRank: 0, rankReason: 'noResolvedThisMonth', streak: 0, correctThisMonth: 0, resolvedThisMonth: 0 });
    expect(await history(u5)).toEqual([]);

    // The last pending one resolves: u1 now 3 of 4 = 75 % and alone at the top; u2 second.
    await h.resolve(q4.id, 'yes');
    expect(await stats(u1)).toMatchObject({ accuracy: 75, nationalRank: 1, correctThisMonth: 3, resolvedThisMonth: 4 });
    expect((await stats(u2)).nationalRank).toBe(2);
    expect((await stats(u3)).nationalRank).toBe(3);
    expect((await history(u1))[0]).toMatchObject({ questionId: q4.id, isPending: false, isCorrect: true });
  });
});
