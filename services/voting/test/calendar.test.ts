import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * The SAST calendar (UTC+2, no DST) on an injected clock. PRODUCT.md "Streak" = consecutive SAST days, ending today
 * or yesterday, with at least one answer. Scores belong to the SAST month the answer was given in.
 */
let h: Harness;
const clock = manualClock('2026-02-28T06:00:00.000Z');
/** Open questions, published before every answer of this file; a user answers each at most once. */
const open: TestQuestion[] = [];

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
  for (let i = 0; i < 8; i++) open.push(await h.createPublished());
});

afterAll(async () => {
  await h?.cleanup();
});

type U = ReturnType<typeof user>;
const answerAt = async (u: U, at: string, q: TestQuestion, option = 'yes') => {
  clock.set(at);
  return h.answer(u, q.id, option);
};
const statsAt = async (u: U, at: string) => {
  clock.set(at);
  return h.v.getUserStats({ userId: idOf(u) }, u);
};
const streakAt = async (u: U, at: string) => (await statsAt(u, at)).streak;
const sastDays = async (u: U) =>
  (await h.sql<{ d: string }>('SELECT sast_day::text AS d FROM answers WHERE user_id = $1 ORDER BY submitted_at', [idOf(u)])).map((r) => r.d);

describe('streak', () => {
  it('two answers an hour apart across SAST midnight (same UTC date) are two consecutive days', async () => {
    const s = user();
    await answerAt(s, '2026-03-09T21:30:00.000Z', open[0]!); // 23:30 SAST, 9 March
    expect(await streakAt(s, '2026-03-09T21:30:00.000Z')).toBe(1);
    await answerAt(s, '2026-03-09T22:30:00.000Z', open[1]!); // 00:30 SAST, 10 March
    expect(await sastDays(s)).toEqual(['2026-03-09', '2026-03-10']);
    expect(await streakAt(s, '2026-03-09T22:30:00.000Z')).toBe(2);
    expect(await streakAt(s, '2026-03-10T21:59:59.000Z')).toBe(2); // 23:59:59 SAST on the 10th: today

    // Still counts while the last answer was yesterday (the 11th, to its last SAST second) …
    expect(await streakAt(s, '2026-03-11T10:00:00.000Z')).toBe(2);
    expect(await streakAt(s, '2026-03-11T21:59:59.000Z')).toBe(2);
    // … and is zero once it was the day before yesterday (00:00 SAST on the 12th).
    expect(await streakAt(s, '2026-03-11T22:00:00.000Z')).toBe(0);

    // The leaderboard shows the same streak.
    clock.set('2026-03-11T10:00:00.000Z');
    const board = await h.v.getLeaderboard({ userIds: [idOf(s)], limit: 0 }, s);
    expect(board.entries.map((e) => [e.userId, e.streak])).toEqual([[idOf(s), 2]]);

    // After the gap (nothing on the 11th) a new answer starts again at 1.
    await answerAt(s, '2026-03-12T08:00:00.000Z', open[2]!);
    expect(await streakAt(s, '2026-03-12T08:00:00.000Z')).toBe(1);
  });

  it('a gap resets it; several answers on one day count once', async () => {
    const g = user();
    await answerAt(g, '2026-03-01T08:00:00.000Z', open[0]!);
    await answerAt(g, '2026-03-02T08:00:00.000Z', open[1]!);
    await answerAt(g, '2026-03-03T20:00:00.000Z', open[2]!); // 22:00 SAST on the 3rd
    await answerAt(g, '2026-03-03T21:00:00.000Z', open[3]!); // 23:00 SAST, same day
    expect(await streakAt(g, '2026-03-03T21:00:00.000Z')).toBe(3);
    // Nothing on the 4th; answers on the 5th and 6th.
    await answerAt(g, '2026-03-05T08:00:00.000Z', open[4]!);
    expect(await streakAt(g, '2026-03-05T08:00:00.000Z')).toBe(1);
    await answerAt(g, '2026-03-06T08:00:00.000Z', open[5]!);
    expect(await statsAt(g, '2026-03-06T08:00:00.000Z')).toMatchObject({ totalAnswers: 6, streak: 2 });
    expect(await streakAt(g, '2026-03-07T21:59:59.999Z')).toBe(2);
    expect(await streakAt(g, '2026-03-07T22:00:00.000Z')).toBe(0);
  });

  it('follows the injected clock, not the database clock (answers long before the real today)', async () => {
    const old = user();
    clock.set('2024-06-01T06:00:00.000Z');
    const q1 = await h.createPublished();
    const q2 = await h.createPublished();
    await answerAt(old, '2024-06-09T10:00:00.000Z', q1);
    await answerAt(old, '2024-06-10T10:00:00.000Z', q2);
    expect(await streakAt(old, '2024-06-10T12:00:00.000Z')).toBe(2);
    clock.set('2024-06-10T12:00:00.000Z');
    const board = await h.v.getLeaderboard({ userIds: [idOf(old)], limit: 0 }, old);
    expect(board.entries.map((e) => e.streak)).toEqual([2]);
  });
});

