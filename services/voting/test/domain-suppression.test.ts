import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROVINCE_CODES, PROVINCE_MIN_ANSWERS, shownProvinces } from '@mzansi/kit/provinces';
import { provinceResults, provincesToShow } from '../src/domain/results.js';

/**
 * Small-cell suppression (shownProvinces, applied by voting at the source and by the gateway against the national
 * total it shows): no figure below the nation rests on fewer than 30 answers, and national minus the provinces
 * shown never singles out fewer than 30.
 */

/** Province totals as they come: mostly small (the interesting cases sit around 30), some large, some absent. */
const provinceTotal = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5_000 }));
const question = fc.record({
  totals: fc.subarray([...PROVINCE_CODES]).chain((codes) => fc.tuple(...codes.map((code) => fc.tuple(fc.constant(code), provinceTotal)))),
  // Answers from people who gave no province (they count in the residual).
  withoutProvince: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5_000 })),
});

const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

describe('shownProvinces over random province counts', () => {
  it('no shown province under 30; with any shown, national minus them is 0 or at least 30 (2,000 cases)', () => {
    fc.assert(
      fc.property(question, ({ totals, withoutProvince }) => {
        const national = sum(totals.map(([, n]) => n)) + withoutProvince;
        const shown = shownProvinces(national, totals);
        const byCode = new Map(totals);
        for (const code of shown) expect(byCode.get(code)!).toBeGreaterThanOrEqual(PROVINCE_MIN_ANSWERS);
        // With no province shown there is nothing below the nation (the residual is the national total itself).
        const residual = national - sum([...shown].map((c) => byCode.get(c)!));
        if (shown.size > 0) expect(residual === 0 || residual >= PROVINCE_MIN_ANSWERS).toBe(true);
        // The same counts in any order show the same provinces.
        expect(shownProvinces(national, [...totals].reverse())).toEqual(shown);
      }),
      { numRuns: 2_000, seed: 31 },
    );
  });

  it('hides nothing it need not: every province at 30 or more is shown when the rest is 0 or at least 30', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 30, max: 500 }), { minLength: 1, maxLength: 9 }), fc.oneof(fc.constant(0), fc.integer({ min: 30, max: 500 })), (totals, rest) => {
        const entries = totals.map((n, i) => [PROVINCE_CODES[i]!, n] as const);
        expect(shownProvinces(sum(totals) + rest, entries)).toEqual(new Set(entries.map(([c]) => c)));
      }),
      { numRuns: 1_000, seed: 31 },
    );
  });

  it('a read a moment apart (national below the provinces’ sum) hides more, never less', () => {
    fc.assert(
      fc.property(question, fc.integer({ min: 1, max: 100 }), ({ totals, withoutProvince }, behind) => {
        const national = sum(totals.map(([, n]) => n)) + withoutProvince - behind;
        const shown = shownProvinces(national, totals);
        const residual = national - sum(totals.filter(([c]) => shown.has(c)).map(([, n]) => n));
        if (shown.size > 0) expect(residual === 0 || residual >= PROVINCE_MIN_ANSWERS).toBe(true);
      }),
      { numRuns: 1_000, seed: 31 },
    );
  });

  it('examples: one province under 30 hides the smallest shown one too; answers without a province count in the residual', () => {
    // LP (5) alone would be national minus GP and WC: WC, the smaller, goes too.
    expect(shownProvinces(80, [['GP', 40], ['WC', 35], ['LP', 5]])).toEqual(new Set(['GP']));
    // 3 answers without a province: the same.
    expect(shownProvinces(78, [['GP', 40], ['WC', 35]])).toEqual(new Set(['GP']));
    // 30 without a province: both stay.
    expect(shownProvinces(105, [['GP', 40], ['WC', 35]])).toEqual(new Set(['GP', 'WC']));
    // Nothing but provinces at 30 or more: all shown, residual 0.
    expect(shownProvinces(65, [['GP', 35], ['WC', 30]])).toEqual(new Set(['GP', 'WC']));
    // One province of 30 and one answer without: the province cannot be shown (national − 30 = 1).
    expect(shownProvinces(31, [['GP', 30]])).toEqual(new Set());
  });
});

describe("voting's province figures", () => {
  it('provincesToShow keeps exactly the provinces shownProvinces shows, with their per-option counts', () => {
    fc.assert(
      fc.property(question, ({ totals, withoutProvince }) => {
        // Each province's total split over two options.
        const byProvince = new Map(totals.map(([code, n]) => [code, new Map([['yes', Math.floor(n / 3)], ['no', n - Math.floor(n / 3)]])]));
        const national = sum(totals.map(([, n]) => n)) + withoutProvince;
        const kept = provincesToShow(national, byProvince);
        expect(new Set(kept.keys())).toEqual(shownProvinces(national, totals));
        for (const [code, counts] of kept) expect(counts).toBe(byProvince.get(code));
      }),
      { numRuns: 1_000, seed: 31 },
    );
  });

  it('GetProvinceResults rows: per question, hidden provinces are absent and no count of theirs is given', () => {
    const national = [
      { questionId: 'a', count: 50 },
      { questionId: 'a', count: 30 },
      { questionId: 'b', count: 40 },
    ];
    const rows = [
      { questionId: 'a', province: 'GP', optionId: 'yes', count: 30 },
      { questionId: 'a', province: 'GP', optionId: 'no', count: 10 },
      { questionId: 'a', province: 'WC', optionId: 'no', count: 35 },
      { questionId: 'a', province: 'LP', optionId: 'yes', count: 5 },
      { questionId: 'b', province: 'GP', optionId: 'yes', count: 39 },
      { questionId: 'b', province: 'NC', optionId: 'no', count: 1 },
    ];
    expect(provinceResults(national, rows)).toEqual([
      {
        questionId: 'a',
        province: 'GP',
        counts: [
          { optionId: 'yes', count: 30, percentage: 75 },
          { optionId: 'no', count: 10, percentage: 25 },
        ],
        total: 40,
      },
    ]);
  });
});
