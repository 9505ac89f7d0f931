import { describe, expect, it } from 'vitest';
import { boardSize, byScore, NO_RESOLVED_THIS_MONTH, rankOf, scopedBoard, unrankedReason, type Score } from '../src/domain/leaderboard.js';
import { calibrationChart } from '../src/domain/calibration.js';

/** The leaderboard's ordering, ranking and zero-filling (domain/leaderboard.ts): pure, no I/O. */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const score = (n: number, correct: number, resolved = correct, answered = resolved): Score => ({ userId: id(n), answered, resolved, correct });
const everyone = () => 'all' as const;

describe('byScore', () => {
  it('more correct first, then more resolved, then by user id', () => {
    const rows = [score(3, 2, 5), score(1, 2, 5), score(2, 4, 4), score(4, 2, 6), score(5, 0, 0)];
    expect([...rows].sort(byScore).map((r) => r.userId)).toEqual([id(2), id(4), id(1), id(3), id(5)]);
  });
});

describe('boardSize', () => {
  it.each([
    [undefined, 50],
    [0, 50],
    [-3, 1],
    [1, 1],
    [100, 100],
    [101, 100],
  ])('asked %s → %i', (asked, size) => expect(boardSize(asked)).toBe(size));
});

describe('scopedBoard', () => {
  it('ranks the scored best first (ties share a rank), then zero-fills the rest in the order asked, unranked', () => {
    const board = scopedBoard([score(1, 1), score(2, 3), score(3, 1)], [id(9), id(1), id(2), id(8), id(3)], everyone);
    expect(board.map((r) => [r.userId, r.rank, r.correct])).toEqual([
      [id(2), 1, 3],
      [id(1), 2, 1],
      [id(3), 2, 1],
      [id(9), null, 0],
      [id(8), null, 0],
    ]);
    expect(board[3]).toEqual({ userId: id(9), answered: 0, resolved: 0, correct: 0, rank: null });
  });

  it('a player with resolved answers but none correct is ranked after those with more (1, 2, 2, 4); nothing resolved is unranked', () => {
    const board = scopedBoard([score(1, 2), score(2, 1), score(3, 1), score(4, 0, 2), score(5, 0, 0, 3)], [id(5), id(4), id(3), id(2), id(1)], everyone);
    expect(board.map((r) => [r.userId, r.rank])).toEqual([
      [id(1), 1],
      [id(3), 2], // ties keep the order asked
      [id(2), 2],
      [id(4), 4],
      [id(5), null],
    ]);
  });
});

describe('rankOf / unrankedReason (the one definition of rank)', () => {
  it('1 + those with more correct once something resolved this month; else null with the reason', () => {
    expect(rankOf({ resolved: 3 }, 0)).toBe(1);
    expect(rankOf({ resolved: 1 }, 3)).toBe(4);
    expect(rankOf({ resolved: 0 }, 0)).toBeNull();
    expect(rankOf(undefined, 0)).toBeNull();
    expect(unrankedReason({ resolved: 0 })).toBe(NO_RESOLVED_THIS_MONTH);
    expect(unrankedReason(undefined)).toBe('noResolvedThisMonth');
    expect(unrankedReason({ resolved: 2 })).toBeNull();
  });

  it('leaves out those the viewer may not see before ranking, so ranks close up', () => {
    const board = scopedBoard([score(1, 5), score(2, 3), score(3, 1)], [id(1), id(2), id(3), id(4)], (u) => (u !== id(1) && u !== id(4) ? 'all' : 'none'));
    expect(board.map((r) => [r.userId, r.rank])).toEqual([
      [id(2), 1],
      [id(3), 2],
    ]);
  });
});

describe('scopedBoard with hideUntilResolved (resolvedOnly)', () => {
  it('shows answered = resolved, and a row that only open answers created sits exactly where a zero row would', () => {
    // id(2) answered 4 open questions this month (a row with answered 4), id(1) none at all; asked 2 before 1.
    const rows = [score(2, 0, 0, 4), score(3, 1, 2, 5)];
    const board = scopedBoard(rows, [id(3), id(2), id(1)], (u) => (u === id(3) ? 'all' : 'resolvedOnly'));
    expect(board.map((r) => [r.userId, r.rank, r.answered])).toEqual([
      [id(3), 1, 5],
      [id(2), null, 0],
      [id(1), null, 0],
    ]);
    // Without the open answers the board is the same, place for place.
    expect(scopedBoard([score(3, 1, 2, 5)], [id(3), id(2), id(1)], (u) => (u === id(3) ? 'all' : 'resolvedOnly'))).toEqual(board);
  });
});

describe('calibrationChart', () => {
  it('every bucket in order, empty ones with zeros; resolved and mean skill over the rows', () => {
    const chart = calibrationChart([
      { bucket: 70, count: 2, correct: 1, meanConfidence: 75, skill: 0.75 - 1.25 },
      { bucket: 90, count: 1, correct: 1, meanConfidence: 99, skill: 0.9996 },
    ]);
    expect(chart.buckets).toEqual([
      { from: 50, to: 59, count: 0, correct: 0, meanConfidence: 0 },
      { from: 60, to: 69, count: 0, correct: 0, meanConfidence: 0 },
      { from: 70, to: 79, count: 2, correct: 1, meanConfidence: 75 },
      { from: 80, to: 89, count: 0, correct: 0, meanConfidence: 0 },
      { from: 90, to: 99, count: 1, correct: 1, meanConfidence: 99 },
    ]);
    expect(chart.resolved).toBe(3);
    expect(chart.meanSkill).toBeCloseTo((0.75 - 1.25 + 0.9996) / 3, 10);
  });

  it('nothing resolved: mean skill 0', () => {
    expect(calibrationChart([])).toMatchObject({ resolved: 0, meanSkill: 0 });
  });
});
