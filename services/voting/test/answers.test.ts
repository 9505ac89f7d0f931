import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, manualClock, outboxDrained } from '@mzansi/kit/testing';
import { randomUUID } from 'node:crypto';
import { AnswerWriter } from '../src/data-access/answer-writer.js';
import { MESSAGES } from '../src/entry-points/grpc/voting-service.js';
import { idOf, user, votingHarness, type Harness } from './helpers.js';

/**
 * Answers end to end in voting: the harness publishes question events as the questions service would, the real voting
 * service projects them and records answers (PostgreSQL, NATS JetStream in this file's own namespace). PRODUCT.md: one answer per user per
 * question, enforced by the database also under concurrent submits; answers only while the question is open.
 */
let h: Harness;
const clock = manualClock('2026-03-10T10:00:00.000Z');

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
});

afterAll(async () => {
  await h?.cleanup();
});

const rowsOf = (questionId: string) =>
  h.sql<{ user_id: string; option_id: string }>('SELECT user_id, option_id FROM answers WHERE question_id = $1', [questionId]);
const countsOf = async (questionId: string) => {
  const { results } = await h.v.getResults({ questionIds: [questionId] });
  return results.find((r) => r.questionId === questionId);
};
const recordedEventsFor = async (questionId: string) =>
  (await h.votingEvents()).filter(
    (e) => e.subject === `${h.ns}.voting.answer.recorded` && (e.envelope.data as { questionId?: string }).questionId === questionId,
  );

describe('one answer per user per question', () => {
  it('50 concurrent identical submits by one user: one row, one count, one event; the rest are already_answered', async () => {
    const q = await h.createPublished();
    const alice = user();

    const results = await Promise.all(Array.from({ length: 50 }, () => h.answer(alice, q.id, 'yes')));
    expect(results.filter((r) => !r.alreadyAnswered)).toHaveLength(1);
    expect(results.filter((r) => r.alreadyAnswered)).toHaveLength(49);
    const answerIds = new Set(results.map((r) => r.answer!.id));
    expect(answerIds.size).toBe(1);
    for (const r of results) expect(r.answer).toMatchObject({ userId: idOf(alice), questionId: q.id, optionId: 'yes', submittedAt: clock.current });

    expect(await rowsOf(q.id)).toEqual([{ user_id: idOf(alice), option_id: 'yes' }]);
    expect(await countsOf(q.id)).toEqual({ questionId: q.id, counts: [{ optionId: 'yes', count: 1 }], total: 1 });
    expect(await h.sql('SELECT month::text, answered, resolved, correct FROM month_scores WHERE user_id = $1', [idOf(alice)])).toEqual([
      { month: '2026-03-01', answered: 1, resolved: 0, correct: 0 },
    ]);

    // Exactly one voting.answer.recorded in <NS>_VOTING: wait for it, then make sure no second one follows.
    await eventually(async () => (await recordedEventsFor(q.id)).length >= 1, 10_000);
    await eventually(() => outboxDrained(h.db.url)); // every event is out: none can follow
    const events = await recordedEventsFor(q.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.msgId).toBe(events[0]!.envelope.id);
    expect(events[0]!.envelope.data).toEqual({
      answerId: [...answerIds][0],
      userId: idOf(alice),
      questionId: q.id,
      optionId: 'yes',
      submittedAt: clock.current,
      confidence: 75,
    });

    // A different option afterwards is a conflict, and changes nothing.
    await expectGrpcError(h.answer(alice, q.id, 'no'), grpc.status.ALREADY_EXISTS, 'You have already answered this question');
    expect(await rowsOf(q.id)).toEqual([{ user_id: idOf(alice), option_id: 'yes' }]);
    expect((await countsOf(q.id))!.total).toBe(1);
    // The identical submit stays idempotent: the same answer.
    const again = await h.answer(alice, q.id, 'yes');
    expect(again).toEqual({ answer: results[0]!.answer, alreadyAnswered: true });
  });

  it('concurrent submits of different options by one user: one wins; the same option is idempotent, the other refused', async () => {
    const q = await h.createPublished();
    const bongani = user();
    const settled = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => h.answer(bongani, q.id, i % 2 ? 'no' : 'yes')));
    const rows = await rowsOf(q.id);
    expect(rows).toHaveLength(1);
    const winner = rows[0]!.option_id;
    const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as grpc.ServiceError] : []));
    expect(ok).toHaveLength(20);
    expect(ok.filter((r) => !r.alreadyAnswered)).toHaveLength(1);
    expect(ok.every((r) => r.answer!.optionId === winner)).toBe(true);
    expect(failed).toHaveLength(20);
    for (const e of failed) expect([grpc.status[e.code], e.details]).toEqual(['ALREADY_EXISTS', MESSAGES.different]);
    expect(await countsOf(q.id)).toEqual({ questionId: q.id, counts: [{ optionId: winner, count: 1 }], total: 1 });
  });
});

