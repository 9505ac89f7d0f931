// Resolution criteria and close times in the questions service, on an injected clock: kept at create, changed by
// UpdateQuestionDetails (audited as question.edit) on drafts and published questions, isClosed of the moment of the
// call, carried by the published event, a published question's new time announced as questions.question.closing_changed;
// publishing past the close and scheduling at or after it refused.
import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, manualClock, outboxDrained } from '@mzansi/kit/testing';
import type { Question } from '@mzansi/proto/questions/v1/questions';
import { CLOSING_MESSAGES as M } from '../src/domain/closing.js';
import { admin, newQuestion, resolving, useQuestionsService, type Harness, type QuestionsClient, type StreamEvent } from './helpers.js';

const clock = manualClock('2026-03-10T08:00:00.000Z');
let h: Harness;
let client: QuestionsClient;
useQuestionsService(clock, (started) => ({ h, client } = started));

const at = (iso: string) => new Date(iso);
const closesAt = at('2026-03-10T16:00:00.000Z');
const CRITERIA = 'Resolves YES if the IEC announces the date before 31 May.';

async function draft(overrides: Parameters<typeof newQuestion>[0] = {}): Promise<Question> {
  clock.set('2026-03-10T08:00:00.000Z');
  return (await client.createQuestion(newQuestion({ resolutionCriteria: `  ${CRITERIA} `, closesAt, ...overrides }), admin())).question!;
}

const edit = (id: string, fields: { resolutionCriteria?: string; closesAt?: Date | null }, who = admin()) =>
  client.updateQuestionDetails(
    { id, resolutionCriteria: fields.resolutionCriteria, setClosesAt: fields.closesAt !== undefined, closesAt: fields.closesAt ?? undefined },
    who,
  );

async function eventsAbout(id: string, type: string): Promise<StreamEvent[]> {
  await eventually(() => outboxDrained(h.db.url));
  return (await h.events()).filter(
    (e) => e.envelope.type === type && ((e.envelope.data as { questionId?: string; question?: { id: string } }).questionId ?? (e.envelope.data as { question?: { id: string } }).question?.id) === id,
  );
}

describe('criteria and close time at create', () => {
  it('are kept (trimmed), isClosed follows the clock on every read, and the published event carries both', async () => {
    const q = await draft();
    expect(q).toMatchObject({ resolutionCriteria: CRITERIA, closesAt, isClosed: false });
    clock.set('2026-03-10T09:00:00.000Z');
    await client.publishQuestion({ id: q.id }, admin());
    const [published] = await eventsAbout(q.id, 'questions.question.published');
    expect((published!.envelope.data as { question: object }).question).toMatchObject({ closesAt, resolutionCriteria: CRITERIA });
    clock.set(closesAt.getTime() - 1);
    expect((await client.getQuestion({ id: q.id })).question!.isClosed).toBe(false);
    clock.set(closesAt);
    expect((await client.getQuestion({ id: q.id })).question!.isClosed).toBe(true);
    expect((await client.listTodayQuestions({})).questions.find((x) => x.id === q.id)!.isClosed).toBe(true);
  });

  it('refuses a close time at or before the date, hiding criteria, and nothing is created', async () => {
    const before = (await client.listAllQuestions({}, admin())).questions.length;
    await expectGrpcError(draft({ closesAt: at('2026-03-10T13:00:00Z') }), grpc.status.INVALID_ARGUMENT, M.afterPublish);
    await expectGrpcError(draft({ resolutionCriteria: 'Resolves \u202EON' }), grpc.status.INVALID_ARGUMENT, /text direction/);
    await expectGrpcError(draft({ resolutionCriteria: 'x'.repeat(1001) }), grpc.status.INVALID_ARGUMENT, M.criteriaTooLong);
    expect((await client.listAllQuestions({}, admin())).questions).toHaveLength(before);
  });
});

describe('publishing and scheduling against the close time', () => {
  it('a draft whose close time has passed does not publish until it is moved later', async () => {
    const q = await draft();
    clock.set(closesAt);
    await expectGrpcError(client.publishQuestion({ id: q.id }, admin()), grpc.status.FAILED_PRECONDITION, M.passed);
    const moved = (await edit(q.id, { closesAt: at('2026-03-10T18:00:00Z') })).question!;
    expect(moved).toMatchObject({ closesAt: at('2026-03-10T18:00:00Z'), isClosed: false, isPublished: false });
    expect((await client.publishQuestion({ id: q.id }, admin())).question!.isPublished).toBe(true);
    // A draft's change is no news to voting: only the publish carries its time.
    expect(await eventsAbout(q.id, 'questions.question.closing_changed')).toEqual([]);
  });

  it('a schedule must publish before the close, and a scheduled draft may only close after its schedule', async () => {
    const q = await draft();
    await expectGrpcError(client.scheduleQuestion({ id: q.id, publishAt: closesAt }, admin()), grpc.status.INVALID_ARGUMENT, M.beforeClose);
    await client.scheduleQuestion({ id: q.id, publishAt: at('2026-03-10T14:00:00Z') }, admin());
    await expectGrpcError(edit(q.id, { closesAt: at('2026-03-10T14:00:00Z') }), grpc.status.INVALID_ARGUMENT, M.afterPublish);
    expect((await edit(q.id, { closesAt: at('2026-03-10T14:00:01Z') })).question!.closesAt).toEqual(at('2026-03-10T14:00:01Z'));
  });
});

