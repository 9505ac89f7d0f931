import type { Clock, Logger } from '@mzansi/kit';
import type pg from 'pg';
import { rollUpClosedDays } from '../../data-access/analytics-rollup.js';

/**
 * Keeps the analytics roll-up current: a few seconds after start and then every `intervalMs`, the days that have
 * closed since are rolled up (data-access/analytics-rollup.ts), so that an admin's read finds them done. Never two
 * passes at once here; replicas queue on the roll-up's lock. `stop()` waits for a pass in progress.
 */
export function startAnalyticsRollup(opts: { pool: pg.Pool; clock: Clock; logger: Logger; intervalMs: number; firstAfterMs?: number }) {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = rollUpClosedDays(opts.pool, opts.clock())
      .then(({ rolled }) => {
        if (rolled.length > 0) opts.logger.info({ days: rolled }, 'analytics: closed days rolled up');
      })
      .catch((err: Error) => opts.logger.warn({ err: err.message }, 'analytics roll-up failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(pass, opts.firstAfterMs ?? 5_000);
  const timer = setInterval(pass, opts.intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
