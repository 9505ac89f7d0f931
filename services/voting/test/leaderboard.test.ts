import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * PRODUCT.md "Leaderboard is real": score = correct predictions this SAST month, ties share a rank, players and
 * questions resolved are real totals of the month. Scoped boards show exactly the given users.
 */
let h: Harness;
const clock = manualClock('2026-02-20T06:00:00.000Z');

type U = ReturnType<typeof user>;
const [a, b, c, d, e, feb] = [user(), user(), user(), user(), user(), user()];
const name = new Map<string, string>([a, b, c, d, e, feb].map((u, i) => [idOf(u), 'abcdeF'[i]!]));
let march: TestQuestion[];

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
  // The national board names only players who opted in (domain/privacy.ts mayListNationally); these all did.
  for (const u of [a, b, c, d, e, feb]) await h.v.updatePrivacy({ answerVisibility: 0, listOnNationalBoard: true }, u);

  // February: one player, one question resolved. None of it counts in March.
  clock.set('2026-02-20T06:00:00.000Z');
  const qf = await h.createPublished();
  clock.set('2026-02-20T10:00:00.000Z');
  await h.answer(feb, qf.id, 'yes');
  clock.set('2026-02-21T10:00:00.000Z');
  await h.resolve(qf.id, 'yes');

  // March: q1..q3 resolve "yes"; q4 stays open.
  clock.set('2026-03-05T06:00:00.000Z');
  march = [await h.createPublished(), await h.createPublished(), await h.createPublished(), await h.createPublished()];
  const [q1, q2, q3, q4] = march as [TestQuestion, TestQuestion, TestQuestion, TestQuestion];
  clock.set('2026-03-05T09:00:00.000Z');
  const votes: [U, TestQuestion, string][] = [
    [a, q1, 'yes'],
    [a, q2, 'yes'],
    [a, q3, 'yes'], // a: 3 correct of 3
    [b, q1, 'yes'],
    [b, q2, 'yes'],
    [b, q3, 'no'], // b: 2 of 3
    [c, q1, 'yes'],
    [c, q2, 'yes'], // c: 2 of 2
    [d, q1, 'yes'],
    [d, q2, 'no'],
    [d, q3, 'no'], // d: 1 of 3
    [e, q1, 'no'],
    [e, q4, 'yes'], // e: 0 of 1, one pending
  ];
  await Promise.all(votes.map(([u, q, o]) => h.answer(u, q.id, o)));
  clock.set('2026-03-06T12:00:00.000Z');
  for (const q of [q1, q2, q3]) await h.resolve(q.id, 'yes');
});

afterAll(async () => {
  await h?.cleanup();
});

const asRows = (entries: { userId: string; rank: number; correct: number; resolved: number; answered: number; accuracy: number; streak: number }[]) =>
  entries.map((x) => [name.get(x.userId) ?? x.userId, x.rank, x.correct, x.resolved, x.answered, x.accuracy, x.streak]);

