// The admin's forms for research content: an official, a media prediction.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, Input, Label, Textarea, toastError } from '../../ui';
import { useTags, type MediaPrediction, type Official } from '../research/api';
import { useManage, type ManageKind } from './manageApi';
import {
  AVATAR_MESSAGE,
  CONFIDENCE_MESSAGE,
  DATE_MESSAGE,
  PREDICTION_TAGS_MESSAGE,
  REQUIRED_MESSAGE,
  TAGS_MESSAGE,
  URL_MESSAGE,
  validateOfficial,
  validatePrediction,
  type OfficialForm,
  type OfficialPayload,
  type PredictionForm,
  type PredictionPayload,
} from './manageForms';
import { t as translate, useT, type MessageKey } from '../../i18n';
import '../../i18n/later';

/** The forms' checks (manageForms.ts, in English there) in the interface language. */
const FORM_MESSAGES: Record<string, MessageKey> = {
  [REQUIRED_MESSAGE]: 'admin.required',
  [AVATAR_MESSAGE]: 'admin.mgAvatarInvalid',
  [TAGS_MESSAGE]: 'admin.mgTagsInvalid',
  [PREDICTION_TAGS_MESSAGE]: 'admin.mgTagsNeeded',
  [CONFIDENCE_MESSAGE]: 'admin.mgConfidenceInvalid',
  [DATE_MESSAGE]: 'admin.mgDateInvalid',
  [URL_MESSAGE]: 'admin.mgUrlInvalid',
};
const formError = (message: string) => (FORM_MESSAGES[message] ? translate(FORM_MESSAGES[message]) : message);

/**
 * A research-content form's state and submit: checked in the browser first (a failed check is a toast), then
 * created, or updated when an item is being edited.
 */
function useManageForm<F extends object, P extends OfficialPayload | PredictionPayload>(
  kind: ManageKind,
  item: { id: string } | undefined,
  validate: (form: F) => { ok: true; payload: P } | { ok: false; error: string },
  onClose: () => void,
  initial: () => F,
) {
  const [form, setForm] = useState<F>(initial);
  const save = useManage(kind, onClose);
  const set = (key: keyof F) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validate(form);
    if (!result.ok) {
      toastError(formError(result.error));
      return;
    }
    save.mutate(item ? { op: 'update', id: item.id, body: result.payload } : { op: 'create', body: result.payload });
  };
  return { form, set, save, onSubmit };
}

function TagsHint({ id }: { id: string }) {
  const tags = useTags();
  const t = useT();
  const known = (tags.data ?? []).map((tag) => tag.tag);
  return (
    <p className="field__hint" id={id}>
      {t('admin.mgTagsHint')}
      {known.length > 0 && ` ${t('admin.mgTagsExisting', { tags: known.join(', ') })}`}
    </p>
  );
}

