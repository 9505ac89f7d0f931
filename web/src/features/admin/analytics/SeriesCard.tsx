import type { ReactNode } from 'react';
import { Card, CardContent, CardTitle } from '../../../ui';
import { useT } from '../../../i18n';
import { formatCount } from '../../../i18n/format';
import { LazyTimeChart } from '../../history/LazyTimeChart';
import '../../history/history.css';

export interface CardSeries {
  label: string;
  values: (number | null)[];
  /** A colour token of the time chart (green, blue, gold, red); `dashed` for a reference line. */
  color: 'green' | 'blue' | 'gold' | 'red';
  dashed?: boolean;
  /** How a value (of row `index`) reads in the table (default: a count; null as a dash). */
  format?: (value: number | null, index: number) => string;
}

export interface SeriesCardProps {
  title: string;
  intro?: string;
  /** The chart's text alternative (the table below holds every figure). */
  label: string;
  xs: number[];
  series: CardSeries[];
  /** The table's first column: its header and each row's label (one per x). */
  rowHeader: string;
  rowLabels: string[];
  formatX: (seconds: number) => string;
  yRange: [number, number];
  formatY?: (value: number) => string;
  /** Instead of the chart and table, this note (nothing to draw yet). */
  empty?: string;
  children?: ReactNode;
}

const count = (v: number | null) => (v === null ? '—' : formatCount(v));

/**
 * One of the admin's analytics charts: the project's time chart (uPlot, loaded on demand in its own chunk) with a
 * legend, and the same figures as a table for screen readers and small screens.
 */
export function SeriesCard({ title, intro, label, xs, series, rowHeader, rowLabels, formatX, yRange, formatY = (v) => formatCount(v), empty, children }: SeriesCardProps) {
  const t = useT();
  return (
    <Card className="history-card day-card">
      <CardContent>
        <CardTitle>{title}</CardTitle>
        {intro && <p className="day-card__note">{intro}</p>}
        {children}
        {empty ? (
          <p className="day-card__empty">{empty}</p>
        ) : (
          <>
            <div className="history-card__chart" role="img" aria-label={label}>
              <LazyTimeChart xs={xs} series={series.map(({ label: l, values, color, dashed }) => ({ label: l, values, color, dashed }))} yRange={yRange} formatX={formatX} formatY={formatY} height={160} />
            </div>
            <ul className="history-card__legend" aria-hidden="true">
              {series.map((s) => (
                <li key={s.label}>
                  <span className={`history-card__swatch history-card__swatch--${s.dashed ? 'dashed' : s.color}`} />
                  {s.label}
                </li>
              ))}
            </ul>
            <details className="history-card__table">
              <summary>{t('results.historyTable')}</summary>
              <div className="history-card__scroll" tabIndex={0} role="region" aria-label={title}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{rowHeader}</th>
                      {series.map((s) => (
                        <th scope="col" key={s.label}>
                          {s.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rowLabels.map((row, i) => (
                      <tr key={row}>
                        <th scope="row">{row}</th>
                        {series.map((s) => (
                          <td key={s.label}>{(s.format ?? count)(s.values[i] ?? null, i)}</td>
                        ))}
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
