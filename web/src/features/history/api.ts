// A question's national split over time (results panel) and a player's accuracy by month (profile). The live client
// appends a point to a cached question history on each `results-updated` message (liveHistory.ts): no refetch.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccuracyHistory, ResultsHistory } from '@mzansi/api';
import { getQueryFn } from '../../lib/api';

/**
 * GET /api/questions/{id}/history: at most 200 points since publishing, oldest first; `resultsHidden` for a blind
 * question the reader has not answered (no figures to show).
 */
export type QuestionHistory = ResultsHistory;
/** One moment of the split: each option's votes and share, and the total then. */
export type HistoryPoint = ResultsHistory['points'][number];

export type { AccuracyHistory };
export type AccuracyPoint = AccuracyHistory['points'][number];

/** The server keeps at most this many points; live points beyond it thin out the oldest half (liveHistory.ts). */
export const MAX_POINTS = 200;

export const questionHistoryKey = (questionId: string) => ['/api/questions', questionId, 'history'] as const;
export const accuracyHistoryKey = (userId: string) => ['/api/users', userId, 'accuracy-history'] as const;

export const questionHistoryQuery = (questionId: string) =>
  queryOptions({ queryKey: questionHistoryKey(questionId), queryFn: getQueryFn<QuestionHistory>({ on401: 'throw' }), retry: false });

/** The chart's data: fetched once while the panel is open, then kept current by the live channel. */
export function useQuestionHistory(questionId: string, enabled = true) {
  return useQuery({ ...questionHistoryQuery(questionId), enabled, staleTime: Infinity });
}

export function useAccuracyHistory(userId: string) {
  return useQuery({
    queryKey: accuracyHistoryKey(userId),
    queryFn: getQueryFn<AccuracyHistory>({ on401: 'throw' }),
    enabled: !!userId,
    staleTime: 60_000,
  });
}
