import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { grpc, type Actor } from '@mzansi/kit';
import type { CreateMediaPredictionRequest, CreateOfficialRequest } from '@mzansi/proto/questions/v1/questions';
import { expectGrpcError, manualClock } from '@mzansi/kit/testing';
import { MEDIA_PREDICTIONS, OFFICIALS } from '../src/data-access/seed.js';
import { RESEARCH_MESSAGES as M } from '../src/domain/research.js';
import { admin, member, newQuestion, type Harness, type QuestionsClient, type Running, questionsHarness, useQuestionsService } from './helpers.js';

/** Research: tags with counts, questions / officials / media predictions by tag, and their admin management. */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
const clock = manualClock('2026-03-10T08:00:00.000Z');

useQuestionsService(clock, (started) => ({ h, svc, client } = started));

const official = (o: Partial<CreateOfficialRequest> = {}): CreateOfficialRequest => ({
  name: 'Office of the Minister of Police',
  title: 'Minister of Police',
  bio: 'Political head of SAPS.',
  avatar: 'MP',
  tags: ['crime-and-policing'],
  ...o,
});

const prediction = (p: Partial<CreateMediaPredictionRequest> = {}): CreateMediaPredictionRequest => ({
  statement: 'Murders will fall this quarter',
  prediction: 'Slightly more likely than not',
  confidence: 55,
  sourceTitle: 'Daily Maverick — policing analysis',
  sourceDate: '2026-03-01',
  sourceUrl: 'https://www.dailymaverick.co.za/',
  tags: ['crime-and-policing'],
  ...p,
});

async function published(tags: string[]) {
  const q = (await client.createQuestion(newQuestion({ tags }), admin())).question!;
  return (await client.publishQuestion({ id: q.id }, admin())).question!;
}

describe('tags and lists by tag', () => {
  it('counts public questions, officials and predictions per tag; lists only items with that tag', async () => {
    const water1 = await published(['water', 'local-government']);
    const water2 = await published(['water']);
    const energy = await published(['energy']);
    // Not public: a draft and an archived question carry the tag too.
    const draft = (await client.createQuestion(newQuestion({ tags: ['water'] }), admin())).question!;
    const archived = await published(['water']);
    await client.archiveQuestion({ id: archived.id }, admin());
    const waterMinister = (await client.createOfficial(official({ name: 'Office of the Minister of Water and Sanitation', title: 'Minister of Water and Sanitation', avatar: '', tags: ['water', 'infrastructure'] }), admin())).official!;
    const mayor = (await client.createOfficial(official({ name: 'Office of the Executive Mayor of Johannesburg', title: 'Executive Mayor of Johannesburg', tags: ['local-government', 'water'] }), admin())).official!;
    const police = (await client.createOfficial(official(), admin())).official!;
    const outages = (await client.createMediaPrediction(prediction({ statement: 'More water outages in Gauteng', tags: ['water'], sourceDate: '2026-03-05' }), admin())).prediction!;
    const murders = (await client.createMediaPrediction(prediction(), admin())).prediction!;

    const { tags } = await client.listTags({});
    expect(tags).toEqual([
      { tag: 'crime-and-policing', label: 'Crime and policing', questionCount: 0, officialCount: 1, predictionCount: 1 },
      { tag: 'energy', label: 'Energy', questionCount: 1, officialCount: 0, predictionCount: 0 },
      { tag: 'infrastructure', label: 'Infrastructure', questionCount: 0, officialCount: 1, predictionCount: 0 },
      { tag: 'local-government', label: 'Local government', questionCount: 1, officialCount: 1, predictionCount: 0 },
      { tag: 'water', label: 'Water', questionCount: 2, officialCount: 2, predictionCount: 1 },
    ]);

    const qids = (await client.listQuestionsByTag({ tag: 'water' })).questions.map((q) => q.id);
    expect(qids.sort()).toEqual([water1.id, water2.id].sort());
    expect(qids).not.toContain(draft.id);
    expect(qids).not.toContain(archived.id);
    expect((await client.listQuestionsByTag({ tag: ' Energy ' })).questions.map((q) => q.id)).toEqual([energy.id]);

    // Sorted by name.
    expect((await client.listOfficials({ tag: 'water' })).officials.map((o) => o.id)).toEqual([mayor.id, waterMinister.id]);
    expect((await client.listOfficials({ tag: 'crime-and-policing' })).officials).toEqual([police]);
    expect((await client.listOfficials({ tag: '' })).officials).toHaveLength(3);
    expect((await client.listMediaPredictions({ tag: 'water' })).predictions).toEqual([outages]);
    // Latest source date first.
    expect((await client.listMediaPredictions({ tag: '' })).predictions.map((p) => p.id)).toEqual([outages.id, murders.id]);
  });

  it('unknown or malformed tags give empty lists, never an error', async () => {
    for (const tag of ['no-such-tag', 'Not A Tag!', '../../etc', 'x'.repeat(200)]) {
      expect(await client.listQuestionsByTag({ tag })).toEqual({ questions: [] });
      expect(await client.listOfficials({ tag })).toEqual({ officials: [] });
      expect(await client.listMediaPredictions({ tag })).toEqual({ predictions: [] });
    }
  });

  it('reads need no actor', async () => {
    await client.listTags({});
    await client.listOfficials({ tag: 'water' });
    await client.listMediaPredictions({ tag: 'water' });
  });
});

