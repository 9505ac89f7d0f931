import { useState } from 'react';
import { Button, Card, CardContent } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { useT } from '../../i18n';
import '../../i18n/later';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useMySuggestions, type Suggestion } from './api';
import { SuggestQuestionDialog, SuggestionStatusBadge } from './SuggestionParts';

/** /my-suggestions (spec §2): the user's own suggestions and a suggest button. */
export function MySuggestionsPage() {
  const t = useT();
  const [suggesting, setSuggesting] = useState(false);
  const suggestions = useMySuggestions();

  return (
    <div>
      <ScreenHeader title={t('suggest.myTitle')} subtitle={t('suggest.mySubtitle')}>
        <Button className="suggestions__new" onClick={() => setSuggesting(true)}>
          {t('suggest.button')}
        </Button>
      </ScreenHeader>
      {suggestions.isPending ? (
        <div className="loading-note" aria-live="polite">
          <span className="spinner__ring" aria-hidden="true" />
          <span>{t('admin.sgLoading')}</span>
        </div>
      ) : suggestions.isError ? (
        <Card className="notice-card">
          <CardContent>
            <p>{t('suggest.loadFailed')}</p>
            <Button variant="outline" onClick={() => void suggestions.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </CardContent>
        </Card>
      ) : suggestions.data.length === 0 ? (
        <Card className="notice-card">
          <CardContent>
            <h2 className="card__title">{t('suggest.emptyTitle')}</h2>
            <p className="card__description">{t('suggest.emptyText')}</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="suggestion-list" aria-label={t('suggest.listLabel')}>
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
  const t = useT();
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
          <span className="suggestion__notes-label">{t('admin.sgNotes')}</span>
          <p>{s.adminNotes}</p>
        </div>
      )}
    </li>
  );
}
