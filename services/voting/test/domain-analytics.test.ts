import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROVINCE_CODES, PROVINCE_MIN_ANSWERS, shownProvinces } from '@mzansi/kit/provinces';
import { dayFigures, participationByProvince } from '../src/domain/analytics.js';

/** The admin's participation by province is the one small-cell rule (shownProvinces) over the range's totals. */
describe('participationByProvince', () => {
  const totals = fc.subarray([...PROVINCE_CODES]).chain((codes) => fc.tuple(...codes.map((code) => fc.tuple(fc.constant(code), fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3_000 }))))));

  it('gives exactly the provinces shownProvinces shows, in code order, each with its own total (1,000 cases)', () => {
    fc.assert(
      fc.property(totals, fc.integer({ min: 0, max: 100 }), (rows, without) => {
        const national = rows.reduce((n, [, x]) => n + x, 0) + without;
        const out = participationByProvince(national, rows);
        const shown = shownProvinces(national, rows);
        expect(out.map((p) => p.province)).toEqual(PROVINCE_CODES.filter((c) => shown.has(c)));
        for (const p of out) {
          expect(p.answers).toBe(new Map(rows).get(p.province));
          expect(p.answers).toBeGreaterThanOrEqual(PROVINCE_MIN_ANSWERS);
        }
        const residual = national - out.reduce((n, p) => n + p.answers, 0);
        if (out.length > 0) expect(residual === 0 || residual >= PROVINCE_MIN_ANSWERS).toBe(true);
      }),
      { numRuns: 1_000, seed: 33 },
    );
  });

  it('hides the smaller of two when the rest would single out fewer than 30', () => {
    expect(participationByProvince(76, [['WC', 5], ['KZN', 30], ['GP', 34]])).toEqual([{ province: 'GP', answers: 34 }]);
    expect(participationByProvince(64, [['KZN', 30], ['GP', 34]])).toEqual([{ province: 'GP', answers: 34 }, { province: 'KZN', answers: 30 }]);
    expect(participationByProvince(10, [['GP', 10]])).toEqual([]);
  });
});

describe('dayFigures', () => {
  const hours = (h: number, n: number) => Array.from({ length: 24 }, (_, i) => (i === h ? n : 0));
  const rolled = [
    { day: '2026-05-08', hours: hours(9, 4), players: 4, newPlayers: 3, backDay1: 2, backDay7: null },
    { day: '2026-05-13', hours: hours(23, 1), players: 1, newPlayers: 1, backDay1: 0, backDay7: null },
    { day: '2026-05-14', hours: hours(0, 5), players: 5, newPlayers: 2, backDay1: null, backDay7: null },
  ];
  const today = { day: '2026-05-14', hours: [], players: 0, newPlayers: 0, back1: 0, back7: 0 };

  it('closed days from their roll-up; a return still to be rolled up is today’s live count when its day is today', () => {
    const f = dayFigures(['2026-05-08', '2026-05-13', '2026-05-14', '2026-05-15', '2026-05-16'], rolled, {
      ...today,
      day: '2026-05-15',
      hours: [{ hour: 8, answers: 6 }],
      players: 6,
      newPlayers: 1,
      back1: 2,
      back7: 1,
    });
    expect(f.days).toEqual([
      // 8 May + 7 = today: its day-7 return is today's so far.
      { day: '2026-05-08', active: 4, newPlayers: 3, returningPlayers: 1, backDay1: 2, backDay7: 1 },
      { day: '2026-05-13', active: 1, newPlayers: 1, returningPlayers: 0, backDay1: 0, backDay7: 0 },
      // 14 May + 1 = today.
      { day: '2026-05-14', active: 5, newPlayers: 2, returningPlayers: 3, backDay1: 2, backDay7: 0 },
      { day: '2026-05-15', active: 6, newPlayers: 1, returningPlayers: 5, backDay1: 0, backDay7: 0 },
      // Still to come.
      { day: '2026-05-16', active: 0, newPlayers: 0, returningPlayers: 0, backDay1: 0, backDay7: 0 },
    ]);
    expect(f.hours).toEqual([
      { day: '2026-05-08', hour: 9, answers: 4 },
      { day: '2026-05-13', hour: 23, answers: 1 },
      { day: '2026-05-14', hour: 0, answers: 5 },
      { day: '2026-05-15', hour: 8, answers: 6 },
    ]);
  });

  it('a roll-up dated today or later (a clock set back) is not used: today is read live', () => {
    const f = dayFigures(['2026-05-14'], rolled, { ...today, players: 1, newPlayers: 1 });
    expect(f.days).toEqual([{ day: '2026-05-14', active: 1, newPlayers: 1, returningPlayers: 0, backDay1: 0, backDay7: 0 }]);
    expect(f.hours).toEqual([]);
  });
});
