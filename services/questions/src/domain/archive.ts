import { invalid } from '@mzansi/kit/errors';

// The public archive: search words and the cursor of its pages (latest first, ties by id).

/** At most this many words are searched for; longer queries are refused by the gateway anyway. */
const MAX_WORDS = 8;

/**
 * A PostgreSQL tsquery (configuration 'simple') for a user's search: every word must match, each as a prefix
 * ("elect" finds "election"). Only letters and digits are kept, so nothing the user types is tsquery syntax.
 * null when nothing searchable is left.
 */
export function searchQuery(query: string): string | null {
  const words = query
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A page's cursor is the id of the last question shown (keyset paging: the next page is what comes after it in the
 * archive's order), so a client can page on from any list of questions it already has. Valid when it is an id.
 */
export function isCursor(cursor: string): boolean {
  return UUID.test(cursor);
}

/** Questions per archive page when not asked, and at most. */
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** Longest search text accepted. */
export const MAX_QUERY_LENGTH = 200;

/** The states a page may be filtered by, at the time of the call. */
export const PAGE_STATUSES = ['open', 'closed', 'resolved'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** Longest tag accepted as a filter (tags are short slugs). */
const MAX_TAG_LENGTH = 60;
const SAST_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of a page: a tag, a state and a SAST publication date, each optional. */
export interface PageFilters {
  tag: string | null;
  status: PageStatus | null;
  date: string | null;
}

/**
 * An archive page request, checked in this order (INVALID_ARGUMENT with a plain message): a negative size, a cursor
 * that is no id, a search text over MAX_QUERY_LENGTH, a tag, state or date that is not one. Returns the page size
 * (0 → DEFAULT_PAGE_SIZE, at most MAX_PAGE_SIZE), the search as a tsquery (`searchQuery`), the id to page on after
 * (lower case), if any, and the filters.
 */
export function archivePageRequest(req: { limit: number; cursor: string; query: string; tag?: string; status?: string; date?: string }): {
  limit: number;
  tsquery: string | null;
  afterId: string | null;
} & PageFilters {
  if (req.limit < 0) throw invalid('limit must be positive');
  if (req.cursor && !isCursor(req.cursor)) throw invalid('cursor is not valid');
  if (req.query.length > MAX_QUERY_LENGTH) throw invalid('query is too long');
  if ((req.tag ?? '').length > MAX_TAG_LENGTH) throw invalid('tag is too long');
  if (req.status && !(PAGE_STATUSES as readonly string[]).includes(req.status)) throw invalid('status must be open, closed or resolved');
  if (req.date && (!SAST_DATE.test(req.date) || Number.isNaN(Date.parse(`${req.date}T00:00:00Z`)))) throw invalid('date must be a date (YYYY-MM-DD)');
  return {
    limit: Math.min(req.limit || DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    tsquery: searchQuery(req.query),
    afterId: req.cursor ? req.cursor.toLowerCase() : null,
    tag: req.tag || null,
    status: (req.status as PageStatus | undefined) || null,
    date: req.date || null,
  };
}

/**
 * A page from up to `limit + 1` rows read in the archive's order (one more than shown tells whether a next page
 * exists): the first `limit`, and the cursor of the next page ('' on the last page).
 */
export function archivePage<T extends { id: string }>(rows: T[], limit: number): { page: T[]; nextCursor: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? last.id : '' };
}
