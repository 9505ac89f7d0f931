// Code-split screens that survive a lost connection (issue 19): a chunk that fails to load is fetched again a few
// times, then the error goes to the nearest OfflineBoundary, which shows "You're offline — Try again"; trying again
// (or the network coming back) loads it afresh. React.lazy would remember the failure until a reload.
import { lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';

/** Waits before each further attempt to load a chunk. */
export const CHUNK_RETRY_DELAYS_MS = [500, 1500] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `load`, trying again after each of `delays` while it fails; the last failure is thrown. */
export async function loadWithRetry<T>(load: () => Promise<T>, delays: readonly number[] = CHUNK_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/**
 * Like React.lazy, but a failed load is forgotten: the next render (after the boundary's "Try again") loads again.
 * (React.lazy keeps its rejected promise, so it would fail until a reload.) Render it under <Suspense> and an
 * <OfflineBoundary>.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
): ComponentType<P> {
  const fresh = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      loadWithRetry(load, delays).then(
        (screen) => ({ default: screen }),
        (error: unknown) => {
          current = fresh();
          throw error;
        },
      ),
    );
  let current = fresh();
  function LazyScreen(props: P) {
    const Screen = current;
    return <Screen {...(props as JSX.IntrinsicAttributes & P)} />;
  }
  return LazyScreen;
}
