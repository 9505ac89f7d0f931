import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { grpc, type Actor } from '@mzansi/kit';
import { SuggestionStatus as S } from '@mzansi/proto/questions/v1/questions';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { SUGGESTION_MESSAGES } from '../src/domain/suggestions.js';
import { admin, member, newQuestion, type Harness, type QuestionsClient, type Running, questionsHarness, useQuestionsService, resolving } from './helpers.js';

/** Question suggestions: validation, who sees what, review and delete rules (spec §4, §5; PRODUCT.md). */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
const clock = manualClock('2026-03-10T08:00:00.000Z');

useQuestionsService(clock, (started) => ({ h, svc, client } = started));

const suggest = async (who: { actor: Actor }, title = `Will the Springboks win the next test ${randomUUID().slice(0, 6)}`, description = '') =>
  (await client.createSuggestion({ title, description }, who)).suggestion!;

describe('CreateSuggestion', () => {
  it('title: 9 characters refused, 10 and 200 accepted, 201 refused, with the exact messages', async () => {
    const who = member();
    await expectGrpcError(client.createSuggestion({ title: 'x'.repeat(9), description: '' }, who), grpc.status.INVALID_ARGUMENT, 'Question must be at least 10 characters');
    // Counted after trimming.
    await expectGrpcError(client.createSuggestion({ title: `   ${'x'.repeat(9)}   `, description: '' }, who), grpc.status.INVALID_ARGUMENT, SUGGESTION_MESSAGES.tooShort);
    await expectGrpcError(client.createSuggestion({ title: '', description: '' }, who), grpc.status.INVALID_ARGUMENT, SUGGESTION_MESSAGES.tooShort);
    expect((await suggest(who, 'y'.repeat(10))).title).toBe('y'.repeat(10));
    expect((await suggest(who, `  ${'z'.repeat(200)}  `)).title).toBe('z'.repeat(200));
    await expectGrpcError(client.createSuggestion({ title: 'w'.repeat(201), description: '' }, who), grpc.status.INVALID_ARGUMENT, 'Question must be less than 200 characters');
    expect((await client.listSuggestions({ status: S.SUGGESTION_STATUS_UNSPECIFIED, mineOnly: false }, who)).suggestions).toHaveLength(2);
  });

  it('description optional (empty when blank), at most 2000 characters', async () => {
    const who = member();
    expect((await suggest(who, 'Will Parliament pass the budget on time', '   ')).description).toBe('');
    expect((await suggest(who, 'Will Parliament pass the budget on time', 'd'.repeat(2000))).description).toHaveLength(2000);
    await expectGrpcError(
      client.createSuggestion({ title: 'Will Parliament pass the budget on time', description: 'd'.repeat(2001) }, who),
      grpc.status.INVALID_ARGUMENT,
      SUGGESTION_MESSAGES.descriptionTooLong,
    );
  });

  it('is made by the acting user, pending, stamped by the clock; no actor → UNAUTHENTICATED', async () => {
    const who = member();
    clock.set('2026-03-10T09:00:00.000Z');
    const s = await suggest(who, ' Will the IEC announce the election date soon ', 'Context here');
    expect(s).toMatchObject({ userId: who.actor.id, title: 'Will the IEC announce the election date soon', description: 'Context here', status: S.SUGGESTION_STATUS_PENDING, adminNotes: '' });
    expect(s.createdAt).toEqual(clock.current);
    expect(s.updatedAt).toEqual(clock.current);
    await expectGrpcError(client.createSuggestion({ title: 'Will it rain in Cape Town', description: '' }, {}), grpc.status.UNAUTHENTICATED);
  });
});

