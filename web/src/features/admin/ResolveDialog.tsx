// Resolving a question, or correcting its resolution once within 24 hours: the correct answer, the source it was
// judged on (a web address and its title), an optional note and, for a correction, the reason. Every field is checked
// in the browser by the rule the server applies (resolveForm.ts); each problem shows under its field.
import { useId, useRef, useState, type FormEvent, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Button, Dialog, FormField, Label, Textarea, focusFirstInvalid } from '../../ui';
import { formatLongDate, formatSastTime } from '../../lib/time';
import { useT } from '../../i18n';
import '../../i18n/later';
import { questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';
import { RESOLUTION_NOTE_MAX, CORRECTION_REASON_MAX, SOURCE_TITLE_MAX, SOURCE_URL_MAX } from '@mzansi/api/rules';
import { correctableUntil, resolveFormErrors, resolveFormFor, resolvePayload, type ResolveErrors, type ResolveForm, type ResolveMode } from './resolveForm';
import { useAdminAction } from './api';
import './resolve.css';

/** A textarea with its label, hint and error, linked as FormField links an input's. */
function TextAreaField({ label, hint, error, optional = false, ...area }: { label: string; hint?: string; error?: string; optional?: boolean } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <Textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={!optional} {...area} />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function ErrorLine({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="field__error" id={id}>
      {children}
    </p>
  );
}

export function ResolveDialog({ question: q, mode, onClose }: { question: Question; mode: ResolveMode; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const action = useAdminAction();
  const [form, setForm] = useState<ResolveForm>(() => resolveFormFor(q, mode));
  const [errors, setErrors] = useState<ResolveErrors>({});
  const [tried, setTried] = useState(false);
  const set = (key: keyof ResolveForm) => (event: { target: { value: string } }) => {
    const next = { ...form, [key]: event.target.value };
    setForm(next);
    // After a refused submit the marks follow the typing: a fixed field loses its error at once.
    if (tried) setErrors(resolveFormErrors(next, mode));
  };
  const message = (key: keyof ResolveForm) => (errors[key] ? t(errors[key]!) : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.isPending) return;
    const found = resolveFormErrors(form, mode);
    setTried(true);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The marks render first; then the first one gets the focus (its error is read with it).
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    const payload = resolvePayload(form, mode);
    action.mutate(mode === 'resolve' ? { kind: 'resolve', id: q.id, ...payload } : { kind: 'correct', id: q.id, ...payload, reason: payload.reason ?? '' }, { onSuccess: onClose });
  };

  const until = q.resolution ? correctableUntil(q.resolution.resolvedAt) : undefined;
  const title = mode === 'resolve' ? t('admin.resolveTitle') : t('admin.rsCorrectTitle');
  const description =
    mode === 'resolve'
      ? t('admin.resolveText', { question: questionWithMark(q.text) })
      : t('admin.rsCorrectText', { until: until ? `${formatLongDate(until)}, ${formatSastTime(until)}` : '' });
  const answerError = message('correctOptionId');

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description} className="resolve-dialog">
      <form ref={formRef} className="form resolve-form" onSubmit={onSubmit} noValidate aria-label={title}>
        {mode === 'correct' && <p className="resolve-form__question">{questionWithMark(q.text)}</p>}
        <fieldset className="resolve-form__answers" aria-describedby={answerError ? `${id}-answer-error` : undefined}>
          <legend>{t('admin.rsAnswer')}</legend>
          <div className="resolve-form__choices">
            {q.options.map((o, i) => (
              <label key={o.id} className="resolve-form__choice">
                <input
                  type="radio"
                  name={`${id}-answer`}
                  value={o.id}
                  checked={form.correctOptionId === o.id}
                  onChange={set('correctOptionId')}
                  aria-invalid={answerError ? true : undefined}
                  data-autofocus={i === 0 ? true : undefined}
                />
                {o.text}
              </label>
            ))}
          </div>
          {answerError && <ErrorLine id={`${id}-answer-error`}>{answerError}</ErrorLine>}
        </fieldset>
        <FormField
          label={t('admin.rsSourceUrl')}
          hint={t('admin.rsSourceUrlHint')}
          error={message('url')}
          name="sourceUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://"
          maxLength={SOURCE_URL_MAX + 50}
          value={form.url}
          onChange={set('url')}
        />
        <FormField
          label={t('admin.rsSourceTitle')}
          hint={t('admin.rsSourceTitleHint')}
          error={message('title')}
          name="sourceTitle"
          maxLength={SOURCE_TITLE_MAX + 20}
          value={form.title}
          onChange={set('title')}
        />
        <TextAreaField
          label={t('admin.rsNote')}
          hint={t('admin.rsNoteHint')}
          error={message('note')}
          optional
          name="note"
          rows={2}
          maxLength={RESOLUTION_NOTE_MAX + 20}
          value={form.note}
          onChange={set('note')}
        />
        {mode === 'correct' && (
          <TextAreaField
            label={t('admin.rsReason')}
            hint={t('admin.rsReasonHint')}
            error={message('reason')}
            name="reason"
            rows={3}
            maxLength={CORRECTION_REASON_MAX + 20}
            value={form.reason}
            onChange={set('reason')}
          />
        )}
        {tried && Object.keys(errors).length > 0 && (
          <p className="field__error resolve-form__summary" role="alert">
            {t('admin.rsErrors')}
          </p>
        )}
        <div className="dialog-actions dialog-actions--stack">
          <Button type="submit" block disabled={action.isPending} aria-busy={action.isPending}>
            {mode === 'resolve' ? t('admin.resolve') : t('admin.rsSaveCorrection')}
          </Button>
          <Button type="button" block variant="ghost" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
