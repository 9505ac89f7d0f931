import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';
import { persistUser } from '../features/auth/session';

/** Spec §9: never retry, no refetch on focus, no default polling, never stale, gc after 5 minutes. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  // The signed-in user's query is kept on the device for the next page load's first render.
  persistUser(client);
  return client;
}

export const queryClient = createQueryClient();

/**
 * A query's first answer is on its way (nothing cached, fetching now; not paused offline or disabled). A screen
 * that waits for several such answers before showing a part fills it in one step instead of growing (and moving
 * what is below) once per answer: Lighthouse's layout shift.
 */
export const firstLoad = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === 'fetching';
