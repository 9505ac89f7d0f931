import { useEffect, useState } from 'react';

/** The current time, refreshed on each whole second (or every `intervalMs`). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
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
