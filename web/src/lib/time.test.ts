import { afterEach, describe, expect, test } from 'vitest';
import {
  countdownToEndOfLocalDay,
  dayNumber,
  formatDayLabel,
  formatDuration,
  formatLongDate,
  formatMonthYear,
  formatRelativeAge,
  msUntilEndOfLocalDay,
  sastDateKey,
} from './time';

// Node's process (tests only; the app's tsconfig has no Node types).
declare const process: { env: Record<string, string | undefined> };

describe('countdown to the end of the local day', () => {
  test('a local midnight has 23:59:59 left', () => {
    expect(countdownToEndOfLocalDay(new Date(2025, 10, 22, 0, 0, 0, 0))).toBe('23:59:59');
  });

  test('mid-day rounds seconds down', () => {
    expect(countdownToEndOfLocalDay(new Date(2025, 10, 22, 12, 30, 15, 500))).toBe('11:29:44');
  });

  test('the last second of the day', () => {
    expect(countdownToEndOfLocalDay(new Date(2025, 10, 22, 23, 59, 58, 999))).toBe('00:00:01');
    expect(countdownToEndOfLocalDay(new Date(2025, 10, 22, 23, 59, 59, 999))).toBe('00:00:00');
    expect(msUntilEndOfLocalDay(new Date(2025, 10, 22, 23, 59, 59, 999))).toBe(0);
  });

  test('formatDuration pads and never goes negative', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(-5000)).toBe('00:00:00');
    expect(formatDuration(((9 * 60 + 5) * 60 + 7) * 1000 + 999)).toBe('09:05:07');
  });
});

describe('dayNumber (whole SAST days since 1 March 2024)', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  test('1 March 2024 SAST is day 0, and the day turns at 22:00 UTC', () => {
    expect(dayNumber(new Date('2024-02-29T22:00:00Z'))).toBe(0);
    expect(dayNumber(new Date('2024-03-01T00:00:00Z'))).toBe(0);
    expect(dayNumber(new Date('2024-03-01T21:59:59Z'))).toBe(0);
    expect(dayNumber(new Date('2024-03-01T21:59:59.999Z'))).toBe(0);
    expect(dayNumber(new Date('2024-03-01T22:00:00Z'))).toBe(1);
  });

  test('before the epoch is negative', () => {
    expect(dayNumber(new Date('2024-02-29T21:59:59Z'))).toBe(-1);
  });

  test('later days (leap year 2024 included)', () => {
    expect(dayNumber(new Date('2025-03-01T10:00:00Z'))).toBe(365);
    expect(dayNumber(new Date('2025-11-22T10:00:00Z'))).toBe(631);
    expect(dayNumber(new Date('2025-11-22T21:59:59Z'))).toBe(631);
    expect(dayNumber(new Date('2025-11-22T22:00:00Z'))).toBe(632);
  });

  test('does not depend on the device time zone', () => {
    const instant = new Date('2024-03-01T21:30:00Z');
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Africa/Johannesburg']) {
      process.env.TZ = tz;
      expect(dayNumber(instant)).toBe(0);
      expect(formatDayLabel(instant)).toBe('Day 0 - 1 March');
      expect(sastDateKey(instant)).toBe('2024-03-01');
    }
  });
});

describe('labels and dates', () => {
  test('formatDayLabel', () => {
    expect(formatDayLabel(new Date('2025-11-22T10:00:00Z'))).toBe('Day 631 - 22 November');
    // 23:30 UTC on 21 November is already 22 November in South Africa.
    expect(formatDayLabel(new Date('2025-11-21T23:30:00Z'))).toBe('Day 631 - 22 November');
    expect(formatDayLabel('2024-03-01T08:00:00Z')).toBe('Day 0 - 1 March');
  });

  test('sastDateKey', () => {
    expect(sastDateKey(new Date('2025-12-31T21:59:59Z'))).toBe('2025-12-31');
    expect(sastDateKey(new Date('2025-12-31T22:00:00Z'))).toBe('2026-01-01');
  });

  test('formatLongDate (en-ZA, SAST day)', () => {
    expect(formatLongDate(new Date('2025-11-22T10:00:00Z'))).toBe('22 November 2025');
    expect(formatLongDate('2025-12-31T22:30:00Z')).toBe('1 January 2026');
  });

  test('formatMonthYear', () => {
    expect(formatMonthYear('2025-03-14T09:00:00Z')).toBe('March 2025');
  });
});

describe('formatRelativeAge', () => {
  const now = new Date('2025-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  test("under a minute is 'just now'", () => {
    expect(formatRelativeAge(ago(0), now)).toBe('just now');
    expect(formatRelativeAge(ago(59_999), now)).toBe('just now');
    expect(formatRelativeAge(new Date(now.getTime() + 10 * MIN), now)).toBe('just now');
  });

  test('minutes', () => {
    expect(formatRelativeAge(ago(MIN), now)).toBe('1m ago');
    expect(formatRelativeAge(ago(59 * MIN + 59_999), now)).toBe('59m ago');
  });

  test('hours', () => {
    expect(formatRelativeAge(ago(HOUR), now)).toBe('1h ago');
    expect(formatRelativeAge(ago(23 * HOUR + 59 * MIN), now)).toBe('23h ago');
  });

  test('days', () => {
    expect(formatRelativeAge(ago(DAY), now)).toBe('1d ago');
    expect(formatRelativeAge(ago(45 * DAY), now)).toBe('45d ago');
    expect(formatRelativeAge(ago(3 * DAY).toISOString(), now)).toBe('3d ago');
  });
});
