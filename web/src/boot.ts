// The page's first script. The server's markup is painted before the app's modules are evaluated: they download
// meanwhile (index.html preloads them), and their evaluation and the hydration that follows are work a phone does
// after the reader already sees the page, not before it. The build writes the entry's URL on this script's tag
// (web/vite.config.ts); in development index.html loads src/main.tsx itself.

/** A browser that reports `paint` entries and still tells nothing of the first one starts the app after this. */
export const PAINT_WAIT_MAX_MS = 2000;

/**
 * Calls `start` once the page's first text is on screen (the `first-contentful-paint` entry, reported once the frame
 * is shown), at once when there is nothing to paint first (a page the app renders itself has an empty root) or
 * nothing is painted (a hidden page), and once only.
 */
export function startAfterFirstPaint(start: () => void, doc: Document = document): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (!doc.getElementById('root')?.hasChildNodes() || doc.visibilityState === 'hidden') return once();
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // rAF runs just before the next paint, a task queued from the one after it once that frame is out.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => (observer.disconnect(), once()), PAINT_WAIT_MAX_MS);
}

const entry = typeof document === 'undefined' ? undefined : document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;
if (entry) startAfterFirstPaint(() => void import(/* @vite-ignore */ entry));
