import { useId, useState } from 'react';
import type { ModerationItem } from '@mzansi/api';
import { serverMessage } from '../../lib/api';
import { useNow } from '../../lib/useNow';
import { Badge, Button, Card, CardContent, Input, Label, Textarea, toast, toastError } from '../../ui';
import { CommentList } from '../comments/CommentList';
import { useModerate, useModerationQueue, type ReportReason } from '../moderation/api';
import { REASON_LABEL } from '../moderation/ReportDialog';
import { SuspensionState } from './SuspensionState';
import { useT } from '../../i18n';
import '../../i18n/later';
import './admin-tabs.css';
import '../moderation/moderation.css';

const DAYS: (1 | 7 | 30 | null)[] = [1, 7, 30, null];

/** The dashboard's Moderation tab: reported and hidden comments, oldest report first, with the moderators' actions. */
export function ModerationTab() {
  const t = useT();
  const queue = useModerationQueue();
  const items = queue.data?.items ?? [];
  return (
    <section className="stack" aria-labelledby="admin-moderation-title">
      <h2 className="admin-list__title" id="admin-moderation-title">
        {t('admin.tabModeration')}
        {queue.isSuccess && ` (${items.length})`}
      </h2>
      {queue.isPending ? (
        <div className="loading-note" aria-live="polite">
          <span className="spinner__ring" aria-hidden="true" />
          <span>{t('common.loading')}</span>
        </div>
      ) : queue.isError ? (
        <Card className="notice-card">
          <CardContent>
            <Button variant="outline" onClick={() => void queue.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </CardContent>
        </Card>
      ) : items.length === 0 ? (
        <p className="empty-note">{t('admin.modEmpty')}</p>
      ) : (
        <ul className="suggestion-list" aria-label={t('admin.tabModeration')}>
          {items.map((item) => (
            <Item key={item.comment.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Item({ item }: { item: ModerationItem }) {
  const t = useT();
  const now = useNow(60_000);
  const { decide, suspend, rename } = useModerate();
  const [reason, setReason] = useState('');
  const [newName, setNewName] = useState('');
  const reasonId = useId();
  const nameId = useId();
  const author = item.comment.user;
  const done = (title: string) => ({ onSuccess: () => toast({ title }), onError: (e: unknown) => toastError(serverMessage(e, t('common.tryAgain')), t('admin.modFailed')) });
  const busy = decide.isPending || suspend.isPending || rename.isPending;
  return (
    <li className="suggestion" data-moderation-id={item.comment.id}>
      <div className="suggestion__head">
        <Badge>{item.comment.moderation === 'hidden' ? t('admin.modHidden') : t('admin.modVisible')}</Badge>
      </div>
      <CommentList comments={[item.comment]} now={now} />
      <h3 className="admin-list__title">{t('admin.modReports')}</h3>
      <ul>
        {item.reports.map((r) => (
          <li key={r.id}>
            {t(REASON_LABEL[r.reason as ReportReason] ?? 'discuss.reasonOther')}
            {r.reporter && ` · @${r.reporter.username}`}
            {r.reporterRejected > 0 && ` · ${t('admin.modRejected', { count: r.reporterRejected })}`}
            {r.note && <p className="comment__text">{r.note}</p>}
          </li>
        ))}
      </ul>
      {author && <p>{t('admin.modAuthorReports', { count: item.authorReports, username: author.username })}</p>}
      {item.authorHistory.length > 0 && (
        <details>
          <summary>{t('admin.modHistory')}</summary>
          <CommentList comments={item.authorHistory} now={now} />
        </details>
      )}
      <Label htmlFor={reasonId}>{t('admin.modReason')}</Label>
      <Textarea id={reasonId} value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      <div className="report-form__actions">
        <Button variant="outline" disabled={busy} onClick={() => decide.mutate({ commentId: item.comment.id, action: 'keep' }, done(t('admin.modKept')))}>
          {t('admin.modKeep')}
        </Button>
        <Button disabled={busy || !reason.trim()} onClick={() => decide.mutate({ commentId: item.comment.id, action: 'remove', reason: reason.trim() }, done(t('admin.modRemoved')))}>
          {t('admin.modRemove')}
        </Button>
      </div>
      {author && item.authorSuspension && <SuspensionState user={author} suspension={item.authorSuspension} />}
      {author && !item.authorSuspension && (
        <div className="report-form__actions" role="group" aria-label={t('admin.modSuspend', { username: author.username })}>
          {DAYS.map((days) => (
            <Button
              key={String(days)}
              variant="outline"
              disabled={busy || !reason.trim()}
              onClick={() => suspend.mutate({ userId: author.id, days, reason: reason.trim() }, done(t('admin.modSuspended')))}
            >
              {days === null ? t('admin.modForever') : t('admin.modDays', { count: days })}
            </Button>
          ))}
        </div>
      )}
      {author && (
        <div className="report-form__actions">
          <Label htmlFor={nameId}>{t('admin.modNewName')}</Label>
          <Input id={nameId} value={newName} maxLength={100} onChange={(e) => setNewName(e.target.value)} />
          <Button
            variant="outline"
            disabled={busy || !newName.trim() || !reason.trim()}
            onClick={() => rename.mutate({ userId: author.id, name: newName.trim(), reason: reason.trim() }, done(t('admin.modRenamed')))}
          >
            {t('admin.modRename')}
          </Button>
        </div>
      )}
    </li>
  );
}
