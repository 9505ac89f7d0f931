// Code-split screens that survive a lost connection (phones drop in and out): a chunk that fails to load is fetched
// again a few times, then the error goes to the nearest OfflineBoundary, which shows "You're offline — Try again";
// trying again (or the network coming back) loads it afresh. React.lazy would remember the failure until a reload.
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

/** Bumped by "Try again" (and the network coming back): screens that failed to load load afresh after it. */
let retryGeneration = 0;

/** Lets every screen that failed to load try again on its next render (OfflineBoundary calls it). */
export function retryFailedScreens(): void {
  retryGeneration++;
}

/**
 * Like React.lazy, but a failed load is forgotten once the user tries again: the next render after
 * retryFailedScreens() (the boundary's "Try again") loads afresh. React.lazy keeps its rejected promise, so it would
 * fail until a reload. Until then the failure stays: React renders a failed component once more before it gives
 * up, and a fresh load at that point would start the whole cycle again (an endless loop of chunk requests).
 * Render it under <Suspense> and an <OfflineBoundary>.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
): ComponentType<P> {
  let failedIn: number | null = null;
  const fresh = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      loadWithRetry(load, delays).then(
        (screen) => ({ default: screen }),
        (error: unknown) => {
          failedIn = retryGeneration;
          throw error;
        },
      ),
    );
  let current = fresh();
  function LazyScreen(props: P) {
    if (failedIn !== null && failedIn < retryGeneration) {
      failedIn = null;
      current = fresh();
    }
    const Screen = current;
    return <Screen {...(props as JSX.IntrinsicAttributes & P)} />;
  }
  return LazyScreen;
}
