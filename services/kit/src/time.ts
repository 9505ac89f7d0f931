/** An injectable clock: production uses the system clock, tests pass their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** South African Standard Time: UTC+2, no daylight saving. */
export const SAST_OFFSET_MS = 2 * 3600_000;

/** The SAST calendar date (YYYY-MM-DD) of an instant. */
export function sastDate(at: Date): string {
  return new Date(at.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The SAST wall-clock hour (0–23) and minute of an instant. */
export function sastTimeOfDay(at: Date): { hour: number; minute: number } {
  const wall = new Date(at.getTime() + SAST_OFFSET_MS);
  return { hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}

/** The UTC instants bounding the SAST day containing `at`: [start, end). */
export function sastDayBounds(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${sastDate(at)}T00:00:00.000Z`) - SAST_OFFSET_MS);
  return { start, end: new Date(start.getTime() + 24 * 3600_000) };
}

/** The UTC instants bounding the SAST month containing `at`: [start, end). */
export function sastMonthBounds(at: Date): { start: Date; end: Date } {
  const [y, m] = sastDate(at).split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - SAST_OFFSET_MS);
  const end = new Date(Date.UTC(y, m, 1) - SAST_OFFSET_MS);
  return { start, end };
}

/** The first instant (UTC) of a SAST date (YYYY-MM-DD). */
export const sastDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) - SAST_OFFSET_MS);

/** The calendar date `n` days after `day` (before it for a negative `n`), both YYYY-MM-DD. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 24 * 3600_000).toISOString().slice(0, 10);
