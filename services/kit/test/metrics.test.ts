import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMetrics, PER_HANDLE_METRICS } from '../src/metrics.js';

async function openFds(metrics: ReturnType<typeof createMetrics>): Promise<number> {
  const m = await metrics.registry.getSingleMetric('process_open_fds')!.get();
  return m.values[0]!.value;
}

describe('default metrics at a scrape', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts open file descriptors, as the kernel lists them', async () => {
    const metrics = createMetrics('test');
    const before = await openFds(metrics);
    expect(before).toBe(fs.readdirSync('/proc/self/fd').length - 1);
    const fds = Array.from({ length: 300 }, () => fs.openSync('/dev/null', 'r'));
    try {
      expect((await openFds(metrics)) - before).toBe(300);
    } finally {
      for (const fd of fds) fs.closeSync(fd);
    }
    expect(await openFds(metrics)).toBe(before);
  });

  it('does not walk every handle or descriptor on the event loop (a gateway holds one per websocket)', async () => {
    const metrics = createMetrics('test');
    const p = process as unknown as { _getActiveHandles: () => unknown[] };
    const handles = vi.spyOn(p, '_getActiveHandles');
    const resources = vi.spyOn(process, 'getActiveResourcesInfo');
    const readdirSync = vi.spyOn(fs, 'readdirSync');
    const text = await metrics.registry.metrics();
    expect(handles).not.toHaveBeenCalled();
    expect(resources).not.toHaveBeenCalled();
    expect(readdirSync).not.toHaveBeenCalled();
    for (const name of PER_HANDLE_METRICS) expect(text).not.toMatch(new RegExp(`^${name}\\b`, 'm'));
    // What the dashboards and alerts read is still there.
    for (const name of ['process_open_fds', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_active_requests'])
      expect(text).toMatch(new RegExp(`^${name}\\b`, 'm'));
  });
});
