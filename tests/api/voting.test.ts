import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectCleanError, signUp, uname, until } from './helpers.js';
import { gw, adminB, aliceB, bobB, anonB, alice, bob, publishedQuestion, answersInDb, useVotingStack } from './voting-setup.js';

/** Answers end to end (the stack: ./voting-setup.ts). */
useVotingStack();

describe('POST /api/answers', () => {
  it('201 on the first answer, 200 and the same answer on an identical resubmit, 409 for a different option', async () => {
    const qid = await publishedQuestion();
    expectCleanError(await anonB.post('/api/answers', { questionId: qid, optionId: 'yes' }), 401, 'Please sign in to continue');

    const first = await aliceB.post('/api/answers', { questionId: qid, optionId: 'yes' });
    expect(first.status, first.text).toBe(201);
    // The question's figures come with the answer once the gateway has heard some; none before its first answer.
    const { results: firstFigures, ...firstAnswer } = first.json;
    expect(firstAnswer).toEqual({ id: expect.any(String), userId: alice.id, questionId: qid, optionId: 'yes', confidence: 75, submittedAt: expect.any(String) });
    expect(firstFigures).toBeNull();

    const again = await aliceB.post('/api/answers', { userId: alice.id, questionId: qid, optionId: 'yes' });
    expect(again.status, again.text).toBe(200);
    const { results: _figures, ...againAnswer } = again.json;
    expect(againAnswer).toEqual(firstAnswer);

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
    const { results: _figures, ...answer } = posted.json;
    expect(mine.json).toEqual(answer);
    expectCleanError(await bobB.get(`/api/users/${bob.id}/answers/${qid}`), 404, 'Not answered');
    expectCleanError(await bobB.get(`/api/users/${alice.id}/answers/${qid}`), 403);
    expectCleanError(await anonB.get(`/api/users/${alice.id}/answers/${qid}`), 401);
    const asAdmin = await adminB.get(`/api/users/${alice.id}/answers/${qid}`);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(asAdmin.json.optionId).toBe('no');
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
        { optionId: 'yes', optionText: 'Yes', percentage: 100, votes: 1 },
        { optionId: 'no', optionText: 'No', percentage: 0, votes: 0 },
      ],
      totalVotes: 1,
      // Alice has no province: every province is withheld, with no number at all.
      provinces: expect.arrayContaining([{ code: 'GP', name: 'Gauteng', totalVotes: null, shown: false, results: [] }]),
      friendAnswers: [],
      userAnswer: { optionId: 'yes', confidence: 75 },
    });
    expect(mine.json.provinces).toHaveLength(9);
    // Without userId: the signed-in user. Bob has not answered.
    expect((await aliceB.get(`/api/questions/${qid}/results`)).json.userAnswer).toEqual({ optionId: 'yes', confidence: 75 });
    const bobs = await bobB.get(`/api/questions/${qid}/results?userId=${bob.id}`);
    expect(bobs.status, bobs.text).toBe(200);
    expect(bobs.json).toMatchObject({ totalVotes: 1, friendAnswers: [], userAnswer: null });

    expectCleanError(await bobB.get(`/api/questions/${qid}/results?userId=${alice.id}`), 403);
    expectCleanError(await anonB.get(`/api/questions/${qid}/results`), 401);
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
