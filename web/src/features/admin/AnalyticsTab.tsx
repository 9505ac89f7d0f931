import { useQuery } from '@tanstack/react-query';
import { Button, Card, CardContent } from '../../ui';
import { ADMIN_ANALYTICS_KEY } from '../suggestions/api';
import './admin-tabs.css';

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

const fmt = (v: number | null) => (v === null ? '–' : v.toLocaleString('en-ZA'));

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
  if (analytics.isPending) {
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>Loading analytics...</span>
      </div>
    );
  }
  if (analytics.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>Analytics could not be loaded.</p>
          <Button variant="outline" onClick={() => void analytics.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  const f = analytics.data;
  return (
    <div className="stack">
      <section aria-label="Participation">
        <h2 className="admin-list__title">Participation</h2>
        <div className="stat-grid">
          <Tile label="Users" value={f.usersTotal} note={f.usersNew === null ? undefined : `+${fmt(f.usersNew)} this week`} accent />
          <Tile label="Answers today" value={f.answersToday} note="Since midnight SAST" accent />
        </div>
      </section>
      <section aria-label="Questions by state">
        <h2 className="admin-list__title">Questions</h2>
        <div className="stat-grid stat-grid--four">
          <Tile label="Draft" value={f.draft} />
          <Tile label="Published" value={f.published} />
          <Tile label="Resolved" value={f.resolved} />
          <Tile label="Archived" value={f.archived} />
        </div>
      </section>
      <section aria-label="Suggestions">
        <h2 className="admin-list__title">Suggestions</h2>
        <div className="stat-grid">
          <Tile label="Pending review" value={f.suggestionsPending} />
        </div>
      </section>
      <p className="field__hint">Figures come from live data{analytics.dataUpdatedAt ? `, updated ${new Date(analytics.dataUpdatedAt).toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' })}` : ''}.</p>
    </div>
  );
}
