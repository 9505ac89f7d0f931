// Pure mapping from GET /api/admin/analytics/day to what the admin's charts and their tables show. The server
// counts; here only x positions, axis tops and totals are worked out. Days are SAST (UTC+2 all year).
import type { AnalyticsDay, DayAnalytics } from '@mzansi/api';

const HOUR_S = 3600;

/** The first second of a SAST day (YYYY-MM-DD), as uPlot's x (seconds). */
export const sastDaySeconds = (day: string): number => Math.round(Date.parse(`${day}T00:00:00+02:00`) / 1000);

/** Today's 24 SAST hours as x values (the start of each hour). */
export const hourXs = (today: string): number[] => Array.from({ length: 24 }, (_, h) => sastDaySeconds(today) + h * HOUR_S);

/** Each day at SAST noon: a day's point sits in the middle of its day, so a tick's date reads as that day. */
export const dayXs = (days: { day: string }[]): number[] => days.map((d) => sastDaySeconds(d.day) + 12 * HOUR_S);

/**
 * A y range for counts: from 0 to a little above the highest (at least 4, so that a quiet day does not fill the
 * chart with one prediction).
 */
export function countRange(...series: (number | null)[][]): [number, number] {
  const top = Math.max(0, ...series.flat().map((v) => v ?? 0));
  return [0, Math.max(4, Math.ceil(top) + Math.ceil(top / 10))];
}

/** Today's predictions so far (the sum of its hours). */
export const todayTotal = (a: Pick<DayAnalytics, 'hours'>): number => a.hours.reduce((n, h) => n + h.today, 0);

type DayFigure = (d: AnalyticsDay) => number;

/** A figure of every day, oldest first (one series of a chart, one column of its table). */
export const column = (days: AnalyticsDay[], figure: DayFigure): number[] => days.map(figure);

/** Sums of a figure over the whole range (the delivery tiles). */
export const total = (days: AnalyticsDay[], figure: DayFigure): number => days.reduce((n, d) => n + figure(d), 0);

/** Whether anything happened in the range on these figures (else the card says so instead of drawing zeros). */
export const anyOf = (days: AnalyticsDay[], ...figures: DayFigure[]): boolean => days.some((d) => figures.some((f) => f(d) > 0));

/** Retention shares as chart series: null where a day has no share (no new players, or the day is still to come). */
export function retentionSeries(rows: DayAnalytics['retention']): { day1: (number | null)[]; day7: (number | null)[] } {
  return {
    day1: rows.map((r) => r.day1?.rate ?? null),
    day7: rows.map((r) => r.day7?.rate ?? null),
  };
}

/** The widest bar of a list is 100 %; the others in proportion (never below 0). */
export const barWidths = (values: number[]): number[] => {
  const top = Math.max(0, ...values);
  return values.map((v) => (top > 0 ? Math.max(0, (v / top) * 100) : 0));
};

/** A label that may break only after its first word ("Thu," / "19 Nov"): a narrow table's row headers. */
export const breakAfterFirstWord = (label: string): string => label.replace(/ /g, '\u00a0').replace('\u00a0', ' ');
