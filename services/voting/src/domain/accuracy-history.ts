/** A player's accuracy and calibration month by month (the profile's chart). Pure: the month comes in. */

/** How many SAST months the chart covers, the current one included. */
export const HISTORY_MONTHS = 12;

export interface MonthRow {
  /** 'YYYY-MM-01' (month_scores.month). */
  month: string;
  answered: number;
  resolved: number;
  correct: number;
  skillSum: number;
}

/** 'YYYY-MM-01' of the month `n` months before `month` ('YYYY-MM-01'). */
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The months from the player's first month with answers (at most HISTORY_MONTHS back) to `currentMonth`, oldest
 * first; a month without answers is there with zeros, so the chart's steps are even. No answers at all → none.
 */
export function accuracyMonths(rows: MonthRow[], currentMonth: string): (MonthRow & { month: string })[] {
  const from = monthsBefore(currentMonth, HISTORY_MONTHS - 1);
  const inRange = rows.filter((r) => r.month >= from && r.month <= currentMonth);
  if (inRange.length === 0) return [];
  const byMonth = new Map(inRange.map((r) => [r.month, r]));
  const first = inRange.reduce((min, r) => (r.month < min ? r.month : min), currentMonth);
  const months: MonthRow[] = [];
  for (let m = first; m <= currentMonth; m = monthsBefore(m, -1)) {
    months.push(byMonth.get(m) ?? { month: m, answered: 0, resolved: 0, correct: 0, skillSum: 0 });
  }
  return months.map((r) => ({ ...r, month: r.month.slice(0, 7) }));
}
