// No figure reveals one person's answer: the attack is a friend (or anyone) who watches every per-person figure a
// viewer is shown — the friends board (answered, correct, resolved, accuracy, streak, rank, even the order of the
// rows), the viewer's own "Among Friends" rank, the friends feed, the results panel's and the question's friend
// answers — before and after a friend answers an open question. A friend with `hideUntilResolved` moves nothing
// until the question resolves; one with `nobody` moves nothing, ever. And the national boards (standings and
// calibration) name only players who opted in; everyone else counts in the totals and sees their own place alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBody } from '../api/helpers.js';
import { befriend } from '../api/social-helpers.js';
import { answer, asUser, setPrivacy } from './privacy-helpers.js';
import { startSystem, type SecUser, type System } from './system.js';

let sys: System;
// The viewer's friends: open (the default), patient (hideUntilResolved, some resolved answers), fresh
// (hideUntilResolved, no answer yet this month), hidden (nobody). quiet and loud are strangers to the viewer.
let viewer: SecUser;
let open: SecUser;
let patient: SecUser;
let fresh: SecUser; // also listed on the national board
let hidden: SecUser;
let quiet: SecUser; // never opts in to the national board
let loud: SecUser; // opts in
let resolvedQs: string[]; // three questions everyone but fresh answered, resolved "yes"
let openQ: string; // the question the friends answer while the viewer watches

async function resolve(questionId: string) {
  const res = await sys.admin.put(`/api/admin/questions/${questionId}/resolve`, resolveBody('yes'));
  expect(res.status, res.text).toBe(200);
  await sys.services.projected(questionId, (row) => !!row?.is_resolved);
}

type Entry = { userId: string; rank: number; correct: number; resolved: number; answered: number; accuracy: number; streak: number };
type Standings = { entries: Entry[]; you: Record<string, unknown>; summary: { players: number }; friendCount: number };

