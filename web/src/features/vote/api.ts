// Answering today's questions: the per-question answered check and the submit call.
import { queryOptions, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Answer, AnswerFigures, AnswerRecorded } from '@mzansi/api';
import { apiJson, errorStatus, getQueryFn } from '../../lib/api';
import { publicResultsKey, resultsKey, resultsHidden, type PublicResults, type Results } from '../results/api';
import { historyKey, statsKey } from '../profile/api';
import { LEADERBOARD_KEY } from '../leaderboard/api';

/** GET /api/users/{id}/answers/{questionId}: the answer, or null (404) when not answered yet. */
export const answerKey = (userId: string, questionId: string) => ['/api/users', userId, 'answers', questionId] as const;

/** An answer as the API keeps it: `confidence` 50–99 (%), 75 when not given. */
export type { Answer };

const load = getQueryFn<Answer>({ on401: 'throw' });

/** The default loader with a 404 mapped to null ("not answered"). */
export async function answerOrNull(context: { queryKey: readonly unknown[] }): Promise<Answer | null> {
  try {
    return await load(context);
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export const answerQuery = (userId: string, questionId: string) => queryOptions({ queryKey: answerKey(userId, questionId), queryFn: answerOrNull });

/** One answered check per question (spec §4). */
export function useAnswers(userId: string, questionIds: string[]) {
  return useQueries({
    queries: questionIds.map((questionId) => ({ ...answerQuery(userId, questionId), enabled: !!userId })),
  });
}

export interface SubmitAnswerInput {
  userId: string;
  questionId: string;
  optionId: string;
  /** 50–99 (%), fixed with the answer. */
  confidence?: number;
}

/**
 * The vote's news for the signed-in results a screen already holds: the user's answer, in place. The figures follow
 * over the live channel (`results-updated`, applied in place: live/liveResults.ts) or the public results' polling
 * while it is down; a blind question's hidden figures are not in either, so only they are asked for again.
 */
function withOwnAnswer(data: Results, answer: Answer): Results {
  return { ...data, userAnswer: { optionId: answer.optionId, confidence: answer.confidence } };
}

/**
 * The reader's own results from the figures a vote's answer carried (national and provinces): the results panel
 * shows from them without asking. The friends' answers are not among them; the panel reads those from their own
 * route when the reader scrolls to them, so the list here stays empty and is never shown. The live channel may
 * have brought newer national totals before the answer arrived (the vote's own `results-updated` can overtake it):
 * counts only grow, so the larger total wins.
 */
function fromFigures(figures: AnswerFigures, answer: Answer, live: PublicResults | undefined): Results {
  const national = live && !resultsHidden(live) && live.totalVotes > figures.totalVotes ? live : figures;
  return { results: national.results, totalVotes: national.totalVotes, provinces: figures.provinces, friendAnswers: [], userAnswer: { optionId: answer.optionId, confidence: answer.confidence } };
}

/**
 * POST /api/answers. On success nothing is asked again that the response or the live channel carries: the user's
 * answer is the response itself (and goes into the results a screen holds), and so are the question's figures
 * (the results panel shows from them; newer ones come over the live channel). Only when the gateway had no figures
 * to send (a blind question's, or none heard yet) does a results panel load its own view. The user's stats and
 * other screens' figures that include the vote (history, leaderboards) are marked stale and load when next shown.
 */
export function useSubmitAnswer(options: { onSuccess?: (answer: Answer, input: SubmitAnswerInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitAnswerInput) => apiJson<AnswerRecorded>('POST', '/api/answers', input),
    // Offline, fail at once (rather than wait paused) so the vote goes to the outbox and says so.
    networkMode: 'always',
    onSuccess: ({ results: figures, ...answer }, input) => {
      // First the caller (e.g. keep the confirmation on screen), then the caches.
      options.onSuccess?.(answer, input);
      const { userId, questionId } = input;
      queryClient.setQueryData(answerQuery(userId, questionId).queryKey, answer);
      const results = queryClient.getQueryData<Results | null>(resultsKey(questionId));
      if (resultsHidden(results ?? undefined)) void queryClient.invalidateQueries({ queryKey: resultsKey(questionId) });
      else if (results) queryClient.setQueryData(resultsKey(questionId), withOwnAnswer(results, answer));
      // An older server's answer has no figures (undefined): the panel loads its own view, as for null.
      else if (figures) queryClient.setQueryData(resultsKey(questionId), fromFigures(figures, answer, queryClient.getQueryData<PublicResults>(publicResultsKey(questionId))));
      for (const queryKey of [statsKey(userId), historyKey(userId), LEADERBOARD_KEY]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
