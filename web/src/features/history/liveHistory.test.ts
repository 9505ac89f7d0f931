import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveResults } from '../live/liveResults';
import { MAX_POINTS, questionHistoryKey, type QuestionHistory } from './api';
import { appendLivePoint } from './liveHistory';

const Q = '11111111-1111-4111-8111-111111111111';
const rows = (yes: number, no: number) => {
  const total = yes + no;
  return [
    { optionId: 'yes', votes: yes, percentage: (yes / total) * 100 },
    { optionId: 'no', votes: no, percentage: (no / total) * 100 },
  ];
};
const history = (totals: number[]): QuestionHistory => ({
  publishedAt: '2026-11-28T04:00:00.000Z',
  resolvedAt: null,
  points: totals.map((t, i) => ({ at: new Date(Date.parse('2026-11-28T05:00:00Z') + i * 60_000).toISOString(), results: rows(t, 0), totalVotes: t })),
});
const at = new Date('2026-11-28T09:00:00.000Z');

describe('a live results message on the question history', () => {
  it('appends a point with the new split at the time it arrived', () => {
    const next = appendLivePoint(history([1, 2]), { questionId: Q, totalVotes: 4, results: rows(3, 1) }, at);
    expect(next?.points).toHaveLength(3);
    expect(next?.points[2]).toEqual({ at: at.toISOString(), results: rows(3, 1), totalVotes: 4 });
  });

  it('adds nothing for an older or equal count, a blind total, no rows, a hidden history or none cached', () => {
    const h = history([1, 5]);
    expect(appendLivePoint(h, { questionId: Q, totalVotes: 5, results: rows(4, 1) }, at)).toBeUndefined();
    expect(appendLivePoint(h, { questionId: Q, totalVotes: 3, results: rows(2, 1) }, at)).toBeUndefined();
    expect(appendLivePoint(h, { questionId: Q, totalVotes: 9, results: [], blind: true }, at)).toBeUndefined();
    expect(appendLivePoint(h, { questionId: Q, totalVotes: 9, results: [] }, at)).toBeUndefined();
    expect(appendLivePoint({ ...h, resultsHidden: true }, { questionId: Q, totalVotes: 9, results: rows(8, 1) }, at)).toBeUndefined();
    expect(appendLivePoint(undefined, { questionId: Q, totalVotes: 9, results: rows(8, 1) }, at)).toBeUndefined();
  });

  it('stays within the server’s point budget on a page left open: the older half thins out, the newest stay', () => {
    const full = history(Array.from({ length: MAX_POINTS }, (_, i) => i + 1));
    const next = appendLivePoint(full, { questionId: Q, totalVotes: MAX_POINTS + 1, results: rows(MAX_POINTS, 1) }, at)!;
    expect(next.points.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(next.points[0]).toEqual(full.points[0]);
    expect(next.points.slice(-100).map((p) => p.totalVotes)).toEqual(Array.from({ length: 100 }, (_, i) => MAX_POINTS - 98 + i));
  });

  it('is written by the live client into the cached history only (no request, none created for other questions)', () => {
    const qc = new QueryClient();
    qc.setQueryData(questionHistoryKey(Q), history([2]));
    applyLiveResults(qc, { questionId: Q, totalVotes: 3, results: rows(2, 1) });
    expect(qc.getQueryData<QuestionHistory>(questionHistoryKey(Q))?.points.map((p) => p.totalVotes)).toEqual([2, 3]);
    const other = '22222222-2222-4222-8222-222222222222';
    applyLiveResults(qc, { questionId: other, totalVotes: 3, results: rows(2, 1) });
    expect(qc.getQueryData(questionHistoryKey(other))).toBeUndefined();
    // A blind question's total moves nothing on the chart.
    applyLiveResults(qc, { questionId: Q, totalVotes: 7, results: [], blind: true });
    expect(qc.getQueryData<QuestionHistory>(questionHistoryKey(Q))?.points).toHaveLength(2);
  });
});
