import { describe, expect, it } from 'vitest';
import { boardSize, byScore, MAX_NATIONAL_READ, nationalBoard, NATIONAL_READ_GROWTH, scopedBoard, type Score } from '../src/domain/leaderboard.js';
import { calibrationChart } from '../src/domain/calibration.js';

/** The leaderboard's ordering, ranking and zero-filling (domain/leaderboard.ts): pure, no I/O. */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const score = (n: number, correct: number, resolved = correct, answered = resolved): Score => ({ userId: id(n), answered, resolved, correct });
const everyone = () => true;

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
  it('ranks the scored best first (ties share a rank), then zero-fills the rest in the order asked', () => {
    const board = scopedBoard([score(1, 1), score(2, 3), score(3, 1)], [id(9), id(1), id(2), id(8), id(3)], everyone);
    expect(board.map((r) => [r.userId, r.rank, r.correct])).toEqual([
      [id(2), 1, 3],
      [id(1), 2, 1],
      [id(3), 2, 1],
      [id(9), 4, 0],
      [id(8), 4, 0],
    ]);
    expect(board[3]).toEqual({ userId: id(9), answered: 0, resolved: 0, correct: 0, rank: 4 });
  });

  it('leaves out those the viewer may not see before ranking, so ranks close up', () => {
    const board = scopedBoard([score(1, 5), score(2, 3), score(3, 1)], [id(1), id(2), id(3), id(4)], (u) => u !== id(1) && u !== id(4));
    expect(board.map((r) => [r.userId, r.rank])).toEqual([
      [id(2), 1],
      [id(3), 2],
    ]);
  });
});

describe('nationalBoard', () => {
  const prefix = [score(1, 9), score(2, 7), score(3, 7), score(4, 5), score(5, 1)];

  it('ranks count everyone: a hidden player leaves a gap', () => {
    const step = nationalBoard(prefix, 5, 3, (u) => u !== id(2));
    expect(step).toEqual({ done: true, board: [{ ...prefix[0], rank: 1 }, { ...prefix[2], rank: 2 }, { ...prefix[3], rank: 4 }] });
  });

  it('asks for a longer prefix while too few are visible and more may exist', () => {
    expect(nationalBoard(prefix, 5, 5, (u) => u !== id(2))).toEqual({ done: false, nextRead: 5 * NATIONAL_READ_GROWTH });
  });

  it('is done with fewer when the prefix is all there is, or the read reached its bound', () => {
    const step = nationalBoard(prefix.slice(0, 4), 5, 5, (u) => u !== id(2));
    expect(step.done && step.board.map((r) => r.userId)).toEqual([id(1), id(3), id(4)]);
    const bounded = nationalBoard(prefix, MAX_NATIONAL_READ, 5, (u) => u !== id(2));
    expect(bounded.done && bounded.board).toHaveLength(4);
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
