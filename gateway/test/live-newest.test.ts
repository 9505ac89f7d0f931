import { describe, expect, it } from 'vitest';
import type { ResultsChanged } from '@mzansi/kit';
import { NewestResults } from '../src/live/newest-results.js';

/** The gateway's results filter on its own (the whole channel, paced by voting: live-results.test.ts). */

describe('NewestResults: voting paces, the gateway passes only newer totals on', () => {
  const results = (questionId: string, totalVotes: number): ResultsChanged => ({
    questionId,
    totalVotes,
    results: [
      { optionId: 'yes', optionText: 'Yes', votes: totalVotes, percentage: totalVotes ? 100 : 0 },
      { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
    ],
  });

  it('sends at once and never holds; copies and older totals (another replica’s read) are dropped', () => {
    const sent: number[] = [];
    const n = new NewestResults((m) => sent.push(m.totalVotes));
    expect(n.offer(results('q', 10))).toBe('sent');
    expect(n.offer(results('q', 10))).toBe('dropped'); // replica B read the same totals
    expect(n.offer(results('q', 8))).toBe('dropped'); // an older read arriving late
    expect(n.offer(results('q', 14))).toBe('sent');
    expect(n.offer(results('other', 1))).toBe('sent'); // questions are apart
    expect(sent).toEqual([10, 14, 1]);
  });

  it('remembers the newest totals passed on per question, for a vote’s answer (older and copies do not replace them)', () => {
    const n = new NewestResults();
    expect(n.latest('q')).toBeUndefined();
    n.offer(results('q', 10));
    n.offer(results('q', 7));
    expect(n.latest('q')?.totalVotes).toBe(10);
    n.offer(results('q', 12));
    expect(n.latest('q')?.results[0]!.votes).toBe(12);
    expect(n.latest('other')).toBeUndefined();
  });

  it('three replicas reading the growing totals: the sockets never see a bar move backwards, and end on the highest', () => {
    const sent: number[] = [];
    const n = new NewestResults((m) => sent.push(m.totalVotes));
    // Replica reads arrive out of order: each message carries the totals of its own read.
    for (const total of [3, 9, 6, 12, 12, 15, 11, 18]) n.offer(results('q', total));
    expect(sent).toEqual([3, 9, 12, 15, 18]);
  });

  it('stays bounded: questions quiet for a minute are forgotten once there are more than 1,000', () => {
    let now = 0;
    const n = new NewestResults(() => undefined, () => now);
    for (let i = 0; i < 1_000; i++) n.offer(results(`old-${i}`, 1));
    now = 61_000;
    n.offer(results('new', 1));
    expect(n.size).toBe(1);
  });
});
