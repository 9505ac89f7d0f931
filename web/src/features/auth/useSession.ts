import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';
import { ME_QUERY_KEY, logout } from './api';
import { USER_STORAGE_KEY, clearSignedInHint, isUser, mayBeSignedIn, readStoredUser } from './session';
import type { User } from './types';

const askMe = getQueryFn<unknown>({ on401: 'returnNull' });

/**
 * The signed-in user's one query: seeded from the device (persistUser keeps it there) so a returning visitor starts
 * signed in; asked of GET /api/auth/me only when the browser may be signed in (mayBeSignedIn): a signed-out visitor
 * is signed out without a request (and without the console's 401). A 401 clears the signed-in hint.
 */
const meQuery = queryOptions<User | null>({
  queryKey: ME_QUERY_KEY,
  queryFn: async (context) => {
    if (!mayBeSignedIn()) return null;
    const user = await askMe(context);
    if (!user) clearSignedInHint();
    return isUser(user) ? user : null;
  },
  initialData: () => readStoredUser() ?? undefined,
});

export type SessionStatus = 'signed-in' | 'checking' | 'signed-out';

/**
 * Who is signed in, derived from the user query alone: `checking` while a browser that may be signed in (and has no
 * user stored) awaits its first answer; the app then shows neither the landing nor the signed-in screens yet. Not
 * while paused offline: then the landing (or the offline screen) rather than a spinner that never ends.
 */
export function useSession(): { user: User | null; status: SessionStatus } {
  const me = useQuery({ ...meQuery, enabled: false });
  const user = me.data ?? null;
  if (user) return { user, status: 'signed-in' };
  // Pending, not paused: the first answer is on its way (or about to be asked: this observer may render before
  // useSessionSync's starts the request).
  return { user, status: me.isPending && me.fetchStatus !== 'paused' && mayBeSignedIn() ? 'checking' : 'signed-out' };
}

/** The signed-in user, or null. */
export function useUser(): User | null {
  return useSession().user;
}

let confirmedByServer = false;

/** The page was rendered on the server, which read the session for it: no need to ask again on this load. */
export function sessionConfirmedByServer(): void {
  confirmedByServer = true;
}

/**
 * Confirms the session with the server once per page load (mounted once, at the app root): 200 -> that user, 401 ->
 * signed out; other failures (network, 5xx) keep the stored user. Also follows sign-in/out in other tabs.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useQuery({ ...meQuery, refetchOnMount: confirmedByServer ? false : 'always' });
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY || event.key === null) queryClient.setQueryData(ME_QUERY_KEY, readStoredUser());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}

/** Records a freshly signed-in (or updated) user: the query cache, and through it the device (persistUser). */
export function useSetUser(): (user: User | null) => Promise<void> {
  const queryClient = useQueryClient();
  return async (user) => {
    // A /me answer still in flight (e.g. the load-time 401) must not undo the sign-in.
    await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
    queryClient.setQueryData(ME_QUERY_KEY, user);
  };
}

/** Forgets the session on this device: the user and every other cached query (a sign-out, a deleted account). */
export function useForgetSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData(ME_QUERY_KEY, null);
  };
}

/** POST /api/auth/logout, then clear the user and every other cached query. */
export function useLogout() {
  const forget = useForgetSession();
  return useMutation({
    mutationFn: logout,
    // Even if the call fails the device should not stay signed in.
    onSettled: forget,
  });
}
