import { sastDate } from '@mzansi/kit/clock';

/** Scoring rules (PRODUCT.md "Leaderboard is real", "Streak"). Pure functions. */

/** The SAST month key of an instant: 'YYYY-MM-01'. */
export function monthKey(at: Date): string {
  return `${sastDate(at).slice(0, 7)}-01`;
}

/** correct ÷ resolved as a whole percent (0 when nothing resolved). */
export function accuracy(correct: number, resolved: number): number {
  return resolved > 0 ? Math.round((correct / resolved) * 100) : 0;
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Consecutive SAST days, ending today or yesterday, with at least one answer.
 * `days` are distinct SAST dates (YYYY-MM-DD) in any order.
 */
export function streak(days: Iterable<string>, today: string): number {
  const set = new Set(days);
  let day = set.has(today) ? today : previousDay(today);
  let n = 0;
  while (set.has(day)) {
    n++;
    day = previousDay(day);
  }
  return n;
}

/** Standard competition ranking (1, 2, 2, 4): ties share a rank. Input sorted by score, best first. */
export function competitionRanks(scores: number[]): number[] {
  const ranks: number[] = [];
  scores.forEach((s, i) => {
    ranks.push(i > 0 && s === scores[i - 1] ? ranks[i - 1]! : i + 1);
  });
  return ranks;
}

export interface OpenState {
  publishedAt: Date | null;
  isResolved: boolean;
  isArchived: boolean;
}

/**
 * Answers are accepted only while a question is published, not resolved and not archived. The answer write
 * statement repeats this rule in SQL (data-access/answer-writer.ts `OPEN_QUESTION_SQL`) so that the check and the
 * insert are one atomic step; test/rules-in-sql.test.ts checks the two agree on every combination.
 */
export function isOpen(q: OpenState): boolean {
  return q.publishedAt !== null && !q.isResolved && !q.isArchived;
}
