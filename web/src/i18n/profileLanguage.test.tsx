import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { createQueryClient } from '../lib/queryClient';
import { json, stubFetch, makeUser } from '../test/fixtures';
import type { User } from '../features/auth/types';
import { currentLanguage, LANGUAGE_STORAGE_KEY, setLanguage } from './index';
import { useProfileLanguage } from './profileLanguage';

const USER: User = makeUser({ id: 'u1', username: 'nomsa', name: 'Nomsa', joinDate: '2026-01-01T00:00:00.000Z', isAdmin: false });

function Probe({ user }: { user: User }) {
  useProfileLanguage(user);
  return null;
}

function mount(user: User) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <JotaiProvider>
        <Probe user={user} />
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

const patches = (mock: ReturnType<typeof stubFetch>['mock']) =>
  mock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

test("signing in applies the profile's language; a switch then saves the new one to the profile", async () => {
  const { mock } = stubFetch((_url, init) => (init?.method === 'PATCH' ? json(200, { ...USER, ...JSON.parse(String(init.body)) }) : json(404, {})));
  mount({ ...USER, language: 'zu' });
  await waitFor(() => expect(currentLanguage()).toBe('zu'));
  expect(patches(mock)).toEqual([]);
  await act(() => setLanguage('af'));
  await waitFor(() => expect(patches(mock)).toEqual([['/api/users/u1', { language: 'af' }]]));
});

test('the language a first visit shows (the browser’s, not chosen) goes to a profile that has none, unless English', async () => {
  const { mock } = stubFetch((_url, init) => (init?.method === 'PATCH' ? json(200, { ...USER, ...JSON.parse(String(init.body)) }) : json(404, {})));
  await setLanguage('zu', { remember: false });
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  mount({ ...USER, id: 'u3' });
  await waitFor(() => expect(patches(mock)).toEqual([['/api/users/u3', { language: 'zu' }]]));
});

test('a language chosen on this device goes to a profile that has none; English by default does not', async () => {
  const { mock } = stubFetch((_url, init) => (init?.method === 'PATCH' ? json(200, { ...USER, ...JSON.parse(String(init.body)) }) : json(404, {})));
  const view = mount(USER);
  await new Promise((r) => setTimeout(r, 20));
  expect(patches(mock)).toEqual([]);
  view.unmount();
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'st');
  mount({ ...USER, id: 'u2' });
  await waitFor(() => expect(patches(mock)).toEqual([['/api/users/u2', { language: 'st' }]]));
});
