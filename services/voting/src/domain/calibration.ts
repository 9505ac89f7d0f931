import { invalid } from '@mzansi/kit/errors';
import { codedMessage } from '@mzansi/kit/messages';

/**
 * Confidence and proper scoring (PRODUCT.md "Confidence"). Pure functions; the formula is also on the
 * web's "How scoring works" page.
 *
 * A user answers YES or NO with a confidence c of 50–99 % (75 when they do not say): the probability they give
 * their chosen option. When the question resolves, y = 1 if their option was right, else 0, and p = c / 100.
 *
 *   Brier score        B = (p − y)²                   0 is perfect; always saying 50 % gives 0.25
 *   Brier skill        S = 1 − B / 0.25 = 1 − 4(p − y)²   1 perfect, 0 = no better than a coin, negative = worse
 *
 * The Calibration board ranks this SAST month's players with at least MIN_RESOLVED resolved answers by their mean
 * skill shrunk toward the crowd's mean skill C (every resolved answer of every player this month), so that a lucky
 * few answers do not top the board:
 *
 *   score = (Σ S + K · C) ÷ (n + K)        n = the player's resolved answers this month, K = SHRINKAGE
 *
 * Worked example (K = 5, C = 0.2): Thandi answers 4 questions at 75 %, 3 right and 1 wrong:
 * S = 0.75, 0.75, 0.75, −1.25 → Σ S = 1.0, mean 0.25, score = (1.0 + 1.0) ÷ 9 = 0.2222.
 * Sipho gets the same 3 of 4 right but always says 99 %: S = 0.9996 ×3 and −2.9204 → Σ S = 0.0784,
 * score = (0.0784 + 1.0) ÷ 9 = 0.1198. Same number correct; Thandi ranks above Sipho.
 */

export const MIN_CONFIDENCE = 50;
export const MAX_CONFIDENCE = 99;
export const DEFAULT_CONFIDENCE = 75;
/** Pseudo-answers at the crowd's mean skill added to every player's own (the shrinkage weight K). */
export const SHRINKAGE = 5;
/** Resolved answers this month needed to be ranked on the Calibration board. */
export const MIN_RESOLVED = 3;

export const CONFIDENCE_MESSAGE = codedMessage('confidenceRange', `Confidence must be a whole number from ${MIN_CONFIDENCE} to ${MAX_CONFIDENCE}`);

/** The stored confidence of a submit: 75 when absent; anything but a whole 50–99 is refused. */
export function confidenceOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_CONFIDENCE;
  if (!Number.isInteger(value) || value < MIN_CONFIDENCE || value > MAX_CONFIDENCE) throw invalid(CONFIDENCE_MESSAGE, { min: MIN_CONFIDENCE, max: MAX_CONFIDENCE });
  return value;
}

/** (p − y)² with p = confidence / 100 and y = 1 when the chosen option was right. */
export function brierScore(confidence: number, correct: boolean): number {
  const p = confidence / 100;
  const y = correct ? 1 : 0;
  return (p - y) ** 2;
}

/** 1 − B / 0.25: skill against always saying 50 %. */
export function brierSkill(confidence: number, correct: boolean): number {
  return 1 - brierScore(confidence, correct) / 0.25;
}

/** (Σ S + K·C) ÷ (n + K). */
export function shrunkSkill(skillSum: number, resolved: number, crowdSkill: number, k = SHRINKAGE): number {
  return (skillSum + k * crowdSkill) / (resolved + k);
}

/** The chart's buckets: 50–59, 60–69, 70–79, 80–89, 90–99. */
export const BUCKETS = [50, 60, 70, 80, 90].map((from) => ({ from, to: from + 9 }));

/**
 * A user's calibration chart from their resolved answers by bucket (rows keyed by the bucket's `from`): every bucket
 * in order, an empty one with zeros; the number resolved; and the mean skill (0 with nothing resolved).
 */
export function calibrationChart(rows: { bucket: number; count: number; correct: number; meanConfidence: number; skill: number }[]) {
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const resolved = rows.reduce((n, r) => n + r.count, 0);
  return {
    buckets: BUCKETS.map(({ from, to }) => {
      const r = byBucket.get(from);
      return { from, to, count: r?.count ?? 0, correct: r?.correct ?? 0, meanConfidence: r?.meanConfidence ?? 0 };
    }),
    resolved,
    meanSkill: resolved ? rows.reduce((n, r) => n + r.skill, 0) / resolved : 0,
  };
}
