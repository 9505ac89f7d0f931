import { useState } from 'react';
import { Button, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useMySuggestions, type Suggestion } from './api';
import { SuggestQuestionDialog, SuggestionStatusBadge } from './SuggestionParts';

/** /my-suggestions (spec §2): the user's own suggestions and a suggest button. */
export function MySuggestionsPage() {
  const [suggesting, setSuggesting] = useState(false);
  const suggestions = useMySuggestions();

  return (
    <div>
      <ScreenHeader title="My Suggestions" subtitle="Questions you have suggested for the daily vote">
        <Button className="suggestions__new" onClick={() => setSuggesting(true)}>
          Suggest a Question
        </Button>
      </ScreenHeader>
      {suggestions.isPending ? (
        <div className="loading-note" aria-live="polite">
          <span className="spinner__ring" aria-hidden="true" />
          <span>Loading suggestions...</span>
        </div>
      ) : suggestions.isError ? (
        <Card className="notice-card">
          <CardContent>
            <p>Your suggestions could not be loaded.</p>
            <Button variant="outline" onClick={() => void suggestions.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : suggestions.data.length === 0 ? (
        <Card className="notice-card">
          <CardContent>
            <h2 className="card__title">No suggestions yet</h2>
            <p className="card__description">Got an idea for a daily question? Suggest it and an admin will review it.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="suggestion-list" aria-label="Your suggestions">
          {suggestions.data.map((s) => (
            <MySuggestionItem key={s.id} suggestion={s} />
          ))}
        </ul>
      )}
      <SuggestQuestionDialog open={suggesting} onOpenChange={setSuggesting} />
    </div>
  );
}

/** Read-only: review and deletion are the admins' (the dashboard's Suggestions tab), so there is no delete here. */
function MySuggestionItem({ suggestion: s }: { suggestion: Suggestion }) {
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
      {s.adminNotes && (
        <div className="suggestion__notes">
          <span className="suggestion__notes-label">Admin notes</span>
          <p>{s.adminNotes}</p>
        </div>
      )}
    </li>
  );
}
