// Test helpers for the social features: providers with a signed-in user, the toast queue.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '../../lib/queryClient';
import { Toaster } from '../../ui';
import { getToastState } from '../../ui/toast';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';

export const thandi: User = { id: 'u1', username: 'thandi_m', name: 'Thandi Mokoena', joinDate: '2025-03-14T09:00:00Z', isAdmin: false };

export function renderSignedIn(ui: ReactNode, options: { user?: User | null; client?: QueryClient } = {}) {
  const user = options.user === undefined ? thandi : options.user;
  if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  const client = options.client ?? createQueryClient();
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

/** The toast on screen (at most one), as plain strings. */
export function currentToast() {
  const t = getToastState().toasts[0];
  return t ? { title: t.title, description: t.description, variant: t.variant ?? 'default' } : undefined;
}
