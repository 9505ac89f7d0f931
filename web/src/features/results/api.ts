// Results of one question: the public figures (pushed live, polled while the live channel is down), the signed-in
// view with the user's answer, and the friends' answers. The live client writes `results-updated` into
// `publicResultsKey(id)`, `resultsKey(id)` and the cached question lists (live/liveResults.ts).
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';
import { useLivePollInterval } from '../live/liveStatus';
import { toProvinces, type ProvinceResult } from '../provinces/provinces';

/** GET /api/questions/{id}/public-results (default loader). */
export const publicResultsKey = (questionId: string) => ['/api/questions', questionId, 'public-results'] as const;
/** GET /api/questions/{id}/results?userId= (own loader: the user id goes in the query string). */
export const resultsKey = (questionId: string) => ['/api/questions', questionId, 'results'] as const;
/** Same key as the feed's friends tab, so the two share one cache entry. */
export const friendAnswersKey = (questionId: string, userId: string) =>
  [`/api/questions/${questionId}/friend-answers?userId=${encodeURIComponent(userId)}`] as const;

export interface PublicResultRow {
  optionId: string;
  percentage: number;
  votes: number;
}

export interface PublicResults {
  results: PublicResultRow[];
  totalVotes: number;
  /** An open blind question the reader has not answered: the server sent only the total (results empty). */
  hidden: boolean;
}

export interface ResultRow extends PublicResultRow {
  text: string;
}

export interface FriendAnswerSummary {
  friendId: string;
  friendName: string;
  optionText: string;
}

export interface QuestionResults {
  results: ResultRow[];
  totalVotes: number;
  hidden: boolean;
  /** By province; null while hidden. */
  provinces: ProvinceResult[] | null;
  friendAnswers: FriendAnswerSummary[];
  userAnswer: { optionId: string } | null;
}

export interface FriendAnswer {
  userId: string;
  name: string;
  username: string;
  optionText: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function toRow(v: unknown): PublicResultRow | null {
  const r = obj(v);
  if (typeof r.optionId !== 'string') return null;
  return { optionId: r.optionId, percentage: num(r.percentage), votes: num(r.votes) };
}

export function toPublicResults(data: unknown): PublicResults {
  const d = obj(data);
  const results = list(d.results).flatMap((x) => toRow(x) ?? []);
  const totalVotes = num(d.totalVotes) || results.reduce((sum, r) => sum + r.votes, 0);
  return { results, totalVotes, hidden: d.resultsHidden === true };
}

export function toQuestionResults(data: unknown): QuestionResults {
  const d = obj(data);
  const { results, totalVotes, hidden } = toPublicResults(data);
  const texts = new Map(list(d.results).map((x) => [obj(x).optionId, obj(x).optionText]));
  const user = obj(d.userAnswer);
  return {
    results: results.map((r) => ({ ...r, text: String(texts.get(r.optionId) ?? r.optionId) })),
    totalVotes,
    hidden,
    provinces: toProvinces(d.provinces),
    friendAnswers: list(d.friendAnswers).flatMap((x) => {
      const f = obj(x);
      return typeof f.friendName === 'string'
        ? [{ friendId: String(f.friendId ?? f.friendName), friendName: f.friendName, optionText: String(f.optionText ?? '') }]
        : [];
    }),
    userAnswer: typeof user.optionId === 'string' ? { optionId: user.optionId } : null,
  };
}

export function toFriendAnswers(data: unknown): FriendAnswer[] {
  return list(obj(data).friendAnswers).flatMap((x) => {
    const f = obj(x);
    if (typeof f.name !== 'string') return [];
    return [
      {
        userId: String(f.userId ?? f.name),
        name: f.name,
        username: String(f.username ?? ''),
        optionText: String(f.optionText ?? ''),
      },
    ];
  });
}

/** Spec §9: public results are pushed live; polled every 5 s (jittered) only while the live channel is down. */
export function usePublicResults(questionId: string, enabled = true) {
  return useQuery({
    queryKey: publicResultsKey(questionId),
    select: toPublicResults,
    refetchInterval: useLivePollInterval(5_000),
    enabled,
  });
}

/** Thrown when GET …/results is not OK (spec §8). */
export const RESULTS_FAILED = 'Failed to fetch results';

export async function fetchQuestionResults(questionId: string, userId: string, signal?: AbortSignal): Promise<unknown> {
  const url = `/api/questions/${encodeURIComponent(questionId)}/results?userId=${encodeURIComponent(userId)}`;
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) throw new Error(RESULTS_FAILED);
  return res.json();
}

/** The signed-in view of a question's results (national figures, friends, the user's answer). */
export function useQuestionResults(questionId: string, userId: string, enabled = true) {
  return useQuery({
    queryKey: resultsKey(questionId),
    queryFn: ({ signal }) => fetchQuestionResults(questionId, userId, signal),
    select: toQuestionResults,
    enabled: !!userId && enabled,
  });
}

/**
 * Spec §9: friend answers are polled every 5 s while the live channel is down. While it is open the live client
 * refetches them after the question's counts change (they are not in its messages), so an idle page asks nothing.
 */
export function useFriendAnswers(questionId: string, userId: string) {
  return useQuery({
    queryKey: friendAnswersKey(questionId, userId),
    queryFn: getQueryFn<unknown>({ on401: 'throw' }),
    select: toFriendAnswers,
    refetchInterval: useLivePollInterval(5_000),
    enabled: !!userId,
  });
}
