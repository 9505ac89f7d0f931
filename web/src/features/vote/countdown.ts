// The vote screen's countdown: the time left in the day (spec §2), or the time until the soonest of today's
// questions closes for answers when that comes first (PRODUCT.md: a close time after which answers are refused).
import { formatDuration, msUntilEndOfLocalDay } from '../../lib/time';

export interface CountdownShown {
  /** `day`: to 23:59:59.999 of the device's day (the header's countdown); `close`: to the soonest close. */
  to: 'day' | 'close';
  /** HH:MM:SS. */
  value: string;
}

/**
 * At `now`, from the close times of the questions the reader can still answer (null: none): the soonest close still
 * ahead when it comes before the day's end, else the day's end. For a reader in South Africa the device's day is the
 * SAST day.
 */
export function voteCountdown(closeTimes: readonly (string | null | undefined)[], now: Date): CountdownShown {
  const day = msUntilEndOfLocalDay(now);
  const ahead = closeTimes.map((c) => (c ? Date.parse(c) - now.getTime() : Number.NaN)).filter((ms) => ms > 0);
  const close = Math.min(...ahead);
  return close < day ? { to: 'close', value: formatDuration(close) } : { to: 'day', value: formatDuration(day) };
}
