import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FriendRequest as ApiFriendRequest, FriendRequestSent, Friends, FriendsFeed, Person, UserSearch } from '@mzansi/api';
import { apiJson, getListFn, getQueryFn, loadJson, readList } from '../../lib/api';

/** A user as other users see them (search results, friends, comments' authors). */
export type { Person };
export type FriendSummary = Person;
/** A request as shown: both people known (one whose account is gone is not listed). */
export type FriendRequest = ApiFriendRequest & { requester: Person; receiver: Person };

/** POST /api/friendships answer (an older server may say less). */
export type FriendshipResult = Partial<FriendRequestSent>;

const bothKnown = (r: ApiFriendRequest): r is FriendRequest => !!r.requester && !!r.receiver;

export const friendsQueryKey = (userId: string) => ['/api/users', userId, 'friends'] as const;
export const friendRequestsQueryKey = (userId: string) => ['/api/users', userId, 'friend-requests'] as const;
export const sentRequestsQueryKey = (userId: string) => ['/api/users', userId, 'sent-requests'] as const;
export const USER_SEARCH_KEY = ['/api/users/search'] as const;
export const FRIENDS_FEED_KEY = ['/api/feed/friends'] as const;

/** Minimum characters before the user search runs (spec §5, §9). */
export const MIN_SEARCH_CHARS = 2;

export const friendsQuery = (userId: string) =>
  queryOptions({ queryKey: friendsQueryKey(userId), queryFn: getQueryFn<Partial<Friends> | null>({ on401: 'throw' }) });
export const friendRequestsQuery = (userId: string) =>
  queryOptions({ queryKey: friendRequestsQueryKey(userId), queryFn: getListFn<ApiFriendRequest>() });
export const sentRequestsQuery = (userId: string) =>
  queryOptions({ queryKey: sentRequestsQueryKey(userId), queryFn: getListFn<ApiFriendRequest>() });
/** GET /api/feed/friends: public questions friends answered or commented on. */
export const friendsFeedQuery = queryOptions({
  queryKey: FRIENDS_FEED_KEY,
  queryFn: getQueryFn<FriendsFeed | null>({ on401: 'throw' }),
  staleTime: 5_000,
});
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...USER_SEARCH_KEY, q],
    // The next keystroke's search supersedes this one: leaving the screen or typing on aborts it.
    queryFn: async ({ signal }) => readList<UserSearch[number]>(await loadJson(`/api/users/search?q=${encodeURIComponent(q)}`, 'throw', signal)),
  });

/**
 * The signed-in user's friends. A failure (e.g. a 404 while signed out) counts as no friends.
 */
export function useFriends(userId: string) {
  const query = useQuery({ ...friendsQuery(userId), enabled: !!userId });
  // A friend whose account is gone comes as null.
  return { ...query, friends: readList<Person | null>(query.data?.friends).filter((p) => p !== null) };
}

/** Pending requests received by the user. */
export function useFriendRequests(userId: string) {
  const query = useQuery({ ...friendRequestsQuery(userId), enabled: !!userId });
  return { ...query, requests: (query.data ?? []).filter(bothKnown) };
}

/** Pending requests the user sent. */
export function useSentRequests(userId: string) {
  const query = useQuery({ ...sentRequestsQuery(userId), enabled: !!userId });
  return { ...query, requests: (query.data ?? []).filter(bothKnown) };
}

/** GET /api/users/search?q= — only with at least 2 (trimmed) characters. */
export function useUserSearch(term: string) {
  const q = term.trim();
  const enabled = q.length >= MIN_SEARCH_CHARS;
  return useQuery({
    ...userSearchQuery(q),
    enabled,
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** After a friendship request: the sent list always; friends (and received requests) when it made friends. */
export async function refreshAfterSend(queryClient: QueryClient, userId: string, result: FriendshipResult | null) {
  const jobs = [
    queryClient.invalidateQueries({ queryKey: sentRequestsQuery(userId).queryKey }),
    queryClient.invalidateQueries({ queryKey: USER_SEARCH_KEY }),
  ];
  if (result?.becameFriends) {
    jobs.push(
      queryClient.invalidateQueries({ queryKey: friendsQuery(userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: friendRequestsQuery(userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: FRIENDS_FEED_KEY }),
    );
  }
  await Promise.all(jobs);
}

export type FriendshipTarget = { friendId: string } | { friendUsername: string };

/** POST /api/friendships {userId, friendId | friendUsername}. */
export function useAddFriend(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: FriendshipTarget) => apiJson<FriendshipResult | null>('POST', '/api/friendships', { userId, ...target }),
    onSuccess: (result) => refreshAfterSend(queryClient, userId, result),
  });
}

/** PUT /api/friend-requests/{id}/accept: refreshes the friends and requests lists. */
export function useAcceptRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      apiJson<FriendRequest>('PUT', `/api/friend-requests/${encodeURIComponent(requestId)}/accept`, { userId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: friendsQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: friendRequestsQuery(userId).queryKey }),
      ]),
  });
}

/** PUT /api/friend-requests/{id}/reject: refreshes only the requests list. */
export function useRejectRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      apiJson<FriendRequest>('PUT', `/api/friend-requests/${encodeURIComponent(requestId)}/reject`, { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: friendRequestsQuery(userId).queryKey }),
  });
}

/** DELETE /api/friend-requests/{id}: the sender takes back a pending request; refreshes the sent list. */
export function useCancelRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => apiJson<{ success: boolean }>('DELETE', `/api/friend-requests/${encodeURIComponent(requestId)}`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentRequestsQuery(userId).queryKey }),
  });
}

