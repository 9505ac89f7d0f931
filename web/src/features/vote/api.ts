// Answering today's questions: the per-question answered check and the submit call.
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { apiJson, errorStatus, getQueryFn } from '../../lib/api';
import { PUBLIC_QUESTIONS_KEY, TODAY_QUESTIONS_KEY } from '../questions/api';
import { publicResultsKey, resultsKey } from '../results/api';
import { historyKey, statsKey } from '../profile/api';

/** GET /api/users/{id}/answers/{questionId}: the answer, or null (404) when not answered yet. */
export const answerKey = (userId: string, questionId: string) => ['/api/users', userId, 'answers', questionId] as const;

export interface Answer {
  id: string;
  userId: string;
  questionId: string;
  optionId: string;
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
}

/**
 * POST /api/answers. On success refreshes the public questions, the question's results and public results,
 * today's questions and the user's answer (spec §7), plus the user's stats, history and the leaderboards.
 */
export function useSubmitAnswer(options: { onSuccess?: (answer: Answer, input: SubmitAnswerInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitAnswerInput) => apiJson<Answer>('POST', '/api/answers', input),
    onSuccess: (answer, input) => {
      // First the caller (e.g. keep the confirmation on screen), then the refreshes.
      options.onSuccess?.(answer, input);
      const { userId, questionId } = input;
      const keys: ReadonlyArray<readonly unknown[]> = [
        PUBLIC_QUESTIONS_KEY,
        resultsKey(questionId),
        publicResultsKey(questionId),
        TODAY_QUESTIONS_KEY,
        answerKey(userId, questionId),
        statsKey(userId),
        historyKey(userId),
        ['/api/leaderboard'],
      ];
      // Not awaited: the confirmation shows at once while the lists refresh.
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
