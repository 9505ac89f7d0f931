/**
 * Scenario 6: PostgreSQL (a private cluster) stopped with `pg_ctl -m immediate` under voting, then started again.
 * Pass: while it is down the API answers 503 with the plain "temporarily unavailable" message (no stack trace) for
 * GET /api/questions/today and POST /api/answers; it recovers by itself within 10 s of PostgreSQL being back; every
 * vote acknowledged with a 2xx (before, during and after) is in the database.
 */
import { expect, it } from 'vitest';
import { sleep } from '@mzansi/kit/testing';
import { count, query, randomVotes, report, signUpMany, tally, UNAVAILABLE_MESSAGE, until, useFaultSystem, votingDb } from './helpers.ts';

const system = useFaultSystem({ privatePostgres: true });

const noStackTrace = (text: string) => !/\n\s+at |Error:|node_modules|\.ts:\d|\.js:\d/.test(text);

it('PostgreSQL down: 503 with a clear message, recovery within 10 s, no acknowledged write lost', async () => {
  const { stack, postgres: pgServer } = system;
  const questions = await system.publishQuestions(10);
  const users = await signUpMany(stack.baseUrl, 30, 10);
  const votes = randomVotes(users, questions);
  const reader = users[0]!.client;

  // Background voting across the outage: every 2xx is remembered.
  const acknowledged: { userId: string; questionId: string; answerId: string }[] = [];
  const statuses: number[] = [];
  let stopVoting = false;
  let v = 0;
  const voter = (async () => {
    while (!stopVoting && v < votes.length) {
      const { u, q, optionId } = votes[v++]!;
      const r = await u.client.post('/api/answers', { userId: u.id, questionId: q, optionId }, { timeoutMs: 10_000 });
      statuses.push(r.status);
      if (r.status === 200 || r.status === 201) acknowledged.push({ userId: u.id, questionId: q, answerId: r.json.id });
      else expect([503, 504], r.text).toContain(r.status);
      await sleep(50);
    }
  })();

  await until('some votes before the outage', () => acknowledged.length >= 20, 30_000);
  await pgServer.stopImmediate();
  const downAt = Date.now();

  const today = await reader.get('/api/questions/today');
  const spare = votes[votes.length - 1]!;
  const answer = await spare.u.client.post('/api/answers', { userId: spare.u.id, questionId: spare.q, optionId: spare.optionId });
  for (const r of [today, answer]) {
    expect(r.status, r.text).toBe(503);
    expect(r.json).toEqual({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
    expect(noStackTrace(r.text)).toBe(true);
  }
  await sleep(Math.max(0, 3_000 - (Date.now() - downAt)));

  await pgServer.start();
  const upAt = Date.now();
  await until(
    'GET /api/questions/today and POST /api/answers work again',
    async () => {
      const t = await reader.get('/api/questions/today', { timeoutMs: 5_000 });
      if (t.status !== 200) return false;
      const n = acknowledged.length;
      return until('a vote accepted after the restart', () => acknowledged.length > n, 5_000, 50).then(() => true);
    },
    30_000,
    200,
  );
  const recoveryMs = Date.now() - upAt;
  stopVoting = true;
  await voter;

  const rows = await query<{ id: string; user_id: string; question_id: string }>(votingDb(stack), 'SELECT id, user_id, question_id FROM answers');
  const byKey = new Map(rows.map((r) => [`${r.user_id}/${r.question_id}`, r.id]));
  const lost = acknowledged.filter((a) => byKey.get(`${a.userId}/${a.questionId}`) !== a.answerId).length;
  expect(lost).toBe(0);
  expect(recoveryMs).toBeLessThanOrEqual(10_000);
  expect(await count(votingDb(stack), 'SELECT coalesce(sum(count), 0) AS count FROM option_counts')).toBe(rows.length);
  report('6 PostgreSQL immediate restart', {
    downMs: upAt - downAt,
    whileDown: { today: today.status, answer: answer.status, todayMs: today.ms, answerMs: answer.ms },
    recoveryMs,
    acknowledged: acknowledged.length,
    rows: rows.length,
    lost,
    statuses: tally(statuses),
  });
});
