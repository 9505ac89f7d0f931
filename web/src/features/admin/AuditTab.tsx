import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { shortId } from './UsersTab';
import './admin-tabs.css';
import { intlLocales, t as translate, useT, type MessageKey } from '../../i18n';
import '../../i18n/later';

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

const ACTIONS: Record<string, MessageKey> = {
  'question.create': 'admin.auQuestionCreate',
  'question.publish': 'admin.auQuestionPublish',
  'question.resolve': 'admin.auQuestionResolve',
  'question.archive': 'admin.auQuestionArchive',
  'question.translate': 'admin.auQuestionTranslate',
  'question.delete': 'admin.auQuestionDelete',
  'question.schedule': 'admin.auQuestionSchedule',
  'question.unschedule': 'admin.auQuestionUnschedule',
  'question.publish.scheduled': 'admin.auQuestionPublishScheduled',
  'question.schedule.missed': 'admin.auQuestionScheduleMissed',
  'question.edit': 'admin.auQuestionEdit',
  'comment.delete': 'admin.auCommentDelete',
  'comment.report': 'admin.auCommentReport',
  'comment.keep': 'admin.auCommentKeep',
  'comment.remove': 'admin.auCommentRemove',
  'user.suspend': 'admin.auUserSuspend',
  'user.unsuspend': 'admin.auUserUnsuspend',
  'user.rename': 'admin.auUserRename',
  'suggestion.review': 'admin.auSuggestionReview',
  'suggestion.delete': 'admin.auSuggestionDelete',
  'user.delete': 'admin.auUserDelete',
  'password.reset.request': 'admin.auPasswordResetRequest',
  'password.reset': 'admin.auPasswordReset',
  'password.reset.send': 'admin.auPasswordResetSend',
  'official.create': 'admin.auOfficialCreate',
  'official.update': 'admin.auOfficialUpdate',
  'official.delete': 'admin.auOfficialDelete',
  'prediction.create': 'admin.auPredictionCreate',
  'prediction.update': 'admin.auPredictionUpdate',
  'prediction.delete': 'admin.auPredictionDelete',
};

/** A readable sentence for an action name (in the interface language); unknown names are shown as they are. */
export const actionLabel = (action: string): string => (ACTIONS[action] ? translate(ACTIONS[action]) : action);

/** Who acted: a username, nobody signed in (the nil id: a "forgot password" request), or an account since deleted. */
function actorText(actor: AuditEntry['actor']): string {
  if (actor.username) return `@${actor.username}`;
  return actor.id === ANONYMOUS_ACTOR ? translate('admin.auAnonymous') : translate('admin.auDeletedAccount', { id: shortId(actor.id) });
}
const ANONYMOUS_ACTOR = '00000000-0000-0000-0000-000000000000';

/** "22 November 2025, 14:05" (SAST). */
function when(at: string | null): string {
  if (!at) return '';
  const time = new Intl.DateTimeFormat(intlLocales(), { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Johannesburg' }).format(new Date(at));
  return `${formatLongDate(at)}, ${time}`;
}

/** The dashboard's Audit tab: every admin action, newest first, 50 a page (GET /api/admin/audit). */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const audit = useQuery<AuditPage>({ queryKey: auditKey(page), placeholderData: keepPreviousData });
  const t = useT();

  if (audit.isPending) {
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{t('admin.auLoading')}</span>
      </div>
    );
  }
  if (audit.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{t('admin.auFailed')}</p>
          <Button variant="outline" onClick={() => void audit.refetch()}>
            {t('common.tryAgain')}
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
          {t('admin.auTitle', { count: String(total) })}
        </h2>
        <p className="field__hint">{t('admin.auText')}</p>
      </div>
      {entries.length === 0 ? (
        <p className="empty-note">{t('admin.auNone')}</p>
      ) : (
        <ol className="audit-rows" aria-label={t('admin.auList')}>
          {entries.map((e) => (
            <li key={e.id} className="audit-row" data-outcome={e.outcome}>
              <div className="audit-row__head">
                <span className="audit-row__action">{actionLabel(e.action)}</span>
                {e.outcome === 'success' ? <Badge variant="secondary">{t('admin.auDone')}</Badge> : <Badge variant="destructive">{t('admin.auFailedBadge')}</Badge>}
              </div>
              {e.target.label && <p className="audit-row__target">{e.target.label}</p>}
              {e.detail && <p className="audit-row__detail">{e.detail}</p>}
              <p className="audit-row__meta">
                <span>{actorText(e.actor)}</span>
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
        <nav className="audit-pager" aria-label={t('admin.auPages')}>
          <Button variant="outline" size="sm" disabled={page <= 1 || audit.isFetching} onClick={() => setPage((p) => p - 1)}>
            {t('admin.auNewer')}
          </Button>
          <span className="audit-pager__where">
            {t('admin.auPage', { page: String(page), pages: String(pages) })}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages || audit.isFetching} onClick={() => setPage((p) => p + 1)}>
            {t('admin.auOlder')}
          </Button>
        </nav>
      )}
    </section>
  );
}
