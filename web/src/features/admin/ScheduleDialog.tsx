// The schedule control of a draft: date and time (UTC, default 13:00) with the SAST time beside them.
import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Dialog, Input, Label } from '../../ui';
import { formatLongDate, formatSastTime, SAST_OFFSET_MS, sastDateKey } from '../../lib/time';
import { useT } from '../../i18n';
import '../../i18n/later';
import type { Question } from '../../entities/question/types';
import { scheduleFormFor, scheduleInstant, type ScheduleForm } from './schedule';
import './schedule.css';
import { useAdminAction } from './api';

/** "15:00 SAST", or "01:00 SAST, 3 December" when the SAST day is not the UTC date entered. */
export function useSastLabel() {
  const t = useT();
  return (iso: string) => {
    const time = formatSastTime(iso);
    return sastDateKey(new Date(iso)) === iso.slice(0, 10) ? t('admin.scSast', { time }) : t('admin.scSastDay', { time, day: formatLongDate(iso) });
  };
}

/** The UTC time of an instant as the form shows it: "1 December 2026, 13:00". */
export const utcLabel = (iso: string) => `${formatLongDate(Date.parse(iso) - SAST_OFFSET_MS)}, ${iso.slice(11, 16)}`;

/** A draft's schedule as its card shows it: when it publishes, or that its time was missed. */
export function ScheduleStatus({ question: q }: { question: Question }) {
  const t = useT();
  const sast = useSastLabel();
  if (q.isPublished || q.isArchived || !q.scheduledFor) return null;
  if (q.scheduleMissedAt)
    return (
      <p className="sched-status sched-status--missed">
        <Badge variant="destructive">{t('admin.scMissedBadge')}</Badge> {t('admin.scMissedText', { utc: utcLabel(q.scheduledFor) })}
      </p>
    );
  return (
    <p className="sched-status">
      <Badge variant="outline">{t('admin.scScheduledBadge')}</Badge> {t('admin.scScheduledFor', { utc: utcLabel(q.scheduledFor), sast: sast(q.scheduledFor) })}
    </p>
  );
}

export function ScheduleDialog({ question: q, onClose }: { question: Question; onClose: () => void }) {
  const id = useId();
  const t = useT();
  const sast = useSastLabel();
  const action = useAdminAction();
  const [form, setForm] = useState<ScheduleForm>(() => scheduleFormFor(q, new Date()));
  const [error, setError] = useState('');
  const instant = scheduleInstant(form);
  const scheduled = !!q.scheduledFor && !q.scheduleMissedAt;
  const set = (key: keyof ScheduleForm) => (event: { target: { value: string } }) => {
    setError('');
    setForm((f) => ({ ...f, [key]: event.target.value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.isPending) return;
    if (!instant) return setError(t('error.scheduleRequired'));
    if (Date.parse(instant) <= Date.now()) return setError(t('error.scheduleFuture'));
    action.mutate({ kind: 'schedule', id: q.id, publishAt: instant }, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('admin.scTitle')} description={t('admin.scText')}>
      <form className="form sched-form" onSubmit={onSubmit} noValidate aria-label={t('admin.scTitle')}>
        <div className="form-row">
          <div className="field">
            <Label htmlFor={`${id}-date`}>{t('admin.dateUtc')}</Label>
            <Input id={`${id}-date`} name="date" type="date" aria-required="true" value={form.date} onChange={set('date')} data-autofocus />
          </div>
          <div className="field">
            <Label htmlFor={`${id}-time`}>{t('admin.timeUtc')}</Label>
            <Input id={`${id}-time`} name="time" type="time" aria-required="true" value={form.time} onChange={set('time')} aria-describedby={`${id}-sast`} />
          </div>
        </div>
        <p className="sched-form__sast" id={`${id}-sast`} aria-live="polite">
          {instant ? t('admin.scInSast', { sast: sast(instant) }) : '\u00a0'}
        </p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions dialog-actions--stack">
          <Button type="submit" block disabled={action.isPending} aria-busy={action.isPending}>
            {scheduled ? t('admin.scReschedule') : t('admin.scSchedule')}
          </Button>
          {q.scheduledFor && (
            <Button type="button" block variant="outline" disabled={action.isPending} onClick={() => action.mutate({ kind: 'unschedule', id: q.id }, { onSuccess: onClose })}>
              {t('admin.scUnschedule')}
            </Button>
          )}
          <Button type="button" block variant="ghost" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
