// GET /api/leaderboard?scope=national|friends: real standings for the current SAST month.
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';

export type LeaderboardScope = 'national' | 'friends';

/** Invalidate every scope with the prefix ['/api/leaderboard']. */
export const leaderboardKey = (scope: LeaderboardScope) => ['/api/leaderboard', scope] as const;

export interface LeaderboardEntry {
  rank: number;
  userId: string;
  name: string;
  username: string;
  isAdmin: boolean;
  correct: number;
  resolved: number;
  answered: number;
  accuracy: number;
  streak: number;
}

export interface Leaderboard {
  scope: LeaderboardScope;
  monthStart: string | null;
  summary: { players: number; questionsResolved: number; yourAccuracy: number };
  you: {
    userId: string;
    nationalRank: number | null;
    friendsRank: number | null;
    accuracy: number;
    correct: number;
    resolved: number;
    totalAnswers: number;
    streak: number;
  };
  friendCount: number;
  entries: LeaderboardEntry[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const rank = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function toLeaderboard(data: unknown): Leaderboard {
  const d = obj(data);
  const summary = obj(d.summary);
  const you = obj(d.you);
  return {
    scope: d.scope === 'friends' ? 'friends' : 'national',
    monthStart: typeof d.monthStart === 'string' ? d.monthStart : null,
    summary: {
      players: num(summary.players),
      questionsResolved: num(summary.questionsResolved),
      yourAccuracy: num(summary.yourAccuracy),
    },
    you: {
      userId: String(you.userId ?? ''),
      nationalRank: rank(you.nationalRank),
      friendsRank: rank(you.friendsRank),
      accuracy: num(you.accuracy),
      correct: num(you.correct),
      resolved: num(you.resolved),
      totalAnswers: num(you.totalAnswers),
      streak: num(you.streak),
    },
    friendCount: num(d.friendCount),
    entries: (Array.isArray(d.entries) ? d.entries : []).flatMap((x) => {
      const e = obj(x);
      if (typeof e.userId !== 'string' || typeof e.name !== 'string') return [];
      return [
        {
          rank: num(e.rank),
          userId: e.userId,
          name: e.name,
          username: String(e.username ?? ''),
          isAdmin: e.isAdmin === true,
          correct: num(e.correct),
          resolved: num(e.resolved),
          answered: num(e.answered),
          accuracy: num(e.accuracy),
          streak: num(e.streak),
        },
      ];
    }),
  };
}

const load = getQueryFn<unknown>({ on401: 'throw' });

export function useLeaderboard(scope: LeaderboardScope, enabled = true) {
  return useQuery({
    queryKey: leaderboardKey(scope),
    queryFn: ({ signal }) => load({ queryKey: [`/api/leaderboard?scope=${scope}`], signal }),
    select: toLeaderboard,
    staleTime: 30_000,
    enabled,
  });
}
