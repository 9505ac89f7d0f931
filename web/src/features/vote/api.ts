// Answering today's questions: the per-question answered check and the submit call.
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { apiJson, errorStatus, getQueryFn } from '../../lib/api';
import { publicResultsKey, resultsKey } from '../results/api';
import { historyKey, statsKey } from '../profile/api';

/** GET /api/users/{id}/answers/{questionId}: the answer, or null (404) when not answered yet. */
export const answerKey = (userId: string, questionId: string) => ['/api/users', userId, 'answers', questionId] as const;

export interface Answer {
  id: string;
  userId: string;
  questionId: string;
  optionId: string;
  /** 50–99 (%); 75 when not given. */
  confidence?: number;
  submittedAt: string | null;
}

const load = getQueryFn<Answer>({ on401: 'throw' });

/** The default loader with a 404 mapped to null ("not answered"). */
export async function answerOrNull(context: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<Answer | null> {
  try {
    return await load(context);
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

/** One answered check per question (spec §4). */
export function useAnswers(userId: string, questionIds: string[]) {
  return useQueries({
    queries: questionIds.map((questionId) => ({
      queryKey: answerKey(userId, questionId),
      queryFn: answerOrNull,
      enabled: !!userId,
    })),
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
 * POST /api/answers. On success refreshes only what the vote changed (issue #16): the user's answer is the
 * response itself; the question's results and public results and the user's stats are refetched. Other screens'
 * figures that include the vote (history, leaderboards) are marked stale and refetch when next shown; the
 * question lists' counts arrive through the live channel (or their own polling while it is down).
 */
export function useSubmitAnswer(options: { onSuccess?: (answer: Answer, input: SubmitAnswerInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitAnswerInput) => apiJson<Answer>('POST', '/api/answers', input),
    // Offline, fail at once (rather than wait paused) so the vote goes to the outbox and says so.
    networkMode: 'always',
    onSuccess: (answer, input) => {
      // First the caller (e.g. keep the confirmation on screen), then the refreshes.
      options.onSuccess?.(answer, input);
      const { userId, questionId } = input;
      queryClient.setQueryData<Answer | null>(answerKey(userId, questionId), answer);
      // Not awaited: the confirmation shows at once while these refresh.
      for (const queryKey of [resultsKey(questionId), publicResultsKey(questionId), statsKey(userId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      for (const queryKey of [historyKey(userId), ['/api/leaderboard']]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
