// One question in the admin's lists: its status, figures and the actions open to it now.
import { useState } from 'react';
import { Badge, Button, Dialog } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { useT } from '../../i18n';
import { formatCount } from '../../i18n/format';
import '../../i18n/later';
import { questionStatus, questionWithMark, type QuestionStatus } from '../../entities/question/results';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import type { Question } from '../../entities/question/types';
import { EditTranslationsDialog } from './TranslationFields';
import { ScheduleDialog, ScheduleStatus } from './ScheduleDialog';
import { DetailsDialog, DetailsStatus, mayEditDetails } from './DetailsDialog';
import { ResolveDialog } from './ResolveDialog';
import { canCorrect } from './resolveForm';
import { ResolutionSource } from '../questions/ResolutionSource';
import './admin-tabs.css';
import { useAdminAction } from './api';

const STATUS_VARIANT: Record<QuestionStatus, 'outline' | 'default' | 'gold' | 'secondary'> = {
  Draft: 'outline',
  Published: 'default',
  Resolved: 'gold',
  Archived: 'secondary',
};

type Pending = null | 'resolve' | 'correct' | 'archive' | 'delete' | 'translations' | 'schedule' | 'details';

const STATUS_KEY = {
  Draft: 'admin.statusDraft',
  Published: 'admin.statusPublished',
  Resolved: 'admin.statusResolved',
  Archived: 'admin.statusArchived',
} as const;

/** What an admin may do with a question now (mirrors the server's rules). */
export function availableActions(q: Question, now = new Date()) {
  return {
    publish: !q.isPublished && !q.isArchived,
    resolve: q.isPublished && q.isActive && !q.isResolved && !q.isArchived,
    correct: canCorrect({ isResolved: q.isResolved, resolution: q.resolution ?? null }, now),
    archive: !q.isArchived,
    delete: true,
  };
}

export function AdminQuestionItem({ question: q }: { question: Question }) {
  const [pending, setPending] = useState<Pending>(null);
  const t = useT();
  const action = useAdminAction();
  const status = questionStatus(q);
  const can = availableActions(q);
  const busy = action.isPending;
  const close = () => setPending(null);
  const correct = q.options.find((o) => o.id === q.correctOptionId);

  return (
    <li className="admin-q" data-question-id={q.id}>
      <div className="admin-q__head">
        <Badge variant={STATUS_VARIANT[status]}>{t(STATUS_KEY[status])}</Badge>
        {q.isSample && <SampleBadge />}
        {q.isBlind && <BlindBadge />}
        {q.date && (
          <time className="admin-q__date" dateTime={q.date}>
            {formatLongDate(q.date)}
          </time>
        )}
      </div>
      <p className="admin-q__text">{questionWithMark(q.text)}</p>
      <ScheduleStatus question={q} />
      <DetailsStatus question={q} />
      <ResolutionSource question={q} className="admin-q__resolution" />
      <p className="admin-q__meta">
        {q.options.map((o) => o.text).join(' / ')} · {t('admin.votes', { count: q.totalVotes ?? 0, shown: formatCount(q.totalVotes ?? 0) })}
        {correct && ` · ${t('admin.correct', { option: correct.text })}`}
        {q.translations && ` · ${t('admin.translatedInto', { languages: Object.keys(q.translations).join(', ') })}`}
      </p>
      <div className="admin-q__actions">
        {can.publish && (
          <Button size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'publish', id: q.id })}>
            {t('admin.publish')}
          </Button>
        )}
        {can.publish && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setPending('schedule')}>
            {q.scheduledFor && !q.scheduleMissedAt ? t('admin.scReschedule') : t('admin.scSchedule')}
          </Button>
        )}
        {can.resolve && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setPending('resolve')}>
            {t('admin.resolve')}
          </Button>
        )}
        {can.correct && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setPending('correct')}>
            {t('admin.rsCorrect')}
          </Button>
        )}
        {can.archive && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending('archive')}>
            {t('admin.archive')}
          </Button>
        )}
        {mayEditDetails(q) && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending('details')}>
            {t('admin.details')}
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending('translations')}>
          {t('admin.languages')}
        </Button>
        <Button size="sm" variant="ghost" className="admin-q__delete" disabled={busy} onClick={() => setPending('delete')}>
          {t('admin.delete')}
        </Button>
      </div>

      <Dialog
        open={pending === 'archive'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.archiveTitle')}
        description={t('admin.archiveText')}
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            {t('admin.cancel')}
          </Button>
          <Button
            onClick={() => {
              close();
              action.mutate({ kind: 'archive', id: q.id });
            }}
          >
            {t('admin.archive')}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={pending === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.deleteTitle')}
        description={t('admin.deleteText')}
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            {t('admin.cancel')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              close();
              action.mutate({ kind: 'delete', id: q.id });
            }}
          >
            {t('admin.deletePermanently')}
          </Button>
        </div>
      </Dialog>
      {pending === 'translations' && <EditTranslationsDialog question={q} onClose={close} />}
      {pending === 'schedule' && <ScheduleDialog question={q} onClose={close} />}
      {pending === 'details' && <DetailsDialog question={q} onClose={close} />}
      {(pending === 'resolve' || pending === 'correct') && <ResolveDialog question={q} mode={pending} onClose={close} />}
    </li>
  );
}
