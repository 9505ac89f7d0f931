import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@mzansi/kit/testing';
import { postQuestion, publishQuestionAs, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser, resolveBody } from './helpers.js';
import { befriend, newUser, type User } from './social-helpers.js';

/**
 * One definition of rank on every screen (leaderboard, results card, profile): competition ranking (1, 2, 2, 4) by
 * correct answers this SAST month, computed by voting and only carried by the gateway; a player with nothing resolved
 * this month has no rank (null / 0) and the reason. And the confidence a player chose comes back with their answer in
 * the results and in their history. Questions and voting run on an injected clock across a SAST month boundary.
 */
const clock = manualClock('2026-05-31T21:00:00.000Z'); // 23:00 SAST, 31 May
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
let a: User, b: User, c: User, d: User, e: User;

beforeAll(async () => {
  system = await startServicesForTest({ clock: clock.now });
  gw = await startGatewayForTest(system.identityAddress, system.gatewayEnv);
  admin = await signInAdmin(gw);
  [a, b, c, d, e] = (await Promise.all(['abel', 'bongi', 'carel', 'dineo', 'enoch'].map((n) => newUser(gw.browser(), uname(n), admin)))) as [User, User, User, User, User];
  // a's friends: b and e (the friends board ranks exactly them and a).
  await befriend(a, b);
  await befriend(e, a);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function question(): Promise<string> {
  const id = (await postQuestion(admin, { text: `Will the rand strengthen ${randomUUID().slice(0, 6)}?` })).json.id as string;
  await publishQuestionAs(admin, id);
  await system.projected(id);
  return id;
}

async function vote(u: User, questionId: string, optionId: string, confidence?: number) {
  const res = await u.b.post('/api/answers', { questionId, optionId, ...(confidence === undefined ? {} : { confidence }) });
  expect(res.status, res.text).toBe(201);
}

async function resolve(questionId: string, correctOptionId: string) {
  const res = await admin.put(`/api/admin/questions/${questionId}/resolve`, resolveBody(correctOptionId));
  expect(res.status, res.text).toBe(200);
  await system.projected(questionId, (row) => !!row?.is_resolved);
}

/** The rank a player sees on each screen: profile (stats), national leaderboard, friends leaderboard (results card). */
async function ranksOf(u: User) {
  const [stats, national, friends] = await Promise.all([u.b.get(`/api/users/${u.id}/stats`), u.b.get('/api/leaderboard'), u.b.get('/api/leaderboard?scope=friends')]);
  for (const r of [stats, national, friends]) expect(r.status, r.text).toBe(200);
  return {
    profile: { rank: stats.json.nationalRank || null, reason: stats.json.rankReason },
    leaderboard: { rank: national.json.you.nationalRank, reason: national.json.you.rankReason },
    friendsCard: { rank: friends.json.you.nationalRank, reason: friends.json.you.rankReason },
    amongFriends: friends.json.you.friendsRank as number | null,
    friendsEntries: (friends.json.entries as { userId: string; rank: number | null }[]).map((x) => [x.userId, x.rank]),
    nationalEntry: (national.json.entries as { userId: string; rank: number | null }[]).find((x) => x.userId === u.id)?.rank,
  };
}

const same = (rank: number | null, reason: string | null) => ({ rank, reason });

describe('rank: one definition on every screen', () => {
  let may: string;

  it('May (SAST): e answers at 23:30 SAST on the 31st and the question resolves — e is #1 of May', async () => {
    may = await question();
    clock.set('2026-05-31T21:30:00.000Z'); // 23:30 SAST, still May
    await vote(e, may, 'yes', 90);
    clock.set('2026-05-31T21:50:00.000Z');
    await resolve(may, 'yes');
    clock.set('2026-05-31T21:59:59.000Z');
    const r = await ranksOf(e);
    expect([r.profile, r.leaderboard, r.friendsCard]).toEqual([same(1, null), same(1, null), same(1, null)]);
    // a and b answered nothing in May: unranked among friends, after e.
    expect(r.friendsEntries).toEqual([
      [e.id, 1],
      [a.id, null],
    ]);
  });

  it('at 00:00 SAST on 1 June the month turns: nothing resolved this month → no rank and the reason, alike everywhere', async () => {
    clock.set('2026-05-31T22:00:00.000Z'); // 00:00 SAST, 1 June
    for (const u of [e, a]) {
      const r = await ranksOf(u);
      expect([r.profile, r.leaderboard, r.friendsCard]).toEqual([same(null, 'noResolvedThisMonth'), same(null, 'noResolvedThisMonth'), same(null, 'noResolvedThisMonth')]);
      expect(r.amongFriends).toBeNull();
    }
    const stats = await e.b.get(`/api/users/${e.id}/stats`);
    expect(stats.json).toMatchObject({ nationalRank: 0, rankReason: 'noResolvedThisMonth', stats: { nationalRank: 0 } });
  });

  it('June: ties share a rank and the next rank skips (1, 2, 2, 4); the unranked stay "—" with the reason', async () => {
    clock.set('2026-06-01T06:00:00.000Z');
    const [q1, q2, open] = [await question(), await question(), await question()];
    // a: 2 correct; b, c: 1 correct each; d: 0 correct of 2 resolved; e: only an open question.
    for (const [u, o1, o2] of [
      [a, 'yes', 'yes'],
      [b, 'yes', 'no'],
      [c, 'no', 'yes'],
      [d, 'no', 'no'],
    ] as const) {
      await vote(u, q1, o1);
      await vote(u, q2, o2);
    }
    await vote(e, open, 'no', 60);
    await resolve(q1, 'yes');
    await resolve(q2, 'yes');

    const expected = new Map([
      [a, 1],
      [b, 2],
      [c, 2],
      [d, 4],
    ]);
    for (const [u, rank] of expected) {
      const r = await ranksOf(u);
      expect([r.profile, r.leaderboard, r.friendsCard], u.username).toEqual([same(rank, null), same(rank, null), same(rank, null)]);
    }
    // e: answered this month, but nothing of theirs resolved.
    const er = await ranksOf(e);
    expect([er.profile, er.leaderboard, er.friendsCard]).toEqual([same(null, 'noResolvedThisMonth'), same(null, 'noResolvedThisMonth'), same(null, 'noResolvedThisMonth')]);

    // Among friends (a, b, e), by the same rule: a 1, b 2, e unranked.
    const ar = await ranksOf(a);
    expect(ar.amongFriends).toBe(1);
    expect(ar.friendsEntries).toEqual([
      [a.id, 1],
      [b.id, 2],
      [e.id, null],
    ]);
    expect((await ranksOf(b)).amongFriends).toBe(2);
    expect(er.amongFriends).toBeNull();
    // The national board's row for a player carries the same rank as their own screens.
    expect(ar.nationalEntry).toBe(1);
  });
});

describe('confidence comes back', () => {
  it('in the results (userAnswer) and in history, as chosen; 75 when not chosen', async () => {
    clock.set('2026-06-02T06:00:00.000Z');
    const q = await question();
    await vote(b, q, 'no', 83);
    const results = await b.b.get(`/api/questions/${q}/results`);
    expect(results.status, results.text).toBe(200);
    expect(results.json.userAnswer).toEqual({ optionId: 'no', confidence: 83 });
    const history = await b.b.get(`/api/users/${b.id}/history`);
    expect(history.status, history.text).toBe(200);
    const byQuestion = new Map((history.json as { questionId: string; confidence: number; selectedOptionId: string }[]).map((h) => [h.questionId, h]));
    expect(byQuestion.get(q)).toMatchObject({ selectedOptionId: 'no', confidence: 83, isPending: true });
    // b's June answers gave no confidence: the default.
    expect([...byQuestion.values()].filter((h) => h.questionId !== q).map((h) => h.confidence)).toEqual([75, 75]);
    // e's May answer at 90 shows in e's history.
    const eh = await e.b.get(`/api/users/${e.id}/history`);
    expect((eh.json as { confidence: number; isCorrect: boolean }[]).map((h) => h.confidence).sort()).toEqual([60, 90]);
    // Another player's results never carry b's answer.
    expect((await c.b.get(`/api/questions/${q}/results`)).json.userAnswer).toBeNull();
  });
});
