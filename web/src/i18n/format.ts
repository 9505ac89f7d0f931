// Numbers in the active language, by Intl (en-ZA, zu-ZA, af-ZA, st-ZA; en-ZA where a runtime lacks one).
// Dates: lib/time.ts, which src/i18n sets to the active language.
import { intlLocales } from './index';

const formats = new Map<string, Intl.NumberFormat>();

/** A whole number as the active language writes it (en-ZA: "1 234"). */
export function formatCount(n: number): string {
  const key = intlLocales().join();
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(intlLocales())));
  return format.format(n);
}
