import { Suspense } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics } from '@mzansi/api';
import { getQueryFn } from '../../lib/api';
import { ErrorNote, LoadingNote } from '../../ui';
import { ADMIN_ANALYTICS_KEY } from '../suggestions/api';
import './admin-tabs.css';
import { intlLocales, useT } from '../../i18n';
import { formatCount } from '../../i18n/format';
import '../../i18n/later';
import { lazyScreen } from '../offline/lazyScreen';

// How the day went: its charts and their code load with the tab's first view, in a chunk of their own (and the
// chart library in its own again, LazyTimeChart).
const DayAnalytics = lazyScreen(() => import('./analytics/DayAnalytics').then((m) => m.default));

/** GET /api/admin/analytics; an older or newer server may leave a figure out (shown as a dash, never made up). */
const analyticsQuery = queryOptions({
  queryKey: ADMIN_ANALYTICS_KEY,
  queryFn: getQueryFn<Partial<Analytics> | null>({ on401: 'throw' }),
  refetchInterval: 60_000,
});

const fmt = (v: number | null) => (v === null ? '–' : formatCount(v));

function Tile({ label, value, note, accent }: { label: string; value: number | null; note?: string; accent?: boolean }) {
  return (
    <div className={accent ? 'stat-tile stat-tile--accent' : 'stat-tile'}>
      <span className="stat-tile__value">{fmt(value)}</span>
      <span className="stat-tile__label">{label}</span>
      {note && <span className="stat-tile__note">{note}</span>}
    </div>
  );
}

export function AnalyticsTab() {
  const analytics = useQuery(analyticsQuery);
  const t = useT();
  if (analytics.isPending) return <LoadingNote text={t('admin.anLoading')} />;
  if (analytics.isError) return <ErrorNote text={t('admin.anFailed')} onRetry={() => void analytics.refetch()} />;
  const d = analytics.data;
  const f = {
    usersTotal: d?.users?.total ?? null,
    usersNew: d?.users?.newThisWeek ?? null,
    answersToday: d?.answersToday ?? null,
    draft: d?.questions?.draft ?? null,
    published: d?.questions?.published ?? null,
    resolved: d?.questions?.resolved ?? null,
    archived: d?.questions?.archived ?? null,
    suggestionsPending: d?.suggestionsPending ?? null,
  };
  return (
    <div className="stack">
      <section aria-label={t('admin.anParticipation')}>
        <h2 className="admin-list__title">{t('admin.anParticipation')}</h2>
        <div className="stat-grid">
          <Tile label={t('admin.tabUsers')} value={f.usersTotal} note={f.usersNew === null ? undefined : t('admin.anNewThisWeek', { count: fmt(f.usersNew) })} accent />
          <Tile label={t('admin.anAnswersToday')} value={f.answersToday} note={t('admin.anSinceMidnight')} accent />
        </div>
      </section>
      <section aria-label={t('admin.anByState')}>
        <h2 className="admin-list__title">{t('admin.tabQuestions')}</h2>
        <div className="stat-grid stat-grid--four">
          <Tile label={t('admin.statusDraft')} value={f.draft} />
          <Tile label={t('admin.statusPublished')} value={f.published} />
          <Tile label={t('admin.statusResolved')} value={f.resolved} />
          <Tile label={t('admin.statusArchived')} value={f.archived} />
        </div>
      </section>
      <section aria-label={t('admin.tabSuggestions')}>
        <h2 className="admin-list__title">{t('admin.tabSuggestions')}</h2>
        <div className="stat-grid">
          <Tile label={t('admin.anPending')} value={f.suggestionsPending} />
        </div>
      </section>
      <Suspense fallback={<LoadingNote text={t('admin.dayLoading')} />}>
        <DayAnalytics />
      </Suspense>
      <p className="field__hint">
        {analytics.dataUpdatedAt
          ? t('admin.anUpdated', { time: new Date(analytics.dataUpdatedAt).toLocaleTimeString(intlLocales(), { hour: '2-digit', minute: '2-digit' }) })
          : t('admin.anLive')}
      </p>
    </div>
  );
}
