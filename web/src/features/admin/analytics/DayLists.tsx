import type { DayAnalytics } from '@mzansi/api';
import { Card, CardContent, CardTitle } from '../../../ui';
import { useT, type MessageKey } from '../../../i18n';
import { PROVINCES } from '../../provinces/provinces';
import { formatCount } from '../../../i18n/format';
import { barWidths } from './dayData';

/** A labelled bar per row, as wide as its share of the largest (a list, so every figure is read as text too). */
function BarList({ label, rows }: { label: string; rows: { key: string; name: string; value: number; figure: string }[] }) {
  const widths = barWidths(rows.map((r) => r.value));
  return (
    <ul className="day-bars" aria-label={label}>
      {rows.map((r, i) => (
        <li key={r.key} className="day-bars__row">
          <span className="day-bars__name">{r.name}</span>
          <span className="day-bars__figure">{r.figure}</span>
          <span className="day-bars__track" aria-hidden="true">
            <span className="day-bars__bar" style={{ width: `${widths[i]}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Predictions by province on the range's questions: only the provinces the small-cell rule lets the server show,
 * and what is left (smaller provinces and players without one) as one figure.
 */
export function ProvincesCard({ provinces }: { provinces: DayAnalytics['provinces'] }) {
  const t = useT();
  return (
    <Card className="day-card">
      <CardContent>
        <CardTitle>{t('admin.provincesTitle')}</CardTitle>
        <p className="day-card__note">{t('admin.provincesIntro')}</p>
        {provinces.shown.length === 0 ? (
          <p className="day-card__empty">{t('admin.provincesNone')}</p>
        ) : (
          <BarList
            label={t('admin.provincesTitle')}
            rows={provinces.shown.map((p) => ({ key: p.province, name: PROVINCES.some((k) => k.code === p.province) ? t(`prov.${p.province}` as MessageKey) : p.province, value: p.answers, figure: formatCount(p.answers) }))}
          />
        )}
        <p className="day-card__note">{t('admin.provincesNotShown', { count: formatCount(provinces.notShown), total: formatCount(provinces.national) })}</p>
      </CardContent>
    </Card>
  );
}

/** The questions published in the range with the most predictions. */
export function TopQuestionsCard({ questions }: { questions: DayAnalytics['topQuestions'] }) {
  const t = useT();
  return (
    <Card className="day-card">
      <CardContent>
        <CardTitle>{t('admin.topTitle')}</CardTitle>
        <p className="day-card__note">{t('admin.topIntro')}</p>
        {questions.length === 0 ? (
          <p className="day-card__empty">{t('admin.topNone')}</p>
        ) : (
          <BarList label={t('admin.topTitle')} rows={questions.map((q) => ({ key: q.id, name: q.text, value: q.answers, figure: t('admin.topCount', { count: q.answers }) }))} />
        )}
      </CardContent>
    </Card>
  );
}
