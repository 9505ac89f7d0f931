import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { MESSAGES } from '../src/entry-points/grpc/voting-service.js';
import { isOpen } from '../src/domain/scoring.js';
import { user, votingHarness, type Harness } from './helpers.js';

/**
 * A question's close time, end to end in voting on one injected clock: the published event brings it, a
 * `questions.question.closing_changed` moves it; answers are written before it and refused at and after it with
 * "Answering closed at HH:MM" (SAST) — the handler's clock is the domain's `now` and the write statement's parameter.
 */
const clock = manualClock('2026-03-10T10:00:00.000Z');
let h: Harness;

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
});

afterAll(async () => {
  await h?.cleanup();
});

/** 16:00 UTC is 18:00 SAST. */
const closesAt = new Date('2026-03-10T16:00:00.000Z');

async function publishClosing(at: Date | undefined) {
  clock.set('2026-03-10T10:00:00.000Z');
  const q = { ...(await h.createDraft()), publishedAt: clock.now(), closesAt: at };
  await h.publish('questions.question.published', { question: q });
  await h.projected(q.id, (row) => !!row);
  return q;
}

const stateOf = async (id: string) => {
  const row = (await h.sql('SELECT published_at, is_resolved, is_archived, closes_at FROM question_state WHERE question_id = $1', [id]))[0];
  return { publishedAt: row.published_at, isResolved: row.is_resolved, isArchived: row.is_archived, closesAt: row.closes_at };
};

describe('answers and the close time', () => {
  it('the published event brings the close time; answers before it are written, at and after it refused with its SAST time', async () => {
    const q = await publishClosing(closesAt);
    expect((await stateOf(q.id)).closesAt).toEqual(closesAt);
    const outcomes: { delta: number; written: boolean; domain: boolean }[] = [];
    for (const delta of [-60_000, -1, 0, 1, 60_000]) {
      clock.set(closesAt.getTime() + delta);
      const domain = isOpen(await stateOf(q.id), clock.now());
      const written = await h.answer(user(), q.id, 'yes').then(
        () => true,
        async (err: grpc.ServiceError) => {
          expect([grpc.status[err.code], err.details]).toEqual(['FAILED_PRECONDITION', 'Answering closed at 18:00']);
          expect(err.metadata.get('mzansi-error-code')).toEqual(['voteClosedAt']);
          expect(JSON.parse(String(err.metadata.get('mzansi-error-params')[0]))).toEqual({ hour: 18, minute: 0 });
          return false;
        },
      );
      outcomes.push({ delta, written, domain });
    }
    expect(outcomes.map((o) => o.written)).toEqual([true, true, false, false, false]);
    expect(outcomes.map((o) => o.written)).toEqual(outcomes.map((o) => o.domain));
    expect((await h.sql('SELECT count(*)::int AS n FROM answers WHERE question_id = $1', [q.id]))[0].n).toBe(2);
  });

  it('someone who answered before the close gets their answer again after it (idempotent), a different one is still refused', async () => {
    const q = await publishClosing(closesAt);
    const alice = user();
    clock.set(closesAt.getTime() - 1000);
    const first = await h.answer(alice, q.id, 'no');
    clock.set(closesAt.getTime() + 1000);
    expect(await h.answer(alice, q.id, 'no')).toEqual({ answer: first.answer, alreadyAnswered: true });
    await expectGrpcError(h.answer(alice, q.id, 'yes'), grpc.status.ALREADY_EXISTS, MESSAGES.different);
  });

  it('closing_changed moves the close later (a closed question takes answers again) or takes it away', async () => {
    const q = await publishClosing(closesAt);
    clock.set(closesAt.getTime() + 5 * 60_000);
    await expectGrpcError(h.answer(user(), q.id, 'yes'), grpc.status.FAILED_PRECONDITION, 'Answering closed at 18:00');
    const later = new Date('2026-03-10T19:30:00.000Z');
    await h.publish('questions.question.closing_changed', { questionId: q.id, closesAt: later, changedAt: clock.now() });
    await h.projected(q.id, (row) => (row as { closes_at?: Date } | undefined)?.closes_at?.getTime() === later.getTime());
    expect((await h.answer(user(), q.id, 'yes')).alreadyAnswered).toBe(false);
    clock.set(later);
    // 19:30 UTC is 21:30 SAST: the message names the new time.
    await expectGrpcError(h.answer(user(), q.id, 'yes'), grpc.status.FAILED_PRECONDITION, 'Answering closed at 21:30');
    await h.publish('questions.question.closing_changed', { questionId: q.id, changedAt: clock.now() });
    await h.projected(q.id, (row) => (row as { closes_at?: Date | null } | undefined)?.closes_at === null);
    expect((await h.answer(user(), q.id, 'no')).alreadyAnswered).toBe(false);
  });

  it('changes that arrive out of order: the newest is kept, and one ahead of its publish waits for it', async () => {
    const q = await publishClosing(closesAt);
    const [t1, t2] = [new Date('2026-03-10T10:01:00Z'), new Date('2026-03-10T10:02:00Z')];
    await h.publish('questions.question.closing_changed', { questionId: q.id, closesAt: new Date('2026-03-10T20:00:00Z'), changedAt: t2 });
    await h.projected(q.id, (row) => (row as { closes_at?: Date } | undefined)?.closes_at?.getTime() === Date.parse('2026-03-10T20:00:00Z'));
    await h.publish('questions.question.closing_changed', { questionId: q.id, closesAt: new Date('2026-03-10T17:00:00Z'), changedAt: t1 });
    const ahead = { ...(await h.createDraft()), publishedAt: clock.now(), closesAt };
    await h.publish('questions.question.closing_changed', { questionId: ahead.id, closesAt: new Date('2026-03-10T21:00:00Z'), changedAt: t2 });
    await h.publish('questions.question.published', { question: ahead });
    await h.projected(ahead.id, (row) => (row as { closes_at?: Date } | undefined)?.closes_at?.getTime() === Date.parse('2026-03-10T21:00:00Z'), 20_000);
    // The older change, handled before the later publish in stream order, changed nothing.
    expect((await stateOf(q.id)).closesAt).toEqual(new Date('2026-03-10T20:00:00Z'));
  });

  it('a question without a close time takes answers until it resolves; once resolved the refusal is the plain one', async () => {
    const q = await publishClosing(undefined);
    clock.set('2026-03-11T21:00:00.000Z');
    expect((await h.answer(user(), q.id, 'yes')).alreadyAnswered).toBe(false);
    const closing = await publishClosing(closesAt);
    await h.resolve(closing.id, 'yes');
    clock.set(closesAt.getTime() + 1);
    await expectGrpcError(h.answer(user(), closing.id, 'yes'), grpc.status.FAILED_PRECONDITION, MESSAGES.closed);
  });
});
