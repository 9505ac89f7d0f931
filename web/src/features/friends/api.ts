import { useQuery } from '@tanstack/react-query';

export interface FriendSummary {
  id: string;
  name: string;
  username: string;
  isAdmin?: boolean;
}

/** The friends answer is a list of users, either bare or as `{ friends: [...] }`; anything else is no friends. */
export function toFriendList(data: unknown): FriendSummary[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { friends?: unknown }).friends)
      ? (data as { friends: unknown[] }).friends
      : [];
  return list.filter(
    (f): f is FriendSummary =>
      !!f && typeof f === 'object' && typeof (f as FriendSummary).id === 'string' && typeof (f as FriendSummary).name === 'string',
  );
}

export const friendsQueryKey = (userId: string) => ['/api/users', userId, 'friends'] as const;

/**
 * The signed-in user's friends. Until the friends routes exist the call may fail (e.g. 404):
 * a failure counts as no friends.
 */
export function useFriends(userId: string) {
  const query = useQuery({ queryKey: friendsQueryKey(userId), select: toFriendList });
  return { ...query, friends: query.data ?? [] };
}
