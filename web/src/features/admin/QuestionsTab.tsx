import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Card, CardContent, Dialog, Input, Label, Spinner, Textarea, toastError } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { pluralize, questionStatus, questionWithMark, type QuestionStatus } from '../questions/results';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import type { Question } from '../questions/types';
import {
  buildCreateQuestionPayload,
  emptyCreateQuestionForm,
  TRANSLATION_LANGUAGES,
  type CreateQuestionForm,
  type TranslationForm,
  type TranslationLanguage,
} from './createQuestion';
import './admin-tabs.css';
import { useAdminAction, useAdminDrafts, useAdminQuestions, useCreateQuestion } from './api';

export function QuestionsTab() {
  return (
    <div className="stack">
      <CreateQuestionCard />
      <QuestionList title="Drafts" query={useAdminDrafts()} empty="No drafts. New questions start here." />
      <QuestionList title="All Questions" query={useAdminQuestions()} empty="No questions yet." />
    </div>
  );
}

/** The create form (spec §2 Admin, §5): required text, options, date, time (UTC); optional context. */
export function CreateQuestionCard() {
  const id = useId();
  const [form, setForm] = useState<CreateQuestionForm>(() => emptyCreateQuestionForm());
  const create = useCreateQuestion(() => setForm(emptyCreateQuestionForm()));
  const set = (key: keyof CreateQuestionForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const setTranslation = (language: TranslationLanguage, key: keyof TranslationForm) => (event: { target: { value: string } }) =>
    setForm((f) => {
      const current = f.translations?.[language] ?? { text: '', context: '', option1: '', option2: '' };
      return { ...f, translations: { ...f.translations, [language]: { ...current, [key]: event.target.value } } };
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = buildCreateQuestionPayload(form);
    if (!result.ok) {
      toastError(result.error);
      return;
    }
    create.mutate(result.payload);
  };

  return (
    <Card>
      <CardContent>
        <h2 className="card__title">Create Question</h2>
        <p className="card__description">New questions are saved as drafts. Date and time are in UTC.</p>
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Create question">
          <div className="field">
            <Label htmlFor={`${id}-text`}>Question</Label>
            <Textarea
              id={`${id}-text`}
              name="text"
              rows={2}
              placeholder="Will … happen by …"
              aria-required="true"
              value={form.text}
              onChange={set('text')}
            />
            <p className="field__hint">The question mark is added automatically.</p>
          </div>
          <div className="field">
            <Label htmlFor={`${id}-context`}>
              Context<span className="field__optional"> (optional)</span>
            </Label>
            <Textarea id={`${id}-context`} name="context" rows={3} value={form.context} onChange={set('context')} />
          </div>
          <div className="form-row">
            <div className="field">
              <Label htmlFor={`${id}-o1`}>Option 1</Label>
              <Input id={`${id}-o1`} name="option1" aria-required="true" value={form.option1} onChange={set('option1')} />
            </div>
            <div className="field">
              <Label htmlFor={`${id}-o2`}>Option 2</Label>
              <Input id={`${id}-o2`} name="option2" aria-required="true" value={form.option2} onChange={set('option2')} />
            </div>
          </div>
          <div className="form-row">
            <div className="field">
              <Label htmlFor={`${id}-date`}>Date (UTC)</Label>
              <Input id={`${id}-date`} name="date" type="date" aria-required="true" value={form.date} onChange={set('date')} />
            </div>
            <div className="field">
              <Label htmlFor={`${id}-time`}>Time (UTC)</Label>
              <Input id={`${id}-time`} name="time" type="time" aria-required="true" value={form.time} onChange={set('time')} />
            </div>
          </div>
          <label className="consent-field__box admin-blind" htmlFor={`${id}-blind`}>
            <input
              id={`${id}-blind`}
              type="checkbox"
              name="isBlind"
              checked={form.isBlind}
              onChange={(e) => setForm((f) => ({ ...f, isBlind: e.target.checked }))}
            />
            <span>
              Hide results until people answer
              <span className="field__hint"> Only the number of predictions shows until someone answers, or it resolves.</span>
            </span>
          </label>
          <details className="admin-translations">
            <summary>Other languages (optional)</summary>
            <p className="field__hint">Where a language is left empty, its readers see the English text.</p>
            {TRANSLATION_LANGUAGES.map(({ code, name }) => {
              const t = form.translations?.[code];
              return (
                <fieldset key={code} className="admin-translations__language" lang={`${code}-ZA`}>
                  <legend>{name}</legend>
                  <div className="field">
                    <Label htmlFor={`${id}-${code}-text`}>{name} text</Label>
                    <Textarea id={`${id}-${code}-text`} rows={2} maxLength={300} value={t?.text ?? ''} onChange={setTranslation(code, 'text')} />
                  </div>
                  <div className="field">
                    <Label htmlFor={`${id}-${code}-context`}>{name} background</Label>
                    <Textarea id={`${id}-${code}-context`} rows={2} maxLength={2000} value={t?.context ?? ''} onChange={setTranslation(code, 'context')} />
                  </div>
                  <div className="form-row">
                    <div className="field">
                      <Label htmlFor={`${id}-${code}-o1`}>{name} first option</Label>
                      <Input id={`${id}-${code}-o1`} maxLength={60} value={t?.option1 ?? ''} onChange={setTranslation(code, 'option1')} />
                    </div>
                    <div className="field">
                      <Label htmlFor={`${id}-${code}-o2`}>{name} second option</Label>
                      <Input id={`${id}-${code}-o2`} maxLength={60} value={t?.option2 ?? ''} onChange={setTranslation(code, 'option2')} />
                    </div>
                  </div>
                </fieldset>
              );
            })}
          </details>
          <Button type="submit" block disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Draft'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const STATUS_VARIANT: Record<QuestionStatus, 'outline' | 'default' | 'gold' | 'secondary'> = {
  Draft: 'outline',
  Published: 'default',
  Resolved: 'gold',
  Archived: 'secondary',
};

function QuestionList({
  title,
  query,
  empty,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; data?: Question[] };
  empty: string;
}) {
  const headingId = useId();
  const list = query.data ?? [];
  return (
    <section className="admin-list" aria-labelledby={headingId}>
      <h2 className="admin-list__title" id={headingId}>
        {title}
        {!query.isPending && !query.isError && ` (${list.length})`}
      </h2>
      {query.isPending ? (
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <p className="empty-note">Could not load {title.toLowerCase()}.</p>
      ) : list.length === 0 ? (
        <p className="empty-note">{empty}</p>
      ) : (
        <ul className="admin-list__items">
          {list.map((q) => (
            <AdminQuestionItem key={q.id} question={q} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Pending = null | 'resolve' | 'archive' | 'delete';

/** What an admin may do with a question now (mirrors the server's rules). */
export function availableActions(q: Question) {
  return {
    publish: !q.isPublished && !q.isArchived,
    resolve: q.isPublished && q.isActive && !q.isResolved && !q.isArchived,
    archive: !q.isArchived,
    delete: true,
  };
}

function AdminQuestionItem({ question: q }: { question: Question }) {
  const [pending, setPending] = useState<Pending>(null);
  const action = useAdminAction();
  const status = questionStatus(q);
  const can = availableActions(q);
  const busy = action.isPending;
  const close = () => setPending(null);
  const correct = q.options.find((o) => o.id === q.correctOptionId);

  return (
    <li className="admin-q" data-question-id={q.id}>
      <div className="admin-q__head">
        <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
        {q.isSample && <SampleBadge />}
        {q.isBlind && <BlindBadge />}
        <time className="admin-q__date" dateTime={q.date}>
          {formatLongDate(q.date)}
        </time>
      </div>
      <p className="admin-q__text">{questionWithMark(q.text)}</p>
      <p className="admin-q__meta">
        {q.options.map((o) => o.text).join(' / ')} · {pluralize(q.totalVotes ?? 0, 'vote')}
        {correct && ` · Correct: ${correct.text}`}
      </p>
      <div className="admin-q__actions">
        {can.publish && (
          <Button size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'publish', id: q.id })}>
            Publish
          </Button>
        )}
        {can.resolve && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setPending('resolve')}>
            Resolve
          </Button>
        )}
        {can.archive && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending('archive')}>
            Archive
          </Button>
        )}
        <Button size="sm" variant="ghost" className="admin-q__delete" disabled={busy} onClick={() => setPending('delete')}>
          Delete
        </Button>
      </div>

      <Dialog
        open={pending === 'resolve'}
        onOpenChange={(open) => !open && close()}
        title="Resolve question"
        description={`Which answer was correct for “${questionWithMark(q.text)}”?`}
      >
        <div className="dialog-actions dialog-actions--stack">
          {q.options.map((o) => (
            <Button
              key={o.id}
              block
              variant={o.id === 'no' ? 'destructive' : 'primary'}
              onClick={() => {
                close();
                action.mutate({ kind: 'resolve', id: q.id, correctOptionId: o.id });
              }}
            >
              {o.text}
            </Button>
          ))}
          <Button block variant="ghost" onClick={close}>
            Cancel
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={pending === 'archive'}
        onOpenChange={(open) => !open && close()}
        title="Archive this question?"
        description="It will be hidden from the public feed. Its answers and comments are kept."
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              close();
              action.mutate({ kind: 'archive', id: q.id });
            }}
          >
            Archive
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={pending === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Delete this question permanently?"
        description="This removes the question with all its answers and comments. It cannot be undone."
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              close();
              action.mutate({ kind: 'delete', id: q.id });
            }}
          >
            Delete permanently
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
