import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { toQuestionList } from '../../entities/question/list';
import type { Question } from '../../entities/question/types';

export const ARCHIVE_KEY = '/api/questions/archive';
export const ARCHIVE_PAGE_SIZE = 20;

interface ArchivePage {
  questions: Question[];
  nextCursor: string | null;
}

function toArchivePage(data: unknown): ArchivePage {
  const d = (data ?? {}) as { questions?: unknown; nextCursor?: unknown };
  return { questions: toQuestionList(d.questions), nextCursor: typeof d.nextCursor === 'string' ? d.nextCursor : null };
}

/**
 * GET /api/questions/archive, page by page: questions matching `search` (every word, as a prefix), latest first,
 * from after the question `after` (a cursor is a question id, so paging can go on from any list already shown).
 */
export function useArchive(search: string, after: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [ARCHIVE_KEY, search, after],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ q: search, cursor: pageParam, limit: String(ARCHIVE_PAGE_SIZE) });
      return toArchivePage(await apiJson<unknown>('GET', `${ARCHIVE_KEY}?${params.toString()}`));
    },
    initialPageParam: after,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    staleTime: 60_000,
  });
}
