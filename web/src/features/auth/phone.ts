// identity's rule for phone numbers (services/identity/src/domain/phone.ts), here so that the form names a number
// it cannot read at once; the server stays the authority and stores what it reads as E.164.

const SEPARATORS = /[\s().\-/]/g;
const ZA_NATIONAL = /^0([1-9]\d{8})$/;
const ZA_WITH_CODE = /^\+?270?([1-9]\d{8})$/;
const INTERNATIONAL = /^\+([1-9]\d{7,14})$/;

/** The number in E.164 (`082 555 1234` → `+27825551234`), or null when it cannot be read as a phone number. */
export function parsePhone(raw: string): string | null {
  let compact = raw.trim().replace(SEPARATORS, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  const za = ZA_NATIONAL.exec(compact) ?? ZA_WITH_CODE.exec(compact);
  if (za) return `+27${za[1]}`;
  if (compact.startsWith('+27')) return null;
  const intl = INTERNATIONAL.exec(compact);
  return intl ? `+${intl[1]}` : null;
}

/** A stored E.164 South African number as people read it (`+27825551234` → `082 555 1234`); others unchanged. */
export function formatPhone(e164: string): string {
  const za = /^\+27(\d{2})(\d{3})(\d{4})$/.exec(e164);
  return za ? `0${za[1]} ${za[2]} ${za[3]}` : e164;
}
