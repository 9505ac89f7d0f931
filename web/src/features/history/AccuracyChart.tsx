import { useMemo } from 'react';
import { Card, CardContent, CardTitle } from '../../ui';
import { useT } from '../../i18n';
import { useAccuracyHistory } from './api';
import { accuracySeries } from './historyData';
import { monthLabel } from './format';
import { LazyTimeChart } from './LazyTimeChart';
import './history.css';

/**
 * Profile: the player's accuracy (share right) and calibration (mean Brier skill × 100) for each month they answered,
 * the last 12 months. The same chart library as the results panel, loaded on demand; a table gives the figures.
 */
export function AccuracyChart({ userId }: { userId: string }) {
  const t = useT();
  const history = useAccuracyHistory(userId);
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  const series = useMemo(() => accuracySeries(points), [points]);
  const resolved = points.some((p) => p.resolved > 0);
  // Calibration can go below 0 (sure and wrong): the axis reaches down to the lowest month, in steps of 25.
  const lowest = Math.min(0, ...series.calibration.map((c) => c ?? 0));
  const yMin = Math.max(-300, Math.floor(lowest / 25) * 25);
  // One tick per month (at most 6 labels), half a month of room each side: a single month would otherwise span years.
  const HALF_MONTH = 15 * 86_400;
  const xRange: [number, number] = [(series.xs[0] ?? 0) - HALF_MONTH, (series.xs[series.xs.length - 1] ?? 0) + HALF_MONTH];
  const every = Math.ceil(series.xs.length / 6);
  const xTicks = series.xs.filter((_, i) => (series.xs.length - 1 - i) % every === 0);
  const labels = { accuracy: t('stats.accuracySeries'), calibration: t('stats.calibrationSeries') };

  return (
    <Card className="history-card accuracy-card">
      <CardContent>
        <CardTitle>{t('stats.accuracyTitle')}</CardTitle>
        {history.isPending ? (
          <p className="calib__note">{t('stats.accuracyLoading')}</p>
        ) : history.isError ? (
          <p className="calib__note">{t('stats.accuracyFailed')}</p>
        ) : !resolved ? (
          <p className="calib__note">{t('stats.accuracyEmpty')}</p>
        ) : (
          <>
            <p className="calib__note">{t('stats.accuracyIntro')}</p>
            <div className="history-card__chart" role="img" aria-label={t('stats.accuracyLabel')}>
              <LazyTimeChart
                xs={series.xs}
                series={[
                  { label: labels.accuracy, values: series.accuracy, color: 'green' },
                  { label: labels.calibration, values: series.calibration, color: 'gold', dashed: true },
                ]}
                yRange={[yMin, 100]}
                formatX={(s) => monthLabel(new Date(s * 1000).toISOString().slice(0, 7))}
                xRange={xRange}
                xTicks={xTicks}
                formatY={(v) => String(v)}
                height={160}
              />
            </div>
            <ul className="history-card__legend" aria-hidden="true">
              <li>
                <span className="history-card__swatch history-card__swatch--green" />
                {labels.accuracy}
              </li>
              <li>
                <span className="history-card__swatch history-card__swatch--dashed" />
                {labels.calibration}
              </li>
            </ul>
            <details className="history-card__table">
              <summary>{t('results.historyTable')}</summary>
              <div className="history-card__scroll" tabIndex={0} role="region" aria-label={t('stats.accuracyTitle')}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('stats.accuracyMonth')}</th>
                      <th scope="col">{t('stats.accuracyAnswered')}</th>
                      <th scope="col">{labels.accuracy}</th>
                      <th scope="col">{labels.calibration}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((p, i) => (
                      <tr key={p.month}>
                        <th scope="row">{monthLabel(p.month)}</th>
                        <td>{p.answered}</td>
                        <td>{p.accuracy === null ? '—' : `${p.accuracy}% (${p.correct}/${p.resolved})`}</td>
                        <td>{series.calibration[i] ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
