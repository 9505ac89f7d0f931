import { createContext, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { COUNTDOWN_UNKNOWN, countdownToEndOfLocalDay, formatDayLabel, formatDayLabelPortable } from './time';
import { useHydrated } from './useHydrated';

/**
 * When the page was rendered on the server (ms since epoch), for the first render of a page hydrated from it: the
 * clock shows that time first, so the hydrating render matches the server's markup, then its own time at once.
 */
export const RenderTimeContext = createContext<number | undefined>(undefined);

// No layout effects on the server (React renders none there); the browser moves to its own time before painting.
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** The current time, refreshed on each whole second (or every `intervalMs`). */
export function useNow(intervalMs = 1000): Date {
  const renderedAt = useContext(RenderTimeContext);
  const [now, setNow] = useState(() => (renderedAt === undefined ? new Date() : new Date(renderedAt)));
  useBeforePaint(() => {
    if (renderedAt !== undefined) setNow(new Date());
    // Only the first render takes the server's time.
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
  const now = useNow();
  return useHydrated() ? countdownToEndOfLocalDay(now) : COUNTDOWN_UNKNOWN;
}

/** "Day 631 - 22 November" in the interface language: the portable form until hydrated (formatDayLabelPortable). */
export function useDayLabel(date: Date | string | number): string {
  return useHydrated() ? formatDayLabel(date) : formatDayLabelPortable(date);
}
