// A `results-updated` message adds a point to the cached history of its question (while its chart is open): the
// chart moves with the bars, and nothing asks the gateway again.
import type { QueryClient } from '@tanstack/react-query';
import { MAX_POINTS, questionHistoryKey, type QuestionHistory } from './api';

export interface LiveSplit {
  questionId: string;
  totalVotes: number;
  results: { optionId: string; votes: number; percentage: number }[];
  blind?: boolean;
}

/**
 * The history with the message's split appended at `at`. Unchanged (undefined) when there is nothing to add: a blind
 * total, no rows, a hidden history, or a message no newer than the last point (counts only grow).
 */
export function appendLivePoint(history: QuestionHistory | undefined, update: LiveSplit, at: Date): QuestionHistory | undefined {
  if (!history || history.resultsHidden || update.blind || update.results.length === 0) return undefined;
  const last = history.points[history.points.length - 1];
  if (last && update.totalVotes <= last.totalVotes) return undefined;
  const point = {
    at: at.toISOString(),
    results: update.results.map(({ optionId, votes, percentage }) => ({ optionId, votes, percentage })),
    totalVotes: update.totalVotes,
  };
  let points = [...history.points, point];
  // A page left open through a burst would grow without end: drop every other point of the older half.
  if (points.length > MAX_POINTS) {
    const half = Math.floor(points.length / 2);
    points = [...points.slice(0, half).filter((_, i) => i % 2 === 0), ...points.slice(half)];
  }
  return { ...history, points };
}

/** Writes the new point into the question's cached history, if one is cached (none is created). */
export function applyLiveHistory(queryClient: QueryClient, update: LiveSplit, at = new Date()): void {
  queryClient.setQueryData<QuestionHistory>(questionHistoryKey(update.questionId), (data) => appendLivePoint(data, update, at));
}
