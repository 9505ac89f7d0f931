import { codedMessage } from './message-codes.js';

/**
 * South Africa's nine provinces (results by province). A user may give theirs (optional); answers are
 * counted per province, and a province's split shows once it has PROVINCE_MIN_ANSWERS answers on a question.
 */
export const PROVINCES = [
  { code: 'EC', name: 'Eastern Cape' },
  { code: 'FS', name: 'Free State' },
  { code: 'GP', name: 'Gauteng' },
  { code: 'KZN', name: 'KwaZulu-Natal' },
  { code: 'LP', name: 'Limpopo' },
  { code: 'MP', name: 'Mpumalanga' },
  { code: 'NC', name: 'Northern Cape' },
  { code: 'NW', name: 'North West' },
  { code: 'WC', name: 'Western Cape' },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]['code'];

export const PROVINCE_CODES: readonly string[] = PROVINCES.map((p) => p.code);

/** Below this many answers from a province on a question, its split is not shown ("Not enough predictions yet"). */
export const PROVINCE_MIN_ANSWERS = 30;

export function isProvince(code: string): code is ProvinceCode {
  return PROVINCE_CODES.includes(code);
}

export const PROVINCE_MESSAGE = codedMessage('provinceInvalid', 'Please choose one of the nine provinces');

/**
 * Small-cell suppression: which provinces' figures may be shown for a question, from its national total and each
 * province's total (answers counted in the province their author had when answering). The one rule for every
 * figure below the nation, wherever it is shown (voting applies it at the source; the gateway applies it again to
 * the national total it shows, which it may have read a moment apart):
 * - a province with fewer than PROVINCE_MIN_ANSWERS answers is hidden (no number at all, not even its total);
 * - the residual, national minus every province shown (answers without a province included), is 0 or at least
 *   PROVINCE_MIN_ANSWERS: otherwise national minus the shown provinces would give the hidden ones' figures, so
 *   further provinces are hidden, smallest first (complementary suppression), until it is.
 * Deterministic (ties: the code's order), so two readings of the same counts show the same provinces.
 */
export function shownProvinces(nationalTotal: number, provinceTotals: Iterable<readonly [code: string, total: number]>): Set<string> {
  const shown = [...provinceTotals]
    .filter(([, total]) => total >= PROVINCE_MIN_ANSWERS)
    .sort(([a, x], [b, y]) => x - y || (a < b ? -1 : a > b ? 1 : 0));
  let residual = nationalTotal - shown.reduce((n, [, total]) => n + total, 0);
  // Counts read a moment apart may give a negative residual: hiding more is then the safe side too.
  while (shown.length > 0 && residual !== 0 && residual < PROVINCE_MIN_ANSWERS) residual += shown.shift()![1];
  return new Set(shown.map(([code]) => code));
}
