import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxItem, InboxPage } from '@mzansi/api';
import { apiJson, loadJson } from '../../lib/api';
import { INBOX_KEY } from './keys';
import { localStore } from '../../lib/storage';
import { useDataSaver } from '../datasaver/dataSaver';

export type { InboxItem, InboxPage };

const unreadKey = (userId: string) => [...INBOX_KEY, userId, 'unread'] as const;
const pagesKey = (userId: string) => [...INBOX_KEY, userId, 'pages'] as const;
const base = (userId: string) => `/api/users/${encodeURIComponent(userId)}/inbox`;

/** The last unread count fetched on this device, and when (data saver: a repeat visit reuses it for a while). */
const unreadStoreKey = (userId: string) => `mzansi.inboxUnread.${userId}`;
function storedUnread(userId: string): { count: number; at: number } | undefined {
  try {
    const v = JSON.parse(localStore()?.getItem(unreadStoreKey(userId)) ?? 'null') as { count?: unknown; at?: unknown } | null;
    return v && typeof v.count === 'number' && typeof v.at === 'number' ? { count: v.count, at: v.at } : undefined;
  } catch {
    return undefined;
  }
}

function storeUnread(userId: string, count: number): void {
  try {
    localStore()?.setItem(unreadStoreKey(userId), JSON.stringify({ count, at: Date.now() }));
  } catch {
    // A full or refused storage only costs the next visit a request.
  }
}

/**
 * How many inbox items are unread (the bell). The live channel invalidates it when something arrives. With data
 * saver on, a count fetched on this device in the last two minutes stands in for a new request (the live channel
 * still brings what arrives meanwhile).
 */
export function useInboxUnread(userId: string) {
  const saveData = useDataSaver();
  const stored = saveData && userId ? storedUnread(userId) : undefined;
  return useQuery({
    queryKey: unreadKey(userId),
    queryFn: async () => {
      const d = await loadJson<{ count: number } | null>(`${base(userId)}/unread`, 'returnNull');
      if (typeof d?.count === 'number') storeUnread(userId, d.count);
      return d;
    },
    enabled: !!userId,
    staleTime: saveData ? 120_000 : 30_000,
    ...(stored && { initialData: { count: stored.count }, initialDataUpdatedAt: stored.at }),
    select: (d) => (typeof d?.count === 'number' ? d.count : 0),
  });
}

/** The inbox, newest first, a page at a time (`before` = the previous page's last item's time). */
export function useInboxPages(userId: string) {
  return useInfiniteQuery({
    queryKey: pagesKey(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => loadJson<InboxPage>(base(userId) + (pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''), 'throw'),
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
      storeUnread(userId, unread);
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
