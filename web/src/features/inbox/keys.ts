import type { QueryClient } from '@tanstack/react-query';

/** The inbox's queries all start with this key: the live channel invalidates them when an item arrives. */
export const INBOX_KEY = ['inbox'] as const;

/**
 * An item for everyone was announced (a new question, a resolution): the signed-in bell counts one more, and the
 * list is read again when next shown. Nothing is fetched now: every open page hears the same broadcast.
 */
export function bumpInboxUnread(qc: QueryClient): void {
  for (const q of qc.getQueryCache().findAll({ queryKey: INBOX_KEY })) {
    const key = q.queryKey;
    if (key[key.length - 1] === 'unread') qc.setQueryData<{ count: number } | null>(key, (d) => (d ? { count: d.count + 1 } : d));
  }
  void qc.invalidateQueries({ queryKey: INBOX_KEY, refetchType: 'none' });
}
