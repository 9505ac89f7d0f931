import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, Input, Label, Textarea, toastError } from '../../ui';
import { t as translate, useT } from '../../i18n';
import '../../i18n/later';
import { questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';
import {
  buildTranslationsPayload,
  TRANSLATION_LANGUAGES,
  translationsForm,
  type CreateQuestionForm,
  type TranslationForm,
  type TranslationLanguage,
} from './createQuestion';
import { useUpdateTranslations } from './api';

type Translations = CreateQuestionForm['translations'];

/** "The isiZulu translation needs the question text", in the interface language. */
export const translationError = (language: TranslationLanguage): string =>
  translate('admin.trNeedsText', { language: TRANSLATION_LANGUAGES.find((l) => l.code === language)!.name });

type EnglishTexts = Pick<TranslationForm, 'text' | 'context' | 'option1' | 'option2' | 'criteria'>;

/** Under a field left empty: the English its readers see instead, marked as such. */
function EnglishShown({ id, english }: { id: string; english: string }) {
  const t = useT();
  if (!english.trim()) return null;
  return (
    <p className="field__hint admin-translations__english" id={id}>
      <span className="badge badge--outline">{t('admin.trEnglishBadge')}</span> {t('admin.trEnglishShown')}:{' '}
      <span lang="en-ZA">{english}</span>
    </p>
  );
}

/**
 * A question's text in isiZulu, Afrikaans and Sesotho: one fieldset per language, every field optional; where one is
 * empty, the English its readers see instead (`english`: the question's own text) shows under it, marked.
 */
export function TranslationFields({
  idPrefix,
  value,
  onChange,
  english,
}: {
  idPrefix: string;
  value: Translations;
  onChange: (next: Translations) => void;
  english: EnglishTexts;
}) {
  const t = useT();
  /** The English under an empty field (and the field described by it). */
  const fallback = (id: string, own: string | undefined, key: keyof EnglishTexts) =>
    own?.trim() ? { described: undefined, note: null } : { described: `${id}-en`, note: <EnglishShown id={`${id}-en`} english={english[key] ?? ''} /> };
  const set = (language: TranslationLanguage, key: keyof TranslationForm) => (event: { target: { value: string } }) => {
    const current = value?.[language] ?? { text: '', context: '', option1: '', option2: '', criteria: '' };
    onChange({ ...value, [language]: { ...current, [key]: event.target.value } });
  };
  return (
    <>
      <p className="field__hint">{t('admin.trHint')}</p>
      {TRANSLATION_LANGUAGES.map(({ code, name }) => {
        const tr = value?.[code];
        const id = `${idPrefix}-${code}`;
        const [text, context, criteria, o1, o2] = [
          fallback(`${id}-text`, tr?.text, 'text'),
          fallback(`${id}-context`, tr?.context, 'context'),
          fallback(`${id}-criteria`, tr?.criteria, 'criteria'),
          fallback(`${id}-o1`, tr?.option1, 'option1'),
          fallback(`${id}-o2`, tr?.option2, 'option2'),
        ];
        return (
          <fieldset key={code} className="admin-translations__language" lang={`${code}-ZA`}>
            <legend>{name}</legend>
            <div className="field">
              <Label htmlFor={`${id}-text`}>{t('admin.trText', { language: name })}</Label>
              <Textarea id={`${id}-text`} rows={2} maxLength={300} value={tr?.text ?? ''} onChange={set(code, 'text')} aria-describedby={text.described} />
              {text.note}
            </div>
            <div className="field">
              <Label htmlFor={`${id}-context`}>{t('admin.trContext', { language: name })}</Label>
              <Textarea id={`${id}-context`} rows={2} maxLength={2000} value={tr?.context ?? ''} onChange={set(code, 'context')} aria-describedby={context.described} />
              {context.note}
            </div>
            <div className="field">
              <Label htmlFor={`${id}-criteria`}>{t('admin.trCriteria', { language: name })}</Label>
              <Textarea
                id={`${id}-criteria`}
                rows={2}
                maxLength={1000}
                value={tr?.criteria ?? ''}
                onChange={set(code, 'criteria')}
                aria-describedby={criteria.described}
              />
              {criteria.note}
            </div>
            <div className="form-row">
              <div className="field">
                <Label htmlFor={`${id}-o1`}>{t('admin.trOption1', { language: name })}</Label>
                <Input id={`${id}-o1`} maxLength={60} value={tr?.option1 ?? ''} onChange={set(code, 'option1')} aria-describedby={o1.described} />
                {o1.note}
              </div>
              <div className="field">
                <Label htmlFor={`${id}-o2`}>{t('admin.trOption2', { language: name })}</Label>
                <Input id={`${id}-o2`} maxLength={60} value={tr?.option2 ?? ''} onChange={set(code, 'option2')} aria-describedby={o2.described} />
                {o2.note}
              </div>
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

/** Edits a question's translations after create, in any state (PUT /api/admin/questions/{id}/translations). */
export function EditTranslationsDialog({ question, onClose }: { question: Question; onClose: () => void }) {
  const id = useId();
  const t = useT();
  const [value, setValue] = useState<Translations>(() => translationsForm(question.translations));
  const save = useUpdateTranslations(onClose);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = buildTranslationsPayload(value);
    if (!result.ok) {
      toastError(translationError(result.language));
      return;
    }
    save.mutate({ id: question.id, translations: result.translations });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('admin.trTitle')} description={questionWithMark(question.text)}>
      <form className="form form--tight admin-translations" onSubmit={onSubmit} noValidate aria-label={t('admin.trTitle')}>
        <TranslationFields
          idPrefix={id}
          value={value}
          onChange={setValue}
          english={{
            text: question.text,
            context: question.context ?? '',
            criteria: question.resolutionCriteria ?? '',
            option1: question.options[0]?.text ?? '',
            option2: question.options[1]?.text ?? '',
          }}
        />
        <div className="dialog-actions">
          <Button variant="outline" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('admin.saving') : t('admin.trSave')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
