// Test helpers for the vote, results, profile and leaderboard features (imported by tests only).
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '../../lib/queryClient';
import { Toaster } from '../../ui';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';

export const thandi: User = {
  id: 'u1',
  username: 'thandi_m',
  name: 'Thandi Mokoena',
  joinDate: '2025-03-14T09:00:00Z',
  isAdmin: false,
};

/** Renders `ui` with a fresh query client, jotai store (signed in as `user` unless null), router and toaster. */
export function renderWithApp(ui: ReactNode, { user = thandi, client = createQueryClient() }: { user?: User | null; client?: QueryClient } = {}) {
  if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_STORAGE_KEY);
  const result = render(
    <QueryClientProvider client={client}>
      <JotaiProvider>
        <MemoryRouter>
          {ui}
          <Toaster />
        </MemoryRouter>
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** A promise with its resolve function exposed. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
