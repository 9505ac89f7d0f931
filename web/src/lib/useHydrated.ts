import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while rendering on the server and while hydrating the server's markup, true in every other render: for
 * what exists only in the browser (portals into document.body), rendered after hydration so the markups match.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