describe('who sees what', () => {
  it('non-admins only ever get their own; admins get everyone’s unless mine_only; status filter', async () => {
    const [alice, bob, boss] = [member(), member(), admin()];
    clock.set('2026-03-10T08:30:00.000Z');
    const a1 = await suggest(alice);
    clock.set('2026-03-10T08:31:00.000Z');
    const a2 = await suggest(alice);
    const b1 = await suggest(bob);
    const mine = await suggest(boss);
    const list = async (who: { actor: Actor }, mineOnly = false, status = S.SUGGESTION_STATUS_UNSPECIFIED) =>
      (await client.listSuggestions({ status, mineOnly }, who)).suggestions.map((s) => s.id);

    expect(await list(alice)).toEqual([a2.id, a1.id]); // latest first
    expect(await list(alice, true)).toEqual([a2.id, a1.id]);
    expect(await list(bob)).toEqual([b1.id]);
    const all = await list(boss);
    expect(all).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id, mine.id]));
    expect(await list(boss, true)).toEqual([mine.id]);

    await client.reviewSuggestion({ id: a1.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: '' }, boss);
    expect(await list(alice, false, S.SUGGESTION_STATUS_APPROVED)).toEqual([a1.id]);
    expect(await list(alice, false, S.SUGGESTION_STATUS_PENDING)).toEqual([a2.id]);
    expect(await list(bob, false, S.SUGGESTION_STATUS_APPROVED)).toEqual([]);
    expect(await list(boss, false, S.SUGGESTION_STATUS_APPROVED)).toContain(a1.id);
    expect(await list(boss, false, S.SUGGESTION_STATUS_APPROVED)).not.toContain(b1.id);
    await expectGrpcError(client.listSuggestions({ status: 0, mineOnly: false }, {}), grpc.status.UNAUTHENTICATED);
  });
});

describe('ReviewSuggestion', () => {
  it('admin sets any status freely, with notes the author then sees', async () => {
    const author = member();
    const boss = admin();
    const s = await suggest(author);
    clock.set('2026-03-10T10:00:00.000Z');
    const approved = (await client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: '  Good one  ' }, boss)).suggestion!;
    expect(approved).toMatchObject({ id: s.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: 'Good one', title: s.title, userId: author.actor.id });
    expect(approved.updatedAt).toEqual(clock.current);
    expect(approved.createdAt).toEqual(s.createdAt);
    for (const status of [S.SUGGESTION_STATUS_USED, S.SUGGESTION_STATUS_REJECTED, S.SUGGESTION_STATUS_PENDING, S.SUGGESTION_STATUS_APPROVED]) {
      expect((await client.reviewSuggestion({ id: s.id, status, adminNotes: 'n' }, boss)).suggestion!.status).toBe(status);
    }
    const cleared = (await client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_REJECTED, adminNotes: 'Already asked last month' }, boss)).suggestion!;
    const seen = (await client.listSuggestions({ status: 0, mineOnly: true }, author)).suggestions.find((x) => x.id === s.id)!;
    expect(seen).toEqual(cleared);
    expect(seen).toMatchObject({ status: S.SUGGESTION_STATUS_REJECTED, adminNotes: 'Already asked last month' });
  });

  it('needs a status ("Please choose a status"), notes ≤ 2000, an admin, an existing suggestion', async () => {
    const author = member();
    const s = await suggest(author);
    await expectGrpcError(client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_UNSPECIFIED, adminNotes: '' }, admin()), grpc.status.INVALID_ARGUMENT, 'Please choose a status');
    await expectGrpcError(client.reviewSuggestion({ id: s.id, status: 42 as S, adminNotes: '' }, admin()), grpc.status.INVALID_ARGUMENT, 'Please choose a status');
    await expectGrpcError(
      client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: 'n'.repeat(2001) }, admin()),
      grpc.status.INVALID_ARGUMENT,
      SUGGESTION_MESSAGES.notesTooLong,
    );
    // The author (or anyone else) is no reviewer.
    await expectGrpcError(client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: '' }, author), grpc.status.PERMISSION_DENIED, 'Admin access required');
    await expectGrpcError(client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: '' }, member()), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: '' }, {}), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(client.reviewSuggestion({ id: randomUUID(), status: S.SUGGESTION_STATUS_APPROVED, adminNotes: '' }, admin()), grpc.status.NOT_FOUND, 'Suggestion not found');
    await expectGrpcError(client.reviewSuggestion({ id: 'nope', status: S.SUGGESTION_STATUS_APPROVED, adminNotes: '' }, admin()), grpc.status.NOT_FOUND);
    // Still pending and unchanged.
    expect((await client.listSuggestions({ status: 0, mineOnly: true }, author)).suggestions[0]).toEqual(s);
  });
});

