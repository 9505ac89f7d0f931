import { afterAll, beforeAll } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { votingHarness, type Harness } from './helpers.js';

/**
 * Answers end to end in voting: the harness publishes question events as the questions service would, the real voting
 * service projects them and records answers (PostgreSQL, NATS JetStream in this file's own namespace). PRODUCT.md: one answer per user per
 * question, enforced by the database also under concurrent submits; answers only while the question is open.
 */
export let h: Harness;

export const clock = manualClock('2026-03-10T10:00:00.000Z');

export const rowsOf = (questionId: string) =>
  h.sql<{ user_id: string; option_id: string }>('SELECT user_id, option_id FROM answers WHERE question_id = $1', [questionId]);

export const countsOf = async (questionId: string) => {
  const { results } = await h.v.getResults({ questionIds: [questionId] });
  return results.find((r) => r.questionId === questionId);
};

/** Starts what the tests need before them and stops it after them; call it at the top of a test file. */
export function useVotingService(): void {
  beforeAll(async () => {
    h = await votingHarness({ clock: clock.now });
  });

  afterAll(async () => {
    await h?.cleanup();
  });
}
