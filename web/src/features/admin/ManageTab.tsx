import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, CardContent, Dialog, Input, Label, Tabs, Textarea, toastError } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { SampleBadge } from '../questions/QuestionCards';
import { OfficialAvatar } from '../research/ResearchPage';
import { useOfficials, useTags, type MediaPrediction, type Official } from '../research/api';
import { useAllPredictions, useManage, type ManageKind } from './manageApi';
import {
  validateOfficial,
  validatePrediction,
  type OfficialForm,
  type PredictionForm,
} from './manageForms';
import './admin-tabs.css';

type Section = 'officials' | 'predictions';

/** Admin: research content (officials and media predictions): list, create, edit, delete. */
export function ManageTab() {
  const [section, setSection] = useState<Section>('officials');
  return (
    <Tabs<Section>
      label="Manage research content"
      className="tabs--sub"
      value={section}
      onValueChange={setSection}
      items={[
        { value: 'officials', label: 'Officials', content: section === 'officials' ? <OfficialsManager /> : null },
        { value: 'predictions', label: 'Media predictions', content: section === 'predictions' ? <PredictionsManager /> : null },
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
  what,
  children,
}: {
  pending: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  what: string;
  children: ReactNode;
}) {
  if (pending)
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>Loading {what}...</span>
      </div>
    );
  if (error)
    return (
      <Card className="notice-card">
        <CardContent>
          <p>The {what} could not be loaded.</p>
          <Button variant="outline" onClick={onRetry}>
            Try again
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
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Delete this ${kind}?`} description={`“${label}” will be removed from Research. This cannot be undone.`}>
      <div className="dialog-actions">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate({ op: 'delete', id })}>
          Delete
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
  const list = officials.data ?? [];
  return (
    <section className="stack" aria-labelledby="manage-officials-title">
      <div className="manage-head">
        <h2 className="admin-list__title" id="manage-officials-title">
          Officials{!officials.isPending && !officials.isError && ` (${list.length})`}
        </h2>
        <Button size="sm" onClick={() => setEditing({ mode: 'create' })}>
          Add Official
        </Button>
      </div>
      <ListState
        what="officials"
        pending={officials.isPending}
        error={officials.isError}
        empty={list.length === 0}
        emptyText="No officials yet."
        onRetry={() => void officials.refetch()}
      >
        <ul className="admin-list__items" aria-label="Officials">
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
              {o.tags.length > 0 && <p className="admin-q__meta">Topics: {o.tags.join(', ')}</p>}
              <div className="admin-q__actions">
                <Button size="sm" variant="outline" onClick={() => setEditing({ mode: 'edit', item: o })}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" className="admin-q__delete" onClick={() => setDeleting(o)}>
                  Delete
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
  const known = (tags.data ?? []).map((t) => t.tag);
  return (
    <p className="field__hint" id={id}>
      Comma-separated lower-case topic tags (letters, digits, dashes; up to 10).{known.length > 0 && ` Existing: ${known.join(', ')}.`}
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
  const set = (key: keyof OfficialForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validateOfficial(form);
    if (!result.ok) {
      toastError(result.error);
      return;
    }
    save.mutate(official ? { op: 'update', id: official.id, body: result.payload } : { op: 'create', body: result.payload });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={official ? 'Edit Official' : 'Add Official'}>
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label={official ? 'Edit official' : 'Add official'}>
        <div className="field">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input id={`${id}-name`} aria-required="true" maxLength={120} value={form.name} onChange={set('name')} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input id={`${id}-title`} aria-required="true" maxLength={160} placeholder="e.g. Minister of Finance" value={form.title} onChange={set('title')} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-bio`}>
            Bio<span className="field__optional"> (optional)</span>
          </Label>
          <Textarea id={`${id}-bio`} rows={3} maxLength={2000} value={form.bio} onChange={set('bio')} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-avatar`}>
            Avatar<span className="field__optional"> (optional)</span>
          </Label>
          <Input id={`${id}-avatar`} aria-describedby={`${id}-avatar-hint`} placeholder="Initials, e.g. EG, or /avatars/name.svg" value={form.avatar} onChange={set('avatar')} />
          <p className="field__hint" id={`${id}-avatar-hint`}>
            Initials (1–3 letters) or a bundled image such as /avatars/name.svg. Empty: initials of the name.
          </p>
        </div>
        <div className="field">
          <Label htmlFor={`${id}-tags`}>
            Tags<span className="field__optional"> (optional)</span>
          </Label>
          <Input id={`${id}-tags`} aria-describedby={`${id}-tags-hint`} placeholder="economy, elections" value={form.tags} onChange={set('tags')} />
          <TagsHint id={`${id}-tags-hint`} />
        </div>
        <div className="dialog-actions">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : official ? 'Save Changes' : 'Add Official'}
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
  const list = all.predictions;
  return (
    <section className="stack" aria-labelledby="manage-predictions-title">
      <div className="manage-head">
        <h2 className="admin-list__title" id="manage-predictions-title">
          Media predictions{!all.isPending && !all.isError && ` (${list.length})`}
        </h2>
        <Button size="sm" onClick={() => setEditing({ mode: 'create' })}>
          Add Prediction
        </Button>
      </div>
      <ListState
        what="media predictions"
        pending={all.isPending}
        error={all.isError}
        empty={list.length === 0}
        emptyText="No media predictions yet."
        onRetry={all.refetch}
      >
        <ul className="admin-list__items" aria-label="Media predictions">
          {list.map((p) => (
            <li key={p.id} className="admin-q manage-item" data-prediction-id={p.id}>
              <div className="admin-q__head">
                <span className="manage-item__confidence">{Math.round(p.confidence)}% confidence</span>
                {p.isSample && <SampleBadge />}
                {p.sourceDate && <span className="admin-q__date">{/^\d{4}-\d{2}-\d{2}$/.test(p.sourceDate) ? formatLongDate(`${p.sourceDate}T12:00:00Z`) : p.sourceDate}</span>}
              </div>
              <p className="admin-q__text">“{p.statement}”</p>
              <p className="admin-q__meta">{p.prediction}</p>
              <p className="admin-q__meta">
                {p.sourceTitle} · Topics: {p.tags.join(', ')}
              </p>
              <div className="admin-q__actions">
                <Button size="sm" variant="outline" onClick={() => setEditing({ mode: 'edit', item: p })}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" className="admin-q__delete" onClick={() => setDeleting(p)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      <p className="field__hint">Predictions are listed through their topics; every prediction needs at least one topic tag.</p>
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
  const set = (key: keyof PredictionForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validatePrediction(form);
    if (!result.ok) {
      toastError(result.error);
      return;
    }
    save.mutate(prediction ? { op: 'update', id: prediction.id, body: result.payload } : { op: 'create', body: result.payload });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={prediction ? 'Edit Media Prediction' : 'Add Media Prediction'}>
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label={prediction ? 'Edit prediction' : 'Add prediction'}>
        <div className="field">
          <Label htmlFor={`${id}-statement`}>Statement</Label>
          <Textarea id={`${id}-statement`} rows={2} aria-required="true" maxLength={500} placeholder="What was said or reported" value={form.statement} onChange={set('statement')} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-prediction`}>Prediction</Label>
          <Textarea id={`${id}-prediction`} rows={2} aria-required="true" maxLength={500} placeholder="What it predicts will happen" value={form.prediction} onChange={set('prediction')} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-confidence`}>Confidence (%)</Label>
          <Input id={`${id}-confidence`} type="number" inputMode="numeric" min={0} max={100} step={1} aria-required="true" value={form.confidence} onChange={set('confidence')} />
        </div>
        <div className="field">
          <Label htmlFor={`${id}-source-title`}>Source title</Label>
          <Input id={`${id}-source-title`} aria-required="true" maxLength={200} placeholder="e.g. News24" value={form.sourceTitle} onChange={set('sourceTitle')} />
        </div>
        <div className="form-row">
          <div className="field">
            <Label htmlFor={`${id}-source-date`}>Source date</Label>
            <Input id={`${id}-source-date`} type="date" aria-required="true" value={form.sourceDate} onChange={set('sourceDate')} />
          </div>
          <div className="field">
            <Label htmlFor={`${id}-tags`}>Tags</Label>
            <Input id={`${id}-tags`} aria-required="true" aria-describedby={`${id}-tags-hint`} placeholder="economy" value={form.tags} onChange={set('tags')} />
          </div>
        </div>
        <TagsHint id={`${id}-tags-hint`} />
        <div className="field">
          <Label htmlFor={`${id}-source-url`}>Source link</Label>
          <Input id={`${id}-source-url`} type="url" inputMode="url" aria-required="true" placeholder="https://" value={form.sourceUrl} onChange={set('sourceUrl')} />
        </div>
        <div className="dialog-actions">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : prediction ? 'Save Changes' : 'Add Prediction'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
