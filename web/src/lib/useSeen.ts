import { useCallback, useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';

/**
 * A ref for an element and whether it has come on screen yet (it stays true after): for parts of a page whose data
 * is loaded only when the reader scrolls to them. False on the server and while hydrating, so the markups match;
 * where the browser has no IntersectionObserver it is true at once.
 */
export function useSeen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  const ref = useCallback((el: T | null) => setElement(el), []);
  useEffect(() => {
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return [ref, seen];
}

/** How long nothing must load after the element came on screen before the page counts as settled there. */
const QUIET_MS = 400;

/**
 * useSeen for the end of a page, true once the reader has got there and no query has been loading for a moment:
 * something added then below the end moves nothing the reader sees (the cards above have mounted and grown).
 */
export function useSettledEnd<T extends Element = HTMLDivElement>(): [(element: T | null) => void, boolean] {
  const [ref, reached] = useSeen<T>();
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled || !reached || fetching > 0) return;
    const timer = setTimeout(() => setSettled(true), QUIET_MS);
    return () => clearTimeout(timer);
  }, [reached, fetching, settled]);
  return [ref, settled];
}
