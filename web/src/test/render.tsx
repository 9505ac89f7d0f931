// Rendering a feature under test inside the app's providers: a query client, a jotai store, a router and the toaster.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '../lib/queryClient';
import { Toaster } from '../ui';
import { USER_STORAGE_KEY } from '../features/auth/session';
import type { User } from '../features/auth/types';
import { makeUser } from './fixtures';

/** The signed-in user of the feature tests. */
export const thandi: User = makeUser({
  id: 'u1',
  username: 'thandi_m',
  name: 'Thandi Mokoena',
  joinDate: '2025-03-14T09:00:00Z',
  isAdmin: false,
});

/** Renders `ui` with the app's providers: the given (else a fresh) query client and jotai store, a router, the toaster. */
export function renderWithProviders(
  ui: ReactNode,
  { client = createQueryClient(), store }: { client?: QueryClient; store?: ReturnType<typeof createStore> } = {},
) {
  const result = render(
    <QueryClientProvider client={client}>
      <JotaiProvider store={store}>
        <MemoryRouter>
          {ui}
          <Toaster />
        </MemoryRouter>
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** Renders `ui` with the app's providers, signed in as `user` (the stored user the session starts from) unless null. */
export function renderSignedIn(ui: ReactNode, { user = thandi, client }: { user?: User | null; client?: QueryClient } = {}) {
  if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_STORAGE_KEY);
  return renderWithProviders(ui, { client });
}
