import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, throwIfResNotOk } from '../../lib/api';

/** A user as other users see them (docs/api.md "Shapes": Person). */
export interface FriendSummary {
  id: string;
  name: string;
  username: string;
  isAdmin?: boolean;
}
export type Person = FriendSummary;

export interface FriendRequest {
  id: string;
  createdAt: string;
  status?: string;
  requester: Person;
  receiver: Person;
}

/** POST /api/friendships answer. */
export interface FriendshipResult extends Partial<FriendRequest> {
  becameFriends?: boolean;
  message?: string;
}

function isPerson(value: unknown): value is Person {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.name === 'string';
}

/** The friends answer is a list of users, either bare or as `{ friends: [...] }`; anything else is no friends. */
export function toFriendList(data: unknown): FriendSummary[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { friends?: unknown }).friends)
      ? (data as { friends: unknown[] }).friends
      : [];
  return list.filter(isPerson);
}

/** Keeps well-formed friend requests. */
export function toRequestList(data: unknown): FriendRequest[] {
  if (!Array.isArray(data)) return [];
  return data.filter((r): r is FriendRequest => {
    if (!r || typeof r !== 'object') return false;
    const v = r as Record<string, unknown>;
    return typeof v.id === 'string' && isPerson(v.requester) && isPerson(v.receiver);
  });
}

export function toPersonList(data: unknown): Person[] {
  return Array.isArray(data) ? data.filter(isPerson) : [];
}

export const friendsQueryKey = (userId: string) => ['/api/users', userId, 'friends'] as const;
export const friendRequestsQueryKey = (userId: string) => ['/api/users', userId, 'friend-requests'] as const;
export const sentRequestsQueryKey = (userId: string) => ['/api/users', userId, 'sent-requests'] as const;
export const USER_SEARCH_KEY = ['/api/users/search'] as const;
export const FRIENDS_FEED_KEY = ['/api/feed/friends'] as const;

/** Minimum characters before the user search runs (spec §5, §9). */
export const MIN_SEARCH_CHARS = 2;

/**
 * The signed-in user's friends. A failure (e.g. a 404 while signed out) counts as no friends.
 */
export function useFriends(userId: string) {
  const query = useQuery({ queryKey: friendsQueryKey(userId), select: toFriendList, enabled: !!userId });
  return { ...query, friends: query.data ?? [] };
}

/** Pending requests received by the user. */
export function useFriendRequests(userId: string) {
  const query = useQuery({ queryKey: friendRequestsQueryKey(userId), select: toRequestList, enabled: !!userId });
  return { ...query, requests: query.data ?? [] };
}

/** Pending requests the user sent. */
export function useSentRequests(userId: string) {
  const query = useQuery({ queryKey: sentRequestsQueryKey(userId), select: toRequestList, enabled: !!userId });
  return { ...query, requests: query.data ?? [] };
}

/** GET /api/users/search?q= — only with at least 2 (trimmed) characters. */
export function useUserSearch(term: string) {
  const q = term.trim();
  const enabled = q.length >= MIN_SEARCH_CHARS;
  return useQuery({
    queryKey: [...USER_SEARCH_KEY, q],
    queryFn: ({ signal }) =>
      fetch(`/api/users/search?q=${encodeURIComponent(q)}`, { credentials: 'include', signal }).then(async (res) => {
        await throwIfResNotOk(res);
        return toPersonList(await res.json());
      }),
    enabled,
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** After a friendship request: the sent list always; friends (and received requests) when it made friends. */
export async function refreshAfterSend(queryClient: QueryClient, userId: string, result: FriendshipResult | null) {
  const jobs = [
    queryClient.invalidateQueries({ queryKey: sentRequestsQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: USER_SEARCH_KEY }),
  ];
  if (result?.becameFriends) {
    jobs.push(
      queryClient.invalidateQueries({ queryKey: friendsQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: friendRequestsQueryKey(userId) }),
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
        queryClient.invalidateQueries({ queryKey: friendsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: friendRequestsQueryKey(userId) }),
      ]),
  });
}

/** PUT /api/friend-requests/{id}/reject: refreshes only the requests list. */
export function useRejectRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      apiJson<FriendRequest>('PUT', `/api/friend-requests/${encodeURIComponent(requestId)}/reject`, { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: friendRequestsQueryKey(userId) }),
  });
}

/** DELETE /api/friend-requests/{id}: the sender takes back a pending request; refreshes the sent list. */
export function useCancelRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => apiJson<{ success: boolean }>('DELETE', `/api/friend-requests/${encodeURIComponent(requestId)}`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentRequestsQueryKey(userId) }),
  });
}

