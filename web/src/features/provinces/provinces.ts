import type { ProvinceBreakdown } from '@mzansi/api';

// South Africa's nine provinces, as the API names them (kit/provinces.ts).
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

export const NOT_ENOUGH_TEXT = 'Not enough predictions yet';

/** One province's split: `shown` false (no total, results empty) when the API withholds it. */
export type ProvinceResult = ProvinceBreakdown;
