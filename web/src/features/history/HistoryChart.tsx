import { useMemo, useState } from 'react';
import { Button, Card, CardContent, CardTitle } from '../../ui';
import { useDataSaver } from '../datasaver/dataSaver';
import { barColor } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';
import { useT } from '../../i18n';
import { useQuestionHistory } from './api';
import { historyMarks, splitChange, splitSeries } from './historyData';
import { pointTime, timeAxisLabel } from './format';
import { LazyTimeChart } from './LazyTimeChart';
import './history.css';

/**
 * "How the nation moved": the national split since publishing, with publishing and resolution marked, kept current
 * by the live channel (liveHistory.ts). A text summary and a table say the same for screen readers and small
 * screens. Nothing for a blind question the reader may not see yet (the server answers 403 or hides it).
 */
export function HistoryChart({ question }: { question: Question }) {
  const t = useT();
  // Data saver: the chart (its points and its chunk) waits for a tap, like comment images.
  const saveData = useDataSaver();
  const [asked, setAsked] = useState(false);
  if (saveData && !asked) {
    return (
      <Card className="results-card history-card">
        <CardContent>
          <CardTitle>{t('results.historyTitle')}</CardTitle>
          <Button variant="secondary" onClick={() => setAsked(true)}>
            {t('results.historyShow')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <LoadedHistoryChart question={question} />;
}

function LoadedHistoryChart({ question }: { question: Question }) {
  const t = useT();
  const history = useQuestionHistory(question.id);
  const options = useMemo(() => question.options.map((o) => ({ id: o.id, text: o.text })), [question.options]);
  const data = history.data;
  const series = useMemo(() => (data ? splitSeries(data.points, options) : null), [data, options]);
  if (history.isError || data?.resultsHidden) return null;

  const changes = data ? splitChange(data.points, options) : [];
  const summary = changes.map((c) => t('results.historyChange', { option: c.option.text, from: c.from, to: c.to })).join(' · ');
  const marks = data
    ? historyMarks(data).map((m) => ({ x: m.x }))
    : [];
  const xs = series?.xs ?? [];
  const first = Math.min(xs[0] ?? 0, marks[0]?.x ?? Infinity);
  const span = (xs[xs.length - 1] ?? 0) - first;

  return (
    <Card className="results-card history-card">
      <CardContent>
        <CardTitle>{t('results.historyTitle')}</CardTitle>
        <div className="history-card__chart" role="img" aria-label={data ? t('results.historyLabel', { summary: summary || t('results.historyEmpty') }) : t('results.historyLoading')}>
          {series && data ? (
            <LazyTimeChart
              xs={series.xs}
              series={options.map((o, i) => ({ label: o.text, values: series.ys[i] ?? [], color: barColor(i, o.id) }))}
              marks={marks}
              yRange={[0, 100]}
              formatX={timeAxisLabel(span)}
            />
          ) : (
            <div className="time-chart time-chart--loading" style={{ height: 180 }} />
          )}
        </div>
        <ul className="history-card__legend">
          {options.map((o, i) => (
            <li key={o.id}>
              <span className={`history-card__swatch history-card__swatch--${barColor(i, o.id)}`} />
              {o.text}
            </li>
          ))}
          {data &&
            historyMarks(data).map((m) => (
              <li key={m.kind} className="history-card__mark">
                <span className="history-card__mark-line" />
                {t(m.kind === 'published' ? 'results.historyPublished' : 'results.historyResolved')} {pointTime(new Date(m.x * 1000).toISOString())}
              </li>
            ))}
        </ul>
        <p className="history-card__summary">{data ? (data.points.length > 1 ? t('results.historySummary', { changes: summary }) : t('results.historyEmpty')) : '\u00a0'}</p>
        {data && data.points.length > 0 && (
          <details className="history-card__table">
            <summary>{t('results.historyTable')}</summary>
            <div className="history-card__scroll" tabIndex={0} role="region" aria-label={t('results.historyTitle')}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('results.historyTime')}</th>
                    {options.map((o) => (
                      <th scope="col" key={o.id}>
                        {o.text}
                      </th>
                    ))}
                    <th scope="col">{t('results.historyVotes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.points.map((p, i) => (
                    <tr key={`${p.at}-${i}`}>
                      <th scope="row">{pointTime(p.at)}</th>
                      {options.map((o, j) => (
                        <td key={o.id}>{Math.round(series?.ys[j]?.[i] ?? 0)}%</td>
                      ))}
                      <td>{p.totalVotes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
