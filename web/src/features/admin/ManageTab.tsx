import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, CardContent, Dialog, Input, Label, Tabs, Textarea, toastError } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { SampleBadge } from '../questions/QuestionCards';
import { OfficialAvatar } from '../research/ResearchPage';
import { useOfficials, useTags, type MediaPrediction, type Official } from '../research/api';
import { useAllPredictions, useManage, type ManageKind } from './manageApi';
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
  type PredictionForm,
} from './manageForms';
import './admin-tabs.css';
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

type Section = 'officials' | 'predictions';

/** Admin: research content (officials and media predictions): list, create, edit, delete. */
export function ManageTab() {
  const [section, setSection] = useState<Section>('officials');
  const t = useT();
  return (
    <Tabs<Section>
      label={t('admin.mgLabel')}
      className="tabs--sub"
      value={section}
      onValueChange={setSection}
      items={[
        { value: 'officials', label: t('admin.mgOfficials'), content: section === 'officials' ? <OfficialsManager /> : null },
        { value: 'predictions', label: t('admin.mgPredictions'), content: section === 'predictions' ? <PredictionsManager /> : null },
      ]}
    />
  );
}

function ListState({
  pending,
  error,
  empty,
  emptyText,
  onRetry,
  loading,
  failed,
  children,
}: {
  pending: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  loading: string;
  failed: string;
  children: ReactNode;
}) {
  const t = useT();
  if (pending)
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{loading}</span>
      </div>
    );
  if (error)
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{failed}</p>
          <Button variant="outline" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  if (empty) return <p className="empty-note">{emptyText}</p>;
  return <>{children}</>;
}

type Editing<T> = null | { mode: 'create' } | { mode: 'edit'; item: T };

function ConfirmDelete({ kind, id, label, onClose }: { kind: ManageKind; id: string; label: string; onClose: () => void }) {
  const remove = useManage(kind, onClose);
  const t = useT();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(kind === 'official' ? 'admin.mgDeleteOfficial' : 'admin.mgDeletePrediction')}
      description={t('admin.mgDeleteText', { label })}
    >
      <div className="dialog-actions">
        <Button variant="outline" onClick={onClose}>
          {t('admin.cancel')}
        </Button>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate({ op: 'delete', id })}>
          {t('admin.delete')}
        </Button>
      </div>
    </Dialog>
  );
}

/* ---------- Officials ---------- */

