/**
 * Friend requests and people search (PRODUCT.md "Friends"). Pure rules; the handler maps a refusal to its message
 * and status.
 */

export type FriendRequestAction = 'accept' | 'reject' | 'cancel';
export type FriendRequestRefusal = 'onlyReceiver' | 'onlySender' | 'answered';

/**
 * Why `actorId` may not do `action` to this request, checked in this order: accepting and rejecting are the
 * receiver's, cancelling is the sender's; and only a pending request can be answered or cancelled.
 * Undefined: allowed.
 */
export function friendRequestRefusal(
  request: { requesterId: string; receiverId: string; status: string },
  actorId: string,
  action: FriendRequestAction,
): FriendRequestRefusal | undefined {
  if (action === 'cancel' ? request.requesterId !== actorId : request.receiverId !== actorId) return action === 'cancel' ? 'onlySender' : 'onlyReceiver';
  if (request.status !== 'pending') return 'answered';
  return undefined;
}

/** People search: at least SEARCH_MIN characters; the first SEARCH_MAX are searched; DEFAULT/MAX results. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 30;
export const DEFAULT_SEARCH_RESULTS = 20;
export const MAX_SEARCH_RESULTS = 50;

/** The term searched (trimmed, lower case, at most SEARCH_MAX characters), or null when too short to search. */
export function searchTerm(query: string): string | null {
  const term = query.trim().toLowerCase();
  return term.length < SEARCH_MIN ? null : term.slice(0, SEARCH_MAX);
}

/** The number of people a search returns: the asked number within 1–MAX_SEARCH_RESULTS, DEFAULT_SEARCH_RESULTS when not asked. */
export function searchLimit(requested: number | undefined): number {
  return Math.min(Math.max(requested || DEFAULT_SEARCH_RESULTS, 1), MAX_SEARCH_RESULTS);
}
