// Results of one question: the public figures (pushed live, polled while the live channel is down), the signed-in
// view with the user's answer, and the friends' answers. The live client writes `results-updated` into
// `publicResultsKey(id)`, `resultsKey(id)` and the cached question lists (live/liveResults.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendAnswer, FriendAnswers, OptionResult, PublicResults, Results } from '@mzansi/api';
import { getQueryFn } from '../../lib/api';
import { useLivePollInterval } from '../live/liveStatus';

export type { FriendAnswer, PublicResults, Results };
/** One option's figures (the rows of the public and the signed-in results). */
export type ResultRow = Pick<OptionResult, 'optionId' | 'votes' | 'percentage'>;

/** GET /api/questions/{id}/public-results (default loader). */
export const publicResultsKey = (questionId: string) => ['/api/questions', questionId, 'public-results'] as const;
/** GET /api/questions/{id}/results?userId= (own loader: the user id goes in the query string). */
export const resultsKey = (questionId: string) => ['/api/questions', questionId, 'results'] as const;
/** Same key as the feed's friends tab, so the two share one cache entry. */
export const friendAnswersKey = (questionId: string, userId: string) =>
  [`/api/questions/${questionId}/friend-answers?userId=${encodeURIComponent(userId)}`] as const;

/** An open blind question the reader has not answered: the server sent only the total (results empty). */
export const resultsHidden = (data: { resultsHidden?: boolean } | undefined) => data?.resultsHidden === true;

export const publicResultsQuery = (questionId: string) =>
  queryOptions({ queryKey: publicResultsKey(questionId), queryFn: getQueryFn<PublicResults>({ on401: 'throw' }) });

export const questionResultsQuery = (questionId: string, userId: string) =>
  queryOptions({ queryKey: resultsKey(questionId), queryFn: () => fetchQuestionResults(questionId, userId) });

export const friendAnswersQuery = (questionId: string, userId: string) =>
  queryOptions({ queryKey: friendAnswersKey(questionId, userId), queryFn: getQueryFn<FriendAnswers>({ on401: 'throw' }) });

/** Spec §9: public results are pushed live; polled every 5 s (jittered) only while the live channel is down. */
export function usePublicResults(questionId: string, enabled = true) {
  return useQuery({
    ...publicResultsQuery(questionId),
    refetchInterval: useLivePollInterval(5_000),
    enabled,
  });
}

/** Thrown when GET …/results is not OK (spec §8). */
export const RESULTS_FAILED = 'Failed to fetch results';

export async function fetchQuestionResults(questionId: string, userId: string): Promise<Results> {
  const url = `/api/questions/${encodeURIComponent(questionId)}/results?userId=${encodeURIComponent(userId)}`;
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(RESULTS_FAILED);
  return (await res.json()) as Results;
}

/** The signed-in view of a question's results (national figures, friends, the user's answer). */
export function useQuestionResults(questionId: string, userId: string, enabled = true) {
  return useQuery({
    ...questionResultsQuery(questionId, userId),
    enabled: !!userId && enabled,
  });
}

/**
 * Spec §9: friend answers are polled every 5 s while the live channel is down. While it is open the live client
 * refetches them after the question's counts change (they are not in its messages), so an idle page asks nothing.
 */
export function useFriendAnswers(questionId: string, userId: string) {
  return useQuery({
    ...friendAnswersQuery(questionId, userId),
    refetchInterval: useLivePollInterval(5_000),
    enabled: !!userId,
  });
}
