/**
 * Phone numbers as South Africans write them (`082 555 1234`, `0825551234`, `+27 82 555 1234`, `27825551234`,
 * `(082) 555-1234`, `+27 (0)82 555 1234`), stored in one form, E.164 (`+27825551234`), so that a number typed two
 * ways is the same number. A number from elsewhere needs its `+` and country code (a national form is ambiguous).
 * Pure: the web and the migration 0007 apply the same rule.
 */

/** Spaces, dashes, dots, slashes and brackets are how people group digits; they carry no meaning. */
const SEPARATORS = /[\s().\-/]/g;
const ZA_NATIONAL = /^0([1-9]\d{8})$/;
const ZA_WITH_CODE = /^\+?270?([1-9]\d{8})$/;
/** E.164: a country code not starting with 0 and at most 15 digits in all (8 at least: no real number is shorter). */
const INTERNATIONAL = /^\+([1-9]\d{7,14})$/;

/** The number in E.164, or null when it cannot be read as a phone number. */
export function parsePhone(raw: string): string | null {
  let compact = raw.trim().replace(SEPARATORS, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  const za = ZA_NATIONAL.exec(compact) ?? ZA_WITH_CODE.exec(compact);
  if (za) return `+27${za[1]}`;
  // A +27 number of the wrong length is a typo, not a foreign number.
  if (compact.startsWith('+27')) return null;
  const intl = INTERNATIONAL.exec(compact);
  return intl ? `+${intl[1]}` : null;
}