const board = async (who: SecUser, scope: 'friends' | 'national') => {
  const res = await who.b.get(`/api/leaderboard?scope=${scope}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Standings;
};

/**
 * Everything per-person about `friend` that the viewer is shown, on every route that shows a friend's figures or
 * answers. Totals that every vote moves (a question's national split, the number of players) are left out: they
 * are aggregates, not any one person's figure.
 */
async function seenOf(friend: SecUser) {
  const friends = await board(viewer, 'friends');
  const national = await board(viewer, 'national');
  const feed = await viewer.b.get('/api/feed/friends');
  expect(feed.status, feed.text).toBe(200);
  const perQuestion = [];
  for (const q of [...resolvedQs, openQ]) {
    const answers = await viewer.b.get(`/api/questions/${q}/friend-answers?userId=${viewer.id}`);
    const results = await viewer.b.get(`/api/questions/${q}/results?userId=${viewer.id}`);
    perQuestion.push({
      friendAnswers: (answers.json.friendAnswers as { userId: string }[]).filter((a) => a.userId === friend.id),
      panel: (results.json.friendAnswers as { friendId: string }[]).filter((a) => a.friendId === friend.id),
    });
  }
  const feedQs = feed.json.questions as { id: string; friendAnswers: { userId: string }[] }[];
  return {
    // The whole friends board: the friend's row, everyone's order and ranks, and the viewer's own standing.
    friendsBoard: friends.entries.map((e) => ({ ...e })),
    amongFriends: friends.you.friendsRank,
    nationalRow: national.entries.find((e) => e.userId === friend.id) ?? null,
    feedQuestions: feedQs.map((q) => q.id),
    feedAnswers: feedQs.map((q) => q.friendAnswers.filter((a) => a.userId === friend.id)),
    perQuestion,
  };
}

beforeAll(async () => {
  sys = await startSystem();
  [viewer, open, patient, fresh, hidden, quiet, loud] = await Promise.all(
    ['Viewer', 'Open', 'Patient', 'Fresh', 'Hidden', 'Quiet', 'Loud'].map((s) => sys.user(s, true)),
  ) as [SecUser, SecUser, SecUser, SecUser, SecUser, SecUser, SecUser];
  for (const f of [open, patient, fresh, hidden]) await befriend(asUser(viewer), asUser(f));
  await setPrivacy(patient, { hideUntilResolved: true, listOnNationalBoard: true });
  await setPrivacy(fresh, { hideUntilResolved: true, listOnNationalBoard: true });
  await setPrivacy(hidden, { answerVisibility: 'nobody', listOnNationalBoard: true });
  for (const u of [open, loud]) await setPrivacy(u, { listOnNationalBoard: true });
  resolvedQs = [await sys.publishQuestion(), await sys.publishQuestion(), await sys.publishQuestion()];
  openQ = await sys.publishQuestion();
  for (const q of resolvedQs) {
    for (const u of [viewer, open, patient, hidden, quiet, loud]) await answer(u, q, u === quiet ? 'no' : 'yes');
    await resolve(q);
  }
}, 180_000);

afterAll(async () => {
  await sys?.stop();
});

describe('a friend answers an open question while the viewer watches', () => {
  it('the watch itself works: an open friend’s answer moves their figures, their feed entry and the question’s friend answers', async () => {
    const before = await seenOf(open);
    await answer(open, openQ, 'no');
    const after = await seenOf(open);
    expect(after).not.toEqual(before);
    expect(after.friendsBoard.find((e) => e.userId === open.id)!.answered).toBe(before.friendsBoard.find((e) => e.userId === open.id)!.answered + 1);
    expect(after.perQuestion.at(-1)!.friendAnswers).toHaveLength(1);
  });

  it('hideUntilResolved (with resolved answers): nothing the viewer sees moves', async () => {
    const before = await seenOf(patient);
    expect(before.friendsBoard.find((e) => e.userId === patient.id)).toMatchObject({ answered: 3, resolved: 3, correct: 3, accuracy: 100, streak: 1 });
    await answer(patient, openQ, 'no');
    expect(await seenOf(patient)).toEqual(before);
    // The patient themselves sees their whole count.
    expect((await board(patient, 'friends')).entries.find((e) => e.userId === patient.id)).toMatchObject({ answered: 4, resolved: 3 });
  });

  it('hideUntilResolved (first answer of the month): no row appears, no place changes, no streak starts', async () => {
    const before = await seenOf(fresh);
    expect(before.friendsBoard.find((e) => e.userId === fresh.id)).toMatchObject({ answered: 0, resolved: 0, correct: 0, streak: 0 });
    // Listed nationally, but with nothing resolved this month: not on the national board before, nor after.
    expect(before.nationalRow).toBeNull();
    await answer(fresh, openQ, 'no');
    expect(await seenOf(fresh)).toEqual(before);
    expect((await board(fresh, 'friends')).you).toMatchObject({ totalAnswers: 1, streak: 1 });
  });

  it('nobody: the friend is on no board of the viewer’s, and their answer moves nothing', async () => {
    const before = await seenOf(hidden);
    expect(before.friendsBoard.map((e) => e.userId)).not.toContain(hidden.id);
    expect(before.nationalRow).toBeNull();
    await answer(hidden, openQ, 'no');
    expect(await seenOf(hidden)).toEqual(before);
    for (const path of ['/api/leaderboard?scope=friends', '/api/leaderboard?scope=national', '/api/leaderboard?scope=calibration', '/api/feed/friends']) {
      const res = await viewer.b.get(path);
      expect(res.text, path).not.toContain(hidden.id);
      expect(res.text, path).not.toContain(hidden.username);
    }
  });

  it('once the question resolves, hideUntilResolved shows it; nobody still shows nothing', async () => {
    const hiddenBefore = await seenOf(hidden);
    const patientBefore = await seenOf(patient);
    await resolve(openQ);
    const patientAfter = await seenOf(patient);
    expect(patientAfter.friendsBoard.find((e) => e.userId === patient.id)).toMatchObject({ answered: 4, resolved: 4, correct: 3, accuracy: 75 });
    expect(patientAfter.perQuestion.at(-1)!.friendAnswers).toHaveLength(1);
    expect(patientAfter).not.toEqual(patientBefore);
    const freshRow = (await seenOf(fresh)).friendsBoard.find((e) => e.userId === fresh.id);
    expect(freshRow).toMatchObject({ answered: 1, resolved: 1, correct: 0, streak: 1 });
    const hiddenAfter = await seenOf(hidden);
    // The viewer's own place among friends may change (others' answers resolved), but nothing of hidden's shows.
    expect(hiddenAfter.friendsBoard.map((e) => e.userId)).not.toContain(hidden.id);
    expect(hiddenAfter.perQuestion).toEqual(hiddenBefore.perQuestion);
    expect(hiddenAfter.feedAnswers.flat()).toEqual([]);
  });
});

describe('the national boards name only players who opted in', () => {
  it('standings: opted-in players by name (not `nobody` ones); the rest count in the totals and leave a gap', async () => {
    const national = await board(loud, 'national');
    // fresh is listed since their first answer resolved (their row appeared only then).
    expect(national.entries.map((e) => e.userId).sort()).toEqual([open.id, patient.id, fresh.id, loud.id].sort());
    expect(national.you).toMatchObject({ listedNationally: true });
    expect(national.summary.players).toBe(7);
    // Ranks stay national: quiet, viewer and hidden are counted, so ranks are not 1, 2, 3 when they score.
    const quietStats = await quiet.b.get(`/api/users/${quiet.id}/stats`);
    expect(quietStats.json.nationalRank).toBeGreaterThan(1);
    const text = (await loud.b.get('/api/leaderboard?scope=national')).text;
    for (const u of [quiet, viewer, hidden]) expect(text).not.toContain(u.username);
  });

  it('someone who did not opt in sees their own place, privately, and is told they are not listed', async () => {
    const mine = await board(quiet, 'national');
    const own = mine.entries.find((e) => e.userId === quiet.id);
    expect(own).toBeDefined();
    expect(mine.you).toMatchObject({ listedNationally: false });
    expect(own!.rank).toBe(mine.you.nationalRank);
    expect(mine.entries.map((e) => e.userId).sort()).toEqual([open.id, patient.id, fresh.id, loud.id, quiet.id].sort());
    // `nobody` wins over the opt-in: hidden is told they are not listed, and sees themselves.
    const theirs = await board(hidden, 'national');
    expect(theirs.you).toMatchObject({ listedNationally: false });
    expect(theirs.entries.map((e) => e.userId)).toContain(hidden.id);
  });

  it('the calibration board too', async () => {
    const res = await quiet.b.get('/api/leaderboard?scope=calibration');
    expect(res.status, res.text).toBe(200);
    const ids = (res.json.entries as { userId: string }[]).map((e) => e.userId).sort();
    // Everyone but fresh has at least 3 resolved answers; only the opted-in (and quiet themselves) are named.
    expect(ids).toEqual([open.id, patient.id, loud.id, quiet.id].sort());
    expect(res.json.you).toMatchObject({ userId: quiet.id });
  });

  it('opting in and out takes effect at once', async () => {
    expect(await setPrivacy(quiet, { listOnNationalBoard: true })).toMatchObject({ listOnNationalBoard: true, answerVisibility: 'friends' });
    expect((await board(loud, 'national')).entries.map((e) => e.userId)).toContain(quiet.id);
    await setPrivacy(quiet, { listOnNationalBoard: false });
    expect((await board(loud, 'national')).entries.map((e) => e.userId)).not.toContain(quiet.id);
    const bad = await quiet.b.put(`/api/users/${quiet.id}/privacy`, { listOnNationalBoard: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/listOnNationalBoard/);
  });
});
