import { useId, useState, type FormEvent } from 'react';
import { Button, Card, CardContent, Input, Label, Textarea, toastError } from '../../ui';
import { useT } from '../../i18n';
import '../../i18n/later';
import {
  buildCreateQuestionPayload,
  CLOSES_AFTER_MESSAGE,
  CLOSES_INCOMPLETE_MESSAGE,
  emptyCreateQuestionForm,
  REQUIRED_FIELDS_MESSAGE,
  type CreateQuestionForm,
} from './createQuestion';
import { CloseTimeFields } from './CloseTimeFields';
import type { MessageKey } from '../../i18n';

/** The form's own refusals, in the interface language. */
const FORM_ERRORS: Record<string, MessageKey> = {
  [REQUIRED_FIELDS_MESSAGE]: 'admin.required',
  [CLOSES_INCOMPLETE_MESSAGE]: 'admin.closesIncomplete',
  [CLOSES_AFTER_MESSAGE]: 'error.closingAfterPublish',
};
import { TranslationFields, translationError } from './TranslationFields';
import './admin-tabs.css';
import { useCreateQuestion } from './api';

/**
 * The create form (spec §2 Admin, §5): required text, options, date, time (UTC); optional context, resolution
 * criteria and close time (UTC, the South African time beside it).
 */
export function CreateQuestionCard() {
  const id = useId();
  const t = useT();
  const [form, setForm] = useState<CreateQuestionForm>(() => emptyCreateQuestionForm());
  const create = useCreateQuestion(() => setForm(emptyCreateQuestionForm()));
  const set = (key: keyof CreateQuestionForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = buildCreateQuestionPayload(form);
    if (!result.ok) {
      const key = FORM_ERRORS[result.error];
      toastError('language' in result ? translationError(result.language) : key ? t(key) : result.error);
      return;
    }
    create.mutate(result.payload);
  };

  return (
    <Card>
      <CardContent>
        <h2 className="card__title">{t('admin.createTitle')}</h2>
        <p className="card__description">{t('admin.createText')}</p>
        <form className="form" onSubmit={onSubmit} noValidate aria-label={t('admin.createForm')}>
          <div className="field">
            <Label htmlFor={`${id}-text`}>{t('admin.question')}</Label>
            <Textarea
              id={`${id}-text`}
              name="text"
              rows={2}
              placeholder={t('admin.questionPlaceholder')}
              aria-required="true"
              value={form.text}
              onChange={set('text')}
            />
            <p className="field__hint">{t('admin.questionMark')}</p>
          </div>
          <div className="field">
            <Label htmlFor={`${id}-context`}>
              {t('admin.context')}<span className="field__optional"> {t('admin.optional')}</span>
            </Label>
            <Textarea id={`${id}-context`} name="context" rows={3} value={form.context} onChange={set('context')} />
          </div>
          <div className="field">
            <Label htmlFor={`${id}-criteria`}>
              {t('admin.criteria')}
              <span className="field__optional"> {t('admin.optional')}</span>
            </Label>
            <Textarea
              id={`${id}-criteria`}
              name="resolutionCriteria"
              rows={2}
              maxLength={1000}
              value={form.resolutionCriteria ?? ''}
              onChange={set('resolutionCriteria')}
              aria-describedby={`${id}-criteria-hint`}
            />
            <p className="field__hint" id={`${id}-criteria-hint`}>
              {t('admin.criteriaHint')}
            </p>
          </div>
          <div className="form-row">
            <div className="field">
              <Label htmlFor={`${id}-o1`}>{t('admin.option1')}</Label>
              <Input id={`${id}-o1`} name="option1" aria-required="true" value={form.option1} onChange={set('option1')} />
            </div>
            <div className="field">
              <Label htmlFor={`${id}-o2`}>{t('admin.option2')}</Label>
              <Input id={`${id}-o2`} name="option2" aria-required="true" value={form.option2} onChange={set('option2')} />
            </div>
          </div>
          <div className="form-row">
            <div className="field">
              <Label htmlFor={`${id}-date`}>{t('admin.dateUtc')}</Label>
              <Input id={`${id}-date`} name="date" type="date" aria-required="true" value={form.date} onChange={set('date')} />
            </div>
            <div className="field">
              <Label htmlFor={`${id}-time`}>{t('admin.timeUtc')}</Label>
              <Input id={`${id}-time`} name="time" type="time" aria-required="true" value={form.time} onChange={set('time')} />
            </div>
          </div>
          <CloseTimeFields
            idPrefix={id}
            date={form.closesDate ?? ''}
            time={form.closesTime ?? ''}
            onChange={(closes) => setForm((f) => ({ ...f, ...closes }))}
          />
          <label className="consent-field__box admin-blind" htmlFor={`${id}-blind`}>
            <input
              id={`${id}-blind`}
              type="checkbox"
              name="isBlind"
              checked={form.isBlind}
              onChange={(e) => setForm((f) => ({ ...f, isBlind: e.target.checked }))}
            />
            <span>
              {t('admin.blind')}
              <span className="field__hint"> {t('admin.blindHint')}</span>
            </span>
          </label>
          <details className="admin-translations">
            <summary>{t('admin.otherLanguages')}</summary>
            <TranslationFields
              idPrefix={id}
              value={form.translations}
              onChange={(translations) => setForm((f) => ({ ...f, translations }))}
              english={{ ...form, criteria: form.resolutionCriteria ?? '' }}
            />
          </details>
          <Button type="submit" block disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending ? t('admin.creating') : t('admin.createDraft')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
