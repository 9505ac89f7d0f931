import { useId, useState, type FormEvent } from 'react';
import { Button, Card, CardContent, Dialog, Label, Textarea, cx, toastError } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { Link } from 'react-router';
import { useAllSuggestions, useDeleteSuggestion, useReviewSuggestion, useUseSuggestion, type Suggestion } from '../suggestions/api';
import { SuggestionStatusBadge, suggestionStatusLabel } from '../suggestions/SuggestionParts';
import { ADMIN_NOTES_MAX, REVIEW_NEEDS_STATUS, SUGGESTION_STATUSES, validateReview, type SuggestionStatus } from '../suggestions/validation';
import { useT } from '../../i18n';
import '../../i18n/later';
import './admin-tabs.css';

type Filter = 'all' | SuggestionStatus;
const FILTERS: Filter[] = ['all', ...SUGGESTION_STATUSES];

/** Admin: every suggestion, a status filter, review (status + notes) and delete. */
export function SuggestionsTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const suggestions = useAllSuggestions(filter === 'all' ? undefined : filter);
  const t = useT();
  const list = suggestions.data ?? [];
  return (
    <section className="stack" aria-labelledby="admin-suggestions-title">
      <h2 className="admin-list__title" id="admin-suggestions-title">
        {t('admin.tabSuggestions')}
        {!suggestions.isPending && !suggestions.isError && ` (${list.length})`}
      </h2>
      <div className="filter-chips" role="group" aria-label={t('admin.sgFilter')}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={cx('filter-chip', f === filter && 'filter-chip--active')}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {f === 'all' ? t('admin.sgAll') : suggestionStatusLabel(f)}
          </button>
        ))}
      </div>
      {suggestions.isPending ? (
        <div className="loading-note" aria-live="polite">
          <span className="spinner__ring" aria-hidden="true" />
          <span>{t('admin.sgLoading')}</span>
        </div>
      ) : suggestions.isError ? (
        <Card className="notice-card">
          <CardContent>
            <p>{t('admin.sgFailed')}</p>
            <Button variant="outline" onClick={() => void suggestions.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </CardContent>
        </Card>
      ) : list.length === 0 ? (
        <p className="empty-note">{filter === 'all' ? t('admin.sgNone') : t('admin.sgNoneWith', { status: suggestionStatusLabel(filter) })}</p>
      ) : (
        <ul className="suggestion-list" aria-label={t('admin.tabSuggestions')}>
          {list.map((s) => (
            <AdminSuggestionItem key={s.id} suggestion={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AdminSuggestionItem({ suggestion: s }: { suggestion: Suggestion }) {
  const [pending, setPending] = useState<null | 'review' | 'delete'>(null);
  const remove = useDeleteSuggestion(() => setPending(null));
  const use = useUseSuggestion();
  const t = useT();
  const close = () => setPending(null);
  return (
    <li className="suggestion" data-suggestion-id={s.id}>
      <div className="suggestion__head">
        <SuggestionStatusBadge status={s.status} />
        {s.createdAt && (
          <time className="suggestion__date" dateTime={s.createdAt}>
            {formatLongDate(s.createdAt)}
          </time>
        )}
      </div>
      <p className="suggestion__title">{s.title}</p>
      {s.description && <p className="suggestion__description">{s.description}</p>}
      <p className="suggestion__by">
        {t('admin.sgBy', { name: s.user.name || t('admin.sgUnknown') })}
        {s.user.username && ` (@${s.user.username})`}
      </p>
      {s.adminNotes && (
        <div className="suggestion__notes">
          <span className="suggestion__notes-label">{t('admin.sgNotes')}</span>
          <p>{s.adminNotes}</p>
        </div>
      )}
      {s.questionId && (
        <p className="suggestion__question">
          {s.status === 'used' ? <Link to={`/q/${s.questionId}`}>{t('admin.sgPublishedAs')}</Link> : t('admin.sgHasDraft')}
        </p>
      )}
      <div className="suggestion__actions">
        {!s.questionId && (
          <Button size="sm" disabled={use.isPending} onClick={() => use.mutate(s.id)}>
            {use.isPending ? t('admin.sgUsing') : t('admin.sgUse')}
          </Button>
        )}
        <Button size="sm" variant={s.questionId ? 'primary' : 'outline'} onClick={() => setPending('review')}>
          {t('admin.sgReview')}
        </Button>
        <Button size="sm" variant="ghost" className="suggestion__delete" disabled={remove.isPending} onClick={() => setPending('delete')}>
          {t('admin.delete')}
        </Button>
      </div>
      {pending === 'review' && <ReviewSuggestionDialog suggestion={s} onClose={close} />}
      <Dialog
        open={pending === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.sgDeleteTitle')}
        description={t('admin.sgDeleteText', { title: s.title })}
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            {t('admin.cancel')}
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(s.id)}>
            {t('admin.delete')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

/** Review dialog: one of the four statuses (none chosen at first) and optional admin notes. */
export function ReviewSuggestionDialog({ suggestion: s, onClose }: { suggestion: Suggestion; onClose: () => void }) {
  const id = useId();
  const [status, setStatus] = useState<string>('');
  const [notes, setNotes] = useState(s.adminNotes ?? '');
  const review = useReviewSuggestion(onClose);
  const t = useT();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (review.isPending) return;
    const result = validateReview({ status, adminNotes: notes });
    if (!result.ok) {
      toastError(result.error === REVIEW_NEEDS_STATUS ? t('admin.sgNeedsStatus') : result.error);
      return;
    }
    review.mutate({ id: s.id, ...result.payload });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('admin.sgReviewTitle')} description={`“${s.title}”`}>
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label={t('admin.sgReviewForm')}>
        <fieldset className="status-choice">
          <legend className="label">
            {t('admin.sgStatus')} <span className="field__optional">{t('admin.sgCurrently', { status: suggestionStatusLabel(s.status) })}</span>
          </legend>
          <div className="status-choice__options">
            {SUGGESTION_STATUSES.map((value) => (
              <label key={value} className={cx('status-choice__option', status === value && 'is-checked')}>
                <input type="radio" name={`${id}-status`} value={value} checked={status === value} onChange={() => setStatus(value)} />
                <span>{suggestionStatusLabel(value)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <Label htmlFor={`${id}-notes`}>
            {t('admin.sgNotes')}<span className="field__optional"> {t('admin.sgNotesHint')}</span>
          </Label>
          <Textarea id={`${id}-notes`} rows={3} maxLength={ADMIN_NOTES_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <div className="dialog-actions">
          <Button variant="outline" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={review.isPending}>
            {review.isPending ? t('admin.saving') : t('admin.sgSave')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
