import { describe, expect, it } from 'vitest';
import type { ResultsChanged } from '@mzansi/kit';
import { manualTimers } from '@mzansi/kit/testing';
import { ResultsWindow } from '../src/live/results-window.js';

/** The live channel's results window on its own (the whole channel: live-results.test.ts). */

describe('ResultsWindow: at most one results message per question per interval, whatever the voting replicas', () => {
  const results = (questionId: string, totalVotes: number): ResultsChanged => ({
    questionId,
    totalVotes,
    results: [
      { optionId: 'yes', optionText: 'Yes', votes: totalVotes, percentage: totalVotes ? 100 : 0 },
      { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
    ],
  });

  function windowWith(intervalMs = 1_000) {
    const time = manualTimers();
    const sent: { at: number; questionId: string; totalVotes: number }[] = [];
    let now = 0;
    const w = new ResultsWindow(intervalMs, (m) => sent.push({ at: now, questionId: m.questionId, totalVotes: m.totalVotes }), {
      ...time.clock,
      now: () => (now = time.clock.now()),
    });
    return { time, sent, w };
  }

  it('the first goes at once; copies and older totals are dropped; a newer one in the window is held and the highest goes at its end', () => {
    const { time, sent, w } = windowWith();
    expect(w.offer(results('q', 10))).toBe('sent');
    time.advance(20);
    expect(w.offer(results('q', 10))).toBe('dropped'); // replica B read the same totals
    expect(w.offer(results('q', 8))).toBe('dropped'); // an older read
    time.advance(300);
    expect(w.offer(results('q', 14))).toBe('held');
    expect(w.offer(results('q', 17))).toBe('held'); // merged: replaces 14
    expect(w.offer(results('q', 15))).toBe('dropped');
    expect(sent).toEqual([{ at: 0, questionId: 'q', totalVotes: 10 }]);
    time.advance(680);
    expect(sent).toEqual([
      { at: 0, questionId: 'q', totalVotes: 10 },
      { at: 1_000, questionId: 'q', totalVotes: 17 },
    ]);
    // Questions have windows of their own.
    expect(w.offer(results('other', 1))).toBe('sent');
    // After a full interval without anything held, a newer one goes at once.
    time.advance(1_000);
    expect(w.offer(results('q', 18))).toBe('sent');
    expect(sent.at(-1)).toEqual({ at: 2_000, questionId: 'q', totalVotes: 18 });
    w.stop();
    expect(time.pendingTimers).toBe(0);
  });

  it('three replicas each sending every interval for 10 s: one message per interval, never closer, the last the highest', () => {
    const { time, sent, w } = windowWith();
    let total = 0;
    // Replicas flush at their own phases (0, 330, 710 ms), each reading the (growing) totals.
    const phases = [0, 330, 710];
    for (let t = 0; t < 10_000; t += 10) {
      total += 3;
      for (const p of phases) if (t % 1_000 === p % 1_000) w.offer(results('q', total));
      time.advance(10);
    }
    time.advance(2_000);
    expect(sent.length).toBeLessThanOrEqual(10_000 / 1_000 + 1);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(1_000);
    expect(sent.at(-1)!.totalVotes).toBe(Math.max(...sent.map((s) => s.totalVotes)));
    // The last replica read of the run (at 9,710 ms) is what the sockets were left with.
    expect(sent.at(-1)!.totalVotes).toBe(3 * (9_710 / 10 + 1));
  });
});
