import { useCallback, useEffect, useState } from 'react';

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
