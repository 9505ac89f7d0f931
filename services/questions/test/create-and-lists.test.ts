import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import type { Question } from '@mzansi/proto/questions/v1/questions';
import { expectGrpcError } from '@mzansi/kit/testing';
import { MESSAGES } from '../src/domain/questions.js';
import { admin, member, newQuestion } from './helpers.js';
import { h, svc, client, clock, ids, createDraft, createPublished, listPublic, listToday, listAll, listDrafts, useLifecycleService } from './lifecycle-setup.js';

/** Creating a question (validation) and who sees it in which list (the service: ./lifecycle-setup.ts). */
useLifecycleService();

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