function OfficialsManager() {
  const officials = useOfficials();
  const [editing, setEditing] = useState<Editing<Official>>(null);
  const [deleting, setDeleting] = useState<Official | null>(null);
  const t = useT();
  const list = officials.data ?? [];
  return (
    <section className="stack" aria-labelledby="manage-officials-title">
      <div className="manage-head">
        <h2 className="admin-list__title" id="manage-officials-title">
          {t('admin.mgOfficials')}
          {!officials.isPending && !officials.isError && ` (${list.length})`}
        </h2>
        <Button size="sm" onClick={() => setEditing({ mode: 'create' })}>
          {t('admin.mgAddOfficial')}
        </Button>
      </div>
      <ListState
        loading={t('admin.mgOfficialsLoading')}
        failed={t('admin.mgOfficialsFailed')}
        pending={officials.isPending}
        error={officials.isError}
        empty={list.length === 0}
        emptyText={t('admin.mgOfficialsNone')}
        onRetry={() => void officials.refetch()}
      >
        <ul className="admin-list__items" aria-label={t('admin.mgOfficials')}>
          {list.map((o) => (
            <li key={o.id} className="admin-q manage-item" data-official-id={o.id}>
              <div className="manage-item__head">
                <OfficialAvatar official={o} />
                <div className="manage-item__who">
                  <p className="admin-q__text">{o.name}</p>
                  <p className="admin-q__meta">{o.title}</p>
                  {o.isSample && <SampleBadge />}
                </div>
              </div>
              {o.tags.length > 0 && <p className="admin-q__meta">{t('admin.mgTopics', { tags: o.tags.join(', ') })}</p>}
              <div className="admin-q__actions">
                <Button size="sm" variant="outline" onClick={() => setEditing({ mode: 'edit', item: o })}>
                  {t('admin.mgEdit')}
                </Button>
                <Button size="sm" variant="ghost" className="admin-q__delete" onClick={() => setDeleting(o)}>
                  {t('admin.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      {editing && <OfficialFormDialog official={editing.mode === 'edit' ? editing.item : undefined} onClose={() => setEditing(null)} />}
      {deleting && <ConfirmDelete kind="official" id={deleting.id} label={deleting.name} onClose={() => setDeleting(null)} />}
    </section>
  );
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

export function OfficialFormDialog({ official, onClose }: { official?: Official; onClose: () => void }) {
  const id = useId();
  const [form, setForm] = useState<OfficialForm>(() => ({
    name: official?.name ?? '',
    title: official?.title ?? '',
    bio: official?.bio ?? '',
    avatar: official?.avatar ?? '',
    tags: official?.tags.join(', ') ?? '',
  }));
  const save = useManage('official', onClose);
  const t = useT();
  const set = (key: keyof OfficialForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validateOfficial(form);
    if (!result.ok) {
      toastError(formError(result.error));
      return;
    }
    save.mutate(official ? { op: 'update', id: official.id, body: result.payload } : { op: 'create', body: result.payload });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={official ? t('admin.mgEditOfficial') : t('admin.mgAddOfficial')}>
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label={official ? t('admin.mgEditOfficialForm') : t('admin.mgAddOfficialForm')}>
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
        <div className="dialog-actions">
          <Button variant="outline" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('admin.saving') : official ? t('admin.mgSaveChanges') : t('admin.mgAddOfficial')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/* ---------- Media predictions ---------- */

function PredictionsManager() {
  const all = useAllPredictions();
  const [editing, setEditing] = useState<Editing<MediaPrediction>>(null);
  const [deleting, setDeleting] = useState<MediaPrediction | null>(null);
  const t = useT();
  const list = all.predictions;
  return (
    <section className="stack" aria-labelledby="manage-predictions-title">
      <div className="manage-head">
        <h2 className="admin-list__title" id="manage-predictions-title">
          {t('admin.mgPredictions')}
          {!all.isPending && !all.isError && ` (${list.length})`}
        </h2>
        <Button size="sm" onClick={() => setEditing({ mode: 'create' })}>
          {t('admin.mgAddPrediction')}
        </Button>
      </div>
      <ListState
        loading={t('admin.mgPredictionsLoading')}
        failed={t('admin.mgPredictionsFailed')}
        pending={all.isPending}
        error={all.isError}
        empty={list.length === 0}
        emptyText={t('admin.mgPredictionsNone')}
        onRetry={all.refetch}
      >
        <ul className="admin-list__items" aria-label={t('admin.mgPredictions')}>
          {list.map((p) => (
            <li key={p.id} className="admin-q manage-item" data-prediction-id={p.id}>
              <div className="admin-q__head">
                <span className="manage-item__confidence">{t('admin.mgConfidence', { percent: String(Math.round(p.confidence)) })}</span>
                {p.isSample && <SampleBadge />}
                {p.sourceDate && <span className="admin-q__date">{/^\d{4}-\d{2}-\d{2}$/.test(p.sourceDate) ? formatLongDate(`${p.sourceDate}T12:00:00Z`) : p.sourceDate}</span>}
              </div>
              <p className="admin-q__text">“{p.statement}”</p>
              <p className="admin-q__meta">{p.prediction}</p>
              <p className="admin-q__meta">
                {p.sourceTitle} · {t('admin.mgTopics', { tags: p.tags.join(', ') })}
              </p>
              <div className="admin-q__actions">
                <Button size="sm" variant="outline" onClick={() => setEditing({ mode: 'edit', item: p })}>
                  {t('admin.mgEdit')}
                </Button>
                <Button size="sm" variant="ghost" className="admin-q__delete" onClick={() => setDeleting(p)}>
                  {t('admin.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      <p className="field__hint">{t('admin.mgPredictionsHint')}</p>
      {editing && <PredictionFormDialog prediction={editing.mode === 'edit' ? editing.item : undefined} onClose={() => setEditing(null)} />}
      {deleting && <ConfirmDelete kind="prediction" id={deleting.id} label={deleting.statement} onClose={() => setDeleting(null)} />}
    </section>
  );
}

export function PredictionFormDialog({ prediction, onClose }: { prediction?: MediaPrediction; onClose: () => void }) {
  const id = useId();
  const [form, setForm] = useState<PredictionForm>(() => ({
    statement: prediction?.statement ?? '',
    prediction: prediction?.prediction ?? '',
    confidence: prediction ? String(Math.round(prediction.confidence)) : '50',
    sourceTitle: prediction?.sourceTitle ?? '',
    sourceDate: prediction?.sourceDate ?? '',
    sourceUrl: prediction?.sourceUrl ?? '',
    tags: prediction?.tags.join(', ') ?? '',
  }));
  const save = useManage('prediction', onClose);
  const t = useT();
  const set = (key: keyof PredictionForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validatePrediction(form);
    if (!result.ok) {
      toastError(formError(result.error));
      return;
    }
    save.mutate(prediction ? { op: 'update', id: prediction.id, body: result.payload } : { op: 'create', body: result.payload });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={prediction ? t('admin.mgEditPrediction') : t('admin.mgAddPredictionTitle')}>
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label={prediction ? t('admin.mgEditPredictionForm') : t('admin.mgAddPredictionForm')}>
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
        <div className="dialog-actions">
          <Button variant="outline" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('admin.saving') : prediction ? t('admin.mgSaveChanges') : t('admin.mgAddPrediction')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
