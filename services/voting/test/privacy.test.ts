import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { AnswerVisibility } from '@mzansi/proto/voting/v1/voting';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { figuresView, mayListNationally, mayViewAnswer, privacyOrDefault } from '../src/domain/privacy.js';
import { admin, idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * Who sees my answers (PRODUCT.md "Privacy"): voting keeps each user's answer privacy and filters every
 * read of someone else's answers (GetAnswersByUsers) and standing (GetLeaderboard) with it, so no caller can leak.
 */
let h: Harness;
const clock = manualClock('2026-03-05T06:00:00.000Z');
const { ANSWER_VISIBILITY_FRIENDS: FRIENDS, ANSWER_VISIBILITY_NOBODY: NOBODY, ANSWER_VISIBILITY_UNSPECIFIED: UNCHANGED } = AnswerVisibility;

// viewer looks at open (default), hidden (nobody) and patient (hideUntilResolved).
const [viewer, open, hidden, patient] = [user(), user(), user(), user()];
let q1: TestQuestion;
let q2: TestQuestion;

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
  q1 = await h.createPublished();
  q2 = await h.createPublished();
  clock.set('2026-03-05T09:00:00.000Z');
  for (const u of [viewer, open, hidden, patient]) {
    await h.answer(u, q1.id, 'yes');
    await h.answer(u, q2.id, u === open ? 'no' : 'yes');
  }
  await h.v.updatePrivacy({ answerVisibility: NOBODY }, hidden);
  await h.v.updatePrivacy({ answerVisibility: UNCHANGED, hideUntilResolved: true }, patient);
});

afterAll(async () => {
  await h?.cleanup();
});

const friendsOfViewer = () => [open, hidden, patient].map(idOf);
const seen = async (who = viewer, questionIds = [q1.id, q2.id]) =>
  (await h.v.getAnswersByUsers({ questionIds, userIds: [idOf(who), ...friendsOfViewer()] }, who)).answers
    .map((a) => `${a.userId === idOf(open) ? 'open' : a.userId === idOf(hidden) ? 'hidden' : a.userId === idOf(patient) ? 'patient' : 'me'}:${a.questionId === q1.id ? 'q1' : 'q2'}`)
    .sort();

describe('the rules', () => {
  it('someone who never chose: friends see their answers at once', () => {
    expect(privacyOrDefault(undefined)).toEqual({ answerVisibility: 'friends', hideUntilResolved: false, listOnNationalBoard: false });
    expect(mayViewAnswer('v', { userId: 'o', questionResolved: false }, privacyOrDefault(undefined))).toBe(true);
  });

  it('nobody: never, resolved or not; hideUntilResolved: only once resolved; one always sees oneself', () => {
    const nobody = { answerVisibility: 'nobody', hideUntilResolved: false, listOnNationalBoard: true } as const;
    const patientRule = { answerVisibility: 'friends', hideUntilResolved: true, listOnNationalBoard: false } as const;
    expect([false, true].map((questionResolved) => mayViewAnswer('v', { userId: 'o', questionResolved }, nobody))).toEqual([false, false]);
    expect([false, true].map((questionResolved) => mayViewAnswer('v', { userId: 'o', questionResolved }, patientRule))).toEqual([false, true]);
    expect(mayViewAnswer('o', { userId: 'o', questionResolved: false }, nobody)).toBe(true);
    expect(figuresView('v', 'o', nobody)).toBe('none');
    expect(figuresView('o', 'o', nobody)).toBe('all');
    expect(figuresView('v', 'o', patientRule)).toBe('resolvedOnly');
    expect(figuresView('o', 'o', patientRule)).toBe('all');
    expect(figuresView('v', 'o', privacyOrDefault(undefined))).toBe('all');
  });

  it('the national boards name only those who opted in and do not keep their answers from everyone; oneself always', () => {
    const listed = (p: Partial<Parameters<typeof privacyOrDefault>[0]>) => mayListNationally('v', 'o', privacyOrDefault(p));
    expect(listed({})).toBe(false);
    expect(listed({ listOnNationalBoard: true })).toBe(true);
    expect(listed({ listOnNationalBoard: true, hideUntilResolved: true })).toBe(true);
    expect(listed({ listOnNationalBoard: true, answerVisibility: 'nobody' })).toBe(false);
    expect(mayListNationally('o', 'o', privacyOrDefault(undefined))).toBe(true);
  });
});

