import type { FiguresView } from './privacy.js';
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

/**
 * Best first: more correct answers, then more resolved ones, then by user id (a stable order for ties).
 * data-access/voting-repo.ts `topScores` and `listedTopScores` repeat this order in SQL so that a LIMIT reads the
 * top of the board; test/rules-in-sql.test.ts checks they agree.
 */
export function byScore(a: Score, b: Score): number {
  return b.correct - a.correct || b.resolved - a.resolved || a.userId.localeCompare(b.userId);
}

/** The number of entries a board call returns: the asked number within 1–MAX_BOARD_SIZE, DEFAULT_BOARD_SIZE when not asked. */
export function boardSize(requested: number | undefined): number {
  return Math.min(Math.max(requested || DEFAULT_BOARD_SIZE, 1), MAX_BOARD_SIZE);
}

/** What a viewer sees of one score (domain/privacy.ts `figuresView`): with `resolvedOnly`, answered = resolved. */
export function seenScore<T extends Score>(r: T, view: Exclude<FiguresView, 'none'>): T {
  return view === 'resolvedOnly' ? { ...r, answered: r.resolved } : r;
}

/**
 * A board of exactly these users (you and your friends), ranked among themselves: more correct first, then more
 * resolved, then in the order asked — so neither a row's existence nor its `answered` count (both move with an
 * answer to an open question) changes anyone's place; those with no score this month get zeros. Users the viewer
 * may not see (`view` 'none') are left out before ranking, so a rank says nothing about them; the rest are shown
 * as `seenScore` says.
 */
export function scopedBoard(scores: Score[], userIds: string[], view: (userId: string) => FiguresView): Ranked<Score>[] {
  const byId = new Map(scores.map((r) => [r.userId, r]));
  const shown = [...new Set(userIds)].flatMap((userId) => {
    const v = view(userId);
    return v === 'none' ? [] : [seenScore(byId.get(userId) ?? { userId, answered: 0, resolved: 0, correct: 0 }, v)];
  });
  // Array.prototype.sort is stable: ties keep the order asked.
  const sorted = shown.sort((a, b) => b.correct - a.correct || b.resolved - a.resolved);
  const ranks = competitionRanks(sorted.map((r) => r.correct));
  return sorted.map((r, i) => ({ ...r, rank: ranks[i]! }));
}
