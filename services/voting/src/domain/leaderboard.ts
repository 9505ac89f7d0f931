import { competitionRanks } from './scoring.js';

/**
 * The monthly leaderboard (PRODUCT.md "Leaderboard is real"): how players are ordered, ranked and filled in. Pure
 * rules; the repository reads month scores, the handler applies these and shapes the reply.
 */

export interface Score {
  userId: string;
  answered: number;
  resolved: number;
  correct: number;
}

export type Ranked<T extends Score = Score> = T & { rank: number };

/** The default and the most entries one board call returns. */
export const DEFAULT_BOARD_SIZE = 50;
export const MAX_BOARD_SIZE = 100;

/** The national board's prefix read grows by this factor, up to MAX_NATIONAL_READ rows, until enough are visible. */
export const NATIONAL_READ_GROWTH = 4;
export const MAX_NATIONAL_READ = 10_000;

/**
 * Best first: more correct answers, then more resolved ones, then by user id (a stable order for ties).
 * data-access/voting-repo.ts `topScores` repeats this order in SQL so that a LIMIT reads the top of the board;
 * test/rules-in-sql.test.ts checks the two agree.
 */
export function byScore(a: Score, b: Score): number {
  return b.correct - a.correct || b.resolved - a.resolved || a.userId.localeCompare(b.userId);
}

/** The number of entries a board call returns: the asked number within 1–MAX_BOARD_SIZE, DEFAULT_BOARD_SIZE when not asked. */
export function boardSize(requested: number | undefined): number {
  return Math.min(Math.max(requested || DEFAULT_BOARD_SIZE, 1), MAX_BOARD_SIZE);
}

/**
 * A board of exactly these users (you and your friends), ranked among themselves: the scored ones best first,
 * then those with no score this month with zeros, in the order asked. Users the viewer may not see (`visible`
 * false) are left out before ranking, so a rank says nothing about them.
 */
export function scopedBoard<T extends Score>(scores: T[], userIds: string[], visible: (userId: string) => boolean): Ranked<Score>[] {
  const present = new Set(scores.map((r) => r.userId));
  const zeros: Score[] = userIds.filter((id) => !present.has(id)).map((userId) => ({ userId, answered: 0, resolved: 0, correct: 0 }));
  const sorted: Score[] = [...[...scores].sort(byScore), ...zeros].filter((r) => visible(r.userId));
  const ranks = competitionRanks(sorted.map((r) => r.correct));
  return sorted.map((r, i) => ({ ...r, rank: ranks[i]! }));
}

/**
 * The national board from a prefix of `read` scores (best first, in `byScore` order): ranks are national (everyone
 * counts, as in a user's own national rank), so a hidden player leaves a gap rather than moving anyone up. `done`
 * when `limit` visible players fill it, when the prefix is all there is, or when the read has reached its bound;
 * otherwise read `nextRead` scores and ask again.
 */
export function nationalBoard<T extends Score>(
  prefix: T[],
  read: number,
  limit: number,
  visible: (userId: string) => boolean,
): { done: true; board: Ranked<T>[] } | { done: false; nextRead: number } {
  const ranks = competitionRanks(prefix.map((r) => r.correct));
  const seen = prefix.map((r, i) => ({ ...r, rank: ranks[i]! })).filter((r) => visible(r.userId));
  if (seen.length >= limit || prefix.length < read || read >= MAX_NATIONAL_READ) return { done: true, board: seen.slice(0, limit) };
  return { done: false, nextRead: read * NATIONAL_READ_GROWTH };
}