describe('officials', () => {
  it('create normalises (trim, tags, initials from the name when no avatar); update replaces; delete removes', async () => {
    const created = (await client.createOfficial(official({ name: '  Office of the Speaker of the National Assembly ', title: ' Speaker ', avatar: '', tags: [' Parliament ', 'parliament'] }), admin())).official!;
    expect(created).toMatchObject({ name: 'Office of the Speaker of the National Assembly', title: 'Speaker', avatar: 'OA', tags: ['parliament'], isSample: false });
    expect((await client.createOfficial(official({ avatar: 'sn' }), admin())).official!.avatar).toBe('SN');
    expect((await client.createOfficial(official({ avatar: '/avatars/speaker.svg' }), admin())).official!.avatar).toBe('/avatars/speaker.svg');

    const updated = (await client.updateOfficial({ id: created.id, name: 'Thoko Didiza', title: 'Speaker of the National Assembly', bio: 'Presides.', avatar: 'TD', tags: ['parliament', 'elections'] }, admin())).official!;
    expect(updated).toEqual({ id: created.id, name: 'Thoko Didiza', title: 'Speaker of the National Assembly', bio: 'Presides.', avatar: 'TD', tags: ['parliament', 'elections'], isSample: false });
    expect((await client.listOfficials({ tag: 'elections' })).officials).toEqual([updated]);

    await client.deleteOfficial({ id: created.id }, admin());
    expect((await client.listOfficials({ tag: 'elections' })).officials).toEqual([]);
    await expectGrpcError(client.deleteOfficial({ id: created.id }, admin()), grpc.status.NOT_FOUND, M.officialNotFound);
    await expectGrpcError(client.updateOfficial({ id: randomUUID(), ...official() }, admin()), grpc.status.NOT_FOUND, M.officialNotFound);
    await expectGrpcError(client.updateOfficial({ id: 'nope', ...official() }, admin()), grpc.status.NOT_FOUND);
  });

  it('validation with clear messages; avatars are initials or bundled paths, never internet addresses', async () => {
    const bad: [Partial<CreateOfficialRequest>, string][] = [
      [{ name: '  ' }, M.nameRequired],
      [{ name: 'n'.repeat(121) }, M.nameTooLong],
      [{ title: '' }, M.titleRequired],
      [{ bio: 'b'.repeat(2001) }, M.bioTooLong],
      [{ avatar: 'https://example.com/face.png' }, M.avatar],
      [{ avatar: '//example.com/face.png' }, M.avatar],
      [{ avatar: '/avatars/../secret.svg' }, M.avatar],
      [{ avatar: 'ABCD' }, M.avatar],
      [{ tags: ['Not a tag!'] }, M.tags],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, M.tags],
    ];
    for (const [o, message] of bad) await expectGrpcError(client.createOfficial(official(o), admin()), grpc.status.INVALID_ARGUMENT, message);
  });
});

