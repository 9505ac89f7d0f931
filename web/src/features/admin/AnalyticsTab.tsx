import { useQuery } from '@tanstack/react-query';
import { Button, Card, CardContent } from '../../ui';
import { ADMIN_ANALYTICS_KEY } from '../suggestions/api';
import './admin-tabs.css';
import { intlLocales, useT } from '../../i18n';
import { formatCount } from '../../i18n/format';
import '../../i18n/later';

/** GET /api/admin/analytics. */
export interface AdminAnalytics {
  users: { total: number; newThisWeek: number };
  answersToday: number;
  questions: { draft: number; published: number; resolved: number; archived: number };
  suggestionsPending: number;
}

const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Only real figures: anything missing from the answer is shown as a dash, never made up. */
function toFigures(data: unknown) {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, Record<string, unknown> | unknown>;
  const users = (d.users && typeof d.users === 'object' ? d.users : {}) as Record<string, unknown>;
  const questions = (d.questions && typeof d.questions === 'object' ? d.questions : {}) as Record<string, unknown>;
  return {
    usersTotal: n(users.total),
    usersNew: n(users.newThisWeek),
    answersToday: n(d.answersToday),
    draft: n(questions.draft),
    published: n(questions.published),
    resolved: n(questions.resolved),
    archived: n(questions.archived),
    suggestionsPending: n(d.suggestionsPending),
  };
}

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
  const analytics = useQuery({ queryKey: ADMIN_ANALYTICS_KEY, select: toFigures, refetchInterval: 60_000 });
  const t = useT();
  if (analytics.isPending) {
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{t('admin.anLoading')}</span>
      </div>
    );
  }
  if (analytics.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{t('admin.anFailed')}</p>
          <Button variant="outline" onClick={() => void analytics.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const f = analytics.data;
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
      <p className="field__hint">
        {analytics.dataUpdatedAt
          ? t('admin.anUpdated', { time: new Date(analytics.dataUpdatedAt).toLocaleTimeString(intlLocales(), { hour: '2-digit', minute: '2-digit' }) })
          : t('admin.anLive')}
      </p>
    </div>
  );
}
