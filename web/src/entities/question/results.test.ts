import { expect, test } from 'vitest';
import {
  barColor,
  votedText,
  formatPercentOneDecimal,
  formatPercentRounded,
  optionResults,
  percentOf,
  questionStatus,
  questionWithMark,
  totalPredictions,
  yesNoPercentages,
} from './results';

const base = {
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
  correctOptionId: null as string | null,
  isResolved: false,
};

test('question mark appended once', () => {
  expect(questionWithMark('Will it rain')).toBe('Will it rain?');
  expect(questionWithMark('Will it rain? ')).toBe('Will it rain?');
});

test('percentages come from the counts, not the server percentage', () => {
  const rows = optionResults({
    ...base,
    results: [
      { optionId: 'yes', optionText: 'Yes', votes: 2, percentage: 99 },
      { optionId: 'no', optionText: 'No', votes: 1, percentage: 1 },
    ],
  });
  expect(rows.map((r) => r.count)).toEqual([2, 1]);
  expect(rows[0]!.percentage).toBeCloseTo(66.6667, 3);
  expect(rows[1]!.percentage).toBeCloseTo(33.3333, 3);
});

test('missing results and no votes give 0%', () => {
  const rows = optionResults({ ...base, results: [] });
  expect(rows.map((r) => [r.optionId, r.count, r.percentage])).toEqual([
    ['yes', 0, 0],
    ['no', 0, 0],
  ]);
  expect(percentOf(1, 0)).toBe(0);
});

test('landing: one decimal; feed: rounded', () => {
  expect(formatPercentOneDecimal(200 / 3)).toBe('66.7%');
  expect(formatPercentOneDecimal(100 / 3)).toBe('33.3%');
  expect(formatPercentOneDecimal(0)).toBe('0.0%');
  expect(formatPercentOneDecimal(100)).toBe('100.0%');
  expect(formatPercentRounded(200 / 3)).toBe('67%');
  expect(formatPercentRounded(100 / 3)).toBe('33%');
  expect(formatPercentRounded(12.5)).toBe('13%');
});

test('correct option only on resolved questions', () => {
  const results = [{ optionId: 'yes', optionText: 'Yes', votes: 3, percentage: 100 }];
  expect(optionResults({ ...base, results, correctOptionId: 'yes', isResolved: true }).map((r) => r.isCorrect)).toEqual([true, false]);
  expect(optionResults({ ...base, results, correctOptionId: 'yes', isResolved: false }).map((r) => r.isCorrect)).toEqual([false, false]);
});

test('an answer has one colour everywhere: YES green, NO blue (never red), a third option gold', () => {
  expect(barColor(0, 'yes')).toBe('green');
  expect(barColor(1, 'no')).toBe('blue');
  // By id, whatever the position; by position for other ids.
  expect(barColor(0, 'no')).toBe('blue');
  expect(barColor(1, 'option1')).toBe('green');
  expect([0, 1, 2, 3].map((i) => barColor(i, `o${i}`))).toEqual(['green', 'blue', 'gold', 'gold']);
});

test('"1 South African voted", "2 South Africans voted"', () => {
  expect(votedText(1)).toBe('1 South African voted');
  expect(votedText(0)).toBe('0 South Africans voted');
  expect(votedText(1234)).toBe(`${(1234).toLocaleString('en-ZA')} South Africans voted`);
});

test('total predictions and YES/NO shares', () => {
  const q = { ...base, totalVotes: 4, results: [{ optionId: 'yes', optionText: 'Yes', votes: 3, percentage: 75 }, { optionId: 'no', optionText: 'No', votes: 1, percentage: 25 }] };
  expect(totalPredictions(q)).toBe(4);
  expect(yesNoPercentages(q)).toEqual({ yes: 75, no: 25 });
  expect(totalPredictions({ ...q, totalVotes: Number.NaN })).toBe(4);
});

test('admin status', () => {
  const s = { isArchived: false, isResolved: false, isPublished: false };
  expect(questionStatus(s)).toBe('Draft');
  expect(questionStatus({ ...s, isPublished: true })).toBe('Published');
  expect(questionStatus({ ...s, isPublished: true, isResolved: true })).toBe('Resolved');
  expect(questionStatus({ ...s, isPublished: true, isResolved: true, isArchived: true })).toBe('Archived');
});
