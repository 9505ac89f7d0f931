import { isPastClose } from '@mzansi/api/rules';
import { sastDate } from '@mzansi/kit/clock';
import { brierSkill } from './calibration.js';

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
  /** Answers are refused at and after it; null: until the question resolves. */
  closesAt: Date | null;
}

/** Published, not resolved and not archived: open unless its close time has passed (`hasClosedAt`). */
export function isLive(q: Omit<OpenState, 'closesAt'>): boolean {
  return q.publishedAt !== null && !q.isResolved && !q.isArchived;
}

/** Its close time has come: answering closed at `now` (the instant is the close's own, not a minute later). */
export function hasClosedAt(q: Pick<OpenState, 'closesAt'>, now: Date): boolean {
  return isPastClose(q.closesAt, now);
}

/**
 * Answers are accepted at `now` only while a question is published, not resolved, not archived and before its close
 * time. The answer write statement repeats this rule in SQL (data-access/answer-writer.ts `OPEN_QUESTION_SQL`, with
 * the answer's time as a parameter) so that the check and the insert are one atomic step; test/rules-in-sql.test.ts
 * checks the two agree on every combination and at instants around the close, on one clock.
 */
export function isOpen(q: OpenState, now: Date): boolean {
  return isLive(q) && !hasClosedAt(q, now);
}

/**
 * What a corrected resolution changes in one answer's credit, in the SAST month the answer was given: `correct` by
 * −1 (it was right, now it is wrong), +1 (the other way) or 0, and its Brier skill by new − old
 * (domain/calibration.ts `brierSkill`); `resolved` not at all (it was resolved and stays so). The correction's one
 * statement (data-access/correction-repo.ts `RECREDIT_SQL`) applies the sum of these per month and player;
 * test/correction.test.ts checks the two agree.
 */
export function correctionDelta(answer: { optionId: string; confidence: number }, oldCorrect: string, newCorrect: string): { correct: number; skill: number } {
  const was = answer.optionId === oldCorrect;
  const is = answer.optionId === newCorrect;
  return { correct: Number(is) - Number(was), skill: brierSkill(answer.confidence, is) - brierSkill(answer.confidence, was) };
}
