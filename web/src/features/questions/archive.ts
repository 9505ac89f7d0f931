import { useInfiniteQuery } from '@tanstack/react-query';
import type { ArchivePage } from '@mzansi/api';
import { apiJson, readList } from '../../lib/api';

export const ARCHIVE_KEY = '/api/questions/archive';
export const ARCHIVE_PAGE_SIZE = 20;


/**
 * GET /api/questions/archive, page by page: questions matching `search` (every word, as a prefix), latest first,
 * from after the question `after` (a cursor is a question id, so paging can go on from any list already shown).
 */
export function useArchive(search: string, after: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [ARCHIVE_KEY, search, after],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ q: search, cursor: pageParam, limit: String(ARCHIVE_PAGE_SIZE) });
      const page = await apiJson<Partial<ArchivePage> | null>('GET', `${ARCHIVE_KEY}?${params.toString()}`);
      return { questions: readList<ArchivePage['questions'][number]>(page?.questions), nextCursor: page?.nextCursor ?? null };
    },
    initialPageParam: after,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    staleTime: 60_000,
  });
}
