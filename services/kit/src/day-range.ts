import { invalid } from './errors.js';
import { addDays, sastDate, sastDayStart, type Clock } from './time.js';

/**
 * The admin's "how the day went" reads cover whole SAST days ending today: 15 by default (today and the 14 before),
 * at most 31, so that every query they make reads a bounded range of time through an index.
 */
export const ANALYTICS_DEFAULT_DAYS = 15;
export const ANALYTICS_MAX_DAYS = 31;

/** [firstDay, today] as SAST dates and the UTC instants bounding them, [start, end). */
export interface DayRange {
  firstDay: string;
  today: string;
  /** Every SAST date of the range, oldest first. */
  days: string[];
  start: Date;
  end: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(day: string): boolean {
  if (!DATE.test(day)) return false;
  const t = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** The `days` SAST days ending with `today`. */
export function sastDayRange(today: string, days: number): DayRange {
  const firstDay = addDays(today, -(days - 1));
  return {
    firstDay,
    today,
    days: Array.from({ length: days }, (_, i) => addDays(firstDay, i)),
    start: sastDayStart(firstDay),
    end: sastDayStart(addDays(today, 1)),
  };
}

/**
 * The range an analytics request asks for: `today` YYYY-MM-DD (empty: the clock's SAST day) and `days` 1–31 (0: 15).
 * Anything else is INVALID_ARGUMENT, before any query runs.
 */
export function analyticsRange(req: { today: string; days: number }, clock: Clock): DayRange {
  const today = req.today === '' ? sastDate(clock()) : req.today;
  if (!isCalendarDate(today)) throw invalid('today must be a date, YYYY-MM-DD');
  const days = req.days === 0 ? ANALYTICS_DEFAULT_DAYS : req.days;
  if (!Number.isInteger(days) || days < 1 || days > ANALYTICS_MAX_DAYS) throw invalid(`days must be 1 to ${ANALYTICS_MAX_DAYS}`);
  return sastDayRange(today, days);
}

/**
 * SQL for the SAST date and hour of a timestamptz column (South African Standard Time is UTC+2 all year; PostgreSQL's
 * zone database says the same of Africa/Johannesburg), whatever the session's time zone.
 */
export const sastDaySql = (column: string) => `to_char(${column} AT TIME ZONE 'Africa/Johannesburg', 'YYYY-MM-DD')`;
export const sastHourSql = (column: string) => `extract(hour FROM ${column} AT TIME ZONE 'Africa/Johannesburg')::int`;

/** Rows of (day, …) counts onto every day of the range, in order; days without a row get `empty(day)`. */
export function everyDay<T extends { day: string }>(range: DayRange, rows: Iterable<T>, empty: (day: string) => T): T[] {
  const byDay = new Map<string, T>();
  for (const r of rows) byDay.set(r.day, r);
  return range.days.map((d) => byDay.get(d) ?? empty(d));
}
