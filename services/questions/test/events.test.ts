import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, manualClock, outboxDrained } from '@mzansi/kit/testing';
import { admin, newQuestion, YES_NO, type Harness, type QuestionsClient, type Running, type StreamEvent, useQuestionsService, resolving, SOURCE } from './helpers.js';

/**
 * Every state change writes its event to the outbox in the same transaction; the relay publishes it to
 * `<NS>_QUESTIONS` exactly once. This file has its own namespace, so the stream holds only these events.
 */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
const clock = manualClock('2026-03-10T07:00:00.000Z');

useQuestionsService(clock, (started) => ({ h, svc, client } = started));

const subject = (type: string) => `${h.ns}.questions.question.${type}`;
const aboutQuestion = (id: string) => (e: StreamEvent) => {
  const d = e.envelope.data as { question?: { id: string }; questionId?: string };
  return d.question?.id === id || d.questionId === id;
};

/** Waits until the stream holds `n` events and the outbox is drained, then checks that no more arrived (no duplicates from the relay). */
async function settledEvents(n: number): Promise<StreamEvent[]> {
  await eventually(async () => (await h.events()).length >= n, 10_000);
  await eventually(() => outboxDrained(h.db.url));
  const events = await h.events();
  expect(events.map((e) => e.subject)).toHaveLength(n);
  return events;
}

describe('outbox → JetStream', () => {
  it('publish, resolve, archive and delete each emit one event with the right subject and payload; create emits none', async () => {
    expect(await h.events()).toEqual([]);

    clock.set('2026-03-10T07:00:00.000Z');
    const { question: draft } = await client.createQuestion(
      newQuestion({ text: 'Will the Proteas win the series?', context: '', date: new Date('2026-03-12T13:00:00Z'), tags: ['cricket'] }),
      admin(),
    );
    const id = draft!.id;
    await eventually(() => outboxDrained(h.db.url)); // an event for the draft would be out by now
    expect(await h.events()).toEqual([]); // a draft is private: nothing to tell other services yet

    clock.set('2026-03-10T08:30:00.000Z');
    await client.publishQuestion({ id }, admin());
    clock.set('2026-03-10T18:45:00.000Z');
    await client.resolveQuestion(resolving(id, 'yes'), admin());
    clock.set('2026-03-10T19:00:00.000Z');
    await client.archiveQuestion({ id }, admin());
    await client.deleteQuestion({ id }, admin());

    const events = await settledEvents(4);
    expect(events.map((e) => e.subject)).toEqual([subject('published'), subject('resolved'), subject('archived'), subject('deleted')]);
    expect(events.map((e) => e.envelope.type)).toEqual([
      'questions.question.published',
      'questions.question.resolved',
      'questions.question.archived',
      'questions.question.deleted',
    ]);
    for (const e of events) {
      // The JetStream de-duplication id is the event id.
      expect(e.msgId).toBe(e.envelope.id);
      expect(aboutQuestion(id)(e)).toBe(true);
    }
    expect(new Set(events.map((e) => e.envelope.id)).size).toBe(4);

    const [published, resolved, archived, deleted] = events.map((e) => e.envelope.data);
    expect(published).toEqual({
      question: {
        id,
        text: 'Will the Proteas win the series',
        context: '',
        date: new Date('2026-03-12T13:00:00Z'),
        options: YES_NO,
        publishedAt: new Date('2026-03-10T08:30:00.000Z'),
        tags: ['cricket'],
        isBlind: false,
        translations: {},
      },
    });
    expect(resolved).toEqual({
      questionId: id,
      correctOptionId: 'yes',
      resolvedAt: new Date('2026-03-10T18:45:00.000Z'),
      sourceUrl: SOURCE.url,
      sourceTitle: SOURCE.title,
      note: '',
      previousCorrectOptionId: '',
    });
    expect(archived).toEqual({ questionId: id });
    expect(deleted).toEqual({ questionId: id });

    // The outbox rows are all marked sent.
    await eventually(async () => (await svc.ctx.pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0].n === 0);
  });

  it('refused transitions emit nothing', async () => {
    const before = (await h.events()).length;
    const { question } = await client.createQuestion(newQuestion(), admin());
    const id = question!.id;
    await expectGrpcError(client.resolveQuestion(resolving(id, 'yes'), admin()), grpc.status.FAILED_PRECONDITION);
    await client.publishQuestion({ id }, admin());
    await expectGrpcError(client.publishQuestion({ id }, admin()), grpc.status.FAILED_PRECONDITION);
    await expectGrpcError(client.resolveQuestion(resolving(id, 'maybe'), admin()), grpc.status.INVALID_ARGUMENT);
    await client.archiveQuestion({ id }, admin());
    await expectGrpcError(client.archiveQuestion({ id }, admin()), grpc.status.FAILED_PRECONDITION);
    await expectGrpcError(client.resolveQuestion(resolving(id, 'yes'), admin()), grpc.status.FAILED_PRECONDITION);
    await expectGrpcError(client.publishQuestion({ id }, admin()), grpc.status.FAILED_PRECONDITION);

    const events = (await settledEvents(before + 2)).slice(before);
    expect(events.map((e) => e.subject)).toEqual([subject('published'), subject('archived')]);
    expect(events.every(aboutQuestion(id))).toBe(true);
  });

  it('concurrent publishes of one draft: one wins, one event', async () => {
    const before = (await h.events()).length;
    const { question } = await client.createQuestion(newQuestion(), admin());
    const id = question!.id;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.publishQuestion({ id }, admin())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as grpc.ServiceError).code).toBe(grpc.status.FAILED_PRECONDITION);
    }
    const events = (await settledEvents(before + 1)).slice(before);
    expect(events.map((e) => e.subject)).toEqual([subject('published')]);
    expect(aboutQuestion(id)(events[0]!)).toBe(true);
  });
});
