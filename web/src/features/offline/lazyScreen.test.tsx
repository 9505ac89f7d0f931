import { Suspense } from 'react';
import { expect, test, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { lazyScreen } from './lazyScreen';
import { OfflineBoundary } from './OfflineBoundary';

test('a screen that cannot load is tried a bounded number of times, shows the offline state, and Try again loads it', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let online = false;
  const load = vi.fn(() =>
    online ? Promise.resolve(() => <p>leaderboard screen</p>) : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  );
  const Screen = lazyScreen(load, [1, 1]);
  render(
    <OfflineBoundary>
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    </OfflineBoundary>,
  );
  await screen.findByRole('heading', { name: 'You’re offline' });
  // The first load and its two retries, no more: React's second render of a failed screen does not start again.
  await new Promise((r) => setTimeout(r, 50));
  expect(load).toHaveBeenCalledTimes(3);
  online = true;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByText('leaderboard screen');
  expect(load).toHaveBeenCalledTimes(4);
});
