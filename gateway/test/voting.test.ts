import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, type PromiseClient } from '@mzansi/kit';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  expectCleanError,
  signUp,
  startGatewayForTest,
  startServicesForTest,
  uname,
  until,
  type Browser,
} from './helpers.js';

/**
 * Answers, results, stats, history and the leaderboard end to end: gateway (PUBLIC_CACHE_MS=1000) → the real
 * identity, questions, voting and social services (in-process, own databases, one events namespace) → Redis
 * sessions. PRODUCT.md: every userId in a path, query or body must be the signed-in user's own (403 otherwise);
 * one answer per user per question; identical resubmit 200, different option 409.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let voting: PromiseClient<VotingServiceClient>;
let adminB: Browser;
let aliceB: Browser;
let bobB: Browser;
let anonB: Browser;
let alice: { id: string; username: string };
let bob: { id: string; username: string };

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '1000' });
  voting = createPromiseClient(VotingServiceClient, system.gatewayEnv.VOTING_GRPC_ADDR!, { internalKeys: DEV_INTERNAL_KEYS });
  adminB = gw.browser();
  const login = await adminB.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
  aliceB = gw.browser();
  alice = await signUp(aliceB, uname('alice'));
  bobB = gw.browser();
  bob = await signUp(bobB, uname('bob'));
  anonB = gw.browser();
});

afterAll(async () => {
  voting?.close();
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

/** A published question (through the admin routes), once voting's projection knows it. */
async function publishedQuestion() {
  const created = await adminB.post('/api/admin/questions', {
    text: `Will Orlando Pirates win the cup ${randomUUID().slice(0, 6)}?`,
    context: 'The final is on Saturday.',
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    tags: ['football'],
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  const published = await adminB.post(`/api/admin/questions/${id}/publish`);
  expect(published.status, published.text).toBe(200);
  await system.projected(id);
  return id;
}

const answersInDb = async (questionId: string) =>
  system.votingSql<{ user_id: string; option_id: string }>('SELECT user_id, option_id FROM answers WHERE question_id = $1 ORDER BY user_id', [
    questionId,
  ]);

describe('POST /api/answers', () => {
  it('201 on the first answer, 200 and the same answer on an identical resubmit, 409 for a different option', async () => {
    const qid = await publishedQuestion();
    expectCleanError(await anonB.post('/api/answers', { questionId: qid, optionId: 'yes' }), 401, 'Please sign in to continue');

    const first = await aliceB.post('/api/answers', { questionId: qid, optionId: 'yes' });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual({ id: expect.any(String), userId: alice.id, questionId: qid, optionId: 'yes', confidence: 75, submittedAt: expect.any(String) });

    const again = await aliceB.post('/api/answers', { userId: alice.id, questionId: qid, optionId: 'yes' });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(first.json);

    expectCleanError(await aliceB.post('/api/answers', { questionId: qid, optionId: 'no' }), 409, 'You have already answered this question');
    expect(await answersInDb(qid)).toEqual([{ user_id: alice.id, option_id: 'yes' }]);
  });

  it("another user's userId in the body is 403 and records nothing", async () => {
    const qid = await publishedQuestion();
    expectCleanError(await bobB.post('/api/answers', { userId: alice.id, questionId: qid, optionId: 'no' }), 403);
    expect(await answersInDb(qid)).toEqual([]);
    expectCleanError(await aliceB.get(`/api/users/${alice.id}/answers/${qid}`), 404, 'Not answered');
    expectCleanError(await bobB.get(`/api/users/${bob.id}/answers/${qid}`), 404, 'Not answered');
    expect((await anonB.get(`/api/questions/${qid}/public-results`)).json.totalVotes).toBe(0);
  });

  it('unknown options and questions are refused with clean errors', async () => {
    const qid = await publishedQuestion();
    expectCleanError(await aliceB.post('/api/answers', { questionId: qid, optionId: 'maybe' }), 400);
    expectCleanError(await aliceB.post('/api/answers', { questionId: randomUUID(), optionId: 'yes' }), 404, 'Question not found');
    expectCleanError(await aliceB.post('/api/answers', { questionId: qid }), 400);
    expect(await answersInDb(qid)).toEqual([]);
  });
});

describe('GET /api/users/{id}/answers/{questionId}', () => {
  it('200 with the answer, 404 when not answered, 403 for someone else (admins may read), 401 signed out', async () => {
    const qid = await publishedQuestion();
    const posted = await aliceB.post('/api/answers', { questionId: qid, optionId: 'no' });
    expect(posted.status).toBe(201);

    const mine = await aliceB.get(`/api/users/${alice.id}/answers/${qid}`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual(posted.json);
    expectCleanError(await bobB.get(`/api/users/${bob.id}/answers/${qid}`), 404, 'Not answered');
    expectCleanError(await bobB.get(`/api/users/${alice.id}/answers/${qid}`), 403);
    expectCleanError(await anonB.get(`/api/users/${alice.id}/answers/${qid}`), 401);
    const asAdmin = await adminB.get(`/api/users/${alice.id}/answers/${qid}`);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(asAdmin.json.optionId).toBe('no');
  });
});

describe('GET /api/questions/{id}/public-results', () => {
  it('{results:[{optionId, percentage, votes}], totalVotes}, signed out too; a draft is 404', async () => {
    const qid = await publishedQuestion();
    const empty = await anonB.get(`/api/questions/${qid}/public-results`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toEqual({
      results: [
        { optionId: 'yes', percentage: 0, votes: 0 },
        { optionId: 'no', percentage: 0, votes: 0 },
      ],
      totalVotes: 0,
    });

    // Votes do not clear the cache (that would make every poll a miss during a burst); the cache is ≤ 1 s old, so
    // the new totals show within about a second.
    expect((await aliceB.post('/api/answers', { questionId: qid, optionId: 'yes' })).status).toBe(201);
    expect((await bobB.post('/api/answers', { questionId: qid, optionId: 'yes' })).status).toBe(201);
    const other = gw.browser();
    await signUp(other, uname('carol'));
    expect((await other.post('/api/answers', { questionId: qid, optionId: 'no' })).status).toBe(201);
    const votedAt = Date.now();
    const three = await until(async () => {
      const r = await anonB.get(`/api/questions/${qid}/public-results`);
      return r.json.totalVotes === 3 ? r : undefined;
    }, 3_000);
    expect(Date.now() - votedAt).toBeLessThan(1_300);
    expect(three.json).toEqual({
      results: [
        { optionId: 'yes', percentage: 66.7, votes: 2 },
        { optionId: 'no', percentage: 33.3, votes: 1 },
      ],
      totalVotes: 3,
    });

    const draft = await adminB.post('/api/admin/questions', {
      text: `A draft nobody sees ${randomUUID().slice(0, 6)}?`,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    expect(draft.status, draft.text).toBe(201);
    expectCleanError(await anonB.get(`/api/questions/${draft.json.id}/public-results`), 404);
    expectCleanError(await anonB.get(`/api/questions/not-a-uuid/public-results`), 400);
  });

  it('pollers revalidate: no-cache with an ETag, 304 without a body while unchanged, the new body once a vote lands', async () => {
    // What a browser sends when it revalidates its copy (fetch itself would add `no-cache` to a hand-made If-None-Match).
    const revalidate = (etag: string) => ({ headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    const qid = await publishedQuestion();
    const first = await anonB.get(`/api/questions/${qid}/public-results`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9_-]+"$/);

    const same = await anonB.get(`/api/questions/${qid}/public-results`, revalidate(etag!));
    expect(same.status).toBe(304);
    expect(same.text).toBe('');

    expect((await aliceB.post('/api/answers', { questionId: qid, optionId: 'no' })).status).toBe(201);
    const changed = await until(async () => {
      const r = await anonB.get(`/api/questions/${qid}/public-results`, revalidate(etag!));
      return r.status === 200 ? r : undefined;
    }, 3_000);
    expect(changed.json.totalVotes).toBe(1);
    expect(changed.headers.get('etag')).not.toBe(etag);

    // The public list revalidates the same way.
    const list = await anonB.get('/api/questions/public');
    expect(list.headers.get('cache-control')).toBe('no-cache');
    expect((await anonB.get('/api/questions/public', revalidate(list.headers.get('etag')!))).status).toBe(304);
  });

  it('is never staler than 1 s: votes recorded elsewhere (another gateway) show within ~1.2 s', async () => {
    const qid = await publishedQuestion();
    const totalNow = async () => (await anonB.get(`/api/questions/${qid}/public-results`)).json.totalVotes as number;
    for (let round = 1; round <= 3; round++) {
      expect(await totalNow()).toBe(round - 1); // primes this gateway's cache
      // A vote that does not pass through this gateway, so nothing clears its cache.
      await voting.submitAnswer({ questionId: qid, optionId: 'yes' }, { actor: { id: randomUUID(), isAdmin: false } });
      const votedAt = Date.now();
      let seen = -1;
      while (Date.now() - votedAt < 1_200) {
        seen = await totalNow();
        if (seen === round) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(seen, `round ${round}: new total not visible within 1.2 s`).toBe(round);
    }
  });
});

describe('GET /api/questions/{id}/results', () => {
  it('results with your answer and friendAnswers []; 403 for another userId; 401 signed out', async () => {
    const qid = await publishedQuestion();
    expect((await aliceB.post('/api/answers', { questionId: qid, optionId: 'yes' })).status).toBe(201);

    const mine = await aliceB.get(`/api/questions/${qid}/results?userId=${alice.id}`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual({
      results: [
        { optionId: 'yes', text: 'Yes', percentage: 100, votes: 1 },
        { optionId: 'no', text: 'No', percentage: 0, votes: 0 },
      ],
      totalVotes: 1,
      // Alice has no province: every province shows no answers.
      provinces: expect.arrayContaining([{ code: 'GP', name: 'Gauteng', totalVotes: 0, shown: false, results: [] }]),
      friendAnswers: [],
      userAnswer: { optionId: 'yes' },
    });
    expect(mine.json.provinces).toHaveLength(9);
    // Without userId: the signed-in user. Bob has not answered.
    expect((await aliceB.get(`/api/questions/${qid}/results`)).json.userAnswer).toEqual({ optionId: 'yes' });
    const bobs = await bobB.get(`/api/questions/${qid}/results?userId=${bob.id}`);
    expect(bobs.status, bobs.text).toBe(200);
    expect(bobs.json).toMatchObject({ totalVotes: 1, friendAnswers: [], userAnswer: null });

    expectCleanError(await bobB.get(`/api/questions/${qid}/results?userId=${alice.id}`), 403);
    expectCleanError(await anonB.get(`/api/questions/${qid}/results`), 401);
  });
});

describe('stats, history and the leaderboard', () => {
  it('/stats and /history: 401 signed out, 403 for another user, 200 for yourself (and admins); resolution shows', async () => {
    const u = gw.browser();
    const me = await signUp(u, uname('dineo'));
    for (const path of [`/api/users/${me.id}/stats`, `/api/users/${me.id}/history`]) {
      expectCleanError(await anonB.get(path), 401, 'Please sign in to continue');
      expectCleanError(await bobB.get(path), 403);
    }
    const before = await u.get(`/api/users/${me.id}/stats`);
    expect(before.status, before.text).toBe(200);
    expect(before.json).toEqual({ totalAnswers: 0, accuracy: 0, nationalRank: 0, streak: 0, resolvedThisMonth: 0, stats: { nationalRank: 0, accuracy: 0 } });
    expect((await u.get(`/api/users/${me.id}/history`)).json).toEqual([]);

    const qid = await publishedQuestion();
    expect((await u.post('/api/answers', { questionId: qid, optionId: 'yes' })).status).toBe(201);
    const pending = await u.get(`/api/users/${me.id}/history`);
    expect(pending.status, pending.text).toBe(200);
    expect(pending.json).toEqual([
      {
        questionId: qid,
        questionText: expect.stringMatching(/^Will Orlando Pirates win the cup/),
        submittedAt: expect.any(String),
        selectedOption: 'Yes',
        selectedOptionId: 'yes',
        isPending: true,
        isCorrect: false,
      },
    ]);

    const resolved = await adminB.put(`/api/admin/questions/${qid}/resolve`, { correctOptionId: 'yes' });
    expect(resolved.status, resolved.text).toBe(200);
    await system.projected(qid, (row) => !!row?.is_resolved);
    expect((await u.get(`/api/users/${me.id}/history`)).json[0]).toMatchObject({ questionId: qid, isPending: false, isCorrect: true });
    const after = await u.get(`/api/users/${me.id}/stats`);
    expect(after.json).toMatchObject({ totalAnswers: 1, accuracy: 100, nationalRank: 1, streak: 1, resolvedThisMonth: 1, stats: { nationalRank: 1, accuracy: 100 } });
    // Admins may read anyone's.
    const asAdmin = await adminB.get(`/api/users/${me.id}/stats`);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(asAdmin.json).toEqual(after.json);
    expect((await adminB.get(`/api/users/${me.id}/history`)).status).toBe(200);
  });

  it('GET /api/leaderboard: 401 signed out; 200 with summary, you and entries', async () => {
    expectCleanError(await anonB.get('/api/leaderboard'), 401, 'Please sign in to continue');

    const u = gw.browser();
    const me = await signUp(u, uname('kagiso'));
    const qid = await publishedQuestion();
    expect((await u.post('/api/answers', { questionId: qid, optionId: 'no' })).status).toBe(201);
    expect((await aliceB.post('/api/answers', { questionId: qid, optionId: 'yes' })).status).toBe(201);
    expect((await adminB.put(`/api/admin/questions/${qid}/resolve`, { correctOptionId: 'no' })).status).toBe(200);
    await system.projected(qid, (row) => !!row?.is_resolved);

    const res = await u.get('/api/leaderboard');
    expect(res.status, res.text).toBe(200);
    const board = res.json;
    const month = await voting.getLeaderboard({ userIds: [], limit: 50 }, { actor: { id: me.id, isAdmin: false } });
    expect(board.scope).toBe('national');
    expect(board.summary).toEqual({ players: month.players, questionsResolved: month.questionsResolved, yourAccuracy: 100 });
    expect(board.summary.players).toBeGreaterThanOrEqual(2);
    expect(board.summary.questionsResolved).toBeGreaterThanOrEqual(1);
    expect(board.you).toMatchObject({ userId: me.id, nationalRank: 1, friendsRank: null, accuracy: 100, correct: 1, resolved: 1, totalAnswers: 1, streak: 1 });
    expect(board.monthStart).toEqual(month.monthStart!.toISOString());
    // Sorted by correct, ranks shared by ties, with names from the directory.
    const entries = board.entries as { rank: number; userId: string; username: string; correct: number }[];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.map((e) => e.correct)).toEqual([...entries.map((e) => e.correct)].sort((a, b) => b - a));
    entries.forEach((e, i) => expect(e.rank).toBe(i > 0 && e.correct === entries[i - 1]!.correct ? entries[i - 1]!.rank : i + 1));
    expect(entries.find((e) => e.userId === me.id)).toMatchObject({ rank: 1, username: me.username, correct: 1, resolved: 1, answered: 1, accuracy: 100 });
    expect(entries.find((e) => e.userId === alice.id)).toMatchObject({ username: alice.username, correct: 0 });

    // The friends tab without friends: just you.
    const friends = await u.get('/api/leaderboard?scope=friends');
    expect(friends.status, friends.text).toBe(200);
    expect(friends.json.entries.map((e: { userId: string }) => e.userId)).toEqual([me.id]);
    expectCleanError(await u.get('/api/leaderboard?scope=galaxy'), 400);
  });
});

describe('ids in any case (issue 15, probe 7)', () => {
  /** gRPC calls this gateway made to a method, from its metrics port. */
  const calls = async (method: string) => {
    const text = await (await fetch(`http://127.0.0.1:${gw.gateway.metricsPort}/metrics`)).text();
    let n = 0;
    for (const line of text.split('\n')) if (line.startsWith('grpc_client_handling_seconds_count{') && line.includes(method)) n += Number(line.slice(line.lastIndexOf(' ') + 1));
    return n;
  };

  it('an upper-case question id gets the same results, the same cache entry, and votes and answers under the lower-case id', async () => {
    const qid = await publishedQuestion();
    const QID = qid.toUpperCase();
    const user = gw.browser();
    const me = await signUp(user, uname('upper'));
    const voted = await user.post('/api/answers', { questionId: QID, optionId: 'yes' });
    expect(voted.status, voted.text).toBe(201);
    expect(voted.json.questionId).toBe(qid);
    expect((await user.post('/api/answers', { userId: me.id.toUpperCase(), questionId: qid, optionId: 'yes' })).status).toBe(200);
    expect((await user.get(`/api/users/${me.id.toUpperCase()}/answers/${QID}`)).json).toMatchObject({ questionId: qid, optionId: 'yes' });

    const lower = await until(async () => {
      const r = await anonB.get(`/api/questions/${qid}/public-results`);
      return r.json?.totalVotes === 1 ? r : undefined;
    }, 3_000);
    // One cache entry for every spelling: three spellings read back to back load the question at most once (once
    // if the entry's second runs out in between); a cache keyed by the raw id would load it for each new spelling.
    const before = await calls('GetQuestion');
    for (const id of [qid, QID, `${qid.slice(0, 8).toUpperCase()}${qid.slice(8)}`]) {
      const r = await anonB.get(`/api/questions/${id}/public-results`);
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual(lower.json);
      expect(r.headers.get('etag')).toBe(lower.headers.get('etag'));
    }
    expect((await calls('GetQuestion')) - before).toBeLessThanOrEqual(1);
    const results = await user.get(`/api/questions/${QID}/results`);
    expect(results.status, results.text).toBe(200);
    expect(results.json.totalVotes).toBe(1);
  });
});
