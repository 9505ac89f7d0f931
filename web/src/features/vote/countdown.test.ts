import { describe, expect, it } from 'vitest';
import { voteCountdown } from './countdown';

/** The device's clock is the test runner's: times here are local, so the day's end is 23:59:59.999 local. */
const local = (h: number, m = 0, s = 0) => new Date(2026, 2, 10, h, m, s, 0);

describe('voteCountdown', () => {
  it('shows the time left in the day without close times, or with closes after the day ends or already past', () => {
    const now = local(20, 0, 0);
    expect(voteCountdown([], now)).toEqual({ to: 'day', value: '03:59:59' });
    expect(voteCountdown([null, undefined], now)).toEqual({ to: 'day', value: '03:59:59' });
    expect(voteCountdown([new Date(2026, 2, 11, 6).toISOString()], now)).toEqual({ to: 'day', value: '03:59:59' });
    expect(voteCountdown([local(19, 30).toISOString()], now)).toEqual({ to: 'day', value: '03:59:59' });
  });

  it('shows the time to the soonest close still ahead when it comes before the day ends', () => {
    const now = local(16, 0, 0);
    expect(voteCountdown([local(18).toISOString()], now)).toEqual({ to: 'close', value: '02:00:00' });
    expect(voteCountdown([local(21).toISOString(), null, local(17, 30, 15).toISOString(), local(15).toISOString()], now)).toEqual({ to: 'close', value: '01:30:15' });
  });

  it('at the close itself it falls back to the day (the question shows as closed)', () => {
    const close = local(18);
    expect(voteCountdown([close.toISOString()], new Date(close.getTime() - 1000))).toEqual({ to: 'close', value: '00:00:01' });
    expect(voteCountdown([close.toISOString()], close)).toEqual({ to: 'day', value: '05:59:59' });
  });
});
