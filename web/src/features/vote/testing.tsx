// Test helpers for the vote, results, profile and leaderboard features (imported by tests only).
export { renderSignedIn, thandi } from '../../test/render';

/** A promise with its resolve function exposed. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
