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

export interface ProvinceResult {
  code: string;
  name: string;
  totalVotes: number;
  shown: boolean;
  results: { optionId: string; votes: number; percentage: number }[];
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The API's `provinces` (null or absent: none to show). */
export function toProvinces(data: unknown): ProvinceResult[] | null {
  if (!Array.isArray(data)) return null;
  return data.flatMap((x) => {
    const p = obj(x);
    if (typeof p.code !== 'string') return [];
    return [
      {
        code: p.code,
        name: String(p.name ?? p.code),
        totalVotes: num(p.totalVotes),
        shown: p.shown === true,
        results: (Array.isArray(p.results) ? p.results : []).map((r) => {
          const o = obj(r);
          return { optionId: String(o.optionId ?? ''), votes: num(o.votes), percentage: num(o.percentage) };
        }),
      },
    ];
  });
}
