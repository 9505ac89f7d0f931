import { z } from 'zod';
import { isoDate, isoDateOrNull } from './common.js';

/** Most points of a question's history, and of a card's sparkline. */
export const HISTORY_MAX_POINTS = 200;
export const SPARKLINE_MAX_POINTS = 24;

/** One option's cumulative votes and share at a point (percentages computed by voting, summing to 100 ± 0.1). */
export const HistoryResult = z.strictObject({
  optionId: z.string(),
  votes: z.number().int().nonnegative(),
  percentage: z.number().min(0).max(100),
});

/**
 * The national split at a moment. `results` lists every option in the question's order, or is empty where the
 * figures are withheld (an open blind question for this reader: only the totals, as GET /results).
 */
export const HistoryPoint = z.strictObject({ at: isoDate, results: z.array(HistoryResult), totalVotes: z.number().int().nonnegative() });

/**
 * GET /api/questions/{id}/history: how the nation moved. At most 200 points, oldest first (`at` never decreases):
 * the first at `publishedAt` with no votes, the last the latest (now, or `resolvedAt`). The national split has no
 * minimum count (only provinces do, and the history carries none), so every point shows its figures.
 */
export const ResultsHistory = z.strictObject({
  points: z.array(HistoryPoint).min(1).max(HISTORY_MAX_POINTS),
  publishedAt: isoDate,
  resolvedAt: isoDateOrNull,
  isBlind: z.literal(true).optional(),
  resultsHidden: z.boolean().optional(),
});

/**
 * A feed card's sparkline: at most 24 points, each option's share in the question's option order; null where the
 * history must not show (an open blind question the reader has not answered).
 */
export const Sparkline = z
  .array(z.strictObject({ at: isoDate, percentages: z.array(z.number().min(0).max(100)) }))
  .max(SPARKLINE_MAX_POINTS)
  .nullable();

export type HistoryResult = z.infer<typeof HistoryResult>;
export type HistoryPoint = z.infer<typeof HistoryPoint>;
export type ResultsHistory = z.infer<typeof ResultsHistory>;
export type Sparkline = z.infer<typeof Sparkline>;
