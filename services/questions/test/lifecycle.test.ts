import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import type { Question } from '@mzansi/proto/questions/v1/questions';
import { expectGrpcError } from '@mzansi/kit/testing';
import { MESSAGES } from '../src/domain/questions.js';
import { admin, member, YES_NO, resolving } from './helpers.js';
import { svc, client, clock, ids, createDraft, createPublished, listPublic, listToday, listAll, listDrafts, useLifecycleService } from './lifecycle-setup.js';

/** A question's states: the legal path and the refused transitions (the service: ./lifecycle-setup.ts). */
useLifecycleService();

describe('the legal path: draft → published → resolved → archived → deleted', () => {
  it('walks every state, each step stamped by the injected clock', async () => {
    clock.set('2026-03-10T08:00:00.000Z');
    const draft = await createDraft({ text: '  Will the Springboks win on Saturday??  ', context: 'Rugby.', tags: ['Sport', 'sport', ' rugby '] });
    expect(draft).toMatchObject({
      text: 'Will the Springboks win on Saturday',
      context: 'Rugby.',
      options: YES_NO,
      correctOptionId: '',
      isPublished: false,
      isActive: false,
      isResolved: false,
      isArchived: false,
      isSample: false,
      tags: ['sport', 'rugby'],
    });
    expect(draft.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.publishedAt).toBeUndefined();
    expect(draft.createdAt).toEqual(clock.current);
    expect(draft.date).toEqual(new Date('2026-03-10T13:00:00Z'));

    clock.set('2026-03-10T09:15:30.250Z');
    const published = (await client.publishQuestion({ id: draft.id }, admin())).question!;
    expect(published).toMatchObject({ id: draft.id, isPublished: true, isActive: true, isResolved: false, isArchived: false, correctOptionId: '' });
    expect(published.publishedAt).toEqual(new Date('2026-03-10T09:15:30.250Z'));
    expect(published.createdAt).toEqual(draft.createdAt);

    // Public now: in the public list, today's list and GetQuestion without an actor.
    expect(await listPublic()).toContain(draft.id);
    expect(await listToday()).toContain(draft.id);
    expect((await client.getQuestion({ id: draft.id })).question).toEqual(published);
    expect(await listDrafts()).not.toContain(draft.id);

    clock.set('2026-03-10T20:00:00.000Z');
    const resolved = (await client.resolveQuestion(resolving(draft.id, 'no'), admin())).question!;
    expect(resolved).toMatchObject({ id: draft.id, isPublished: true, isActive: true, isResolved: true, isArchived: false, correctOptionId: 'no' });
    expect(resolved.publishedAt).toEqual(published.publishedAt);
    const stored = await svc.ctx.pool.query('SELECT resolved_at, archived_at FROM questions WHERE id = $1', [draft.id]);
    expect(stored.rows[0]).toEqual({ resolved_at: new Date('2026-03-10T20:00:00.000Z'), archived_at: null });

    clock.set('2026-03-10T20:30:00.000Z');
    const archived = (await client.archiveQuestion({ id: draft.id }, admin())).question!;
    expect(archived).toMatchObject({ id: draft.id, isArchived: true, isActive: false, isResolved: true, isPublished: true, correctOptionId: 'no' });
    expect((await svc.ctx.pool.query('SELECT archived_at FROM questions WHERE id = $1', [draft.id])).rows[0].archived_at).toEqual(
      new Date('2026-03-10T20:30:00.000Z'),
    );

    await client.deleteQuestion({ id: draft.id }, admin());
    await expectGrpcError(client.getQuestion({ id: draft.id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
    expect(await listAll()).not.toContain(draft.id);
  });

  it('a draft can be archived (kept, never shown) and deleted', async () => {
    const draft = await createDraft();
    const archived = (await client.archiveQuestion({ id: draft.id }, admin())).question!;
    expect(archived).toMatchObject({ isArchived: true, isPublished: false, isActive: false });
    expect(await listAll()).toContain(draft.id);
    await client.deleteQuestion({ id: draft.id }, admin());
    expect(await listAll()).not.toContain(draft.id);
  });
});

describe('illegal transitions', () => {
  it('publish twice → FAILED_PRECONDITION, and the first publication is kept', async () => {
    clock.set('2026-03-10T10:00:00.000Z');
    const q = await createPublished();
    clock.set('2026-03-10T11:00:00.000Z');
    await expectGrpcError(client.publishQuestion({ id: q.id }, admin()), grpc.status.FAILED_PRECONDITION, 'This question is already published');
    expect((await client.getQuestion({ id: q.id })).question!.publishedAt).toEqual(new Date('2026-03-10T10:00:00.000Z'));
  });

  it('resolve a draft → FAILED_PRECONDITION, and it stays unresolved', async () => {
    const draft = await createDraft();
    await expectGrpcError(client.resolveQuestion(resolving(draft.id, 'yes'), admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.notActive);
    expect((await client.getQuestion({ id: draft.id }, admin())).question).toMatchObject({ isResolved: false, correctOptionId: '' });
  });

  it('resolve twice → FAILED_PRECONDITION, and the first answer is kept', async () => {
    const q = await createPublished();
    await client.resolveQuestion(resolving(q.id, 'yes'), admin());
    await expectGrpcError(client.resolveQuestion(resolving(q.id, 'no'), admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.alreadyResolved);
    await expectGrpcError(client.resolveQuestion(resolving(q.id, 'yes'), admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.alreadyResolved);
    expect((await client.getQuestion({ id: q.id })).question).toMatchObject({ isResolved: true, correctOptionId: 'yes' });
  });

  it('resolve with an option the question does not have → INVALID_ARGUMENT', async () => {
    const q = await createPublished();
    for (const correctOptionId of ['maybe', '', 'YES', 'Yes']) {
      await expectGrpcError(client.resolveQuestion(resolving(q.id, correctOptionId), admin()), grpc.status.INVALID_ARGUMENT, MESSAGES.unknownOption);
    }
    expect((await client.getQuestion({ id: q.id })).question).toMatchObject({ isResolved: false, correctOptionId: '' });
  });

  it('archive hides a question from the public and today lists but not from the admin list; archive twice → FAILED_PRECONDITION', async () => {
    const q = await createPublished();
    expect(await listPublic()).toContain(q.id);
    expect(await listToday()).toContain(q.id);

    await client.archiveQuestion({ id: q.id }, admin());
    expect(await listPublic()).not.toContain(q.id);
    expect(await listToday()).not.toContain(q.id);
    expect(await listAll()).toContain(q.id);
    expect(await listDrafts()).not.toContain(q.id);
    // Only admins may still open it.
    await expectGrpcError(client.getQuestion({ id: q.id }), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(client.getQuestion({ id: q.id }, member()), grpc.status.NOT_FOUND, 'Question not found');
    expect((await client.getQuestion({ id: q.id }, admin())).question).toMatchObject({ id: q.id, isArchived: true });

    await expectGrpcError(client.archiveQuestion({ id: q.id }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.alreadyArchived);
  });

  it('resolve or publish an archived question → FAILED_PRECONDITION', async () => {
    const published = await createPublished();
    await client.archiveQuestion({ id: published.id }, admin());
    await expectGrpcError(client.resolveQuestion(resolving(published.id, 'yes'), admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedResolve);
    await expectGrpcError(client.publishQuestion({ id: published.id }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedPublish);

    const draft = await createDraft();
    await client.archiveQuestion({ id: draft.id }, admin());
    await expectGrpcError(client.publishQuestion({ id: draft.id }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedPublish);
    await expectGrpcError(client.resolveQuestion(resolving(draft.id, 'yes'), admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedResolve);
    expect((await client.getQuestion({ id: draft.id }, admin())).question).toMatchObject({ isPublished: false, isResolved: false, isArchived: true });
  });

  it('unknown and malformed ids → NOT_FOUND for every call that takes an id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '', "'; DROP TABLE questions; --", '00000000-0000-0000-0000-00000000000g']) {
      await expectGrpcError(client.getQuestion({ id }), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.getQuestion({ id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.publishQuestion({ id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.resolveQuestion(resolving(id, 'yes'), admin()), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.archiveQuestion({ id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.deleteQuestion({ id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
    }
  });

  it('delete twice → NOT_FOUND the second time', async () => {
    const q = await createPublished();
    await client.deleteQuestion({ id: q.id }, admin());
    await expectGrpcError(client.deleteQuestion({ id: q.id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(client.getQuestion({ id: q.id }), grpc.status.NOT_FOUND, 'Question not found');
    expect(await listPublic()).not.toContain(q.id);
  });
});