describe('media predictions', () => {
  it('create, update (replace), delete', async () => {
    const p = (await client.createMediaPrediction(prediction({ statement: '  Rates will be cut  ', confidence: 0, tags: ['economy'] }), admin())).prediction!;
    expect(p).toMatchObject({ statement: 'Rates will be cut', confidence: 0, sourceDate: '2026-03-01', sourceUrl: 'https://www.dailymaverick.co.za/', tags: ['economy'], isSample: false });
    const u = (await client.updateMediaPrediction({ id: p.id, ...prediction({ confidence: 100, sourceUrl: 'http://mg.co.za/', sourceDate: '2024-02-29', tags: ['economy', 'parliament'] }) }, admin())).prediction!;
    expect(u).toEqual({ id: p.id, ...prediction({ confidence: 100, sourceUrl: 'http://mg.co.za/', sourceDate: '2024-02-29', tags: ['economy', 'parliament'] }), isSample: false });
    expect((await client.listMediaPredictions({ tag: 'parliament' })).predictions).toEqual([u]);
    await client.deleteMediaPrediction({ id: p.id }, admin());
    expect((await client.listMediaPredictions({ tag: 'parliament' })).predictions).toEqual([]);
    await expectGrpcError(client.deleteMediaPrediction({ id: p.id }, admin()), grpc.status.NOT_FOUND, M.predictionNotFound);
    await expectGrpcError(client.updateMediaPrediction({ id: randomUUID(), ...prediction() }, admin()), grpc.status.NOT_FOUND, M.predictionNotFound);
  });

  it('validation: confidence 0–100, http(s) source URL, a real date', async () => {
    const bad: [Partial<CreateMediaPredictionRequest>, string][] = [
      [{ statement: '' }, M.statementRequired],
      [{ prediction: ' ' }, M.predictionRequired],
      [{ confidence: -1 }, M.confidence],
      [{ confidence: 101 }, M.confidence],
      [{ sourceTitle: '' }, M.sourceTitleRequired],
      [{ sourceDate: '' }, M.sourceDate],
      [{ sourceDate: '2026-02-30' }, M.sourceDate],
      [{ sourceDate: '10/03/2026' }, M.sourceDate],
      [{ sourceUrl: '' }, M.sourceUrl],
      [{ sourceUrl: 'javascript:alert(1)' }, M.sourceUrl],
      [{ sourceUrl: 'ftp://news24.com/' }, M.sourceUrl],
      [{ sourceUrl: 'www.news24.com' }, M.sourceUrl],
      [{ tags: ['Bad Tag'] }, M.tags],
    ];
    for (const [p, message] of bad) await expectGrpcError(client.createMediaPrediction(prediction(p), admin()), grpc.status.INVALID_ARGUMENT, message);
  });
});

describe('changes are admin-only', () => {
  const calls: Record<string, (o: { actor?: Actor }) => Promise<unknown>> = {
    createOfficial: (o) => client.createOfficial(official(), o),
    updateOfficial: (o) => client.updateOfficial({ id: randomUUID(), ...official() }, o),
    deleteOfficial: (o) => client.deleteOfficial({ id: randomUUID() }, o),
    createMediaPrediction: (o) => client.createMediaPrediction(prediction(), o),
    updateMediaPrediction: (o) => client.updateMediaPrediction({ id: randomUUID(), ...prediction() }, o),
    deleteMediaPrediction: (o) => client.deleteMediaPrediction({ id: randomUUID() }, o),
  };
  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: non-admin → PERMISSION_DENIED, no actor → UNAUTHENTICATED`, async () => {
      await expectGrpcError(call(member()), grpc.status.PERMISSION_DENIED, 'Admin access required');
      await expectGrpcError(call({}), grpc.status.UNAUTHENTICATED);
    });
  }
});

describe('demo research content (SEED_DEMO)', () => {
  it('seeds sample officials and media predictions once, on the sample questions’ topics', async () => {
    const seeded = await questionsHarness({ SEED_DEMO: 'true' });
    try {
      const c = seeded.client(await seeded.start({ clock: clock.now }));
      const officials = (await c.listOfficials({ tag: '' })).officials;
      const predictions = (await c.listMediaPredictions({ tag: '' })).predictions;
      expect(officials).toHaveLength(OFFICIALS.length);
      expect(predictions).toHaveLength(MEDIA_PREDICTIONS.length);
      expect(predictions.length).toBeGreaterThanOrEqual(10);
      expect(predictions.length).toBeLessThanOrEqual(15);
      expect([...officials, ...predictions].every((x) => x.isSample)).toBe(true);
      expect(officials.every((o) => /^[A-Z]{1,3}$/.test(o.avatar))).toBe(true);
      expect(predictions.every((p) => /^https:\/\/[a-z0-9.-]+\/$/.test(p.sourceUrl) && p.confidence >= 0 && p.confidence <= 100)).toBe(true);
      expect(predictions.every((p) => p.sourceDate < '2026-03-10' && p.sourceDate > '2026-01-01')).toBe(true);

      const tags = (await c.listTags({})).tags;
      const names = tags.map((t) => t.tag);
      for (const t of ['energy', 'load-shedding', 'coalition-government', 'local-government', 'elections', 'crime-and-policing', 'unemployment', 'economy', 'water', 'education', 'parliament', 'infrastructure']) {
        expect(names).toContain(t);
      }
      // Every topic has sample questions and officials; most have predictions too.
      for (const t of tags) expect(t.officialCount, t.tag).toBeGreaterThan(0);
      expect(tags.find((t) => t.tag === 'load-shedding')).toMatchObject({ label: 'Load-shedding' });
      expect(tags.find((t) => t.tag === 'energy')!.questionCount).toBeGreaterThan(0);

      // A second start seeds nothing more.
      const again = seeded.client(await seeded.start({ clock: clock.now }));
      expect((await again.listOfficials({ tag: '' })).officials).toHaveLength(OFFICIALS.length);
      expect((await again.listMediaPredictions({ tag: '' })).predictions).toHaveLength(MEDIA_PREDICTIONS.length);
    } finally {
      await seeded.cleanup();
    }
  });
});
