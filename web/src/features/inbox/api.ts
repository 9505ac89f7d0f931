import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxItem, InboxPage } from '@mzansi/api';
import { apiJson, getQueryFn } from '../../lib/api';
import { INBOX_KEY } from './keys';

export type { InboxItem, InboxPage };

const unreadKey = (userId: string) => [...INBOX_KEY, userId, 'unread'] as const;
const pagesKey = (userId: string) => [...INBOX_KEY, userId, 'pages'] as const;
const base = (userId: string) => `/api/users/${encodeURIComponent(userId)}/inbox`;

/** How many inbox items are unread (the bell). The live channel invalidates it when something arrives. */
export function useInboxUnread(userId: string) {
  return useQuery({
    queryKey: unreadKey(userId),
    queryFn: ({ signal }) => getQueryFn<{ count: number } | null>({ on401: 'returnNull' })({ queryKey: [`${base(userId)}/unread`], signal }),
    enabled: !!userId,
    staleTime: 30_000,
    select: (d) => (typeof d?.count === 'number' ? d.count : 0),
  });
}

/** The inbox, newest first, a page at a time (`before` = the previous page's last item's time). */
export function useInboxPages(userId: string) {
  return useInfiniteQuery({
    queryKey: pagesKey(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getQueryFn<InboxPage>({ on401: 'throw' })({ queryKey: [base(userId) + (pageParam ? `?before=${encodeURIComponent(pageParam)}` : '')], signal }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: !!userId,
  });
}

/** Marks items read (some ids, or all); the bell and the list refresh from the answer. */
export function useMarkRead(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) => apiJson<{ unread: number }>('PUT', `${base(userId)}/read`, body),
    onSuccess: ({ unread }, body) => {
      qc.setQueryData(unreadKey(userId), { count: unread });
      qc.setQueryData<{ pages: InboxPage[]; pageParams: unknown[] }>(pagesKey(userId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                items: p.items.map((i) => ('all' in body || body.ids.includes(i.id) ? { ...i, read: true } : i)),
              })),
            }
          : data,
      );
    },
  });
}
