import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc, type Actor } from '@mzansi/kit';
import { eventually, expectGrpcError, manualClock, outboxDrained } from '@mzansi/kit/testing';
import { admin, member, newQuestion, questionsHarness, type Harness, type QuestionsClient, type Running, resolving } from './helpers.js';

/** Admin-only calls are enforced by the service itself, not only by the gateway. */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
let forgedClient: QuestionsClient;
let draftId: string;
let publishedId: string;

beforeAll(async () => {
  h = await questionsHarness();
  // A fixed clock: today's list must not depend on when the suite runs (e.g. across SAST midnight).
  svc = await h.start({ clock: manualClock('2026-03-10T10:00:00.000Z').now });
  client = h.client(svc);
  forgedClient = h.client(svc, 'some-other-secret-0123456789abcdef');
  draftId = (await client.createQuestion(newQuestion(), admin())).question!.id;
  publishedId = (await client.createQuestion(newQuestion(), admin())).question!.id;
  await client.publishQuestion({ id: publishedId }, admin());
});

afterAll(async () => {
  await h?.cleanup();
});

type Call = (c: QuestionsClient, opts: { actor?: Actor }) => Promise<unknown>;
const adminCalls: Record<string, Call> = {
  createQuestion: (c, o) => c.createQuestion(newQuestion(), o),
  publishQuestion: (c, o) => c.publishQuestion({ id: draftId }, o),
  resolveQuestion: (c, o) => c.resolveQuestion(resolving(publishedId, 'yes'), o),
  correctResolution: (c, o) => c.correctResolution({ ...resolving(publishedId, 'no'), reason: 'A forged correction' }, o),
  archiveQuestion: (c, o) => c.archiveQuestion({ id: publishedId }, o),
  updateQuestionTranslations: (c, o) => c.updateQuestionTranslations({ id: draftId, translations: {} }, o),
  deleteQuestion: (c, o) => c.deleteQuestion({ id: publishedId }, o),
  listAllQuestions: (c, o) => c.listAllQuestions({}, o),
  listDraftQuestions: (c, o) => c.listDraftQuestions({}, o),
};

describe('admin-only calls', () => {
  for (const [name, call] of Object.entries(adminCalls)) {
    it(`${name}: non-admin → PERMISSION_DENIED; no actor or a forged one → UNAUTHENTICATED`, async () => {
      await expectGrpcError(call(client, member()), grpc.status.PERMISSION_DENIED, 'Admin access required');
      await expectGrpcError(call(client, {}), grpc.status.UNAUTHENTICATED);
      // An admin claim signed with the wrong secret is no actor at all.
      await expectGrpcError(call(forgedClient, admin()), grpc.status.UNAUTHENTICATED);
    });
  }

  it('checks the caller before the id: a non-admin learns nothing about unknown ids', async () => {
    await expectGrpcError(client.publishQuestion({ id: randomUUID() }, member()), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.deleteQuestion({ id: 'not-a-uuid' }, {}), grpc.status.UNAUTHENTICATED);
  });

  it('nothing changed after all the refused calls', async () => {
    const all = (await client.listAllQuestions({}, admin())).questions;
    expect(all).toHaveLength(2);
    expect(all.find((q) => q.id === draftId)).toMatchObject({ isPublished: false, isArchived: false });
    expect(all.find((q) => q.id === publishedId)).toMatchObject({ isPublished: true, isResolved: false, isArchived: false });
    await eventually(async () => (await h.events()).length > 0);
    await eventually(() => outboxDrained(h.db.url)); // every event is out: none can follow
    expect((await h.events()).map((e) => e.envelope.type)).toEqual(['questions.question.published']);
  });

  it('public reads need no actor', async () => {
    expect((await client.listPublicQuestions({ limit: 10, query: '', cursor: '' })).questions.map((q) => q.id)).toEqual([publishedId]);
    expect((await client.listTodayQuestions({})).questions.map((q) => q.id)).toEqual([publishedId]);
    expect((await client.getQuestion({ id: publishedId })).question!.id).toBe(publishedId);
    expect((await client.getQuestion({ id: publishedId }, member())).question!.id).toBe(publishedId);
  });
});
