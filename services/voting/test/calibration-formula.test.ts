import { describe, expect, it } from 'vitest';
import { brierScore, brierSkill, confidenceOf, DEFAULT_CONFIDENCE, shrunkSkill } from '../src/domain/calibration.js';

/** The proper-scoring formula against hand-computed values (domain/calibration.ts, the "How scoring works" page). */
describe('Brier score and skill', () => {
  it.each([
    // confidence, correct, (p − y)², 1 − 4(p − y)²
    [75, true, 0.0625, 0.75],
    [75, false, 0.5625, -1.25],
    [50, true, 0.25, 0],
    [50, false, 0.25, 0],
    [99, true, 0.0001, 0.9996],
    [99, false, 0.9801, -2.9204],
    [90, true, 0.01, 0.96],
    [60, false, 0.36, -0.44],
  ])('%i %% and %s: B = %f, S = %f', (confidence, correct, b, s) => {
    expect(brierScore(confidence, correct)).toBeCloseTo(b, 10);
    expect(brierSkill(confidence, correct)).toBeCloseTo(s, 10);
  });

  it('rewards honesty: at a true hit rate of 75 %, saying 75 % scores best on average', () => {
    const expected = (c: number) => 0.75 * brierSkill(c, true) + 0.25 * brierSkill(c, false);
    for (const c of [50, 60, 70, 80, 90, 99]) expect(expected(75)).toBeGreaterThan(expected(c));
  });
});

describe('shrinkage toward the crowd', () => {
  it('the worked example: same 3 of 4 correct, the calibrated player ranks above the overconfident one', () => {
    const crowd = 0.2;
    const thandi = 3 * brierSkill(75, true) + brierSkill(75, false); // 1.0
    const sipho = 3 * brierSkill(99, true) + brierSkill(99, false); // 0.0784
    expect(thandi).toBeCloseTo(1.0, 10);
    expect(sipho).toBeCloseTo(0.0784, 10);
    expect(shrunkSkill(thandi, 4, crowd)).toBeCloseTo(2 / 9, 10); // (1.0 + 5·0.2) ÷ 9 = 0.2222
    expect(shrunkSkill(sipho, 4, crowd)).toBeCloseTo(1.0784 / 9, 10); // 0.1198
  });

  it('pulls a small sample toward the crowd and lets a large one speak for itself', () => {
    // One lucky 99 % answer: its own mean is 0.9996, shrunk with K = 5 toward a crowd at 0.1.
    expect(shrunkSkill(0.9996, 1, 0.1)).toBeCloseTo((0.9996 + 0.5) / 6, 10); // 0.2499
    // 100 answers averaging 0.6: barely moved.
    expect(shrunkSkill(60, 100, 0.1)).toBeCloseTo(60.5 / 105, 10); // 0.5762
    // No answers: exactly the crowd.
    expect(shrunkSkill(0, 0, 0.3)).toBeCloseTo(0.3, 10);
  });
});

describe('confidence input', () => {
  it('absent is 75; whole numbers 50–99 are kept; anything else is refused', () => {
    expect(confidenceOf(undefined)).toBe(DEFAULT_CONFIDENCE);
    expect(confidenceOf(50)).toBe(50);
    expect(confidenceOf(99)).toBe(99);
    for (const bad of [49, 100, 0, 75.5, Number.NaN]) expect(() => confidenceOf(bad)).toThrow(/Confidence must be a whole number from 50 to 99/);
  });
});