describe('results under a burst', () => {
  // The 200-user burst and the rounding split, with the gateway's percentages: tests/journeys/voting-results.test.ts.
  it('GetResults for many questions at once; unknown questions have no counts', async () => {
    const a = await h.createPublished();
    const b = await h.createPublished();
    await h.answer(user(), a.id, 'yes');
    await h.answer(user(), b.id, 'no');
    await h.answer(user(), b.id, 'no');
    const { results } = await h.v.getResults({ questionIds: [a.id, b.id, '00000000-0000-4000-8000-000000000000', 'nonsense'] });
    const byId = new Map(results.map((r) => [r.questionId, r]));
    expect(byId.size).toBe(2);
    expect(byId.get(a.id)).toEqual({ questionId: a.id, counts: [{ optionId: 'yes', count: 1 }], total: 1 });
    expect(byId.get(b.id)).toEqual({ questionId: b.id, counts: [{ optionId: 'no', count: 2 }], total: 2 });
  });
});

describe('a burst is written in batches, each answer with its own outcome', () => {
  it('one burst mixing every outcome: each caller gets its own answer or error; rows, counters, month scores and events exact', async () => {
    const [open1, open2, toResolve] = [await h.createPublished(), await h.createPublished(), await h.createPublished()];
    await h.resolve(toResolve.id, 'yes');
    const both = user(); // answers two questions in the same burst: one month-score row, answered + 2
    const twice = Array.from({ length: 10 }, () => user()); // two different options at once: one wins, the other is refused
    const voters = Array.from({ length: 120 }, (_, i) => ({ u: user(), option: i % 3 ? 'no' : 'yes' }));
    const lateVoter = user();
    const oddOption = user();
    const calls = [
      ...voters.map(({ u, option }) => h.answer(u, open1.id, option)),
      h.answer(both, open1.id, 'yes'),
      h.answer(both, open2.id, 'no'),
      ...twice.flatMap((u) => [h.answer(u, open2.id, 'yes'), h.answer(u, open2.id, 'no')]),
      h.answer(lateVoter, toResolve.id, 'yes'),
      h.answer(oddOption, open2.id, 'maybe'),
    ];
    const settled = await Promise.allSettled(calls);
    const outcome = (i: number) => {
      const s = settled[i]!;
      return s.status === 'fulfilled' ? (s.value.alreadyAnswered ? 'again' : 'recorded') : `${grpc.status[(s.reason as grpc.ServiceError).code]}: ${(s.reason as grpc.ServiceError).details}`;
    };
    for (let i = 0; i < voters.length + 2; i++) expect(outcome(i)).toBe('recorded');
    for (let k = 0; k < twice.length; k++) {
      const pair = [outcome(voters.length + 2 + 2 * k), outcome(voters.length + 3 + 2 * k)].sort();
      expect(pair).toEqual([`ALREADY_EXISTS: ${MESSAGES.different}`, 'recorded'].sort());
    }
    expect(outcome(calls.length - 2)).toBe(`FAILED_PRECONDITION: ${MESSAGES.closed}`);
    expect(outcome(calls.length - 1)).toBe(`INVALID_ARGUMENT: ${MESSAGES.unknownOption}`);

    // Each recorded answer is the caller's own, with the option it asked for.
    voters.forEach(({ u, option }, i) => expect((settled[i] as PromiseFulfilledResult<{ answer?: { userId: string; optionId: string } }>).value.answer).toMatchObject({ userId: idOf(u), optionId: option }));
    const yes1 = voters.filter((v) => v.option === 'yes').length + 1;
    expect(await countsOf(open1.id)).toMatchObject({ total: 121 });
    expect(Object.fromEntries((await countsOf(open1.id))!.counts.map((c) => [c.optionId, c.count]))).toEqual({ yes: yes1, no: 121 - yes1 });
    expect((await countsOf(open2.id))!.total).toBe(11);
    expect(await rowsOf(open2.id)).toHaveLength(11);
    expect(await rowsOf(toResolve.id)).toEqual([]);
    expect(await h.sql('SELECT answered FROM month_scores WHERE user_id = $1', [idOf(both)])).toEqual([{ answered: 2 }]);
    expect(await h.sql('SELECT count(*)::int AS n FROM month_scores WHERE user_id = ANY($1::uuid[])', [[idOf(lateVoter), idOf(oddOption)]])).toEqual([{ n: 0 }]);
    // Exactly one event per recorded answer.
    await eventually(async () => (await recordedEventsFor(open1.id)).length >= 121 && (await recordedEventsFor(open2.id)).length >= 11, 15_000, 100);
    await eventually(() => outboxDrained(h.db.url)); // every event is out: none can follow
    expect(await recordedEventsFor(open1.id)).toHaveLength(121);
    expect(await recordedEventsFor(open2.id)).toHaveLength(11);
  });

  it('an answer whose data the database refuses fails alone: the rest of its batch is recorded', async () => {
    const q = await h.createPublished();
    const writer = new AnswerWriter(h.voting.ctx.pool, { shards: 4, maxInFlight: 1 });
    const now = new Date('2026-03-10T10:00:00.000Z');
    const answer = (sastDay: string) => {
      const id = randomUUID();
      return { id, userId: randomUUID(), questionId: q.id, optionId: 'yes', confidence: 75, submittedAt: now, sastDay, month: '2026-03-01', eventId: randomUUID(), payload: { id } };
    };
    const good = Array.from({ length: 5 }, () => answer('2026-03-10'));
    const bad = answer('not-a-day');
    const settled = await Promise.allSettled([...good.slice(0, 2), bad, ...good.slice(2)].map((a) => writer.record(a)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(settled.filter((s) => s.status === 'fulfilled').every((s) => (s as PromiseFulfilledResult<boolean>).value)).toBe(true);
    expect(((settled[2] as PromiseRejectedResult).reason as { code?: string }).code).toBe('22007'); // invalid date
    expect((await rowsOf(q.id)).map((r) => r.user_id).sort()).toEqual(good.map((a) => a.userId).sort());
    expect((await countsOf(q.id))!.total).toBe(5);
  });

  it('a submit whose statement began just before voting learned of the publish is recorded, not refused as closed', async () => {
    // The race, made deterministic: a statement trigger holds the answer statement (its snapshot already taken)
    // while the projection of the publish commits. The question is open by the time the caller is answered.
    const questionId = randomUUID();
    const alice = user();
    await h.sql(`CREATE FUNCTION hold_answer_statement() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.4); RETURN NULL; END $$`);
    await h.sql(`CREATE TRIGGER hold_answer_statement BEFORE INSERT ON answers FOR EACH STATEMENT EXECUTE FUNCTION hold_answer_statement()`);
    const projection = await h.voting.ctx.pool.connect();
    try {
      await projection.query('BEGIN');
      await projection.query(`INSERT INTO question_state (question_id, text, options, published_at) VALUES ($1, 'Will the race be won', $2, now())`, [
        questionId,
        JSON.stringify([{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }]),
      ]);
      const submit = h.answer(alice, questionId, 'yes');
      const held = () => h.sql(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'`);
      await eventually(async () => (await held()).length > 0, 5_000, 10);
      await projection.query('COMMIT');
      const result = await submit;
      expect(result).toMatchObject({ alreadyAnswered: false, answer: { userId: idOf(alice), questionId, optionId: 'yes' } });
      expect(await rowsOf(questionId)).toEqual([{ user_id: idOf(alice), option_id: 'yes' }]);
      expect((await countsOf(questionId))!.total).toBe(1);
    } finally {
      await projection.query('ROLLBACK').catch(() => undefined);
      projection.release();
      await h.sql('DROP TRIGGER hold_answer_statement ON answers');
      await h.sql('DROP FUNCTION hold_answer_statement()');
    }
  });
});

describe('answers only while the question is open', () => {
  // With the real questions service (a draft is never announced): tests/journeys/questions-voting.test.ts.
  it('a draft (never published, so never announced) is not found', async () => {
    const draft = await h.createDraft();
    expect(await h.stateOf(draft.id)).toBeUndefined();
    await expectGrpcError(h.answer(user(), draft.id, 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(h.answer(user(), '00000000-0000-4000-8000-000000000000', 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(h.answer(user(), 'not-a-uuid', 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    expect(await rowsOf(draft.id)).toEqual([]);
  });

  it('an unknown option is INVALID_ARGUMENT and records nothing', async () => {
    const q = await h.createPublished();
    await expectGrpcError(h.answer(user(), q.id, 'maybe'), grpc.status.INVALID_ARGUMENT, MESSAGES.unknownOption);
    await expectGrpcError(h.answer(user(), q.id, ''), grpc.status.INVALID_ARGUMENT, MESSAGES.unknownOption);
    expect(await rowsOf(q.id)).toEqual([]);
    expect(await countsOf(q.id)).toBeUndefined();
  });

  it('a resolved question refuses new answers (FAILED_PRECONDITION) and records nothing', async () => {
    const q = await h.createPublished();
    const early = user();
    await h.answer(early, q.id, 'yes');
    await h.resolve(q.id, 'yes');
    const late = user();
    await expectGrpcError(h.answer(late, q.id, 'yes'), grpc.status.FAILED_PRECONDITION, 'This question is no longer open for answers');
    await expectGrpcError(h.v.getAnswer({ userId: idOf(late), questionId: q.id }, late), grpc.status.NOT_FOUND, 'Not answered');
    expect(await rowsOf(q.id)).toEqual([{ user_id: idOf(early), option_id: 'yes' }]);
    expect((await countsOf(q.id))!.total).toBe(1);
    expect(await h.sql('SELECT 1 FROM month_scores WHERE user_id = $1', [idOf(late)])).toEqual([]);
  });

  it('an archived question refuses answers, whether it was resolved first or not', async () => {
    const open = await h.createPublished();
    await h.archive(open.id);
    await expectGrpcError(h.answer(user(), open.id, 'no'), grpc.status.FAILED_PRECONDITION, 'This question is no longer open for answers');
    expect(await rowsOf(open.id)).toEqual([]);

    const resolved = await h.createPublished();
    await h.resolve(resolved.id, 'no');
    await h.archive(resolved.id);
    await expectGrpcError(h.answer(user(), resolved.id, 'no'), grpc.status.FAILED_PRECONDITION, 'This question is no longer open for answers');
    expect(await rowsOf(resolved.id)).toEqual([]);
  });

  it('a deleted question is not found, and its answers, counts and month-score contributions are gone', async () => {
    const doomed = await h.createPublished();
    const kept = await h.createPublished();
    const openDoomed = await h.createPublished();
    const [thandi, sipho, zanele] = [user(), user(), user()];
    // thandi and sipho also answer `kept`; zanele only answers the doomed questions.
    await h.answer(thandi, doomed.id, 'yes');
    await h.answer(sipho, doomed.id, 'no');
    await h.answer(zanele, doomed.id, 'yes');
    await h.answer(thandi, kept.id, 'yes');
    await h.answer(sipho, kept.id, 'yes');
    await h.answer(zanele, openDoomed.id, 'no');
    await h.answer(thandi, openDoomed.id, 'no');
    await h.resolve(doomed.id, 'yes');
    await h.resolve(kept.id, 'yes');

    const scores = async () =>
      Object.fromEntries(
        (
          await h.sql<{ user_id: string; answered: number; resolved: number; correct: number }>(
            'SELECT user_id, answered, resolved, correct FROM month_scores WHERE user_id = ANY($1::uuid[])',
            [[thandi, sipho, zanele].map(idOf)],
          )
        ).map((r) => [r.user_id, [r.answered, r.resolved, r.correct]]),
      );
    expect(await scores()).toEqual({
      [idOf(thandi)]: [3, 2, 2],
      [idOf(sipho)]: [2, 2, 1],
      [idOf(zanele)]: [2, 1, 1],
    });

    await h.remove(doomed.id);
    await expectGrpcError(h.answer(user(), doomed.id, 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    expect(await rowsOf(doomed.id)).toEqual([]);
    expect(await h.sql('SELECT * FROM option_counts WHERE question_id = $1', [doomed.id])).toEqual([]);
    expect(await countsOf(doomed.id)).toBeUndefined();
    expect(await scores()).toEqual({
      [idOf(thandi)]: [2, 1, 1],
      [idOf(sipho)]: [1, 1, 1],
      [idOf(zanele)]: [1, 0, 0],
    });

    // An unresolved question's deletion takes back only `answered`; a user left with nothing drops out of the month.
    await h.remove(openDoomed.id);
    expect(await scores()).toEqual({
      [idOf(thandi)]: [1, 1, 1],
      [idOf(sipho)]: [1, 1, 1],
    });
    const zStats = await h.v.getUserStats({ userId: idOf(zanele) }, zanele);
    expect(zStats).toEqual({ totalAnswers: 0, accuracy: 0, nationalRank: 0, streak: 0, correctThisMonth: 0, resolvedThisMonth: 0 });
    const tHistory = await h.v.getUserHistory({ userId: idOf(thandi), limit: 0 }, thandi);
    expect(tHistory.items.map((i) => i.questionId)).toEqual([kept.id]);
    // The kept question's answers and counts are untouched.
    expect((await countsOf(kept.id))!.total).toBe(2);
  });
});
