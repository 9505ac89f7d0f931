// A question's resolution criteria and close time: shown on its admin card, edited in a dialog on a draft or a
// published question (PATCH /api/admin/questions/{id}; a published close only later, never into the past).
import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Dialog, Label, Textarea } from '../../ui';
import { useT } from '../../i18n';
import '../../i18n/later';
import { questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';
import { useClosed } from '../questions/closing';
import { CLOSES_INCOMPLETE_MESSAGE } from './createQuestion';
import { buildDetailsPayload, detailsFormFor, NOTHING_CHANGED, type DetailsForm } from './details';
import { CloseTimeFields } from './CloseTimeFields';
import { useSastLabel, utcLabel } from './ScheduleDialog';
import { useUpdateDetails } from './api';

/** Whether the question's criteria and close time may still change (mirrors the server: not resolved, not archived). */
export const mayEditDetails = (q: Pick<Question, 'isResolved' | 'isArchived'>): boolean => !q.isResolved && !q.isArchived;

/** On the admin card: the criteria, and when answering closes or closed (UTC, with the South African time). */
export function DetailsStatus({ question: q }: { question: Question }) {
  const t = useT();
  const sast = useSastLabel();
  const closed = useClosed(q);
  return (
    <>
      {q.resolutionCriteria && (
        <p className="admin-q__criteria">
          <span className="admin-q__criteria-label">{t('admin.criteria')}:</span> {q.resolutionCriteria}
        </p>
      )}
      {q.closesAt && (
        <p className="sched-status">
          {closed && <Badge variant="secondary">{t('vote.closedBadge')}</Badge>}{' '}
          {t(closed ? 'admin.closedFor' : 'admin.closesFor', { utc: utcLabel(q.closesAt), sast: sast(q.closesAt) })}
        </p>
      )}
    </>
  );
}

export function DetailsDialog({ question: q, onClose }: { question: Question; onClose: () => void }) {
  const id = useId();
  const t = useT();
  const save = useUpdateDetails(onClose);
  const [form, setForm] = useState<DetailsForm>(() => detailsFormFor(q));
  const [error, setError] = useState('');
  const change = (next: Partial<DetailsForm>) => {
    setError('');
    setForm((f) => ({ ...f, ...next }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = buildDetailsPayload(form, q);
    if (!result.ok) return setError(result.error === CLOSES_INCOMPLETE_MESSAGE ? t('admin.closesIncomplete') : result.error === NOTHING_CHANGED ? t('admin.dtNothing') : result.error);
    save.mutate({ id: q.id, payload: result.payload });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('admin.dtTitle')} description={questionWithMark(q.text)}>
      <form className="form sched-form" onSubmit={onSubmit} noValidate aria-label={t('admin.dtTitle')}>
        <div className="field">
          <Label htmlFor={`${id}-criteria`}>{t('admin.criteria')}</Label>
          <Textarea
            id={`${id}-criteria`}
            rows={3}
            maxLength={1000}
            value={form.criteria}
            onChange={(e) => change({ criteria: e.target.value })}
            aria-describedby={`${id}-criteria-hint`}
            data-autofocus
          />
          <p className="field__hint" id={`${id}-criteria-hint`}>
            {t('admin.criteriaHint')}
          </p>
        </div>
        <CloseTimeFields idPrefix={id} date={form.closesDate} time={form.closesTime} onChange={change} />
        {q.isPublished && <p className="field__hint">{t('admin.dtPublishedHint')}</p>}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions dialog-actions--stack">
          <Button type="submit" block disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('admin.saving') : t('admin.dtSave')}
          </Button>
          <Button type="button" block variant="ghost" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