/** A research-content dialog: its form, fields as children, and Cancel / submit (saving while the request runs). */
function ManageDialog(props: { title: string; formLabel: string; submitLabel: string; saving: boolean; onSubmit: (e: FormEvent<HTMLFormElement>) => void; onClose: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()} title={props.title}>
      <form className="form form--tight" onSubmit={props.onSubmit} noValidate aria-label={props.formLabel}>
        {props.children}
        <div className="dialog-actions">
          <Button variant="outline" onClick={props.onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={props.saving}>
            {props.saving ? t('admin.saving') : props.submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function OfficialFormDialog({ official, onClose }: { official?: Official; onClose: () => void }) {
  const id = useId();
  const { form, set, save, onSubmit } = useManageForm<OfficialForm, OfficialPayload>('official', official, validateOfficial, onClose, () => ({
    name: official?.name ?? '',
    title: official?.title ?? '',
    bio: official?.bio ?? '',
    avatar: official?.avatar ?? '',
    tags: official?.tags.join(', ') ?? '',
  }));
  const t = useT();
  return (
    <ManageDialog
      title={official ? t('admin.mgEditOfficial') : t('admin.mgAddOfficial')}
      formLabel={official ? t('admin.mgEditOfficialForm') : t('admin.mgAddOfficialForm')}
      submitLabel={official ? t('admin.mgSaveChanges') : t('admin.mgAddOfficial')}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="field">
        <Label htmlFor={`${id}-name`}>{t('admin.mgName')}</Label>
        <Input id={`${id}-name`} aria-required="true" maxLength={120} value={form.name} onChange={set('name')} />
      </div>
      <div className="field">
        <Label htmlFor={`${id}-title`}>{t('admin.mgTitle')}</Label>
        <Input id={`${id}-title`} aria-required="true" maxLength={160} placeholder={t('admin.mgTitlePlaceholder')} value={form.title} onChange={set('title')} />
      </div>
      <div className="field">
        <Label htmlFor={`${id}-bio`}>
          {t('admin.mgBio')}<span className="field__optional"> {t('admin.optional')}</span>
        </Label>
        <Textarea id={`${id}-bio`} rows={3} maxLength={2000} value={form.bio} onChange={set('bio')} />
      </div>
      <div className="field">
        <Label htmlFor={`${id}-avatar`}>
          {t('admin.mgAvatar')}<span className="field__optional"> {t('admin.optional')}</span>
        </Label>
        <Input id={`${id}-avatar`} aria-describedby={`${id}-avatar-hint`} placeholder={t('admin.mgAvatarPlaceholder')} value={form.avatar} onChange={set('avatar')} />
        <p className="field__hint" id={`${id}-avatar-hint`}>
          {t('admin.mgAvatarHint')}
        </p>
      </div>
      <div className="field">
        <Label htmlFor={`${id}-tags`}>
          {t('admin.mgTags')}<span className="field__optional"> {t('admin.optional')}</span>
        </Label>
        <Input id={`${id}-tags`} aria-describedby={`${id}-tags-hint`} placeholder="economy, elections" value={form.tags} onChange={set('tags')} />
        <TagsHint id={`${id}-tags-hint`} />
      </div>
    </ManageDialog>
  );
}

export function PredictionFormDialog({ prediction, onClose }: { prediction?: MediaPrediction; onClose: () => void }) {
  const id = useId();
  const { form, set, save, onSubmit } = useManageForm<PredictionForm, PredictionPayload>('prediction', prediction, validatePrediction, onClose, () => ({
    statement: prediction?.statement ?? '',
    prediction: prediction?.prediction ?? '',
    confidence: prediction ? String(Math.round(prediction.confidence)) : '50',
    sourceTitle: prediction?.sourceTitle ?? '',
    sourceDate: prediction?.sourceDate ?? '',
    sourceUrl: prediction?.sourceUrl ?? '',
    tags: prediction?.tags.join(', ') ?? '',
  }));
  const t = useT();
  return (
    <ManageDialog
      title={prediction ? t('admin.mgEditPrediction') : t('admin.mgAddPredictionTitle')}
      formLabel={prediction ? t('admin.mgEditPredictionForm') : t('admin.mgAddPredictionForm')}
      submitLabel={prediction ? t('admin.mgSaveChanges') : t('admin.mgAddPrediction')}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="field">
        <Label htmlFor={`${id}-statement`}>{t('admin.mgStatement')}</Label>
        <Textarea id={`${id}-statement`} rows={2} aria-required="true" maxLength={500} placeholder={t('admin.mgStatementPlaceholder')} value={form.statement} onChange={set('statement')} />
      </div>
      <div className="field">
        <Label htmlFor={`${id}-prediction`}>{t('admin.mgPrediction')}</Label>
        <Textarea id={`${id}-prediction`} rows={2} aria-required="true" maxLength={500} placeholder={t('admin.mgPredictionPlaceholder')} value={form.prediction} onChange={set('prediction')} />
      </div>
      <div className="field">
        <Label htmlFor={`${id}-confidence`}>{t('admin.mgConfidenceLabel')}</Label>
        <Input id={`${id}-confidence`} type="number" inputMode="numeric" min={0} max={100} step={1} aria-required="true" value={form.confidence} onChange={set('confidence')} />
      </div>
      <div className="field">
        <Label htmlFor={`${id}-source-title`}>{t('admin.mgSourceTitle')}</Label>
        <Input id={`${id}-source-title`} aria-required="true" maxLength={200} placeholder={t('admin.mgSourcePlaceholder')} value={form.sourceTitle} onChange={set('sourceTitle')} />
      </div>
      <div className="form-row">
        <div className="field">
          <Label htmlFor={`${id}-source-date`}>{t('admin.mgSourceDate')}</Label>
          <Input id={`${id}-source-date`} type="date" aria-required="true" value={form.sourceDate} onChange={set('sourceDate')} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-tags`}>{t('admin.mgTags')}</Label>
          <Input id={`${id}-tags`} aria-required="true" aria-describedby={`${id}-tags-hint`} placeholder="economy" value={form.tags} onChange={set('tags')} />
        </div>
      </div>
      <TagsHint id={`${id}-tags-hint`} />
      <div className="field">
        <Label htmlFor={`${id}-source-url`}>{t('admin.mgSourceLink')}</Label>
        <Input id={`${id}-source-url`} type="url" inputMode="url" aria-required="true" placeholder="https://" value={form.sourceUrl} onChange={set('sourceUrl')} />
      </div>
    </ManageDialog>
  );
}
