import { describe, expect, it } from 'vitest';
import { sastDate, sastDayBounds, sastMonthBounds } from '../src/time.js';

const d = (iso: string) => new Date(iso);

describe('sastDate', () => {
  it('is the calendar date in UTC+2', () => {
    expect(sastDate(d('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
    expect(sastDate(d('2026-11-21T22:00:00Z'))).toBe('2026-11-22');
    expect(sastDate(d('2026-11-21T21:59:59.999Z'))).toBe('2026-11-21');
    expect(sastDate(d('2026-11-22T21:59:59.999Z'))).toBe('2026-11-22');
    expect(sastDate(d('2026-11-22T22:00:00Z'))).toBe('2026-11-23');
    expect(sastDate(d('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });
});

describe('sastDayBounds', () => {
  it('is [SAST midnight, next SAST midnight) in UTC', () => {
    const expected = { start: d('2026-11-21T22:00:00.000Z'), end: d('2026-11-22T22:00:00.000Z') };
    expect(sastDayBounds(d('2026-11-21T22:00:00Z'))).toEqual(expected);
    expect(sastDayBounds(d('2026-11-22T10:00:00Z'))).toEqual(expected);
    expect(sastDayBounds(d('2026-11-22T21:59:59.999Z'))).toEqual(expected);
    expect(sastDayBounds(d('2026-11-22T22:00:00Z'))).toEqual({
      start: d('2026-11-22T22:00:00.000Z'),
      end: d('2026-11-23T22:00:00.000Z'),
    });
  });

  it('contains the instant it was computed from', () => {
    for (const iso of ['2026-01-01T00:00:00Z', '2026-06-30T21:59:59.999Z', '2026-06-30T22:00:00Z', '2028-02-29T23:30:00Z']) {
      const { start, end } = sastDayBounds(d(iso));
      expect(start.getTime()).toBeLessThanOrEqual(d(iso).getTime());
      expect(end.getTime()).toBeGreaterThan(d(iso).getTime());
      expect(end.getTime() - start.getTime()).toBe(24 * 3600_000);
    }
  });
});

describe('sastMonthBounds', () => {
  it('is [first SAST midnight of the month, first of the next) in UTC', () => {
    expect(sastMonthBounds(d('2026-11-15T12:00:00Z'))).toEqual({
      start: d('2026-10-31T22:00:00.000Z'),
      end: d('2026-11-30T22:00:00.000Z'),
    });
  });

  it('uses the SAST date at month edges', () => {
    // 2026-11-30T22:00Z is already 1 December in SAST.
    expect(sastMonthBounds(d('2026-11-30T22:00:00Z'))).toEqual({
      start: d('2026-11-30T22:00:00.000Z'),
      end: d('2026-12-31T22:00:00.000Z'),
    });
    // 2026-10-31T21:59:59.999Z is still 31 October in SAST.
    expect(sastMonthBounds(d('2026-10-31T21:59:59.999Z'))).toEqual({
      start: d('2026-09-30T22:00:00.000Z'),
      end: d('2026-10-31T22:00:00.000Z'),
    });
  });

  it('rolls over the year in December and handles February in a leap year', () => {
    expect(sastMonthBounds(d('2026-12-31T21:59:59.999Z'))).toEqual({
      start: d('2026-11-30T22:00:00.000Z'),
      end: d('2026-12-31T22:00:00.000Z'),
    });
    expect(sastMonthBounds(d('2026-12-31T22:00:00Z'))).toEqual({
      start: d('2026-12-31T22:00:00.000Z'),
      end: d('2027-01-31T22:00:00.000Z'),
    });
    expect(sastMonthBounds(d('2028-02-10T00:00:00Z'))).toEqual({
      start: d('2028-01-31T22:00:00.000Z'),
      end: d('2028-02-29T22:00:00.000Z'),
    });
  });
});
