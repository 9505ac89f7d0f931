// How the day went: the admin analytics tab's charts, in a chunk of their own (AnalyticsTab loads it on demand), from
// GET /api/admin/analytics/day. Each chart has its figures as a table too; docs/analytics.md defines every figure.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayAnalytics as Day } from '@mzansi/api';
import { getQueryFn } from '../../../lib/api';
import { ErrorNote, LoadingNote } from '../../../ui';
import { useT } from '../../../i18n';
import { dayLabel } from '../../history/format';
import { CommunityCard, DaysCard, DeliveryCard, HoursCard, RetentionCard } from './DayCharts';
import { ProvincesCard, TopQuestionsCard } from './DayLists';
import './day-analytics.css';

export const DAY_ANALYTICS_KEY = ['/api/admin/analytics/day'] as const;

const dayQuery = queryOptions({
  queryKey: DAY_ANALYTICS_KEY,
  queryFn: getQueryFn<Day>({ on401: 'throw' }),
  refetchInterval: 60_000,
});

/** An answer this screen can draw: an older or newer server's odd shape counts as a failure, never as zeros. */
const drawable = (d: unknown): d is Day => {
  const a = d as Partial<Day> | null;
  return !!a && Array.isArray(a.hours) && a.hours.length === 24 && Array.isArray(a.days) && Array.isArray(a.retention) && !!a.provinces && Array.isArray(a.topQuestions);
};

export default function DayAnalytics() {
  const t = useT();
  const day = useQuery(dayQuery);
  if (day.isPending) return <LoadingNote text={t('admin.dayLoading')} />;
  if (day.isError || !drawable(day.data)) return <ErrorNote text={t('admin.dayFailed')} onRetry={() => void day.refetch()} />;
  const a = day.data;
  return (
    <section className="day-analytics" aria-labelledby="day-analytics-title">
      <div className="day-analytics__head">
        <h2 id="day-analytics-title" className="admin-list__title">
          {t('admin.dayTitle')}
        </h2>
        <p className="field__hint">{t('admin.dayIntro', { from: dayLabel(a.firstDay), to: dayLabel(a.today) })}</p>
      </div>
      <HoursCard a={a} />
      <DaysCard days={a.days} />
      <RetentionCard rows={a.retention} />
      <ProvincesCard provinces={a.provinces} />
      <TopQuestionsCard questions={a.topQuestions} />
      <DeliveryCard days={a.days} />
      <CommunityCard days={a.days} />
    </section>
  );
}