describe('UpdateQuestionDetails on a published question', () => {
  it('moves the close later (announced to voting), refuses earlier or past times, changes criteria; each edit audited', async () => {
    const q = await draft();
    clock.set('2026-03-10T09:00:00.000Z');
    await client.publishQuestion({ id: q.id }, admin());
    const editor = admin();
    const later = at('2026-03-10T19:00:00Z');
    expect((await edit(q.id, { closesAt: later }, editor)).question).toMatchObject({ closesAt: later, isClosed: false });
    // A millisecond between edits: the outbox relays the audit records of one instant in no set order.
    clock.advance(1);
    await expectGrpcError(edit(q.id, { closesAt: at('2026-03-10T17:00:00Z') }, editor), grpc.status.INVALID_ARGUMENT, M.onlyLater);
    clock.advance(1);
    expect((await edit(q.id, { resolutionCriteria: 'By the IEC’s own notice.' }, editor)).question).toMatchObject({ resolutionCriteria: 'By the IEC’s own notice.', closesAt: later });
    clock.set('2026-03-10T19:30:00.000Z');
    expect((await client.getQuestion({ id: q.id })).question!.isClosed).toBe(true);
    // Closed at 19:00: not earlier, and not to a later time that has passed too.
    await expectGrpcError(edit(q.id, { closesAt: at('2026-03-10T18:00:00Z') }, editor), grpc.status.INVALID_ARGUMENT, M.onlyLater);
    clock.advance(1);
    await expectGrpcError(edit(q.id, { closesAt: at('2026-03-10T19:29:00Z') }, editor), grpc.status.INVALID_ARGUMENT, M.future);
    // Reopened until 21:00, then no close time at all.
    clock.advance(1);
    expect((await edit(q.id, { closesAt: at('2026-03-10T21:00:00Z') }, editor)).question!.isClosed).toBe(false);
    clock.advance(1);
    expect((await edit(q.id, { closesAt: null }, editor)).question).toMatchObject({ closesAt: undefined, isClosed: false });

    const changes = await eventsAbout(q.id, 'questions.question.closing_changed');
    expect(changes.map((e) => e.envelope.data)).toEqual([
      { questionId: q.id, closesAt: later, changedAt: at('2026-03-10T09:00:00.000Z') },
      { questionId: q.id, closesAt: at('2026-03-10T21:00:00.000Z'), changedAt: at('2026-03-10T19:30:00.002Z') },
      { questionId: q.id, closesAt: undefined, changedAt: at('2026-03-10T19:30:00.003Z') },
    ]);
    const edits = (await h.auditEvents()).map((e) => e.envelope.data as { action: string; targetId: string; outcome: string; actorId: string }).filter((r) => r.targetId === q.id && r.action === 'question.edit');
    expect(edits.map((r) => [r.outcome, r.actorId])).toEqual([
      ['success', editor.actor.id],
      ['failure', editor.actor.id],
      ['success', editor.actor.id],
      ['failure', editor.actor.id],
      ['failure', editor.actor.id],
      ['success', editor.actor.id],
      ['success', editor.actor.id],
    ]);
  });

  it('a resolved or archived question refuses; a non-admin is forbidden; an unknown id is not found', async () => {
    const q = await draft();
    clock.set('2026-03-10T09:00:00.000Z');
    await client.publishQuestion({ id: q.id }, admin());
    await expectGrpcError(edit(q.id, { resolutionCriteria: 'x' }, { actor: { id: crypto.randomUUID(), isAdmin: false } }), grpc.status.PERMISSION_DENIED);
    await client.resolveQuestion(resolving(q.id, 'yes'), admin());
    await expectGrpcError(edit(q.id, { closesAt: at('2026-03-11T09:00:00Z') }), grpc.status.FAILED_PRECONDITION, M.resolved);
    const other = await draft();
    await client.archiveQuestion({ id: other.id }, admin());
    await expectGrpcError(edit(other.id, { resolutionCriteria: 'x' }), grpc.status.FAILED_PRECONDITION, M.archived);
    await expectGrpcError(edit(crypto.randomUUID(), { resolutionCriteria: 'x' }), grpc.status.NOT_FOUND);
  });
});
