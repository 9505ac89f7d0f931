import { Link } from 'react-router';
import { Card, CardContent, CardTitle } from '../../ui';
import { useCalibration } from './api';
import { useT } from '../../i18n';

/**
 * Profile: how well the user's confidence matched reality. One row per bucket (50–59 … 90–99) with two
 * bars: how sure they said they were (predicted) and how often they were right (actual), and the count. A
 * well-calibrated player's two bars are about the same length.
 */
export function CalibrationChart({ userId }: { userId: string }) {
  const t = useT();
  const calibration = useCalibration(userId);
  const data = calibration.data;
  return (
    <Card>
      <CardContent>
        <CardTitle>{t('stats.calibTitle')}</CardTitle>
        {calibration.isPending ? (
          <p className="calib__note">{t('stats.calibLoading')}</p>
        ) : calibration.isError || !data ? (
          <p className="calib__note">{t('stats.calibFailed')}</p>
        ) : data.resolved === 0 ? (
          <p className="calib__note">{t('stats.calibEmpty')}</p>
        ) : (
          <>
            <p className="calib__note">{t('stats.calibIntro', { count: data.resolved })}</p>
            <ul className="calib" aria-label={t('stats.calibList')}>
              {(data.buckets ?? []).map((b) => (
                <li key={b.from} className="calib__row">
                  <span className="calib__bucket">
                    {b.from}–{b.to}%
                  </span>
                  <span className="calib__bars" aria-hidden="true">
                    <span className="calib__bar calib__bar--predicted" style={{ width: `${b.predicted ?? 0}%` }} />
                    <span className="calib__bar calib__bar--actual" style={{ width: `${b.actual ?? 0}%` }} />
                  </span>
                  <span className="calib__figures">
                    {b.count === 0
                      ? t('stats.calibNone')
                      : t('stats.calibRow', { predicted: Math.round(b.predicted ?? 0), actual: Math.round(b.actual ?? 0), count: b.count })}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <Link className="calib__link" to="/scoring">
          {t('stats.howScoring')}
        </Link>
      </CardContent>
    </Card>
  );
}
