/**
 * Scenario 3: `kill -9` the voting service 5 times during 1,000 votes (100 users × 10 questions), respawning it each
 * time with the same env and ports while the gateway keeps running. Clients retry 5xx / 504 / network errors
 * (submitting is idempotent). Pass: every vote that got a 2xx is in the voting database exactly once; lost = 0;
 * counters = rows.
 */
import { expect, it } from 'vitest';
import { sleep } from '@mzansi/kit/testing';
import { count, pool, query, randomVotes, report, signUpMany, tally, useFaultSystem, votingDb } from './helpers.ts';

const system = useFaultSystem();

it('kill -9 voting 5× during 1,000 votes: every acknowledged vote stored once and counted once', async () => {
  const { stack } = system;
  const questions = await system.publishQuestions(10);
  const users = await signUpMany(stack.baseUrl, 100, 20);
  const votes = randomVotes(users, questions);

  const firstAttempt: number[] = [];
  const failures: number[] = []; // statuses that were retried
  const acknowledged: { userId: string; questionId: string; optionId: string; answerId: string }[] = [];
  let done = 0;
  const started = Date.now();
  let kills = 0;
  const respawnMs: number[] = [];

  const killer = (async () => {
    for (let k = 1; k <= 5; k++) {
      // Spread the kills over the run: at about 15 %, 30 %, … 75 % of the votes.
      const deadline = Date.now() + 60_000;
      while (done < k * 150 && Date.now() < deadline) await sleep(20);
      await stack.kill('voting', 'SIGKILL');
      kills++;
      const t = Date.now();
      await stack.respawn('voting');
      respawnMs.push(Date.now() - t);
    }
  })();

  await pool(votes.length, 10, async (i) => {
    const { u, q, optionId } = votes[i]!;
    const deadline = Date.now() + 60_000;
    for (let attempt = 0; ; attempt++) {
      const r = await u.client.post('/api/answers', { userId: u.id, questionId: q, optionId }, { timeoutMs: 10_000 });
      if (attempt === 0) firstAttempt.push(r.status);
      if (r.status === 200 || r.status === 201) {
        expect(r.json.optionId).toBe(optionId);
        acknowledged.push({ userId: u.id, questionId: q, optionId, answerId: r.json.id });
        break;
      }
      // Only outages are retried; anything else is a failure of the test.
      expect([0, 502, 503, 504], r.text).toContain(r.status);
      failures.push(r.status);
      if (Date.now() > deadline) throw new Error(`vote not accepted within 60 s (last ${r.status})`);
      await sleep(100 + Math.min(attempt, 10) * 100);
    }
    done++;
  });
  await killer;
  const ms = Date.now() - started;
  expect(kills).toBe(5);
  expect(acknowledged).toHaveLength(1000);

  const rows = await query<{ id: string; user_id: string; question_id: string; option_id: string }>(votingDb(stack), 'SELECT id, user_id, question_id, option_id FROM answers');
  const byKey = new Map(rows.map((r) => [`${r.user_id}/${r.question_id}`, r]));
  let lost = 0;
  for (const a of acknowledged) {
    const row = byKey.get(`${a.userId}/${a.questionId}`);
    if (!row || row.id !== a.answerId || row.option_id !== a.optionId) lost++;
  }
  expect(lost).toBe(0);
  expect(rows).toHaveLength(1000);
  expect(byKey.size).toBe(1000);
  expect(await count(votingDb(stack), 'SELECT coalesce(sum(count), 0) AS count FROM option_counts')).toBe(1000);
  expect(await count(votingDb(stack), 'SELECT coalesce(sum(answered), 0) AS count FROM month_scores')).toBe(1000);
  report('3 kill -9 voting', {
    votes: 1000,
    kills,
    acknowledged: acknowledged.length,
    rows: rows.length,
    lost,
    firstAttempt: tally(firstAttempt),
    retriedStatuses: tally(failures),
    respawnMs,
    ms,
  });
});
