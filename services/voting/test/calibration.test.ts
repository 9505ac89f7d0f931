import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { brierSkill, shrunkSkill } from '../src/domain/calibration.js';
import { idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * Confidence and the Calibration board against the real database: the confidence is stored with the
 * answer and fixed like the option; a seeded month where a well-calibrated player and an overconfident one get the
 * same number right, and the Calibration board ranks the calibrated one first while the national board ties them.
 */
let h: Harness;
const clock = manualClock('2026-05-04T06:00:00.000Z');
const [thandi, sipho, lerato, newbie] = [user(), user(), user(), user()];
const name = new Map([thandi, sipho, lerato, newbie].map((u, i) => [idOf(u), ['thandi', 'sipho', 'lerato', 'newbie'][i]!]));
let qs: TestQuestion[];

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
  // The calibration board is national: it names only players who agreed to appear there; these did.
  for (const u of [thandi, sipho, lerato, newbie]) await h.v.updatePrivacy({ answerVisibility: 0, listOnNationalBoard: true }, u);
  qs = [];
  for (let i = 0; i < 4; i++) qs.push(await h.createPublished());
  clock.set('2026-05-04T09:00:00.000Z');
  const answer = (u: typeof thandi, q: TestQuestion, optionId: string, confidence?: number) =>
    h.v.submitAnswer({ questionId: q.id, optionId, ...(confidence !== undefined && { confidence }) }, u);
  for (const [i, q] of qs.entries()) {
    // All four resolve "yes". Thandi and Sipho both get q0–q2 right and q3 wrong.
    const wrong = i === 3;
    await answer(thandi, q, wrong ? 'no' : 'yes', 75);
    await answer(sipho, q, wrong ? 'no' : 'yes', 99);
    // Lerato never says: 75 % by default; 2 of 4 right.
    await answer(lerato, q, i % 2 === 0 ? 'yes' : 'no');
  }
  // Newbie: 2 resolved answers only, both right at 90 % — not ranked (fewer than 3).
  await answer(newbie, qs[0]!, 'yes', 90);
  await answer(newbie, qs[1]!, 'yes', 90);
  clock.set('2026-05-05T12:00:00.000Z');
  for (const q of qs) await h.resolve(q.id, 'yes');
});

afterAll(async () => {
  await h?.cleanup();
});

describe('confidence on an answer', () => {
  it('is stored (75 when absent), returned, and fixed: a resubmit with another confidence is refused, the same one is idempotent', async () => {
    clock.set('2026-05-06T08:00:00.000Z');
    const q = await h.createPublished();
    const u = user();
    const first = await h.v.submitAnswer({ questionId: q.id, optionId: 'yes', confidence: 62 }, u);
    expect(first.answer).toMatchObject({ optionId: 'yes', confidence: 62 });
    const again = await h.v.submitAnswer({ questionId: q.id, optionId: 'yes', confidence: 62 }, u);
    expect(again).toMatchObject({ alreadyAnswered: true, answer: { id: first.answer!.id, confidence: 62 } });
    await expectGrpcError(h.v.submitAnswer({ questionId: q.id, optionId: 'yes', confidence: 90 }, u), grpc.status.ALREADY_EXISTS, 'You have already answered this question');
    await expectGrpcError(h.v.submitAnswer({ questionId: q.id, optionId: 'yes' }, u), grpc.status.ALREADY_EXISTS);
    expect((await h.v.getAnswer({ userId: idOf(u), questionId: q.id }, u)).answer?.confidence).toBe(62);

    const v = user();
    expect((await h.v.submitAnswer({ questionId: q.id, optionId: 'no' }, v)).answer?.confidence).toBe(75);
    for (const bad of [49, 100]) {
      await expectGrpcError(
        h.v.submitAnswer({ questionId: q.id, optionId: 'no', confidence: bad }, user()),
        grpc.status.INVALID_ARGUMENT,
        'Confidence must be a whole number from 50 to 99',
      );
    }
  });
});

describe('the Calibration board', () => {
  it('ranks the calibrated player above the overconfident one with the same number correct; the national board ties them', async () => {
    clock.set('2026-05-06T12:00:00.000Z');
    const national = await h.v.getLeaderboard({ userIds: [idOf(thandi), idOf(sipho)], limit: 0 }, thandi);
    expect(national.entries.map((e) => [name.get(e.userId), e.rank, e.correct]).sort()).toEqual([
      ['sipho', 1, 3],
      ['thandi', 1, 3],
    ]);

    const board = await h.v.getCalibrationLeaderboard({ limit: 10 }, thandi);
    // Hand-computed: Σ S per player and the crowd mean C over all 14 resolved answers.
    const t = 3 * brierSkill(75, true) + brierSkill(75, false); // 1.0
    const s = 3 * brierSkill(99, true) + brierSkill(99, false); // 0.0784
    const l = 2 * brierSkill(75, true) + 2 * brierSkill(75, false); // −1.0
    const n = 2 * brierSkill(90, true); // 1.92
    const crowd = (t + s + l + n) / 14;
    expect(board.crowdSkill).toBeCloseTo(crowd, 10);
    expect(board.shrinkage).toBe(5);
    expect(board.minResolved).toBe(3);
    const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
    expect(board.entries.map((e) => [name.get(e.userId), e.rank, e.resolved, e.correct])).toEqual([
      ['thandi', 1, 4, 3],
      ['sipho', 2, 4, 3],
      ['lerato', 3, 4, 2],
    ]);
    const [te, se, le] = board.entries;
    expect(te!.score).toBeCloseTo(round4(shrunkSkill(t, 4, crowd)), 10);
    expect(se!.score).toBeCloseTo(round4(shrunkSkill(s, 4, crowd)), 10);
    expect(le!.score).toBeCloseTo(round4(shrunkSkill(l, 4, crowd)), 10);
    expect(te!.meanSkill).toBeCloseTo(0.25, 10);
    expect(se!.meanSkill).toBeCloseTo(0.0196, 10);
    expect(board.you).toMatchObject({ userId: idOf(thandi), rank: 1 });
    // Two resolved answers are not enough to be ranked.
    expect((await h.v.getCalibrationLeaderboard({ limit: 10 }, newbie)).you).toBeUndefined();
  });

  it('per-user calibration: buckets 50–59 … 90–99 with counts, correct and mean confidence', async () => {
    const c = await h.v.getCalibration({ userId: idOf(thandi) }, thandi);
    expect(c.buckets.map((b) => [b.from, b.to, b.count, b.correct, b.meanConfidence])).toEqual([
      [50, 59, 0, 0, 0],
      [60, 69, 0, 0, 0],
      [70, 79, 4, 3, 75],
      [80, 89, 0, 0, 0],
      [90, 99, 0, 0, 0],
    ]);
    expect(c.resolved).toBe(4);
    expect(c.meanSkill).toBeCloseTo(0.25, 10);
    await expectGrpcError(h.v.getCalibration({ userId: idOf(thandi) }, sipho), grpc.status.PERMISSION_DENIED);
  });
});
