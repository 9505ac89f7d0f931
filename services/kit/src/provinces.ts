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
