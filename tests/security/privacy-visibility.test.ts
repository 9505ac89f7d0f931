// "Who sees my answers". `answerVisibility: nobody` and `hideUntilResolved` hold on every route that shows
// friends' answers (friend answers on a question, results panels' friends section, the friends feed, the friends
// and national leaderboards), before and after the question resolves; the public sees aggregates only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBody } from '../api/helpers.js';
import { befriend } from '../api/social-helpers.js';
import { answer, asUser, setPrivacy } from './privacy-helpers.js';
import { startSystem, type SecUser, type System } from './system.js';

let sys: System;
// The viewer and her friends: open (the default), hidden (nobody), patient (hideUntilResolved). stranger is no friend.
let viewer: SecUser;
let open: SecUser;
let hidden: SecUser;
let patient: SecUser;
let stranger: SecUser;
let resolved: string; // answered by all, resolves "yes" half-way
let pending: string; // answered by all, stays open
let onlyHidden: string; // answered by `hidden` alone
let onlyPatient: string; // answered by `patient` alone, stays open

beforeAll(async () => {
  sys = await startSystem();
  [viewer, open, hidden, patient, stranger] = (await Promise.all(['Viewer', 'Open', 'Hidden', 'Patient', 'Stranger'].map((s) => sys.user(s, true)))) as [
    SecUser,
    SecUser,
    SecUser,
    SecUser,
    SecUser,
  ];
  for (const f of [open, hidden, patient]) await befriend(asUser(viewer), asUser(f));
  // All five agree to appear on the national board (off by default; board-privacy.test.ts covers who has not).
  for (const u of [viewer, open, hidden, patient, stranger]) await setPrivacy(u, { listOnNationalBoard: true });
  await setPrivacy(hidden, { answerVisibility: 'nobody' });
  await setPrivacy(patient, { hideUntilResolved: true });
  [resolved, pending, onlyHidden, onlyPatient] = [await sys.publishQuestion(), await sys.publishQuestion(), await sys.publishQuestion(), await sys.publishQuestion()];
  for (const u of [viewer, open, hidden, patient, stranger]) {
    await answer(u, resolved, 'yes');
    await answer(u, pending, 'no');
  }
  await answer(hidden, onlyHidden, 'yes');
  await answer(patient, onlyPatient, 'no');
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

/** Who appears with an answer to `questionId`, on each route that shows friends' answers, for `who`. */
async function friendsShownOn(questionId: string, who = viewer) {
  const names = (ids: string[]) => ids.map((id) => [open, hidden, patient, stranger, viewer].find((u) => u.id === id)?.username ?? id).sort();
  const answers = await who.b.get(`/api/questions/${questionId}/friend-answers?userId=${who.id}`);
  const results = await who.b.get(`/api/questions/${questionId}/results?userId=${who.id}`);
  const feed = await who.b.get('/api/feed/friends');
  for (const r of [answers, results, feed]) expect(r.status, r.text).toBe(200);
  const inFeed = (feed.json.questions as { id: string; friendAnswers: { userId: string }[] }[]).find((q) => q.id === questionId);
  return {
    friendAnswers: names(answers.json.friendAnswers.map((a: { userId: string }) => a.userId)),
    resultsPanel: names(results.json.friendAnswers.map((a: { friendId: string }) => a.friendId)),
    feed: inFeed ? names(inFeed.friendAnswers.map((a) => a.userId)) : null,
    totalVotes: results.json.totalVotes as number,
  };
}

const boardOf = async (who: SecUser, scope: 'friends' | 'national') => {
  const res = await who.b.get(`/api/leaderboard?scope=${scope}`);
  expect(res.status, res.text).toBe(200);
  return res.json as { entries: { userId: string; rank: number; correct: number }[]; friendCount: number; you: { friendsRank: number | null }; summary: { players: number } };
};

/** No route that shows friends' answers carries any trace of `u` for the viewer. */
async function noTraceOf(u: SecUser, questionIds: string[]) {
  const bodies = [
    ...(await Promise.all(
      questionIds.flatMap((q) => [viewer.b.get(`/api/questions/${q}/friend-answers?userId=${viewer.id}`), viewer.b.get(`/api/questions/${q}/results?userId=${viewer.id}`)]),
    )),
    await viewer.b.get('/api/feed/friends'),
  ].map((r) => r.text);
  for (const body of bodies) {
    expect(body).not.toContain(u.id);
    expect(body).not.toContain(u.username);
  }
}

describe('before the question resolves', () => {
  it('friend answers, results panels and the feed show only the open friend; the counts still hold every vote', async () => {
    for (const q of [resolved, pending]) {
      expect(await friendsShownOn(q)).toEqual({ friendAnswers: [open.username], resultsPanel: [open.username], feed: [open.username], totalVotes: 5 });
    }
    await noTraceOf(hidden, [resolved, pending, onlyHidden]);
    await noTraceOf(patient, [resolved, pending, onlyPatient]);
  });

  it('a question answered only by hidden friends does not appear in the friends feed at all', async () => {
    expect((await friendsShownOn(onlyHidden)).feed).toBeNull();
    expect((await friendsShownOn(onlyPatient)).feed).toBeNull();
  });

  it('the friends board leaves the `nobody` friend out and ranks among the rest; the national board leaves them out too', async () => {
    const friends = await boardOf(viewer, 'friends');
    expect(friends.entries.map((e) => e.userId).sort()).toEqual([viewer.id, open.id, patient.id].sort());
    expect(friends.friendCount).toBe(3);
    const national = await boardOf(viewer, 'national');
    expect(national.entries.map((e) => e.userId)).not.toContain(hidden.id);
    expect(national.entries.map((e) => e.userId)).toEqual(expect.arrayContaining([viewer.id, open.id, stranger.id]));
    // hideUntilResolved: with nothing of theirs resolved yet, their row would tell that they answered.
    expect(national.entries.map((e) => e.userId)).not.toContain(patient.id);
  });

  it('the owners themselves still see their own answers and standing', async () => {
    expect((await hidden.b.get(`/api/users/${hidden.id}/answers/${pending}`)).json.optionId).toBe('no');
    expect((await boardOf(hidden, 'friends')).entries.map((e) => e.userId).sort()).toEqual([hidden.id, viewer.id].sort());
    expect((await boardOf(hidden, 'national')).entries.map((e) => e.userId)).toContain(hidden.id);
    expect((await patient.b.get(`/api/users/${patient.id}/history`)).json.map((h: { questionId: string }) => h.questionId)).toContain(onlyPatient);
  });

  it('the public sees aggregates only', async () => {
    const anon = sys.browser();
    const pub = await anon.get(`/api/questions/${pending}/public-results`);
    expect(pub.json.totalVotes).toBe(5);
    for (const path of ['/api/questions/public', '/api/questions/today', `/api/questions/${pending}/public-results`, '/api/comments/public']) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(200);
      for (const u of [viewer, open, hidden, patient, stranger]) expect(res.text, path).not.toContain(u.id);
    }
    // Friend answers and leaderboards need a session.
    expect((await anon.get(`/api/questions/${pending}/friend-answers?userId=${viewer.id}`)).status).toBe(401);
    expect((await anon.get('/api/feed/friends')).status).toBe(401);
    expect((await anon.get('/api/leaderboard?scope=friends')).status).toBe(401);
  });
});

describe('after the question resolves', () => {
  beforeAll(async () => {
    const res = await sys.admin.put(`/api/admin/questions/${resolved}/resolve`, resolveBody('yes'));
    expect(res.status, res.text).toBe(200);
    await sys.services.projected(resolved, (row) => !!row?.is_resolved);
  });

  it('hideUntilResolved: the resolved answer shows on every route; the open question still hides it', async () => {
    expect(await friendsShownOn(resolved)).toEqual({
      friendAnswers: [open.username, patient.username].sort(),
      resultsPanel: [open.username, patient.username].sort(),
      feed: [open.username, patient.username].sort(),
      totalVotes: 5,
    });
    expect(await friendsShownOn(pending)).toMatchObject({ friendAnswers: [open.username], resultsPanel: [open.username], feed: [open.username] });
    expect((await friendsShownOn(onlyPatient)).feed).toBeNull();
  });

  it('nobody: still nothing, anywhere, and still off both boards (with a score now)', async () => {
    await noTraceOf(hidden, [resolved, pending, onlyHidden]);
    const friends = await boardOf(viewer, 'friends');
    expect(friends.entries.map((e) => e.userId).sort()).toEqual([viewer.id, open.id, patient.id].sort());
    expect(friends.entries.every((e) => e.rank === 1 && e.correct === 1)).toBe(true);
    expect(friends.you.friendsRank).toBe(1);
    expect((await boardOf(viewer, 'national')).entries.map((e) => e.userId)).not.toContain(hidden.id);
    // hideUntilResolved, with an answer resolved now: on the national board.
    expect((await boardOf(viewer, 'national')).entries.map((e) => e.userId)).toContain(patient.id);
    // The aggregate still counts them.
    expect((await boardOf(viewer, 'national')).summary.players).toBe(5);
  });

  it('the setting takes effect at once, both ways (nothing is cached)', async () => {
    await setPrivacy(hidden, { answerVisibility: 'friends' });
    expect((await friendsShownOn(pending)).friendAnswers).toEqual([open.username, hidden.username].sort());
    expect((await boardOf(viewer, 'friends')).entries.map((e) => e.userId)).toContain(hidden.id);
    await setPrivacy(open, { answerVisibility: 'nobody' });
    // All five agree to appear on the national board (off by default; board-privacy.test.ts covers who has not).
  for (const u of [viewer, open, hidden, patient, stranger]) await setPrivacy(u, { listOnNationalBoard: true });
  await setPrivacy(hidden, { answerVisibility: 'nobody' });
    expect(await friendsShownOn(resolved)).toMatchObject({ friendAnswers: [patient.username], resultsPanel: [patient.username], feed: [patient.username] });
    await noTraceOf(open, [pending]);
    expect((await friendsShownOn(pending)).feed).toBeNull();
    expect((await boardOf(viewer, 'friends')).entries.map((e) => e.userId).sort()).toEqual([viewer.id, patient.id].sort());
  });
});
