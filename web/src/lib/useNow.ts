import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { COUNTDOWN_UNKNOWN, countdownToEndOfLocalDay, formatDayLabel, formatDayLabelPortable } from './time';
import { useHydrated } from './useHydrated';

/**
 * When the page was rendered on the server (ms since epoch), for the first render of a page hydrated from it: the
 * clock shows that time first, so the hydrating render matches the server's markup, then its own time at once.
 */
export const RenderTimeContext = createContext<number | undefined>(undefined);

/** The current time, refreshed on each whole second (or every `intervalMs`). */
export function useNow(intervalMs = 1000): Date {
  const renderedAt = useContext(RenderTimeContext);
  const [now, setNow] = useState(() => (renderedAt === undefined ? new Date() : new Date(renderedAt)));
  useEffect(() => {
    // Only the first render takes the server's time. The move to the device's time is a transition: rendered in
    // slices after the hydration's commit, not synchronously inside it (a layout effect's update re-rendered the
    // whole landing page, archive included, in the hydration's long task). What shows a time to the second reads
    // the device's clock itself once hydrated (useLocalDayCountdown).
    if (renderedAt !== undefined) startTransition(() => setNow(new Date()));
  }, []);
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      // Align to the next boundary so a seconds display never skips or lingers.
      timeout = setTimeout(tick, intervalMs - (current.getTime() % intervalMs) + 5);
    };
    timeout = setTimeout(tick, intervalMs - (Date.now() % intervalMs) + 5);
    return () => clearTimeout(timeout);
  }, [intervalMs]);
  return now;
}

/** Time left in the device's local day, HH:MM:SS, ticking every second; COUNTDOWN_UNKNOWN until hydrated. */
export function useLocalDayCountdown(): string {
  // useNow re-renders this every second; hydrated, the countdown reads the device's clock itself: the server's
  // render time (`now` until the clock's first transition lands) would show a countdown seconds behind for a moment.
  useNow();
  return useHydrated() ? countdownToEndOfLocalDay(new Date()) : COUNTDOWN_UNKNOWN;
}

/** "Day 631 - 22 November" in the interface language: the portable form until hydrated (formatDayLabelPortable). */
export function useDayLabel(date: Date | string | number): string {
  return useHydrated() ? formatDayLabel(date) : formatDayLabelPortable(date);
}
