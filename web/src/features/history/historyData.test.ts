import { describe, expect, it } from 'vitest';
import { accuracySeries, historyMarks, splitChange, splitSeries } from './historyData';
import { sparklinePaths } from './sparklineData';

const options = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];
const point = (at: string, yes: number, no: number, totalVotes = 10) => ({
  at,
  results: [
    { optionId: 'yes', votes: Math.round((yes / 100) * totalVotes), percentage: yes },
    { optionId: 'no', votes: Math.round((no / 100) * totalVotes), percentage: no },
  ],
  totalVotes,
});

describe('the question history chart data', () => {
  it('maps points to seconds and one series per option in option order, a missing option as 0, a bad time dropped', () => {
    const series = splitSeries(
      [point('2026-11-28T06:00:00.000Z', 40, 60), { at: 'nonsense', results: [], totalVotes: 1 }, { at: '2026-11-28T07:00:00.000Z', results: [{ optionId: 'no', votes: 3, percentage: 33.333 }], totalVotes: 3 }],
      options,
    );
    expect(series.xs).toEqual([Date.parse('2026-11-28T06:00:00Z') / 1000, Date.parse('2026-11-28T07:00:00Z') / 1000]);
    expect(series.ys).toEqual([
      [40, 0],
      [60, 33.3],
    ]);
  });

  it('marks publishing, and resolution once there is one', () => {
    expect(historyMarks({ publishedAt: '2026-11-28T04:00:00.000Z', resolvedAt: null })).toEqual([{ kind: 'published', x: Date.parse('2026-11-28T04:00:00Z') / 1000 }]);
    expect(historyMarks({ publishedAt: '2026-11-28T04:00:00.000Z', resolvedAt: '2026-11-29T04:00:00.000Z' }).map((m) => m.kind)).toEqual(['published', 'resolved']);
    expect(historyMarks({ publishedAt: null, resolvedAt: null })).toEqual([]);
  });

  it('summarises the first and latest share of each option', () => {
    expect(splitChange([point('2026-11-28T06:00:00Z', 40.4, 59.6), point('2026-11-28T08:00:00Z', 55.5, 44.5)], options)).toEqual([
      { option: options[0], from: 40, to: 56 },
      { option: options[1], from: 60, to: 45 },
    ]);
    expect(splitChange([], options)).toEqual([]);
    // The publishing point has no votes (0 % each): the change is told from the first split.
    expect(splitChange([point('2026-11-28T04:00:00Z', 0, 0, 0), point('2026-11-28T06:00:00Z', 30, 70), point('2026-11-28T08:00:00Z', 50, 50)], options)).toEqual([
      { option: options[0], from: 30, to: 50 },
      { option: options[1], from: 70, to: 50 },
    ]);
  });

  it('maps accuracy months to x values with gaps where nothing resolved, calibration × 100', () => {
    const s = accuracySeries([
      { month: '2026-10', answered: 4, resolved: 4, correct: 3, accuracy: 75, calibration: 0.24 },
      { month: '2026-11', answered: 2, resolved: 0, correct: 0, accuracy: null, calibration: null },
    ]);
    expect(s.xs).toEqual([Date.parse('2026-10-01T00:00:00Z') / 1000, Date.parse('2026-11-01T00:00:00Z') / 1000]);
    expect(s.accuracy).toEqual([75, null]);
    expect(s.calibration).toEqual([24, null]);
  });
});

describe('the feed card sparkline', () => {
  it('draws one path per option across the box, 100 % at the top and 0 % at the bottom, clamped', () => {
    const paths = sparklinePaths(
      [
        { at: 'a', percentages: [0, 100] },
        { at: 'b', percentages: [50, 50] },
        { at: 'c', percentages: [120, -5] },
      ],
      2,
      100,
      28,
    );
    expect(paths).toEqual(['M0 27 L50 14 L100 1', 'M0 1 L50 14 L100 27']);
  });

  it('draws nothing with fewer than two points', () => {
    expect(sparklinePaths([{ at: 'a', percentages: [50, 50] }], 2, 100, 28)).toEqual([]);
    expect(sparklinePaths([], 2, 100, 28)).toEqual([]);
  });
});