describe('national leaderboard', () => {
  it('is sorted by correct answers this month, ties share a rank; players and questions resolved are real', async () => {
    clock.set('2026-03-06T12:00:00.000Z');
    const board = await h.v.getLeaderboard({ userIds: [], limit: 0 }, a);
    // name, rank, correct, resolved, answered, accuracy, streak (answered yesterday)
    expect(asRows(board.entries)).toEqual([
      ['a', 1, 3, 3, 3, 100, 1],
      ['b', 2, 2, 3, 3, 67, 1],
      ['c', 2, 2, 2, 2, 100, 1],
      ['d', 4, 1, 3, 3, 33, 1],
      ['e', 5, 0, 1, 2, 0, 1],
    ]);
    expect(board.players).toBe(5); // the February player is not a March player
    expect(board.questionsResolved).toBe(3); // February's resolution and the open q4 do not count
    expect(board.monthStart).toEqual(new Date('2026-02-28T22:00:00.000Z'));

    // The same ranks as each user's own stats.
    const ranks = await Promise.all([a, b, c, d, e, feb].map(async (u) => (await h.v.getUserStats({ userId: idOf(u) }, u)).nationalRank));
    expect(ranks).toEqual([1, 2, 2, 4, 5, 0]);
  });

  it('honours the limit', async () => {
    clock.set('2026-03-06T12:00:00.000Z');
    const top2 = await h.v.getLeaderboard({ userIds: [], limit: 2 }, a);
    expect(asRows(top2.entries).map((r) => [r[0], r[1]])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(top2.players).toBe(5);
  });

  it('names only opted-in players: one who is not leaves a gap, counts in the totals and still sees their own rank', async () => {
    clock.set('2026-03-06T12:00:00.000Z');
    await h.v.updatePrivacy({ answerVisibility: 0, listOnNationalBoard: false }, b);
    try {
      const board = await h.v.getLeaderboard({ userIds: [], limit: 0 }, a);
      expect(asRows(board.entries).map((r) => [r[0], r[1]])).toEqual([
        ['a', 1],
        ['c', 2],
        ['d', 4],
        ['e', 5],
      ]);
      expect(board.players).toBe(5);
      const theirs = await h.v.getLeaderboard({ userIds: [], limit: 0 }, b);
      expect(asRows(theirs.entries).map((r) => [r[0], r[1]])).toEqual([
        ['a', 1],
        ['b', 2],
        ['c', 2],
        ['d', 4],
        ['e', 5],
      ]);
      expect((await h.v.getUserStats({ userId: idOf(b) }, b)).nationalRank).toBe(2);
      // The top 2 is filled past them.
      expect(asRows((await h.v.getLeaderboard({ userIds: [], limit: 2 }, a)).entries).map((r) => r[0])).toEqual(['a', 'c']);
    } finally {
      await h.v.updatePrivacy({ answerVisibility: 0, listOnNationalBoard: true }, b);
    }
  });

  it('is per SAST month: February shows only its own player and resolution', async () => {
    clock.set('2026-02-25T12:00:00.000Z');
    const board = await h.v.getLeaderboard({ userIds: [], limit: 0 }, a);
    expect(asRows(board.entries)).toEqual([['F', 1, 1, 1, 1, 100, 0]]);
    expect(board.players).toBe(1);
    expect(board.questionsResolved).toBe(1);
    // April: nobody yet.
    clock.set('2026-04-02T12:00:00.000Z');
    const april = await h.v.getLeaderboard({ userIds: [], limit: 0 }, a);
    expect(april).toEqual({ entries: [], players: 0, questionsResolved: 0, monthStart: new Date('2026-03-31T22:00:00.000Z'), viewerListed: true });
  });
});

describe('scoped leaderboard (you and your friends)', () => {
  it('returns exactly the given users, ranked among themselves; users without answers get zeros', async () => {
    clock.set('2026-03-06T12:00:00.000Z');
    const nobody = randomUUID();
    const board = await h.v.getLeaderboard({ userIds: [idOf(c), nobody, idOf(a), idOf(c), idOf(feb), 'not-a-uuid'], limit: 0 }, c);
    expect(asRows(board.entries)).toEqual([
      ['a', 1, 3, 3, 3, 100, 1],
      ['c', 2, 2, 2, 2, 100, 1],
      // Zeros at the bottom, in the order asked, unranked (rank 0): no answers this month (the February player) or none at all.
      [nobody, 0, 0, 0, 0, 0, 0],
      ['F', 0, 0, 0, 0, 0, 0],
    ]);
    // The totals stay national.
    expect(board.players).toBe(5);
    expect(board.questionsResolved).toBe(3);

    const tie = await h.v.getLeaderboard({ userIds: [idOf(d), idOf(b), idOf(c)], limit: 0 }, d);
    expect(asRows(tie.entries).map((r) => [r[0], r[1]])).toEqual([
      ['b', 1],
      ['c', 1],
      ['d', 3],
    ]);
  });
});
