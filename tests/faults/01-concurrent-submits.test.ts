/**
 * Scenario 1: 200 concurrent submits by one user on one question, 20 rounds (20 questions).
 * Pass: exactly one answer row and one 201 per question, the rest 200 (same option) or 409 (other option),
 * the counters equal to the rows, no 5xx.
 */
import { expect, it } from 'vitest';
import { count, report, signUp, tally, useFaultSystem, votingDb } from './helpers.ts';

const system = useFaultSystem();

it('200 concurrent submits per question × 20 questions: one row, one 201 and one count each, no 5xx', async () => {
  const { stack } = system;
  const questions = await system.publishQuestions(20);
  const user = await signUp(stack.baseUrl);
  const all: number[] = [];
  const started = Date.now();
  for (const qid of questions) {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const optionId = i % 2 === 0 ? 'yes' : 'no';
        return user.client.post('/api/answers', { userId: user.id, questionId: qid, optionId }).then((r) => ({ r, optionId }));
      }),
    );
    const statuses = results.map((x) => x.r.status);
    all.push(...statuses);
    const created = results.filter((x) => x.r.status === 201);
    expect(created, JSON.stringify(tally(statuses))).toHaveLength(1);
    const winner = created[0]!.optionId;
    for (const { r, optionId } of results) {
      if (r.status === 201) continue;
      // Same option → idempotent 200 with the same answer; the other option → 409.
      if (optionId === winner) {
        expect(r.status, r.text).toBe(200);
        expect(r.json.id).toBe(created[0]!.r.json.id);
      } else expect(r.status, r.text).toBe(409);
    }
    expect(await count(votingDb(stack), 'SELECT count(*) FROM answers WHERE question_id = $1', [qid])).toBe(1);
  }
  const ms = Date.now() - started;
  expect(all.filter((s) => s >= 500 || s === 0)).toEqual([]);

  const rows = await (await import('./helpers.ts')).query<{ id: string; question_id: string }>(
    votingDb(stack),
    'SELECT id, question_id FROM answers',
  );
  expect(rows).toHaveLength(20);
  expect(new Set(rows.map((r) => r.question_id)).size).toBe(20);
  expect(await count(votingDb(stack), 'SELECT coalesce(sum(count), 0) AS count FROM option_counts')).toBe(20);
  report('1 concurrent submits', { requests: all.length, statuses: tally(all), rows: rows.length, ms });
});
