/**
 * Scenario 2: 500 users vote on one question, 50 at a time.
 * Pass: yes + no = 500 = answer rows = the gateway's live channel total (`results-updated`) = the public results.
 */
import WebSocket from 'ws';
import { expect, it } from 'vitest';
import { count, pool, report, signUpMany, tally, until, useFaultSystem, votingDb } from './helpers.ts';

const system = useFaultSystem();

it('500 users, 50-way concurrency: yes + no = 500 = rows = live count', async () => {
  const { stack } = system;
  const [qid] = await system.publishQuestions(1);
  const users = await signUpMany(stack.baseUrl, 500, 20);

  // The live channel, as a browser sees it.
  const ws = new WebSocket(`ws://127.0.0.1:${stack.gatewayPort}/ws`);
  let liveTotal = -1;
  let liveVotes: Record<string, number> = {};
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.type === 'results-updated' && m.questionId === qid) {
      liveTotal = m.totalVotes;
      liveVotes = Object.fromEntries(m.results.map((r: { optionId: string; votes: number }) => [r.optionId, r.votes]));
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  const statuses: number[] = [];
  const chose = { yes: 0, no: 0 };
  const started = Date.now();
  await pool(users.length, 50, async (i) => {
    const u = users[i]!;
    const optionId = Math.random() < 0.5 ? 'yes' : 'no';
    const r = await u.client.post('/api/answers', { userId: u.id, questionId: qid, optionId });
    statuses.push(r.status);
    if (r.status === 201) chose[optionId]++;
  });
  const ms = Date.now() - started;
  expect(tally(statuses)).toEqual({ 201: 500 });

  const rows = await count(votingDb(stack), 'SELECT count(*) FROM answers WHERE question_id = $1', [qid]);
  await until('live channel reports 500', () => liveTotal === 500, 15_000);
  const pub = await users[0]!.client.get(`/api/questions/${qid}/public-results`);
  const pubVotes = Object.fromEntries(pub.json.results.map((r: { optionId: string; votes: number }) => [r.optionId, r.votes]));
  ws.close();

  expect(rows).toBe(500);
  expect(chose.yes + chose.no).toBe(500);
  expect(pub.json.totalVotes).toBe(500);
  expect(pubVotes).toEqual({ yes: chose.yes, no: chose.no });
  expect(liveVotes).toEqual({ yes: chose.yes, no: chose.no });
  report('2 many users', { users: 500, yes: chose.yes, no: chose.no, rows, live: liveTotal, public: pub.json.totalVotes, ms });
});
