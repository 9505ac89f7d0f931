import { useQuery } from '@tanstack/react-query';
import { useLivePollInterval } from '../live/liveStatus';
import { useDataSaver } from '../datasaver/dataSaver';
import {
  PUBLIC_COMMENTS_KEY,
  PUBLIC_QUESTIONS_KEY,
  TODAY_QUESTIONS_KEY,
  publicCommentsQuery,
  publicQuestionsQuery,
  todayQuestionsQuery,
} from '../../entities/question/list';

export { PUBLIC_COMMENTS_KEY, PUBLIC_QUESTIONS_KEY, TODAY_QUESTIONS_KEY, publicCommentsQuery, publicQuestionsQuery, todayQuestionsQuery };

/**
 * Spec §9: public questions refetch every 30 s and are stale after 10 s. While the live channel is open they are
 * not polled: it announces new and resolved questions and carries the counts (comment counts follow the comments).
 */
export function usePublicQuestions() {
  return useQuery({
    ...publicQuestionsQuery,
    refetchInterval: useLivePollInterval(30_000),
    staleTime: 10_000,
  });
}

/** Spec §9: today's questions refetch every 60 s and are stale after 30 s; not while the live channel is open. */
export function useTodayQuestions() {
  return useQuery({
    ...todayQuestionsQuery,
    refetchInterval: useLivePollInterval(60_000),
    staleTime: 30_000,
  });
}

/** Public comments, refreshed with the public questions. */
export function usePublicComments() {
  return useQuery({
    ...publicCommentsQuery,
    refetchInterval: useDataSaver() ? false : 30_000,
    staleTime: 10_000,
  });
}
