import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { createMetrics } from '../src/metrics.js';
import { startRetentionLoop } from '../src/retention.js';
import { eventually } from '../src/testing.js';

const gauge = async (metrics: ReturnType<typeof createMetrics>) =>
  (await metrics.registry.getSingleMetric('retention_last_success_timestamp_seconds')!.get()).values[0]?.value;

describe('startRetentionLoop', () => {
  it('records when the last successful pass ended (0 before any), and a failing pass leaves it where it was', async () => {
    const metrics = createMetrics('kit-test');
    let now = new Date('2026-03-01T10:00:00Z');
    let fail = true;
    let passes = 0;
    const loop = startRetentionLoop({
      metrics,
      logger: createLogger('kit-test', 'silent'),
      intervalMs: 20,
      clock: () => now,
      run: async () => {
        passes++;
        if (fail) throw new Error('database away');
        return { rows: 0 };
      },
    });
    await eventually(() => expect(passes).toBeGreaterThanOrEqual(2));
    expect(await gauge(metrics)).toBe(0);
    fail = false;
    await eventually(async () => expect(await gauge(metrics)).toBe(Date.parse('2026-03-01T10:00:00Z') / 1000));
    fail = true;
    now = new Date('2026-03-01T11:00:00Z');
    const seen = passes;
    await eventually(() => expect(passes).toBeGreaterThan(seen + 1));
    expect(await gauge(metrics)).toBe(Date.parse('2026-03-01T10:00:00Z') / 1000);
    await loop.stop();
  });
});
