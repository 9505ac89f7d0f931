import type { AnalyticsDay, DayAnalytics, Returned } from '@mzansi/api';
import { useT } from '../../../i18n';
import { formatCount } from '../../../i18n/format';
import { dayLabel, timeAxisLabel } from '../../history/format';
import { anyOf, breakAfterFirstWord, column, countRange, dayXs, hourXs, retentionSeries, todayTotal, total } from './dayData';
import { SeriesCard } from './SeriesCard';

const hourLabel = timeAxisLabel(3600);
const dayAxis = timeAxisLabel(14 * 86_400);
const percent = (v: number) => `${formatCount(v)}%`;

/** Predictions per SAST hour today, beside a typical day (the mean of the 14 days before). */
export function HoursCard({ a }: { a: DayAnalytics }) {
  const t = useT();
  const xs = hourXs(a.today);
  const today = a.hours.map((h) => h.today);
  const typical = a.hours.map((h) => h.typical);
  const typicalDay = Math.round(typical.reduce((n, v) => n + v, 0));
  return (
    <SeriesCard
      title={t('admin.hoursTitle')}
      intro={t('admin.hoursIntro')}
      label={t('admin.hoursLabel', { today: formatCount(todayTotal(a)), typical: formatCount(typicalDay) })}
      xs={xs}
      series={[
        { label: t('admin.hoursToday'), values: today, color: 'green' },
        { label: t('admin.hoursTypical'), values: typical, color: 'gold', dashed: true },
      ]}
      rowHeader={t('admin.colHour')}
      rowLabels={xs.map(hourLabel)}
      formatX={hourLabel}
      yRange={countRange(today, typical)}
      empty={todayTotal(a) === 0 ? t('admin.dayEmpty') : undefined}
    />
  );
}

/** Shared by the per-day cards: the range's days as x positions, the axis's labels and the table's rows. */
function useDays(days: { day: string }[]) {
  const t = useT();
  return { xs: dayXs(days), rowHeader: t('admin.colDay'), rowLabels: days.map((d) => breakAfterFirstWord(dayLabel(d.day))), formatX: dayAxis };
}

/** Predictions, new and returning players and sign-ups per day. */
export function DaysCard({ days }: { days: AnalyticsDay[] }) {
  const t = useT();
  const byDay = useDays(days);
  const series = [
    { label: t('admin.seriesPredictions'), values: column(days, (d) => d.answers), color: 'green' as const },
    { label: t('admin.seriesNewPlayers'), values: column(days, (d) => d.newPlayers), color: 'blue' as const },
    { label: t('admin.seriesReturning'), values: column(days, (d) => d.returningPlayers), color: 'gold' as const },
    { label: t('admin.seriesSignups'), values: column(days, (d) => d.signups), color: 'red' as const },
  ];
  return (
    <SeriesCard
      title={t('admin.daysTitle')}
      intro={t('admin.daysIntro')}
      label={t('admin.daysLabel', { count: formatCount(total(days, (d) => d.answers)) })}
      {...byDay}
      series={series}
      yRange={countRange(...series.map((s) => s.values))}
    />
  );
}

/** Day-1 and day-7 retention of each day's new players, in %. */
export function RetentionCard({ rows }: { rows: DayAnalytics['retention'] }) {
  const t = useT();
  const s = retentionSeries(rows);
  const byDay = useDays(rows);
  const cell = (r: Returned | null, players: number) => {
    if (!r || r.rate === null) return '—';
    const values = { rate: formatCount(r.rate), returned: formatCount(r.returned), players: formatCount(players) };
    return r.complete ? t('admin.retentionCell', values) : t('admin.retentionCellSoFar', values);
  };
  return (
    <SeriesCard
      title={t('admin.retentionTitle')}
      intro={t('admin.retentionIntro')}
      label={t('admin.retentionLabel')}
      {...byDay}
      series={[
        { label: t('admin.retentionDay1'), values: s.day1, color: 'green', format: (_v, i) => cell(rows[i]!.day1, rows[i]!.newPlayers) },
        { label: t('admin.retentionDay7'), values: s.day7, color: 'blue', format: (_v, i) => cell(rows[i]!.day7, rows[i]!.newPlayers) },
      ]}
      yRange={[0, 100]}
      formatY={percent}
      empty={rows.some((r) => r.newPlayers > 0) ? undefined : t('admin.retentionNone')}
    />
  );
}

/** Pushes and e-mails by the day of their outcome, and push clicks, with the range's totals. */
export function DeliveryCard({ days }: { days: AnalyticsDay[] }) {
  const t = useT();
  const byDay = useDays(days);
  const figures = [
    { label: t('admin.pushSent'), of: (d: AnalyticsDay) => d.push.sent, color: 'green' as const },
    { label: t('admin.pushFailed'), of: (d: AnalyticsDay) => d.push.failed, color: 'red' as const },
    { label: t('admin.pushClicks'), of: (d: AnalyticsDay) => d.push.clicks, color: 'blue' as const },
    { label: t('admin.emailSent'), of: (d: AnalyticsDay) => d.email.sent, color: 'gold' as const },
    { label: t('admin.emailFailed'), of: (d: AnalyticsDay) => d.email.failed, color: 'gold' as const, dashed: true },
  ];
  const series = figures.map(({ label, of, color, dashed }) => ({ label, values: column(days, of), color, dashed }));
  return (
    <SeriesCard
      title={t('admin.deliveryTitle')}
      intro={t('admin.deliveryIntro')}
      label={t('admin.deliveryLabel', { sent: formatCount(total(days, figures[0]!.of)), clicks: formatCount(total(days, figures[2]!.of)), emails: formatCount(total(days, figures[3]!.of)) })}
      {...byDay}
      series={series}
      yRange={countRange(...series.map((s) => s.values))}
      empty={anyOf(days, ...figures.map((f) => f.of)) ? undefined : t('admin.deliveryNone')}
    >
      <div className="day-tiles">
        {figures.map((f) => (
          <div className="stat-tile" key={f.label}>
            <span className="stat-tile__value">{formatCount(total(days, f.of))}</span>
            <span className="stat-tile__label">{f.label}</span>
          </div>
        ))}
      </div>
    </SeriesCard>
  );
}

/** Comments (replies included) and reports per day. */
export function CommunityCard({ days }: { days: AnalyticsDay[] }) {
  const t = useT();
  const byDay = useDays(days);
  const comments = column(days, (d) => d.comments);
  const reports = column(days, (d) => d.reports);
  return (
    <SeriesCard
      title={t('admin.communityTitle')}
      label={t('admin.communityLabel', { comments: formatCount(total(days, (d) => d.comments)), reports: formatCount(total(days, (d) => d.reports)) })}
      {...byDay}
      series={[
        { label: t('admin.seriesComments'), values: comments, color: 'green' },
        { label: t('admin.seriesReports'), values: reports, color: 'red' },
      ]}
      yRange={countRange(comments, reports)}
      empty={anyOf(days, (d) => d.comments, (d) => d.reports) ? undefined : t('admin.communityNone')}
    />
  );
}
