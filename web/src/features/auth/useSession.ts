import { startTransition, useEffect, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';
import { firstLoad } from '../../lib/queryClient';
import { ME_QUERY_KEY, logout } from './api';
import { USER_STORAGE_KEY, clearSignedInHint, mayBeSignedIn, readStoredUser, userAtom } from './session';
import type { User } from './types';

/** The signed-in user, or null. */
export function useUser(): User | null {
  return useAtomValue(userAtom);
}

const askMe = getQueryFn<User | null>({ on401: 'returnNull' });

/**
 * Keeps the stored session in step with the server (mounted once, at the app root):
 * GET /api/auth/me on load; 200 -> that user, 401 -> signed out. Other failures
 * (network, 5xx) keep the stored user. Also follows sign-in/out in other tabs.
 * Asked only when the browser may be signed in (mayBeSignedIn): a signed-out visitor is signed out without a
 * request (and without the console's 401). Returns whether the first answer is still awaited for a browser that
 * may be signed in (the app then shows neither the landing nor the signed-in screens yet).
 */
export function useSessionSync(): boolean {
  const [user, setUser] = useAtom(userAtom);
  const [mayBe] = useState(mayBeSignedIn);
  const queryClient = useQueryClient();
  /**
   * The /me answer (its dataUpdatedAt) last written to the session: on a page rendered on the server, the answer
   * the server rendered with, which the session already holds (entry-server.tsx puts it in both).
   */
  const [applied, setApplied] = useState(() => {
    const cached = queryClient.getQueryState<User | null>(ME_QUERY_KEY);
    return cached?.status === 'success' && (cached.data?.id ?? null) === (user?.id ?? null) ? cached.dataUpdatedAt : 0;
  });
  const me = useQuery<User | null>({
    queryKey: ME_QUERY_KEY,
    queryFn: async (context) => {
      if (!mayBeSignedIn()) return null;
      const user = await askMe(context);
      if (!user) clearSignedInHint();
      return user;
    },
  });

  // A transition: the screens that follow (the whole signed-in app on a first visit) render in short slices, not
  // one long task (Lighthouse's total blocking time, issue 19).
  useEffect(() => {
    if (me.status !== 'success') return;
    startTransition(() => {
      setUser(me.data ?? null);
      setApplied(me.dataUpdatedAt);
    });
  }, [me.status, me.data, me.dataUpdatedAt, setUser]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY || event.key === null) setUser(readStoredUser());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [setUser]);

  // Not while paused offline: then the landing (or the offline screen) rather than a spinner that never ends. An
  // answer not yet written to the session still counts as waiting: the landing used to render (and ask for its
  // lists) for the one render between /me's answer and the user being set.
  return mayBe && (firstLoad(me) || (me.status === 'success' && me.dataUpdatedAt !== applied));
}

/** Records a freshly signed-in user everywhere the session lives. */
export function useSignIn(): (user: User) => Promise<void> {
  const setUser = useSetAtom(userAtom);
  const queryClient = useQueryClient();
  return async (user: User) => {
    setUser(user);
    // A /me answer still in flight (e.g. the load-time 401) must not undo the sign-in.
    await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
    queryClient.setQueryData(ME_QUERY_KEY, user);
  };
}

/** POST /api/auth/logout, then clear the user and every other cached query. */
export function useLogout() {
  const setUser = useSetAtom(userAtom);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      // Even if the call fails the device should not stay signed in.
      setUser(null);
      await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, null);
    },
  });
}
