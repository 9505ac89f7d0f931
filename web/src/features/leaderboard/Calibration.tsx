// The Calibration tab: this month's players ranked by mean Brier skill, shrunk toward the crowd.
import { Link } from 'react-router';
import { useCalibrationBoard } from './api';
import { BoardRow, BoardStatus } from './BoardParts';
import { useT } from '../../i18n';

/** Skill as a signed number with two decimals, e.g. "+0.25", "−0.12". */
export function formatSkill(x: number): string {
  const v = Math.round(x * 100) / 100;
  return `${v < 0 ? '−' : '+'}${Math.abs(v).toFixed(2)}`;
}

export function CalibrationStandings({ userId }: { userId: string }) {
  const t = useT();
  const query = useCalibrationBoard(true);
  if (query.isPending || query.isError) return <BoardStatus query={query} />;
  // An older or newer server may leave these out: none listed, and the service's minimum of three.
  const entries = query.data.entries ?? [];
  const minResolved = query.data.minResolved ?? 3;
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
