import { describe, expect, it } from 'vitest';
import { bucketOf, downsample, historyOf, MAX_HISTORY_POINTS } from '../src/domain/history.js';

const t0 = new Date('2026-11-01T08:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const options = [{ id: 'yes' }, { id: 'no' }, { id: 'maybe' }];

describe('downsample', () => {
  it('keeps a short list as it is', () => {
    expect(downsample([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(downsample([], 5)).toEqual([]);
  });

  it('keeps at most `max`, always the first and the last, in order, spread evenly', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    for (const max of [2, 3, 24, 198, 200, 999]) {
      const picked = downsample(items, max);
      expect(picked.length).toBe(max);
      expect(picked[0]).toBe(0);
      expect(picked.at(-1)).toBe(999);
      for (let i = 1; i < picked.length; i++) expect(picked[i]!).toBeGreaterThan(picked[i - 1]!);
    }
    const gaps = downsample(items, 11).slice(1).map((v, i) => v - downsample(items, 11)[i]!);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });

  it('with room for one keeps the last, with none nothing', () => {
    expect(downsample([1, 2, 3], 1)).toEqual([3]);
    expect(downsample([1, 2, 3], 0)).toEqual([]);
  });
});

describe('historyOf', () => {
  const snapshots = Array.from({ length: 600 }, (_, i) => ({ at: at(i + 1), counts: { yes: i + 1, no: 2 * (i + 1) } }));

  it('starts at publication with nothing counted and ends at the latest exact counters, ≤ max points, `at` in order', () => {
    const current = new Map([
      ['yes', 700],
      ['no', 1300],
    ]);
    for (const max of [2, 3, 24, 200, 10_000]) {
      const points = historyOf(options, t0, at(700), snapshots, current, max);
      expect(points.length).toBe(Math.min(max, MAX_HISTORY_POINTS));
      expect(points[0]).toEqual({ at: t0, total: 0, counts: options.map((o) => ({ optionId: o.id, count: 0, percentage: 0 })) });
      expect(points.at(-1)!.at).toEqual(at(700));
      expect(points.at(-1)!.counts.map((c) => c.count)).toEqual([700, 1300, 0]);
      for (let i = 1; i < points.length; i++) expect(points[i]!.at.getTime()).toBeGreaterThanOrEqual(points[i - 1]!.at.getTime());
      for (const p of points.slice(1)) expect(Math.abs(p.counts.reduce((n, c) => n + c.percentage, 0) - 100)).toBeLessThanOrEqual(0.1);
    }
  });

  it('gives every option in the question order, 0 for one never chosen, and totals of the options only', () => {
    const [, middle] = historyOf(options, t0, at(10), [{ at: at(5), counts: { no: 3, yes: 1, gone: 50 } }], new Map(), 200);
    expect(middle).toEqual({
      at: at(5),
      total: 4,
      counts: [
        { optionId: 'yes', count: 1, percentage: 25 },
        { optionId: 'no', count: 3, percentage: 75 },
        { optionId: 'maybe', count: 0, percentage: 0 },
      ],
    });
  });

  it('drops snapshots outside publication → latest (a flush that finished after the resolution)', () => {
    const points = historyOf(options, at(10), at(20), [at(5), at(10), at(15), at(20), at(25)].map((a) => ({ at: a, counts: { yes: 1 } })), new Map(), 200);
    expect(points.map((p) => p.at)).toEqual([at(10), at(15), at(20)]);
  });

  it('never goes backwards when the latest is before publication (a clock behind)', () => {
    const points = historyOf(options, at(10), at(5), [], new Map(), 200);
    expect(points.map((p) => p.at)).toEqual([at(10), at(10)]);
  });
});

describe('bucketOf', () => {
  it('aligns a moment to its bucket', () => {
    expect(bucketOf(new Date('2026-11-01T08:07:59.999Z'), 60_000)).toEqual(new Date('2026-11-01T08:07:00Z'));
  });
});
