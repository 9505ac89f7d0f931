/**
 * Scenario 4: NATS (a private server) down for 60 s under steady voting (~20 votes/s), then started again on the same
 * port and store. Pass: every vote gets a 2xx on its first attempt, the outbox drains after NATS returns (unpublished
 * = 0), voting's projection and every count match the database, and the gateway's live channel works again.
 */
import WebSocket from 'ws';
import { expect, it } from 'vitest';
import { sleep } from '@mzansi/kit/testing';
import { count, outboxDrained, query, randomVotes, report, signUpMany, tally, until, useFaultSystem, votingDb } from './helpers.ts';

const system = useFaultSystem();

const OUTAGE_MS = 60_000;
const RATE = 20; // votes per second

it('NATS down 60 s: votes keep succeeding, the outbox drains, counts match, the live channel recovers', async () => {
  const { stack, nats } = system;
  const questions = await system.publishQuestions(41);
  const liveQuestion = questions.pop()!; // kept for the live check after the outage
  const users = await signUpMany(stack.baseUrl, 40, 20);
  const votes = randomVotes(users, questions);

  const ws = new WebSocket(`ws://127.0.0.1:${stack.gatewayPort}/ws`);
  const live = new Map<string, number>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.type === 'results-updated') live.set(m.questionId, m.totalVotes);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  const statuses: { status: number; phase: string }[] = [];
  let phase = 'before';
  let next = 0;
  const inflight = new Set<Promise<void>>();
  const started = Date.now();
  const outageAt = started + 5_000;
  const returnAt = outageAt + OUTAGE_MS;
  const stopAt = returnAt + 10_000;
  let natsDown = false;
  let maxOutboxPending = 0;
  let drainedAfterReturnMs = -1;
  let drainPoll: Promise<unknown> = Promise.resolve();

  // Steady load: one vote every 1000/RATE ms, each on its own, whatever NATS does.
  while (Date.now() < stopAt && next < votes.length) {
    if (!natsDown && phase === 'before' && Date.now() >= outageAt) {
      await nats.kill();
      natsDown = true;
      phase = 'outage';
    }
    if (natsDown && Date.now() >= returnAt) {
      maxOutboxPending = await count(votingDb(stack), 'SELECT count(*) FROM outbox WHERE published_at IS NULL');
      await nats.start();
      natsDown = false;
      phase = 'after';
      const back = Date.now();
      drainPoll = until('outbox drained after NATS returned', async () => (await count(votingDb(stack), 'SELECT count(*) FROM outbox WHERE published_at IS NULL')) === 0, 60_000, 100).then(
        () => (drainedAfterReturnMs = Date.now() - back),
      );
    }
    const { u, q, optionId } = votes[next++]!;
    const sentIn = phase;
    const p: Promise<void> = u.client
      .post('/api/answers', { userId: u.id, questionId: q, optionId }, { timeoutMs: 10_000 })
      .then((r) => {
        statuses.push({ status: r.status, phase: sentIn });
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
    await sleep(1000 / RATE);
  }
  await Promise.all(inflight);
  const sent = next;
  const byPhase = (ph: string) => tally(statuses.filter((s) => s.phase === ph).map((s) => s.status));
  expect(statuses.filter((s) => s.status !== 201), JSON.stringify({ before: byPhase('before'), outage: byPhase('outage'), after: byPhase('after') })).toEqual([]);

  await drainPoll;
  await outboxDrained(stack, 60_000);
  const rows = await query<{ id: string; question_id: string }>(votingDb(stack), 'SELECT id, question_id FROM answers');
  expect(rows).toHaveLength(sent);
  expect(new Set(rows.map((r) => r.id)).size).toBe(sent);
  expect(await count(votingDb(stack), 'SELECT coalesce(sum(count), 0) AS count FROM option_counts')).toBe(sent);
  expect(await count(votingDb(stack), 'SELECT count(*) FROM question_state')).toBe(41);

  // Public results (gateway → voting counters) per question match the rows (the fault stack's gateway has no public cache).
  const perQuestion = new Map<string, number>();
  for (const r of rows) perQuestion.set(r.question_id, (perQuestion.get(r.question_id) ?? 0) + 1);
  for (const q of questions) {
    const res = await users[0]!.client.get(`/api/questions/${q}/public-results`);
    expect(res.status).toBe(200);
    expect(res.json.totalVotes).toBe(perQuestion.get(q) ?? 0);
  }

  // The gateway's live consumer followed the backlog and still follows new events.
  const voter = users[0]!;
  const fresh = await voter.client.post('/api/answers', { userId: voter.id, questionId: liveQuestion, optionId: 'yes' });
  expect(fresh.status).toBe(201);
  await until('live results-updated after the outage', () => live.get(liveQuestion) === 1, 15_000);
  const liveMatches = questions.filter((q) => live.get(q) === (perQuestion.get(q) ?? 0)).length;
  ws.close();
  expect(liveMatches).toBe(questions.length);

  report('4 NATS down 60 s', {
    votes: sent,
    outageMs: OUTAGE_MS,
    before: byPhase('before'),
    outage: byPhase('outage'),
    after: byPhase('after'),
    outboxPendingAtReturn: maxOutboxPending,
    outboxDrainedMsAfterNatsReturned: drainedAfterReturnMs,
    rows: rows.length,
    liveQuestionsMatching: liveMatches,
  });
});
