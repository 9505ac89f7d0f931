import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { admin, idOf, user, votingHarness, type Harness, type TestQuestion } from './helpers.js';

/**
 * Who may read what. The acting user is the gateway's signed metadata: a user's own answers, stats and history are
 * theirs (admins may read anyone's); without an acting user (or with a forged one) every call but GetResults is
 * UNAUTHENTICATED.
 */
let h: Harness;
const clock = manualClock('2026-03-10T10:00:00.000Z');
const [owner, other] = [user(), user()];
let q: TestQuestion;

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
  q = await h.createPublished();
  await h.answer(owner, q.id, 'yes');
});

afterAll(async () => {
  await h?.cleanup();
});

const OWN_DATA = 'You can only see your own data';

const reads = () => [
  { name: 'GetAnswer', call: (opts?: Parameters<Harness['v']['getAnswer']>[1]) => h.v.getAnswer({ userId: idOf(owner), questionId: q.id }, opts) },
  { name: 'GetUserStats', call: (opts?: Parameters<Harness['v']['getUserStats']>[1]) => h.v.getUserStats({ userId: idOf(owner) }, opts) },
  { name: 'GetUserHistory', call: (opts?: Parameters<Harness['v']['getUserHistory']>[1]) => h.v.getUserHistory({ userId: idOf(owner), limit: 10 }, opts) },
];

describe("a user's own data", () => {
  it('the owner reads it', async () => {
    expect((await h.v.getAnswer({ userId: idOf(owner), questionId: q.id }, owner)).answer).toMatchObject({ userId: idOf(owner), optionId: 'yes' });
    expect((await h.v.getUserStats({ userId: idOf(owner) }, owner)).totalAnswers).toBe(1);
    expect((await h.v.getUserHistory({ userId: idOf(owner), limit: 10 }, owner)).items.map((i) => i.questionId)).toEqual([q.id]);
  });

  it('another user is PERMISSION_DENIED for every read', async () => {
    for (const { name, call } of reads()) {
      const err = await expectGrpcError(call(other), grpc.status.PERMISSION_DENIED, OWN_DATA);
      expect(err.details, name).toBe(OWN_DATA);
    }
    // Even for a question they have answered themselves, or one nobody answered.
    await h.answer(other, q.id, 'no');
    await expectGrpcError(h.v.getAnswer({ userId: idOf(owner), questionId: q.id }, other), grpc.status.PERMISSION_DENIED, OWN_DATA);
  });

  it('an admin reads anyone', async () => {
    const boss = admin();
    expect((await h.v.getAnswer({ userId: idOf(owner), questionId: q.id }, boss)).answer!.optionId).toBe('yes');
    expect(await h.v.getUserStats({ userId: idOf(owner) }, boss)).toEqual(await h.v.getUserStats({ userId: idOf(owner) }, owner));
    expect(await h.v.getUserHistory({ userId: idOf(owner), limit: 10 }, boss)).toEqual(await h.v.getUserHistory({ userId: idOf(owner), limit: 10 }, owner));
  });

  it('no acting user is UNAUTHENTICATED', async () => {
    for (const { call } of reads()) await expectGrpcError(call(undefined), grpc.status.UNAUTHENTICATED, 'Not signed in');
    await expectGrpcError(h.v.submitAnswer({ questionId: q.id, optionId: 'yes' }), grpc.status.UNAUTHENTICATED, 'Not signed in');
    await expectGrpcError(h.v.getAnswersByUsers({ questionIds: [q.id], userIds: [idOf(owner)] }), grpc.status.UNAUTHENTICATED, 'Not signed in');
    await expectGrpcError(h.v.getLeaderboard({ userIds: [], limit: 10 }), grpc.status.UNAUTHENTICATED, 'Not signed in');
  });

  it('an acting user signed with the wrong secret is no acting user', async () => {
    const forged = h.votingClient('not-the-internal-secret');
    const boss = admin();
    await expectGrpcError(forged.getAnswer({ userId: idOf(owner), questionId: q.id }, boss), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(forged.getUserStats({ userId: idOf(owner) }, boss), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(forged.submitAnswer({ questionId: q.id, optionId: 'yes' }, user()), grpc.status.UNAUTHENTICATED);
    expect(Number((await h.sql('SELECT count(*)::int AS n FROM answers WHERE question_id = $1', [q.id]))[0].n)).toBe(2);
  });

  it('results are public: GetResults needs no acting user', async () => {
    const { results } = await h.v.getResults({ questionIds: [q.id] });
    expect(results).toEqual([{ questionId: q.id, counts: expect.arrayContaining([{ optionId: 'yes', count: 1, percentage: 50 }, { optionId: 'no', count: 1, percentage: 50 }]), total: 2 }]);
  });

  it("a user's not-answered question is NOT_FOUND 'Not answered' (to them)", async () => {
    const q2 = await h.createPublished();
    await expectGrpcError(h.v.getAnswer({ userId: idOf(owner), questionId: q2.id }, owner), grpc.status.NOT_FOUND, 'Not answered');
    await expectGrpcError(h.v.getAnswer({ userId: idOf(owner), questionId: 'nope' }, owner), grpc.status.NOT_FOUND, 'Not answered');
  });
});
