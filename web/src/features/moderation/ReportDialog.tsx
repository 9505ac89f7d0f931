import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../lib/api';
import { Button, Dialog, Label, Textarea, toast, toastError } from '../../ui';
import { useT, type MessageKey } from '../../i18n';
import { REPORT_NOTE_MAX, REPORT_REASONS, useReportComment, type ReportReason } from './api';
import './moderation.css';

export const REASON_LABEL: Record<ReportReason, MessageKey> = {
  hate_speech: 'discuss.reasonHate',
  harassment: 'discuss.reasonHarassment',
  personal_information: 'discuss.reasonPersonal',
  spam: 'discuss.reasonSpam',
  other: 'discuss.reasonOther',
};

/** The report dialog: a reason (required), an optional note, and the community guidelines one link away. */
export function ReportDialog({ questionId, commentId, onClose }: { questionId: string; commentId: string | null; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReportComment(questionId);
  const noteId = useId();
  const close = () => {
    setReason(null);
    setNote('');
    onClose();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!commentId || !reason) return;
    report.mutate(
      { commentId, reason, note: note.trim() },
      {
        onSuccess: () => {
          toast({ title: t('discuss.reportSent') });
          close();
        },
        onError: (error) => toastError(serverMessage(error, t('discuss.tryAgain')), t('discuss.reportFailed')),
      },
    );
  };
  return (
    <Dialog open={commentId !== null} onOpenChange={(open) => !open && close()} title={t('discuss.reportTitle')} description={t('discuss.reportIntro')}>
      <form className="report-form" onSubmit={onSubmit}>
        <fieldset className="report-form__reasons">
          <legend>{t('discuss.reportReason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="report-form__reason">
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              {t(REASON_LABEL[r])}
            </label>
          ))}
        </fieldset>
        <Label htmlFor={noteId}>{t('discuss.reportNote')}</Label>
        <Textarea id={noteId} value={note} maxLength={REPORT_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value)} />
        <p className="report-form__guidelines">
          <Link to="/guidelines" target="_blank" rel="noopener">
            {t('discuss.guidelines')}
          </Link>
        </p>
        <div className="report-form__actions">
          <Button type="button" variant="outline" onClick={close}>
            {t('discuss.reportCancel')}
          </Button>
          <Button type="submit" disabled={!reason || report.isPending}>
            {t('discuss.reportSend')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
