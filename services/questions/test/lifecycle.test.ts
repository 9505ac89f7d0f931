import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import type { Question } from '@mzansi/proto/questions/v1/questions';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { MESSAGES } from '../src/domain/questions.js';
import { admin, member, newQuestion, questionsHarness, YES_NO, type Harness, type QuestionsClient, type Running } from './helpers.js';

let h: Harness;
let svc: Running;
let client: QuestionsClient;
const clock = manualClock('2026-03-10T08:00:00.000Z');

beforeAll(async () => {
  h = await questionsHarness();
  svc = await h.start({ clock: clock.now });
  client = h.client(svc);
});

afterAll(async () => {
  await h?.cleanup();
});

const ids = (qs: Question[]) => qs.map((q) => q.id);

async function createDraft(overrides: Parameters<typeof newQuestion>[0] = {}): Promise<Question> {
  const { question } = await client.createQuestion(newQuestion(overrides), admin());
  expect(question).toBeDefined();
  return question!;
}

async function createPublished(): Promise<Question> {
  const draft = await createDraft();
  return (await client.publishQuestion({ id: draft.id }, admin())).question!;
}

const listPublic = async () => ids((await client.listPublicQuestions({ limit: 100, query: '', cursor: '' })).questions);
const listToday = async () => ids((await client.listTodayQuestions({})).questions);
const listAll = async () => ids((await client.listAllQuestions({}, admin())).questions);
const listDrafts = async () => ids((await client.listDraftQuestions({}, admin())).questions);

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
    const resolved = (await client.resolveQuestion({ id: draft.id, correctOptionId: 'no' }, admin())).question!;
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
    await expectGrpcError(client.resolveQuestion({ id: draft.id, correctOptionId: 'yes' }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.notActive);
    expect((await client.getQuestion({ id: draft.id }, admin())).question).toMatchObject({ isResolved: false, correctOptionId: '' });
  });

  it('resolve twice → FAILED_PRECONDITION, and the first answer is kept', async () => {
    const q = await createPublished();
    await client.resolveQuestion({ id: q.id, correctOptionId: 'yes' }, admin());
    await expectGrpcError(client.resolveQuestion({ id: q.id, correctOptionId: 'no' }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.alreadyResolved);
    await expectGrpcError(client.resolveQuestion({ id: q.id, correctOptionId: 'yes' }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.alreadyResolved);
    expect((await client.getQuestion({ id: q.id })).question).toMatchObject({ isResolved: true, correctOptionId: 'yes' });
  });

  it('resolve with an option the question does not have → INVALID_ARGUMENT', async () => {
    const q = await createPublished();
    for (const correctOptionId of ['maybe', '', 'YES', 'Yes']) {
      await expectGrpcError(client.resolveQuestion({ id: q.id, correctOptionId }, admin()), grpc.status.INVALID_ARGUMENT, MESSAGES.unknownOption);
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
    await expectGrpcError(client.resolveQuestion({ id: published.id, correctOptionId: 'yes' }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedResolve);
    await expectGrpcError(client.publishQuestion({ id: published.id }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedPublish);

    const draft = await createDraft();
    await client.archiveQuestion({ id: draft.id }, admin());
    await expectGrpcError(client.publishQuestion({ id: draft.id }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedPublish);
    await expectGrpcError(client.resolveQuestion({ id: draft.id, correctOptionId: 'yes' }, admin()), grpc.status.FAILED_PRECONDITION, MESSAGES.archivedResolve);
    expect((await client.getQuestion({ id: draft.id }, admin())).question).toMatchObject({ isPublished: false, isResolved: false, isArchived: true });
  });

  it('unknown and malformed ids → NOT_FOUND for every call that takes an id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '', "'; DROP TABLE questions; --", '00000000-0000-0000-0000-00000000000g']) {
      await expectGrpcError(client.getQuestion({ id }), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.getQuestion({ id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.publishQuestion({ id }, admin()), grpc.status.NOT_FOUND, 'Question not found');
      await expectGrpcError(client.resolveQuestion({ id, correctOptionId: 'yes' }, admin()), grpc.status.NOT_FOUND, 'Question not found');
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

describe('create validation', () => {
  it('refuses options other than exactly [yes, no] with INVALID_ARGUMENT', async () => {
    const bad = [
      [],
      [{ id: 'yes', text: 'Yes' }],
      [
        { id: 'no', text: 'No' },
        { id: 'yes', text: 'Yes' },
      ],
      [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
        { id: 'maybe', text: 'Maybe' },
      ],
      [
        { id: 'a', text: 'A' },
        { id: 'b', text: 'B' },
      ],
      [
        { id: 'yes', text: 'Yes' },
        { id: 'yes', text: 'Yes' },
      ],
      [
        { id: 'YES', text: 'Yes' },
        { id: 'NO', text: 'No' },
      ],
    ];
    const before = (await listAll()).length;
    for (const options of bad) {
      await expectGrpcError(client.createQuestion(newQuestion({ options }), admin()), grpc.status.INVALID_ARGUMENT, MESSAGES.options);
    }
    // An option without text is a missing field.
    await expectGrpcError(
      client.createQuestion(newQuestion({ options: [{ id: 'yes', text: ' ' }, { id: 'no', text: 'No' }] }), admin()),
      grpc.status.INVALID_ARGUMENT,
      MESSAGES.required,
    );
    expect((await listAll()).length).toBe(before);
  });

  it('refuses empty text (or only a question mark) and a missing date with "Please fill in all required fields"', async () => {
    for (const text of ['', '   ', '?', ' ?? ']) {
      await expectGrpcError(client.createQuestion(newQuestion({ text }), admin()), grpc.status.INVALID_ARGUMENT, 'Please fill in all required fields');
    }
    await expectGrpcError(client.createQuestion(newQuestion({ date: undefined }), admin()), grpc.status.INVALID_ARGUMENT, 'Please fill in all required fields');
  });

  it('refuses over-long text and bad tags', async () => {
    await expectGrpcError(client.createQuestion(newQuestion({ text: 'x'.repeat(301) }), admin()), grpc.status.INVALID_ARGUMENT, /at most 300/);
    await expectGrpcError(client.createQuestion(newQuestion({ tags: ['no spaces allowed'] }), admin()), grpc.status.INVALID_ARGUMENT, /Tags/);
  });

  it('stores an empty context as NULL (proto ""), and strips the trailing question mark', async () => {
    const q = await createDraft({ text: 'Will Bafana Bafana qualify?', context: '   ' });
    expect(q.text).toBe('Will Bafana Bafana qualify');
    expect(q.context).toBe('');
    const row = (await svc.ctx.pool.query('SELECT text, context, is_published, is_active FROM questions WHERE id = $1', [q.id])).rows[0];
    expect(row).toEqual({ text: 'Will Bafana Bafana qualify', context: null, is_published: false, is_active: false });
    expect((await client.getQuestion({ id: q.id }, admin())).question).toMatchObject({ text: 'Will Bafana Bafana qualify', context: '' });

    const withContext = await createDraft({ context: '  Some background.  ' });
    expect(withContext.context).toBe('Some background.');
  });
});

describe('drafts are invisible to the public', () => {
  it('a draft is in no public list and GetQuestion without an admin actor is NOT_FOUND', async () => {
    clock.set('2026-03-10T12:00:00.000Z');
    const draft = await createDraft({ date: new Date('2026-03-10T13:00:00Z') });
    expect(await listToday()).not.toContain(draft.id);
    expect(await listPublic()).not.toContain(draft.id);
    await expectGrpcError(client.getQuestion({ id: draft.id }), grpc.status.NOT_FOUND, 'Question not found');
    await expectGrpcError(client.getQuestion({ id: draft.id }, member()), grpc.status.NOT_FOUND, 'Question not found');
    // A forged admin claim (signed with another secret) counts as no actor at all.
    const forged = h.client(svc, 'not-the-internal-secret-0123456789');
    await expectGrpcError(forged.getQuestion({ id: draft.id }, admin()), grpc.status.NOT_FOUND, 'Question not found');

    expect((await client.getQuestion({ id: draft.id }, admin())).question).toMatchObject({ id: draft.id, isPublished: false });
    expect(await listDrafts()).toContain(draft.id);
    expect(await listAll()).toContain(draft.id);
  });

  it('the public list is latest first and honours its limit', async () => {
    clock.set('2026-03-10T14:00:00.000Z');
    const a = await createPublished();
    clock.set('2026-03-10T14:00:01.000Z');
    const b = await createPublished();
    const { questions } = await client.listPublicQuestions({ limit: 2, query: '', cursor: '' });
    expect(ids(questions)).toEqual([b.id, a.id]);
    await expectGrpcError(client.listPublicQuestions({ limit: -1, query: '', cursor: '' }), grpc.status.INVALID_ARGUMENT);
    for (const q of (await client.listPublicQuestions({ limit: 0, query: '', cursor: '' })).questions) {
      expect(q).toMatchObject({ isPublished: true, isArchived: false });
    }
  });

  it('the archive is searchable (every word, as a prefix, in the text or context) and paged by cursor', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const made: Question[] = [];
    for (let i = 0; i < 5; i++) {
      // Same second for two of them: ties are broken by id, and no page repeats or skips one.
      clock.set(`2026-03-11T09:00:0${Math.min(i, 3)}.000Z`);
      const draft = await createDraft({ text: `Will the ${tag} electricity tariff rise ${i}`, context: i === 4 ? 'Eskom asked NERSA' : '' });
      made.push((await client.publishQuestion({ id: draft.id }, admin())).question!);
    }
    const unpublished = await createDraft({ text: `Will the ${tag} draft show` });
    const search = (query: string, cursor = '', limit = 2) => client.listPublicQuestions({ limit, query, cursor });

    const pages: string[][] = [];
    let cursor = '';
    do {
      const page = await search(`${tag} ELECTRIC`, cursor);
      pages.push(ids(page.questions));
      cursor = page.nextCursor;
    } while (cursor && pages.length < 5);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().sort()).toEqual(ids(made).sort());
    expect(pages.flat()).not.toContain(unpublished.id);
    // Latest first; the two published in the same second by id, highest first.
    const tied = [made[3]!.id, made[4]!.id].sort().reverse();
    expect(pages.flat()).toEqual([...tied, made[2]!.id, made[1]!.id, made[0]!.id]);

    expect(ids((await search(`${tag} nersa`)).questions)).toEqual([made[4]!.id]);
    expect((await search(`${tag} nothing-like-this`)).questions).toEqual([]);
    // tsquery syntax is only text.
    expect(ids((await search(`${tag} & !(|`, '', 10)).questions).sort()).toEqual(ids(made).sort());
    await expectGrpcError(search(tag, 'not-a-cursor'), grpc.status.INVALID_ARGUMENT);
    await expectGrpcError(search('x'.repeat(201)), grpc.status.INVALID_ARGUMENT);
  });
});
