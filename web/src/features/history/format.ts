// Chart labels in the interface language, at South African time.
import { intlLocales } from '../../i18n';

const made = new Map<string, Intl.DateTimeFormat>();
function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocales().join()}|${JSON.stringify(options)}`;
  let f = made.get(key);
  if (!f) made.set(key, (f = new Intl.DateTimeFormat(intlLocales(), { ...options, timeZone: 'Africa/Johannesburg' })));
  return f;
}

const DAY_S = 86_400;

/**
 * An axis label for a time in seconds: with the seconds within ten minutes (a question just published: its ticks
 * would all read the same minute), the time of day within a two-day span, else the day and month.
 */
export function timeAxisLabel(spanSeconds: number): (seconds: number) => string {
  const options: Intl.DateTimeFormatOptions =
    spanSeconds < 600
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
      : spanSeconds < 2 * DAY_S
        ? { hour: '2-digit', minute: '2-digit' }
        : { day: 'numeric', month: 'short' };
  return (seconds) => format(options).format(new Date(seconds * 1000));
}

/** A point's time in the table: day, month and time of day. */
export const pointTime = (iso: string) => format({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** A month ('YYYY-MM') as "Nov 2026", in the interface language. */
export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat(intlLocales(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** A SAST day ('YYYY-MM-DD') as "Mon 4 May", in the interface language. */
export const dayLabel = (day: string) => format({ weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${day}T12:00:00+02:00`));
