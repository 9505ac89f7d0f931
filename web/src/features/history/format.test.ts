import { describe, expect, it } from 'vitest';
import { timeAxisLabel } from './format';

describe('the time axis', () => {
  // 13:00:05 and 13:02:35 SAST on 1 December 2026.
  const a = Date.UTC(2026, 11, 1, 11, 0, 5) / 1000;
  const b = a + 150;

  it('tells apart ticks a few minutes after publishing (with the seconds)', () => {
    const label = timeAxisLabel(300);
    expect(label(a)).not.toBe(label(b));
    expect(label(a)).toMatch(/13.00.05/);
  });

  it('writes the time of day within two days and the date beyond', () => {
    expect(timeAxisLabel(3 * 3600)(a)).toMatch(/^13.00$/);
    expect(timeAxisLabel(5 * 86_400)(a)).toMatch(/1/);
    expect(timeAxisLabel(5 * 86_400)(a)).not.toMatch(/13.00/);
  });
});
