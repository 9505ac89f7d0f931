// The Calibration tab: this month's players ranked by mean Brier skill, shrunk toward the crowd.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getQueryFn } from '../../lib/api';
import { BoardRow, BoardStatus } from './BoardParts';
import { useT } from '../../i18n';

export interface CalibrationEntry {
  rank: number;
  userId: string;
  name: string;
  username: string;
  isAdmin: boolean;
  resolved: number;
  correct: number;
  meanSkill: number;
  score: number;
}

export interface CalibrationBoard {
  crowdSkill: number;
  shrinkage: number;
  minResolved: number;
  you: Omit<CalibrationEntry, 'name' | 'username' | 'isAdmin'> | null;
  entries: CalibrationEntry[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function toCalibrationBoard(data: unknown): CalibrationBoard {
  const d = obj(data);
  const you = d.you ? obj(d.you) : null;
  const figures = (e: Record<string, unknown>) => ({
    rank: num(e.rank),
    userId: String(e.userId ?? ''),
    resolved: num(e.resolved),
    correct: num(e.correct),
    meanSkill: num(e.meanSkill),
    score: num(e.score),
  });
  return {
    crowdSkill: num(d.crowdSkill),
    shrinkage: num(d.shrinkage),
    minResolved: num(d.minResolved) || 3,
    you: you ? figures(you) : null,
    entries: (Array.isArray(d.entries) ? d.entries : []).flatMap((x) => {
      const e = obj(x);
      if (typeof e.userId !== 'string' || typeof e.name !== 'string') return [];
      return [{ ...figures(e), name: e.name, username: String(e.username ?? ''), isAdmin: e.isAdmin === true }];
    }),
  };
}

const load = getQueryFn<unknown>({ on401: 'throw' });

export function useCalibrationBoard(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/leaderboard', 'calibration'] as const,
    queryFn: ({ signal }) => load({ queryKey: ['/api/leaderboard?scope=calibration'], signal }),
    select: toCalibrationBoard,
    staleTime: 30_000,
    enabled,
  });
}

/** Skill as a signed number with two decimals, e.g. "+0.25", "−0.12". */
export function formatSkill(x: number): string {
  const v = Math.round(x * 100) / 100;
  return `${v < 0 ? '−' : '+'}${Math.abs(v).toFixed(2)}`;
}

export function CalibrationStandings({ userId }: { userId: string }) {
  const t = useT();
  const query = useCalibrationBoard(true);
  if (query.isPending || query.isError) return <BoardStatus query={query} />;
  const { entries, minResolved } = query.data;
  return (
    <div className="lb-calib">
      <p className="lb-calib__intro">
        {t('lb.calibIntro', { min: String(minResolved) })} <Link to="/scoring">{t('lb.howScoring')}</Link>
      </p>
      {entries.length === 0 ? (
        <div className="empty-note lb-empty">
          <p className="lb-empty__title">{t('lb.nobodyTitle')}</p>
          <p>{t('lb.nobodyText', { min: String(minResolved) })}</p>
        </div>
      ) : (
        <ol className="lb-list" aria-label={t('lb.calibList')}>
          {entries.map((e) => (
            <BoardRow
              key={e.userId}
              rank={e.rank}
              name={e.name}
              username={e.username}
              isYou={e.userId === userId}
              figure={
                <>
                  <strong>{formatSkill(e.score)}</strong> {t('lb.score')}
                </>
              }
              meta={t('lb.calibMeta', { correct: String(e.correct), resolved: String(e.resolved), skill: formatSkill(e.meanSkill) })}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
