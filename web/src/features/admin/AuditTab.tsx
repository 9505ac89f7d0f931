import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { shortId } from './UsersTab';
import './admin-tabs.css';

export interface AuditEntry {
  id: string;
  at: string | null;
  actor: { id: string; username: string | null; name: string | null };
  action: string;
  target: { type: string; id: string; label: string | null };
  outcome: 'success' | 'failure';
  detail: string | null;
  source: string;
}

export interface AuditPage {
  page: number;
  pageSize: number;
  total: number;
  entries: AuditEntry[];
}

export const auditKey = (page: number) => [`/api/admin/audit?page=${page}`] as const;

const ACTIONS: Record<string, string> = {
  'question.create': 'Created a question',
  'question.publish': 'Published a question',
  'question.resolve': 'Resolved a question',
  'question.archive': 'Archived a question',
  'question.delete': 'Deleted a question',
  'comment.delete': 'Deleted a comment',
  'suggestion.review': 'Reviewed a suggestion',
  'suggestion.delete': 'Deleted a suggestion',
  'user.delete': 'Deleted a user',
  'official.create': 'Added an official',
  'official.update': 'Edited an official',
  'official.delete': 'Removed an official',
  'prediction.create': 'Added a media prediction',
  'prediction.update': 'Edited a media prediction',
  'prediction.delete': 'Removed a media prediction',
};

/** A readable sentence for an action name; unknown names are shown as they are. */
export const actionLabel = (action: string): string => ACTIONS[action] ?? action;

/** "22 November 2025, 14:05" (SAST). */
function when(at: string | null): string {
  if (!at) return '';
  const time = new Intl.DateTimeFormat('en-ZA', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Johannesburg' }).format(new Date(at));
  return `${formatLongDate(at)}, ${time}`;
}

/** The dashboard's Audit tab: every admin action, newest first, 50 a page (GET /api/admin/audit). */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const audit = useQuery<AuditPage>({ queryKey: auditKey(page), placeholderData: keepPreviousData });

  if (audit.isPending) {
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>Loading the audit log...</span>
      </div>
    );
  }
  if (audit.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>The audit log could not be loaded.</p>
          <Button variant="outline" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  const { entries, total, pageSize } = audit.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <section className="stack" aria-labelledby="admin-audit-title">
      <div>
        <h2 className="admin-list__title" id="admin-audit-title">
          Audit log ({total})
        </h2>
        <p className="field__hint">Every admin action, newest first. Kept for one year; nobody can change it.</p>
      </div>
      {entries.length === 0 ? (
        <p className="empty-note">No admin actions yet.</p>
      ) : (
        <ol className="audit-rows" aria-label="Admin actions">
          {entries.map((e) => (
            <li key={e.id} className="audit-row" data-outcome={e.outcome}>
              <div className="audit-row__head">
                <span className="audit-row__action">{actionLabel(e.action)}</span>
                {e.outcome === 'success' ? <Badge variant="secondary">Done</Badge> : <Badge variant="destructive">Failed</Badge>}
              </div>
              {e.target.label && <p className="audit-row__target">{e.target.label}</p>}
              {e.detail && <p className="audit-row__detail">{e.detail}</p>}
              <p className="audit-row__meta">
                <span>{e.actor.username ? `@${e.actor.username}` : `deleted account ${shortId(e.actor.id)}`}</span>
                <span aria-hidden="true"> · </span>
                {e.at && <time dateTime={e.at}>{when(e.at)}</time>}
                <span aria-hidden="true"> · </span>
                <code title={`${e.target.type} ${e.target.id}`}>
                  {e.target.type} {shortId(e.target.id.replace(/^sha256:/, ''))}
                </code>
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav className="audit-pager" aria-label="Audit log pages">
          <Button variant="outline" size="sm" disabled={page <= 1 || audit.isFetching} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <span className="audit-pager__where">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages || audit.isFetching} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
