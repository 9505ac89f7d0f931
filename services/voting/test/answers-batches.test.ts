import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually } from '@mzansi/kit/testing';
import { randomUUID } from 'node:crypto';
import { AnswerWriter } from '../src/data-access/answer-writer.js';
import { MESSAGES } from '../src/entry-points/grpc/voting-service.js';
import { idOf, user } from './helpers.js';
import { h, rowsOf, countsOf, useVotingService } from './answers-setup.js';

/** A burst is written in batches, each answer with its own outcome (the service: ./answers-setup.ts). */
useVotingService();

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
    // The counts are exact, so the live results the gateways get are: no answer adds a row to the outbox.
    expect(await h.sql('SELECT count(*)::int AS n FROM outbox')).toEqual([{ n: 0 }]);
  });

  it('an answer whose data the database refuses fails alone: the rest of its batch is recorded', async () => {
    const q = await h.createPublished();
    const writer = new AnswerWriter(h.voting.ctx.pool, { shards: 4, maxInFlight: 1 });
    const now = new Date('2026-03-10T10:00:00.000Z');
    const answer = (sastDay: string) => {
      const id = randomUUID();
      return { id, userId: randomUUID(), questionId: q.id, optionId: 'yes', confidence: 75, submittedAt: now, sastDay, month: '2026-03-01' };
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
