// Pure time helpers. Every function takes the current time as an argument.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** South Africa Standard Time is UTC+2 all year (no DST). */
export const SAST_OFFSET_MS = 2 * HOUR_MS;

/** Day 0 is 1 March 2024 (SAST). */
const EPOCH_DAY_INDEX = Date.UTC(2024, 2, 1) / DAY_MS;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Milliseconds from `now` to 23:59:59.999 of the device's local day. */
export function msUntilEndOfLocalDay(now: Date): number {
  const end = new Date(now.getTime());
  end.setHours(23, 59, 59, 999);
  return Math.max(0, end.getTime() - now.getTime());
}

/** Formats a duration as HH:MM:SS (whole seconds, rounded down). */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / SECOND_MS));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
}

/** The header countdown: time left in the device's local day, HH:MM:SS. */
export function countdownToEndOfLocalDay(now: Date): string {
  return formatDuration(msUntilEndOfLocalDay(now));
}

/**
 * What a countdown shows where the device's day is not known yet: on the server and while hydrating its markup (the
 * server's day is not the phone's), as wide as the time that replaces it.
 */
export const COUNTDOWN_UNKNOWN = '--:--:--';

/** A Date whose UTC fields read as the SAST wall clock of `date`. */
function toSastWallClock(date: Date): Date {
  return new Date(date.getTime() + SAST_OFFSET_MS);
}

/** Whole SAST days since 1 March 2024 (1 March 2024 SAST is day 0). */
export function dayNumber(now: Date): number {
  const sastDayIndex = Math.floor((now.getTime() + SAST_OFFSET_MS) / DAY_MS);
  return sastDayIndex - EPOCH_DAY_INDEX;
}

/** The SAST calendar date of `date` as YYYY-MM-DD. */
export function sastDateKey(date: Date): string {
  const d = toSastWallClock(date);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

// Intl formatters are costly to create (a slow phone spends a noticeable part of its first paint on one), so each
// is made on first use.

/** The words around dates and ages; English until the interface language changes (src/i18n sets them). */
export interface TimeWords {
  dayLabel: (day: number, date: string) => string;
  justNow: () => string;
  minutesAgo: (n: number) => string;
  hoursAgo: (n: number) => string;
  daysAgo: (n: number) => string;
}
const ENGLISH_WORDS: TimeWords = {
  dayLabel: (day, date) => `Day ${day} - ${date}`,
  justNow: () => 'just now',
  minutesAgo: (n) => `${n}m ago`,
  hoursAgo: (n) => `${n}h ago`,
  daysAgo: (n) => `${n}d ago`,
};
let locales: string[] = ['en-ZA'];
let words: TimeWords = ENGLISH_WORDS;

/** Dates in `nextLocales` (Intl negotiates: en-ZA after the others covers a runtime that lacks one) with `nextWords`. */
export function setTimeLanguage(nextLocales: string[], nextWords: TimeWords = ENGLISH_WORDS): void {
  locales = nextLocales;
  words = nextWords;
}
const isEnglish = () => locales[0] === 'en-ZA';

function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return () => {
    const key = locales.join();
    let format = made.get(key);
    if (!format) made.set(key, (format = new Intl.DateTimeFormat(locales, { ...options, timeZone: 'UTC' })));
    return format;
  };
}
const longDateFormat = lazyFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const monthYearFormat = lazyFormat({ month: 'long', year: 'numeric' });
const monthDayFormat = lazyFormat({ day: 'numeric', month: 'long' });
const weekdayDateFormat = lazyFormat({ weekday: 'long', day: 'numeric', month: 'long' });
let englishMonthDay: Intl.DateTimeFormat | undefined;
/** "22 November" as en-ZA writes it, whatever the interface language: every runtime knows en-ZA's month names. */
const englishMonthDayFormat = () => (englishMonthDay ??= new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', timeZone: 'UTC' }));

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "22 November" for the SAST date of `date` (in the interface language). */
export function formatMonthDay(date: Date | string | number): string {
  const d = toSastWallClock(toDate(date));
  return (isEnglish() ? englishMonthDayFormat() : monthDayFormat()).format(d);
}

/** "Day 631 - 22 November". */
export function formatDayLabel(date: Date | string | number): string {
  const d = toDate(date);
  return words.dayLabel(dayNumber(d), formatMonthDay(d));
}

/**
 * The day label with the month as English names it, in every language: the same in every runtime, where Intl's
 * month names are not (a server's ICU may know isiZulu's, a phone's browser not), for markup rendered on the server
 * and hydrated in the browser.
 */
export function formatDayLabelPortable(date: Date | string | number): string {
  const d = toDate(date);
  const sast = toSastWallClock(d);
  return words.dayLabel(dayNumber(d), englishMonthDayFormat().format(sast));
}

/** Long date of the SAST day, e.g. "22 November 2025" (en-ZA). */
export function formatLongDate(date: Date | string | number): string {
  return longDateFormat().format(toSastWallClock(toDate(date)));
}

/** Weekday and date of the SAST day, e.g. "Tuesday, 08 December" (en-ZA), in the interface language. */
export function formatWeekdayDate(date: Date | string | number): string {
  return weekdayDateFormat().format(toSastWallClock(toDate(date)));
}

/** The SAST wall-clock time of `date`, "15:00". */
export function formatSastTime(date: Date | string | number): string {
  const d = toSastWallClock(toDate(date));
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** Month and year of the SAST day, e.g. "November 2025" (used for 'Predicting since'). */
export function formatMonthYear(date: Date | string | number): string {
  return monthYearFormat().format(toSastWallClock(toDate(date)));
}

/** Relative age (spec §9): 'just now', '{n}m ago', '{n}h ago', '{n}d ago'. */
export function formatRelativeAge(then: Date | string | number, now: Date): string {
  const diff = now.getTime() - toDate(then).getTime();
  if (!Number.isFinite(diff) || diff < MINUTE_MS) return words.justNow();
  if (diff < HOUR_MS) return words.minutesAgo(Math.floor(diff / MINUTE_MS));
  if (diff < DAY_MS) return words.hoursAgo(Math.floor(diff / HOUR_MS));
  return words.daysAgo(Math.floor(diff / DAY_MS));
}
