import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { resultsOf } from '../../gateway/src/questions.js';
import { idOf, user, votingHarness, type Harness } from '../../services/voting/test/helpers.js';

/**
 * Voting's counts under a burst, shown as the gateway shows them: its percentages (one decimal) sum to 100 ± 0.1.
 * Voting runs alone (its harness publishes the question events); the gateway's `resultsOf` turns the counts into
 * percentages. It lives here because a service's own tests import no other package.
 */
let h: Harness;
const clock = manualClock('2026-03-10T10:00:00.000Z');

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
});

afterAll(async () => {
  await h?.cleanup();
});

const countsOf = async (questionId: string) => {
  const { results } = await h.v.getResults({ questionIds: [questionId] });
  return results.find((r) => r.questionId === questionId);
};
describe('results under a burst, with the gateway\'s percentages', () => {
  it('200 distinct users at once (77 yes, 123 no): totals exact and equal to the answer rows; percentages sum to 100', async () => {
    const q = await h.createPublished();
    const voters = Array.from({ length: 200 }, (_, i) => ({ u: user(), option: i < 77 ? 'yes' : 'no' }));
    const results = await Promise.all(voters.map(({ u, option }) => h.answer(u, q.id, option)));
    expect(results.every((r) => !r.alreadyAnswered)).toBe(true);

    const r = (await countsOf(q.id))!;
    expect(r.total).toBe(200);
    const counts = new Map(r.counts.map((c) => [c.optionId, c.count]));
    expect(Object.fromEntries(counts)).toEqual({ yes: 77, no: 123 });

    const rows = await h.sql<{ option_id: string; n: number }>(
      'SELECT option_id, count(*)::int AS n FROM answers WHERE question_id = $1 GROUP BY option_id',
      [q.id],
    );
    expect(Object.fromEntries(rows.map((x) => [x.option_id, x.n]))).toEqual(Object.fromEntries(counts));
    // Counter shards add up to the rows.
    const shards = await h.sql<{ sum: number }>('SELECT sum(count)::int AS sum FROM option_counts WHERE question_id = $1', [q.id]);
    expect(shards).toEqual([{ sum: 200 }]);

    // The gateway's percentages (one decimal) sum to 100 ± 0.1.
    const { results: pct, totalVotes } = resultsOf(q.options, counts);
    expect(totalVotes).toBe(200);
    expect(pct.map((x) => [x.optionId, x.count, x.percentage])).toEqual([
      ['yes', 77, 38.5],
      ['no', 123, 61.5],
    ]);
    expect(Math.abs(pct.reduce((n, x) => n + x.percentage, 0) - 100)).toBeLessThanOrEqual(0.1 + 1e-9);

    // Written in batches: fewer statements than answers (voting_answer_batch_size, as operators see it).
    const text = await h.voting.ctx.metrics.registry.getSingleMetricAsString('voting_answer_batch_size');
    const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    const [sum, count] = [value('voting_answer_batch_size_sum'), value('voting_answer_batch_size_count')];
    expect(sum).toBeGreaterThanOrEqual(200);
    expect(count).toBeLessThan(sum);

    // One answer row per voter: every one of them, none twice.
    const answered = await h.sql<{ user_id: string }>('SELECT user_id FROM answers WHERE question_id = $1', [q.id]);
    expect(answered).toHaveLength(200);
    expect(new Set(answered.map((x) => x.user_id))).toEqual(new Set(voters.map((x) => idOf(x.u))));
  });

  it('a split that rounds up on both sides (1 yes, 15 no → 6.3 + 93.8) still sums to 100 ± 0.1', async () => {
    const q = await h.createPublished();
    await Promise.all(Array.from({ length: 16 }, (_, i) => h.answer(user(), q.id, i === 0 ? 'yes' : 'no')));
    const r = (await countsOf(q.id))!;
    const { results: pct, totalVotes } = resultsOf(q.options, new Map(r.counts.map((c) => [c.optionId, c.count])));
    expect(totalVotes).toBe(16);
    expect(pct.map((x) => [x.optionId, x.count, x.percentage])).toEqual([
      ['yes', 1, 6.3],
      ['no', 15, 93.8],
    ]);
    expect(Math.abs(pct.reduce((n, x) => n + x.percentage, 0) - 100)).toBeLessThanOrEqual(0.1 + 1e-9);
  });
});
