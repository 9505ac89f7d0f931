// The signed-in user's stats and prediction history.
import { useQuery } from '@tanstack/react-query';

export const statsKey = (userId: string) => ['/api/users', userId, 'stats'] as const;
export const historyKey = (userId: string) => ['/api/users', userId, 'history'] as const;

/** Stats and history change when questions are answered or resolved: refresh after 30 s on the next visit. */
const STALE_MS = 30_000;

export interface UserStats {
  totalAnswers: number;
  /** Whole percent, this SAST month; null until an answer this month has resolved (nothing to measure yet). */
  accuracy: number | null;
  /** This SAST month; null when unranked (no resolved answer this month, or no rank). */
  nationalRank: number | null;
  streak: number;
}

/** Shown instead of a newcomer's accuracy and rank: a "0%" or "#13" before anything resolved reads as a verdict. */
export const NOT_YET = '—';

export type HistoryStatus = 'Pending' | 'Correct' | 'Incorrect';

export interface HistoryItem {
  questionId: string;
  questionText: string;
  submittedAt: string | null;
  selectedOption: string;
  selectedOptionId: string;
  status: HistoryStatus;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function toStats(data: unknown): UserStats {
  const d = obj(data);
  const nested = obj(d.stats);
  const rank = num(d.nationalRank ?? nested.nationalRank);
  // Without a resolved answer this month there is no accuracy and no rank to speak of.
  const scored = typeof d.resolvedThisMonth !== 'number' || d.resolvedThisMonth > 0;
  return {
    totalAnswers: num(d.totalAnswers),
    accuracy: scored ? Math.round(num(d.accuracy ?? nested.accuracy)) : null,
    nationalRank: scored && rank > 0 ? rank : null,
    streak: num(d.streak),
  };
}

export function historyStatus(item: { isPending?: unknown; isCorrect?: unknown }): HistoryStatus {
  if (item.isPending === true || item.isCorrect === null || item.isCorrect === undefined) return 'Pending';
  return item.isCorrect === true ? 'Correct' : 'Incorrect';
}

export function toHistory(data: unknown): HistoryItem[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((x) => {
    const d = obj(x);
    if (typeof d.questionId !== 'string' || typeof d.questionText !== 'string') return [];
    return [
      {
        questionId: d.questionId,
        questionText: d.questionText,
        submittedAt: typeof d.submittedAt === 'string' ? d.submittedAt : null,
        selectedOption: String(d.selectedOption ?? d.selectedOptionId ?? ''),
        selectedOptionId: String(d.selectedOptionId ?? ''),
        status: historyStatus(d),
      },
    ];
  });
}

export function useUserStats(userId: string) {
  return useQuery({ queryKey: statsKey(userId), select: toStats, staleTime: STALE_MS, enabled: !!userId });
}

export function useUserHistory(userId: string) {
  return useQuery({ queryKey: historyKey(userId), select: toHistory, staleTime: STALE_MS, enabled: !!userId });
}

/** GET /api/users/{id}/calibration: resolved answers by confidence bucket. */
export const calibrationKey = (userId: string) => ['/api/users', userId, 'calibration'] as const;

export interface CalibrationBucket {
  from: number;
  to: number;
  count: number;
  correct: number;
  /** Mean confidence and share correct in %, null for an empty bucket. */
  predicted: number | null;
  actual: number | null;
}

export interface Calibration {
  resolved: number;
  meanSkill: number;
  buckets: CalibrationBucket[];
}

const pct = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function toCalibration(data: unknown): Calibration {
  const d = obj(data);
  return {
    resolved: num(d.resolved),
    meanSkill: num(d.meanSkill),
    buckets: (Array.isArray(d.buckets) ? d.buckets : []).map((x) => {
      const b = obj(x);
      return { from: num(b.from), to: num(b.to), count: num(b.count), correct: num(b.correct), predicted: pct(b.predicted), actual: pct(b.actual) };
    }),
  };
}

export function useCalibration(userId: string) {
  return useQuery({ queryKey: calibrationKey(userId), select: toCalibration, staleTime: STALE_MS, enabled: !!userId });
}