describe('GetPrivacy / UpdatePrivacy', () => {
  it('answers the defaults to someone who never chose (no updatedAt)', async () => {
    expect((await h.v.getPrivacy({ userId: idOf(open) }, open)).settings).toEqual({
      answerVisibility: FRIENDS,
      hideUntilResolved: false,
      listOnNationalBoard: false,
      updatedAt: undefined,
    });
  });

  it('changes only the fields that are set, stamped with the clock', async () => {
    const me = user();
    const first = (await h.v.updatePrivacy({ answerVisibility: NOBODY }, me)).settings!;
    expect(first).toEqual({ answerVisibility: NOBODY, hideUntilResolved: false, listOnNationalBoard: false, updatedAt: clock.current });
    const second = (await h.v.updatePrivacy({ answerVisibility: UNCHANGED, hideUntilResolved: true }, me)).settings!;
    expect(second).toMatchObject({ answerVisibility: NOBODY, hideUntilResolved: true });
    const third = (await h.v.updatePrivacy({ answerVisibility: FRIENDS }, me)).settings!;
    expect(third).toMatchObject({ answerVisibility: FRIENDS, hideUntilResolved: true, listOnNationalBoard: false });
    const fourth = (await h.v.updatePrivacy({ answerVisibility: UNCHANGED, listOnNationalBoard: true }, me)).settings!;
    expect(fourth).toMatchObject({ answerVisibility: FRIENDS, hideUntilResolved: true, listOnNationalBoard: true });
    expect((await h.v.getPrivacy({ userId: idOf(me) }, me)).settings).toEqual(fourth);
    expect(await h.sql('SELECT answer_visibility, hide_until_resolved, list_on_national_board FROM answer_privacy WHERE user_id = $1', [idOf(me)])).toEqual([
      { answer_visibility: 'friends', hide_until_resolved: true, list_on_national_board: true },
    ]);
  });

  it('is the user’s own: anyone else, an admin too, is PERMISSION_DENIED; no actor is UNAUTHENTICATED', async () => {
    await expectGrpcError(h.v.getPrivacy({ userId: idOf(hidden) }, viewer), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(h.v.getPrivacy({ userId: idOf(hidden) }, admin()), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(h.v.getPrivacy({ userId: idOf(hidden) }), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(h.v.updatePrivacy({ answerVisibility: FRIENDS }), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(h.v.updatePrivacy({ answerVisibility: 7 as AnswerVisibility }, viewer), grpc.status.INVALID_ARGUMENT);
    // Nothing changed for the user whose settings were asked about.
    expect((await h.v.getPrivacy({ userId: idOf(hidden) }, hidden)).settings).toMatchObject({ answerVisibility: NOBODY });
  });
});

describe('GetAnswersByUsers filters someone else’s answers by their owner’s privacy', () => {
  it('before resolution: open friends’ answers only; the owners still see all their own', async () => {
    expect(await seen()).toEqual(['me:q1', 'me:q2', 'open:q1', 'open:q2']);
    expect(await seen(hidden)).toContain('hidden:q1');
    expect(await seen(patient)).toEqual(expect.arrayContaining(['patient:q1', 'patient:q2']));
    // An admin acting for themselves is a viewer like any other.
    const boss = admin();
    const { answers } = await h.v.getAnswersByUsers({ questionIds: [q1.id], userIds: friendsOfViewer() }, boss);
    expect(answers.map((a) => a.userId)).toEqual([idOf(open)]);
  });

  it('after q1 resolves: hideUntilResolved shows q1 (not the open q2); nobody still shows nothing', async () => {
    clock.set('2026-03-06T12:00:00.000Z');
    await h.resolve(q1.id, 'yes');
    expect(await seen()).toEqual(['me:q1', 'me:q2', 'open:q1', 'open:q2', 'patient:q1']);
  });
});

describe('GetLeaderboard leaves `nobody` users off every board but their own', () => {
  it('a scoped (friends) board: ranked among the visible only', async () => {
    const board = await h.v.getLeaderboard({ userIds: [idOf(viewer), ...friendsOfViewer()], limit: 0 }, viewer);
    expect(board.entries.map((e) => [e.userId, e.rank, e.correct]).sort()).toEqual(
      [
        [idOf(viewer), 1, 1],
        [idOf(open), 1, 1],
        [idOf(patient), 1, 1],
      ].sort(),
    );
    expect(board.players).toBe(4); // an aggregate: everyone who played counts
    const own = await h.v.getLeaderboard({ userIds: [idOf(hidden), idOf(viewer)], limit: 0 }, hidden);
    expect(own.entries.map((e) => e.userId).sort()).toEqual([idOf(hidden), idOf(viewer)].sort());
  });

  it('a friend with hideUntilResolved: answered counts resolved questions only, and the streak days with one', async () => {
    // q1 is resolved, q2 still open: patient answered both, yet shows one answer, the resolved one.
    const board = await h.v.getLeaderboard({ userIds: [idOf(viewer), idOf(patient)], limit: 0 }, viewer);
    const byId = new Map(board.entries.map((e) => [e.userId, e]));
    expect(byId.get(idOf(patient))).toMatchObject({ answered: 1, resolved: 1, correct: 1, streak: 1 });
    expect(byId.get(idOf(viewer))).toMatchObject({ answered: 2, resolved: 1, correct: 1, streak: 1 });
    // Patient's own view of themselves is whole.
    const theirs = await h.v.getLeaderboard({ userIds: [idOf(patient)], limit: 0 }, patient);
    expect(theirs.entries[0]).toMatchObject({ answered: 2, resolved: 1 });
  });

  it('the national board: only opted-in players are listed, ranks stay national (a gap, nobody moves up)', async () => {
    // Listing is off by default: the viewer sees only themselves.
    expect((await h.v.getLeaderboard({ userIds: [], limit: 50 }, viewer)).entries.map((e) => e.userId)).toEqual([idOf(viewer)]);
    // Everyone opts in; `nobody` still keeps hidden off.
    for (const u of [open, hidden, patient, viewer]) await h.v.updatePrivacy({ answerVisibility: UNCHANGED, listOnNationalBoard: true }, u);
    // q2 resolves "no": open has 2 correct, everyone else 1; hidden ties the others.
    await h.resolve(q2.id, 'no');
    const national = await h.v.getLeaderboard({ userIds: [], limit: 50 }, viewer);
    expect(national.entries.map((e) => [e.userId, e.rank])).toEqual(
      [
        [idOf(open), 1],
        ...[viewer, patient].map((u) => [idOf(u), 2] as [string, number]).sort((x, y) => x[0].localeCompare(y[0])),
      ],
    );
    expect(national.entries.map((e) => e.userId)).not.toContain(idOf(hidden));
    // The hidden player sees themselves, at their national rank.
    const theirs = await h.v.getLeaderboard({ userIds: [], limit: 50 }, hidden);
    expect(theirs.entries.find((e) => e.userId === idOf(hidden))).toMatchObject({ rank: 2, correct: 1 });
    expect((await h.v.getUserStats({ userId: idOf(hidden) }, hidden)).nationalRank).toBe(2);
  });

  it('a short top list is filled past hidden players', async () => {
    // The top 1: open. With open hidden, the next visible players fill the one place.
    await h.v.updatePrivacy({ answerVisibility: NOBODY }, open);
    const top1 = await h.v.getLeaderboard({ userIds: [], limit: 1 }, viewer);
    expect(top1.entries).toHaveLength(1);
    expect(top1.entries[0]).toMatchObject({ rank: 2, correct: 1 });
    expect([idOf(viewer), idOf(patient)]).toContain(top1.entries[0]!.userId);
    await h.v.updatePrivacy({ answerVisibility: FRIENDS }, open);
  });
});
