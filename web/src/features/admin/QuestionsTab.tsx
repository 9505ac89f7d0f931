import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Card, CardContent, Dialog, Input, Label, Spinner, Textarea, toastError } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { useT } from '../../i18n';
import { formatCount } from '../../i18n/format';
import '../../i18n/later';
import { questionStatus, questionWithMark, type QuestionStatus } from '../questions/results';
import { SampleBadge } from '../questions/QuestionCards';
import { BlindBadge } from '../questions/blind';
import type { Question } from '../questions/types';
import {
  buildCreateQuestionPayload,
  emptyCreateQuestionForm,
  REQUIRED_FIELDS_MESSAGE,
  type CreateQuestionForm,
} from './createQuestion';
import { EditTranslationsDialog, TranslationFields, translationError } from './TranslationFields';
import './admin-tabs.css';
import { useAdminAction, useAdminDrafts, useAdminQuestions, useCreateQuestion } from './api';

export function QuestionsTab() {
  const t = useT();
  return (
    <div className="stack">
      <CreateQuestionCard />
      <QuestionList
        title={t('admin.drafts')}
        loading={t('admin.draftsLoading')}
        failed={t('admin.draftsFailed')}
        query={useAdminDrafts()}
        empty={t('admin.draftsEmpty')}
      />
      <QuestionList
        title={t('admin.allQuestions')}
        loading={t('admin.allLoading')}
        failed={t('admin.allFailed')}
        query={useAdminQuestions()}
        empty={t('admin.allEmpty')}
      />
    </div>
  );
}

/** The create form (spec §2 Admin, §5): required text, options, date, time (UTC); optional context. */
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
      toastError('language' in result ? translationError(result.language) : result.error === REQUIRED_FIELDS_MESSAGE ? t('admin.required') : result.error);
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

const STATUS_VARIANT: Record<QuestionStatus, 'outline' | 'default' | 'gold' | 'secondary'> = {
  Draft: 'outline',
  Published: 'default',
  Resolved: 'gold',
  Archived: 'secondary',
};

function QuestionList({
  title,
  loading,
  failed,
  query,
  empty,
}: {
  title: string;
  loading: string;
  failed: string;
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
        <Spinner label={loading} />
      ) : query.isError ? (
        <p className="empty-note">{failed}</p>
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

type Pending = null | 'resolve' | 'archive' | 'delete' | 'translations';

const STATUS_KEY = {
  Draft: 'admin.statusDraft',
  Published: 'admin.statusPublished',
  Resolved: 'admin.statusResolved',
  Archived: 'admin.statusArchived',
} as const;

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
  const t = useT();
  const action = useAdminAction();
  const status = questionStatus(q);
  const can = availableActions(q);
  const busy = action.isPending;
  const close = () => setPending(null);
  const correct = q.options.find((o) => o.id === q.correctOptionId);

  return (
    <li className="admin-q" data-question-id={q.id}>
      <div className="admin-q__head">
        <Badge variant={STATUS_VARIANT[status]}>{t(STATUS_KEY[status])}</Badge>
        {q.isSample && <SampleBadge />}
        {q.isBlind && <BlindBadge />}
        <time className="admin-q__date" dateTime={q.date}>
          {formatLongDate(q.date)}
        </time>
      </div>
      <p className="admin-q__text">{questionWithMark(q.text)}</p>
      <p className="admin-q__meta">
        {q.options.map((o) => o.text).join(' / ')} · {t('admin.votes', { count: q.totalVotes ?? 0, shown: formatCount(q.totalVotes ?? 0) })}
        {correct && ` · ${t('admin.correct', { option: correct.text })}`}
        {q.translations && ` · ${t('admin.translatedInto', { languages: Object.keys(q.translations).join(', ') })}`}
      </p>
      <div className="admin-q__actions">
        {can.publish && (
          <Button size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'publish', id: q.id })}>
            {t('admin.publish')}
          </Button>
        )}
        {can.resolve && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setPending('resolve')}>
            {t('admin.resolve')}
          </Button>
        )}
        {can.archive && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending('archive')}>
            {t('admin.archive')}
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending('translations')}>
          {t('admin.languages')}
        </Button>
        <Button size="sm" variant="ghost" className="admin-q__delete" disabled={busy} onClick={() => setPending('delete')}>
          {t('admin.delete')}
        </Button>
      </div>

      <Dialog
        open={pending === 'resolve'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.resolveTitle')}
        description={t('admin.resolveText', { question: questionWithMark(q.text) })}
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
            {t('admin.cancel')}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={pending === 'archive'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.archiveTitle')}
        description={t('admin.archiveText')}
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            {t('admin.cancel')}
          </Button>
          <Button
            onClick={() => {
              close();
              action.mutate({ kind: 'archive', id: q.id });
            }}
          >
            {t('admin.archive')}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={pending === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.deleteTitle')}
        description={t('admin.deleteText')}
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            {t('admin.cancel')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              close();
              action.mutate({ kind: 'delete', id: q.id });
            }}
          >
            {t('admin.deletePermanently')}
          </Button>
        </div>
      </Dialog>
      {pending === 'translations' && <EditTranslationsDialog question={q} onClose={close} />}
    </li>
  );
}
