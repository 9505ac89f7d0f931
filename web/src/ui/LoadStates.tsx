// A screen part's loading and failure states, the same wherever data loads (research tabs, admin analytics).
import { Button } from './Button';
import { Card, CardContent } from './Card';
import { useT } from '../i18n';

/** On its way: a spinner and what is loading, announced politely. */
export function LoadingNote({ text }: { text: string }) {
  return (
    <div className="loading-note" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** What could not be loaded, with "Try again" (never made-up figures in its place). */
export function ErrorNote({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Card className="notice-card">
      <CardContent>
        <p>{text}</p>
        <Button variant="outline" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </CardContent>
    </Card>
  );
}
