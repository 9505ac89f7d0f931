// The signed-in user's stats and prediction history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Calibration, HistoryItem, RankReason, UserStats as ApiUserStats } from '@mzansi/api';
import { getListFn, getQueryFn } from '../../lib/api';

export const statsKey = (userId: string) => ['/api/users', userId, 'stats'] as const;
export const historyKey = (userId: string) => ['/api/users', userId, 'history'] as const;

/** Stats and history change when questions are answered or resolved: refresh after 30 s on the next visit. */
const STALE_MS = 30_000;

export interface UserStats {
  totalAnswers: number;
  /** Whole percent, this SAST month; null until an answer this month has resolved (nothing to measure yet). */
  accuracy: number | null;
  /** This SAST month, as voting ranks it; null when unranked (`rankReason` says why). */
  nationalRank: number | null;
  rankReason: RankReason | null;
  streak: number;
}

/** Shown instead of a newcomer's accuracy and rank: a "0%" or "#13" before anything resolved reads as a verdict. */
export const NOT_YET = '—';

export type HistoryStatus = 'Pending' | 'Correct' | 'Incorrect';

export type { Calibration, HistoryItem };

/**
 * What the profile shows of the API's stats. An older server sent the rank and accuracy only under `stats`, and
 * may leave any figure out: 0 when missing.
 */
export function statsView(d: Partial<ApiUserStats>): UserStats {
  const nested: Partial<ApiUserStats['stats']> = d.stats ?? {};
  const rank = d.nationalRank ?? nested.nationalRank ?? 0;
  // Without a resolved answer this month there is no accuracy and no rank to speak of.
  const scored = typeof d.resolvedThisMonth !== 'number' || d.resolvedThisMonth > 0;
  return {
    totalAnswers: d.totalAnswers ?? 0,
    accuracy: scored ? Math.round(d.accuracy ?? nested.accuracy ?? 0) : null,
    nationalRank: rank > 0 ? rank : null,
    rankReason: d.rankReason ?? null,
    streak: d.streak ?? 0,
  };
}

export function historyStatus(item: { isPending?: unknown; isCorrect?: unknown }): HistoryStatus {
  if (item.isPending === true || item.isCorrect === null || item.isCorrect === undefined) return 'Pending';
  return item.isCorrect === true ? 'Correct' : 'Incorrect';
}

const load = <T>() => getQueryFn<T>({ on401: 'throw' });

export const statsQuery = (userId: string) => queryOptions({ queryKey: statsKey(userId), queryFn: load<ApiUserStats>(), staleTime: STALE_MS });
export const historyQuery = (userId: string) => queryOptions({ queryKey: historyKey(userId), queryFn: getListFn<HistoryItem>(), staleTime: STALE_MS });

export function useUserStats(userId: string) {
  return useQuery({ ...statsQuery(userId), select: statsView, enabled: !!userId });
}

export function useUserHistory(userId: string) {
  return useQuery({ ...historyQuery(userId), enabled: !!userId });
}

/** GET /api/users/{id}/calibration: resolved answers by confidence bucket. */
export const calibrationKey = (userId: string) => ['/api/users', userId, 'calibration'] as const;

export const calibrationQuery = (userId: string) =>
  queryOptions({ queryKey: calibrationKey(userId), queryFn: load<Calibration>(), staleTime: STALE_MS });

export function useCalibration(userId: string) {
  return useQuery({ ...calibrationQuery(userId), enabled: !!userId });
}