describe('the SAST month boundary', () => {
  it('an answer at 23:59 SAST on 31 March counts for March; at 00:01 SAST on 1 April for April', async () => {
    const m = user();
    clock.set('2026-03-30T06:00:00.000Z');
    const qa = await h.createPublished({ text: 'Will the Sharks win the URC' });
    const qb = await h.createPublished({ text: 'Will the Bulls win the URC' });

    await answerAt(m, '2026-03-31T21:59:00.000Z', qa, 'yes'); // 23:59 SAST, 31 March
    // Nothing of theirs has resolved yet: no rank, with the reason (the same rule on every screen).
    expect(await statsAt(m, '2026-03-31T21:59:30.000Z')).toMatchObject({ totalAnswers: 1, nationalRank: 0, rankReason: 'noResolvedThisMonth', streak: 1 });
    // 00:00:30 SAST on 1 April: nothing this month yet, so no rank.
    expect(await statsAt(m, '2026-03-31T22:00:30.000Z')).toMatchObject({ totalAnswers: 1, nationalRank: 0, correctThisMonth: 0, resolvedThisMonth: 0 });

    await answerAt(m, '2026-03-31T22:01:00.000Z', qb, 'no'); // 00:01 SAST, 1 April
    expect(await sastDays(m)).toEqual(['2026-03-31', '2026-04-01']);
    expect(
      await h.sql('SELECT month::text, answered, resolved, correct FROM month_scores WHERE user_id = $1 ORDER BY month', [idOf(m)]),
    ).toEqual([
      { month: '2026-03-01', answered: 1, resolved: 0, correct: 0 },
      { month: '2026-04-01', answered: 1, resolved: 0, correct: 0 },
    ]);
    expect(await statsAt(m, '2026-03-31T22:01:00.000Z')).toMatchObject({ totalAnswers: 2, nationalRank: 0, rankReason: 'noResolvedThisMonth', streak: 2 });

    // Both resolve "yes" in April: the March answer (right) scores in March, the April one (wrong) in April.
    clock.set('2026-04-01T08:00:00.000Z');
    await h.resolve(qa.id, 'yes');
    await h.resolve(qb.id, 'yes');

    expect(await statsAt(m, '2026-03-31T12:00:00.000Z')).toEqual({
      totalAnswers: 2,
      accuracy: 100,
      nationalRank: 1,
      rankReason: '',
      streak: 1,
      correctThisMonth: 1,
      resolvedThisMonth: 1,
    });
    expect(await statsAt(m, '2026-04-01T09:00:00.000Z')).toEqual({
      totalAnswers: 2,
      accuracy: 0,
      nationalRank: 1,
      rankReason: '',
      streak: 2,
      correctThisMonth: 0,
      resolvedThisMonth: 1,
    });

    // The leaderboard of each month agrees; questions resolved count by when they were resolved (both in April).
    clock.set('2026-03-31T21:59:59.000Z');
    const march = await h.v.getLeaderboard({ userIds: [idOf(m)], limit: 0 }, m);
    expect(march.entries.map((e) => [e.answered, e.resolved, e.correct, e.accuracy])).toEqual([[1, 1, 1, 100]]);
    expect(march.questionsResolved).toBe(0);
    expect(march.monthStart).toEqual(new Date('2026-02-28T22:00:00.000Z'));
    clock.set('2026-04-01T09:00:00.000Z');
    const april = await h.v.getLeaderboard({ userIds: [idOf(m)], limit: 0 }, m);
    expect(april.entries.map((e) => [e.answered, e.resolved, e.correct, e.accuracy])).toEqual([[1, 1, 0, 0]]);
    expect(april.questionsResolved).toBe(2);
    expect(april.players).toBe(1);
    expect(april.monthStart).toEqual(new Date('2026-03-31T22:00:00.000Z'));
  });
});
