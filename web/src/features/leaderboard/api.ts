// GET /api/leaderboard?scope=national|friends|calibration: real standings for the current SAST month.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalibrationBoard, Standings } from '@mzansi/api';
import { loadJson } from '../../lib/api';

export type LeaderboardScope = 'national' | 'friends';
export type Leaderboard = Standings;
export type LeaderboardEntry = Standings['entries'][number];
export type { CalibrationBoard };
export type CalibrationEntry = CalibrationBoard['entries'][number];

/** Every scope's key starts with this: invalidate it after anything that moves the standings. */
export const LEADERBOARD_KEY = ['/api/leaderboard'] as const;
export const leaderboardKey = (scope: LeaderboardScope | 'calibration') => [...LEADERBOARD_KEY, scope] as const;

/** The board of one scope; the scope goes in the query string, so the loader asks for it by name. */
function loadScope<T>(scope: LeaderboardScope | 'calibration') {
  return () => loadJson<T>(`/api/leaderboard?scope=${scope}`, 'throw');
}

export const leaderboardQuery = (scope: LeaderboardScope) =>
  queryOptions({ queryKey: leaderboardKey(scope), queryFn: loadScope<Standings>(scope), staleTime: 30_000 });

export const calibrationBoardQuery = queryOptions({
  queryKey: leaderboardKey('calibration'),
  queryFn: loadScope<CalibrationBoard>('calibration'),
  staleTime: 30_000,
});

export function useLeaderboard(scope: LeaderboardScope, enabled = true) {
  return useQuery({ ...leaderboardQuery(scope), enabled });
}

export function useCalibrationBoard(enabled: boolean) {
  return useQuery({ ...calibrationBoardQuery, enabled });
}
