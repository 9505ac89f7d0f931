import { useId, useState, type FormEvent } from 'react';
import { Button, Card, CardContent, Dialog, Label, Textarea, cx, toastError } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { useAllSuggestions, useDeleteSuggestion, useReviewSuggestion, type Suggestion } from '../suggestions/api';
import { SuggestionStatusBadge } from '../suggestions/SuggestionParts';
import { ADMIN_NOTES_MAX, SUGGESTION_STATUSES, validateReview, type SuggestionStatus } from '../suggestions/validation';
import './admin-tabs.css';

type Filter = 'all' | SuggestionStatus;
const FILTERS: Filter[] = ['all', ...SUGGESTION_STATUSES];

/** Admin: every suggestion, a status filter, review (status + notes) and delete. */
export function SuggestionsTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const suggestions = useAllSuggestions(filter === 'all' ? undefined : filter);
  const list = suggestions.data ?? [];
  return (
    <section className="stack" aria-labelledby="admin-suggestions-title">
      <h2 className="admin-list__title" id="admin-suggestions-title">
        Suggestions{!suggestions.isPending && !suggestions.isError && ` (${list.length})`}
      </h2>
      <div className="filter-chips" role="group" aria-label="Filter by status">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={cx('filter-chip', f === filter && 'filter-chip--active')}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {f === 'all' ? 'All' : f}
          </button>
        ))}
      </div>
      {suggestions.isPending ? (
        <div className="loading-note" aria-live="polite">
          <span className="spinner__ring" aria-hidden="true" />
          <span>Loading suggestions...</span>
        </div>
      ) : suggestions.isError ? (
        <Card className="notice-card">
          <CardContent>
            <p>Suggestions could not be loaded.</p>
            <Button variant="outline" onClick={() => void suggestions.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : list.length === 0 ? (
        <p className="empty-note">{filter === 'all' ? 'No suggestions yet.' : `No ${filter} suggestions.`}</p>
      ) : (
        <ul className="suggestion-list" aria-label="Suggestions">
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
        By {s.user.name || 'Unknown'}
        {s.user.username && ` (@${s.user.username})`}
      </p>
      {s.adminNotes && (
        <div className="suggestion__notes">
          <span className="suggestion__notes-label">Admin notes</span>
          <p>{s.adminNotes}</p>
        </div>
      )}
      <div className="suggestion__actions">
        <Button size="sm" onClick={() => setPending('review')}>
          Review
        </Button>
        <Button size="sm" variant="ghost" className="suggestion__delete" disabled={remove.isPending} onClick={() => setPending('delete')}>
          Delete
        </Button>
      </div>
      {pending === 'review' && <ReviewSuggestionDialog suggestion={s} onClose={close} />}
      <Dialog
        open={pending === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Delete this suggestion?"
        description={`“${s.title}” will be removed permanently.`}
      >
        <div className="dialog-actions">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(s.id)}>
            Delete
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (review.isPending) return;
    const result = validateReview({ status, adminNotes: notes });
    if (!result.ok) {
      toastError(result.error);
      return;
    }
    review.mutate({ id: s.id, ...result.payload });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Review Suggestion" description={`“${s.title}”`}>
      <form className="form form--tight" onSubmit={onSubmit} noValidate aria-label="Review suggestion">
        <fieldset className="status-choice">
          <legend className="label">
            Status <span className="field__optional">(currently {s.status})</span>
          </legend>
          <div className="status-choice__options">
            {SUGGESTION_STATUSES.map((value) => (
              <label key={value} className={cx('status-choice__option', status === value && 'is-checked')}>
                <input type="radio" name={`${id}-status`} value={value} checked={status === value} onChange={() => setStatus(value)} />
                <span>{value}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <Label htmlFor={`${id}-notes`}>
            Admin notes<span className="field__optional"> (optional, shown to the author)</span>
          </Label>
          <Textarea id={`${id}-notes`} rows={3} maxLength={ADMIN_NOTES_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <div className="dialog-actions">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={review.isPending}>
            {review.isPending ? 'Saving...' : 'Save Review'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
