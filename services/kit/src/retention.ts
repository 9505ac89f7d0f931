import type { Logger } from './logger.js';
import { prom, type Metrics } from './metrics.js';
import type { Clock } from './time.js';

/**
 * Runs a retention pass now and then every `intervalMs`, never two at once; `stop()` waits for a pass in progress.
 * `retention_last_success_timestamp_seconds` is the end of the last pass that succeeded (0 until one has): the
 * RetentionJobNotRun alert watches its age.
 */
export function startRetentionLoop(opts: { run: () => Promise<Record<string, number>>; logger: Logger; metrics: Metrics; intervalMs: number; clock: Clock }) {
  const lastSuccess =
    (opts.metrics.registry.getSingleMetric('retention_last_success_timestamp_seconds') as prom.Gauge | undefined) ??
    new prom.Gauge({ name: 'retention_last_success_timestamp_seconds', help: 'When the last successful retention pass ended (Unix seconds; 0 until one has)', registers: [opts.metrics.registry] });
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return; // the previous pass is still at work
    running = opts
      .run()
      .then((r) => {
        lastSuccess.set(opts.clock().getTime() / 1000);
        if (Object.values(r).some((n) => n > 0)) opts.logger.info(r, 'retention: expired records deleted');
      })
      .catch((err: Error) => opts.logger.warn({ err: err.message }, 'retention pass failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
