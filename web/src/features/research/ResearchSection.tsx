// The pieces the research tabs share: a section with its loading, failure and empty states, and the selected topic's bar.
import { useId, type ReactNode } from 'react';
import { Button, ErrorNote, LoadingNote } from '../../ui';
import { useT } from '../../i18n';
import '../../i18n/later';

export function ResearchSection<T>({
  title,
  failed,
  query,
  loading,
  empty,
  children,
}: {
  title: string;
  failed: string;
  query: { isPending: boolean; isError: boolean; data?: T[]; refetch: () => unknown };
  loading: string;
  empty: string;
  children: (list: T[]) => ReactNode;
}) {
  const headingId = useId();
  const list = query.data ?? [];
  return (
    <section className="research-section" aria-labelledby={headingId}>
      <h2 className="research-section__title" id={headingId}>
        {title}
        {!query.isPending && !query.isError && <span className="research-section__count"> ({list.length})</span>}
      </h2>
      {query.isPending ? (
        <LoadingNote text={loading} />
      ) : query.isError ? (
        <ErrorNote text={failed} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty-note">{empty}</p>
      ) : (
        <div className="stack">{children(list)}</div>
      )}
    </section>
  );
}

export function SelectedTopicBar({ label, onClear }: { label: string; onClear: () => void }) {
  const t = useT();
  return (
    <div className="topic-bar">
      <p className="topic-bar__label">
        {t('research.topic')} <strong>{label}</strong>
      </p>
      <Button size="sm" variant="outline" onClick={onClear}>
        {t('research.clear')}
      </Button>
    </div>
  );
}
