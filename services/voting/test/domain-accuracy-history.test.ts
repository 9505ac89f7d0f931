import { describe, expect, it } from 'vitest';
import { accuracyMonths, HISTORY_MONTHS, monthsBefore } from '../src/domain/accuracy-history.js';

const row = (month: string, answered: number, resolved = 0, correct = 0, skillSum = 0) => ({ month, answered, resolved, correct, skillSum });

describe('the accuracy history months', () => {
  it('steps months across a year boundary', () => {
    expect(monthsBefore('2026-02-01', 1)).toBe('2026-01-01');
    expect(monthsBefore('2026-02-01', 2)).toBe('2025-12-01');
    expect(monthsBefore('2025-12-01', -1)).toBe('2026-01-01');
    expect(monthsBefore('2026-11-01', HISTORY_MONTHS - 1)).toBe('2025-12-01');
  });

  it('runs from the first month with answers to this month, oldest first, empty months as zeros', () => {
    const months = accuracyMonths([row('2026-01-01', 3, 2, 1, 0.4), row('2025-11-01', 5, 5, 4, 2.1)], '2026-03-01');
    expect(months).toEqual([
      row('2025-11', 5, 5, 4, 2.1),
      row('2025-12', 0),
      row('2026-01', 3, 2, 1, 0.4),
      row('2026-02', 0),
      row('2026-03', 0),
    ]);
  });

  it('keeps only the last 12 months and is empty with no answers in them', () => {
    expect(accuracyMonths([], '2026-03-01')).toEqual([]);
    expect(accuracyMonths([row('2024-01-01', 9)], '2026-03-01')).toEqual([]);
    const months = accuracyMonths([row('2024-01-01', 9), row('2025-06-01', 2)], '2026-03-01');
    expect(months[0]!.month).toBe('2025-06');
    expect(months).toHaveLength(10);
    expect(accuracyMonths([row('2025-03-01', 1), row('2025-04-01', 1)], '2026-03-01')).toHaveLength(HISTORY_MONTHS);
  });
});
