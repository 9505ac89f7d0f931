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

/** A rank, or null for a player who is not ranked this month (`unrankedReason` says why). */
export type Ranked<T extends Score = Score> = T & { rank: number | null };

/**
 * Why a player has no rank: nothing of theirs has resolved this SAST month, so there is nothing to rank them by
 * (a "#13" before anything resolved would read as a verdict). Sent as is; the web words it in every language.
 */
export const NO_RESOLVED_THIS_MONTH = 'noResolvedThisMonth';
export type UnrankedReason = typeof NO_RESOLVED_THIS_MONTH;

/**
 * The one definition of rank, for the national and friends boards, the results card and the profile alike:
 * competition ranking by correct answers this SAST month (1, 2, 2, 4) — 1 + the players (of the board) with more
 * correct — and no rank until something of the player's has resolved this month. data-access/voting-repo.ts
 * `listedTopScores` and `nationalRank` repeat it in SQL (test/rules-in-sql.test.ts).
 */
export function isRanked(s: Pick<Score, 'resolved'> | undefined): boolean {
  return !!s && s.resolved > 0;
}

/** The rank of a player with `better` players above them (more correct), or null when unranked. */
export function rankOf(s: Pick<Score, 'resolved'> | undefined, better: number): number | null {
  return isRanked(s) ? better + 1 : null;
}

/** Why `s` has no rank, or null when it has one. */
export function unrankedReason(s: Pick<Score, 'resolved'> | undefined): UnrankedReason | null {
  return isRanked(s) ? null : NO_RESOLVED_THIS_MONTH;
}

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
 * resolved, then in the order asked (ranks as `rankOf` defines them) — so neither a row's existence nor its `answered` count (both move with an
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
  // Array.prototype.sort is stable: ties keep the order asked. The unranked (nothing resolved) sort last, so the
  // ranks of the others are theirs among the ranked.
  const sorted = shown.sort((a, b) => b.correct - a.correct || b.resolved - a.resolved);
  const ranks = competitionRanks(sorted.map((r) => r.correct));
  return sorted.map((r, i) => ({ ...r, rank: isRanked(r) ? ranks[i]! : null }));
}
