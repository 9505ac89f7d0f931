import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectCleanError, signUp, uname, until, resolveBody } from './helpers.js';
import { system, gw, voting, adminB, aliceB, bobB, anonB, alice, publishedQuestion, useVotingStack } from './voting-setup.js';

/** Public results, stats, history and the leaderboard end to end (the stack: ./voting-setup.ts). */
useVotingStack();

describe('GET /api/questions/{id}/public-results', () => {
  it('{results:[{optionId, optionText, percentage, votes}], totalVotes}, signed out too; a draft is 404', async () => {
    const qid = await publishedQuestion();
    const empty = await anonB.get(`/api/questions/${qid}/public-results`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toEqual({
      results: [
        { optionId: 'yes', optionText: 'Yes', percentage: 0, votes: 0 },
        { optionId: 'no', optionText: 'No', percentage: 0, votes: 0 },
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
        { optionId: 'yes', optionText: 'Yes', percentage: 66.7, votes: 2 },
        { optionId: 'no', optionText: 'No', percentage: 33.3, votes: 1 },
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
    expect(before.json).toEqual({
      totalAnswers: 0,
      accuracy: 0,
      nationalRank: 0,
      streak: 0,
      resolvedThisMonth: 0,
      rankReason: 'noResolvedThisMonth',
      stats: { nationalRank: 0, accuracy: 0 },
    });
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
        confidence: 75,
      },
    ]);

    const resolved = await adminB.put(`/api/admin/questions/${qid}/resolve`, resolveBody('yes'));
    expect(resolved.status, resolved.text).toBe(200);
    await system.projected(qid, (row) => !!row?.is_resolved);
    expect((await u.get(`/api/users/${me.id}/history`)).json[0]).toMatchObject({ questionId: qid, isPending: false, isCorrect: true });
    const after = await u.get(`/api/users/${me.id}/stats`);
    expect(after.json).toMatchObject({ totalAnswers: 1, accuracy: 100, nationalRank: 1, streak: 1, resolvedThisMonth: 1, rankReason: null, stats: { nationalRank: 1, accuracy: 100 } });
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
    // Alice agrees to appear on the national board by name (off by default); the new user does not.
    expect((await aliceB.put(`/api/users/${alice.id}/privacy`, { listOnNationalBoard: true })).status).toBe(200);
    expect((await adminB.put(`/api/admin/questions/${qid}/resolve`, resolveBody('no'))).status).toBe(200);
    await system.projected(qid, (row) => !!row?.is_resolved);

    const res = await u.get('/api/leaderboard');
    expect(res.status, res.text).toBe(200);
    const board = res.json;
    const month = await voting.getLeaderboard({ userIds: [], limit: 50 }, { actor: { id: me.id, isAdmin: false } });
    expect(board.scope).toBe('national');
    expect(board.summary).toEqual({ players: month.players, questionsResolved: month.questionsResolved, yourAccuracy: 100 });
    expect(board.summary.players).toBeGreaterThanOrEqual(2);
    expect(board.summary.questionsResolved).toBeGreaterThanOrEqual(1);
    expect(board.you).toMatchObject({ userId: me.id, nationalRank: 1, friendsRank: null, accuracy: 100, correct: 1, resolved: 1, totalAnswers: 1, streak: 1, listedNationally: false });
    expect(board.monthStart).toEqual(month.monthStart!.toISOString());
    // Sorted by correct, ranks shared by ties, with names from the directory.
    const entries = board.entries as { rank: number; userId: string; username: string; correct: number }[];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.map((e) => e.correct)).toEqual([...entries.map((e) => e.correct)].sort((a, b) => b - a));
    // Ranks are national: players not listed by name still count, so a rank may skip past them (never below i + 1).
    entries.forEach((e, i) => {
      if (i > 0 && e.correct === entries[i - 1]!.correct) expect(e.rank).toBe(entries[i - 1]!.rank);
      else expect(e.rank).toBeGreaterThanOrEqual(i + 1);
    });
    expect(entries.find((e) => e.userId === me.id)).toMatchObject({ rank: 1, username: me.username, correct: 1, resolved: 1, answered: 1, accuracy: 100 });
    expect(entries.find((e) => e.userId === alice.id)).toMatchObject({ username: alice.username, correct: 0 });

    // The friends tab without friends: just you.
    const friends = await u.get('/api/leaderboard?scope=friends');
    expect(friends.status, friends.text).toBe(200);
    expect(friends.json.entries.map((e: { userId: string }) => e.userId)).toEqual([me.id]);
    expectCleanError(await u.get('/api/leaderboard?scope=galaxy'), 400);
  });
});
