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
