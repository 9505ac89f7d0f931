/** An injectable clock: production uses the system clock, tests pass their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** South African Standard Time: UTC+2, no daylight saving. */
export const SAST_OFFSET_MS = 2 * 3600_000;

/** The SAST calendar date (YYYY-MM-DD) of an instant. */
export function sastDate(at: Date): string {
  return new Date(at.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
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