describe('DeleteSuggestion', () => {
  const ids = async (who: { actor: Actor }) => (await client.listSuggestions({ status: 0, mineOnly: true }, who)).suggestions.map((s) => s.id);

  it('only admins delete: the author and everyone else get PERMISSION_DENIED and the suggestion stays', async () => {
    const [author, other] = [member(), member()];
    const s = await suggest(author);
    await expectGrpcError(client.deleteSuggestion({ id: s.id }, author), grpc.status.PERMISSION_DENIED, SUGGESTION_MESSAGES.adminOnly);
    await expectGrpcError(client.deleteSuggestion({ id: s.id }, other), grpc.status.PERMISSION_DENIED, SUGGESTION_MESSAGES.adminOnly);
    await expectGrpcError(client.deleteSuggestion({ id: s.id }, {}), grpc.status.UNAUTHENTICATED);
    // Non-admins learn nothing about ids: an unknown one is PERMISSION_DENIED too, not NOT_FOUND.
    await expectGrpcError(client.deleteSuggestion({ id: randomUUID() }, author), grpc.status.PERMISSION_DENIED);
    expect(await ids(author)).toEqual([s.id]);
    await client.deleteSuggestion({ id: s.id }, admin());
    expect(await ids(author)).toEqual([]);
    await expectGrpcError(client.deleteSuggestion({ id: s.id }, admin()), grpc.status.NOT_FOUND, 'Suggestion not found');
  });

  it('admins delete reviewed suggestions too', async () => {
    const author = member();
    const s = await suggest(author);
    await client.reviewSuggestion({ id: s.id, status: S.SUGGESTION_STATUS_REJECTED, adminNotes: '' }, admin());
    await expectGrpcError(client.deleteSuggestion({ id: s.id }, author), grpc.status.PERMISSION_DENIED);
    await client.deleteSuggestion({ id: s.id }, admin());
    expect(await ids(author)).toEqual([]);
    await expectGrpcError(client.deleteSuggestion({ id: 'nope' }, admin()), grpc.status.NOT_FOUND);
  });
});

describe('GetQuestionStats', () => {
  it('counts questions by state and pending suggestions (admin only)', async () => {
    const other = await questionsHarness();
    try {
      const c = other.client(await other.start({ clock: clock.now }));
      const zero = { draft: 0, published: 0, resolved: 0, archived: 0, suggestionsPending: 0 };
      expect(await c.getQuestionStats({}, admin())).toEqual(zero);
      const create = async () => (await c.createQuestion(newQuestion(), admin())).question!.id;
      const [d1, , p1, p2, r1, a1] = [await create(), await create(), await create(), await create(), await create(), await create()];
      void d1;
      for (const id of [p1, p2, r1, a1]) await c.publishQuestion({ id }, admin());
      await c.resolveQuestion(resolving(r1, 'yes'), admin());
      await c.archiveQuestion({ id: a1 }, admin());
      const author = member();
      const s1 = (await c.createSuggestion({ title: 'Will the rand strengthen this week', description: '' }, author)).suggestion!;
      await c.createSuggestion({ title: 'Will the rand weaken this week please', description: '' }, author);
      expect(await c.getQuestionStats({}, admin())).toEqual({ draft: 2, published: 2, resolved: 1, archived: 1, suggestionsPending: 2 });
      await c.reviewSuggestion({ id: s1.id, status: S.SUGGESTION_STATUS_USED, adminNotes: '' }, admin());
      expect((await c.getQuestionStats({}, admin())).suggestionsPending).toBe(1);
      await expectGrpcError(c.getQuestionStats({}, member()), grpc.status.PERMISSION_DENIED);
      await expectGrpcError(c.getQuestionStats({}, {}), grpc.status.UNAUTHENTICATED);
    } finally {
      await other.cleanup();
    }
  });
});
