import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, deleteTestStreams, serviceTestEnv, testNamespace } from '@mzansi/kit/testing';
import { start as startQuestions } from '../../services/questions/src/main.js';
import { start as startSocial } from '../../services/social/src/main.js';
import { start as startVoting } from '../../services/voting/src/main.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  expectCleanError,
  signUp,
  startGatewayForTest,
  startIdentityForTest,
  uname,
  type Browser,
  type Res,
  resolveBody,
  RESOLUTION_SOURCE,
} from './helpers.js';

/**
 * The admin question routes end to end: gateway → real identity, questions and voting services (in-process, own
 * databases; questions and voting share an events namespace, as in production) → Redis sessions. The questions
 * service runs on a fixed clock. The gateway composes lists with vote counts from voting.
 */
const NOW = '2026-03-10T10:00:00.000Z';
const REQUIRED = 'Please fill in all required fields';
/** A yes/no question before anyone answered or commented, as the API shows it. */
const NO_VOTES_YET = {
  results: [
    { optionId: 'yes', optionText: 'Yes', votes: 0, percentage: 0 },
    { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
  ],
  totalVotes: 0,
  commentCount: 0,
};

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let questionsDb: Awaited<ReturnType<typeof createTestDatabase>>;
let questionsNs: string;
let questions: Awaited<ReturnType<typeof startQuestions>>;
let votingDb: Awaited<ReturnType<typeof createTestDatabase>>;
let voting: Awaited<ReturnType<typeof startVoting>>;
let socialDb: Awaited<ReturnType<typeof createTestDatabase>>;
let social: Awaited<ReturnType<typeof startSocial>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let memberB: Browser;
let anonB: Browser;

beforeAll(async () => {
  identity = await startIdentityForTest();
  questionsDb = await createTestDatabase('questions');
  questionsNs = testNamespace();
  questions = await startQuestions(serviceTestEnv(questionsDb.url, questionsNs), { clock: () => new Date(NOW) });
  votingDb = await createTestDatabase('voting');
  voting = await startVoting(serviceTestEnv(votingDb.url, questionsNs), { clock: () => new Date(NOW) });
  socialDb = await createTestDatabase('social');
  social = await startSocial(serviceTestEnv(socialDb.url, questionsNs));
  gw = await startGatewayForTest(identity.address, {
    SOCIAL_GRPC_ADDR: `127.0.0.1:${social.grpcPort}`,
    QUESTIONS_GRPC_ADDR: `127.0.0.1:${questions.grpcPort}`,
    VOTING_GRPC_ADDR: `127.0.0.1:${voting.grpcPort}`,
    PUBLIC_CACHE_MS: '0',
    SERVE_WEB: 'false',
  });
  adminB = gw.browser();
  const login = await adminB.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
  expect(login.json).toMatchObject({ username: ADMIN_USERNAME, isAdmin: true });
  memberB = gw.browser();
  expect((await signUp(memberB, uname('Lerato'))).isAdmin).toBe(false);
  anonB = gw.browser();
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await social?.stop().catch(() => undefined);
  await socialDb?.drop().catch(() => undefined);
  await Promise.allSettled([questions?.stop(), voting?.stop()]);
  await deleteTestStreams(questionsNs).catch(() => undefined);
  await Promise.allSettled([questionsDb?.drop(), votingDb?.drop()]);
  await identity?.cleanup();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  text: `Will Kaizer Chiefs win the derby ${randomUUID().slice(0, 6)}?`,
  context: 'The Soweto derby is on Saturday.',
  date: '2026-03-10T13:00:00.000Z',
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
  tags: ['football'],
  ...overrides,
});

const del = (b: Browser, path: string) => b.req('DELETE', path);
const idsOf = (res: Res) => {
  expect(res.status, res.text).toBe(200);
  expect(Array.isArray(res.json)).toBe(true);
  return (res.json as { id: string }[]).map((q) => q.id);
};

async function createDraft(overrides: Record<string, unknown> = {}) {
  const res = await adminB.post('/api/admin/questions', body(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; [k: string]: unknown };
}

/** Every admin route, with a real draft's id, so only the access check can stop them. */
const routes = (id: string): { name: string; call: (b: Browser) => Promise<Res> }[] => [
  { name: 'GET /api/admin/questions', call: (b) => b.get('/api/admin/questions') },
  { name: 'GET /api/admin/drafts', call: (b) => b.get('/api/admin/drafts') },
  { name: 'POST /api/admin/questions', call: (b) => b.post('/api/admin/questions', body()) },
  { name: 'POST /api/admin/questions/:id/publish', call: (b) => b.post(`/api/admin/questions/${id}/publish`) },
  { name: 'PUT /api/admin/questions/:id/resolve', call: (b) => b.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes')) },
  { name: 'PUT /api/admin/questions/:id/resolution', call: (b) => b.put(`/api/admin/questions/${id}/resolution`, resolveBody('no', { reason: 'A fix' })) },
  { name: 'PUT /api/admin/questions/:id/archive', call: (b) => b.put(`/api/admin/questions/${id}/archive`) },
  { name: 'PUT /api/admin/questions/:id/schedule', call: (b) => b.put(`/api/admin/questions/${id}/schedule`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() }) },
  { name: 'DELETE /api/admin/questions/:id/schedule', call: (b) => del(b, `/api/admin/questions/${id}/schedule`) },
  { name: 'DELETE /api/admin/questions/:id', call: (b) => del(b, `/api/admin/questions/${id}`) },
];

describe('admin routes are admin-only', () => {
  it('every route → 401 signed out and 403 for a signed-in non-admin, and nothing changes', async () => {
    const draft = await createDraft();
    const countBefore = idsOf(await adminB.get('/api/admin/questions')).length;
    for (const { name, call } of routes(draft.id)) {
      const signedOut = await call(anonB);
      expectCleanError(signedOut, 401, 'Please sign in to continue');
      expect(signedOut.status, name).toBe(401);
      const nonAdmin = await call(memberB);
      expectCleanError(nonAdmin, 403, 'Admin access required');
      expect(nonAdmin.status, name).toBe(403);
    }
    const all = (await adminB.get('/api/admin/questions')).json as { id: string; isPublished: boolean }[];
    expect(all).toHaveLength(countBefore);
    expect(all.find((q) => q.id === draft.id)).toMatchObject({ isPublished: false, isResolved: false, isArchived: false });
  });

  it('a stale or made-up cookie is signed out', async () => {
    expectCleanError(await anonB.get('/api/admin/questions', { cookie: 'sid=s%3Anot-a-session.bad' }), 401);
  });
});

describe('the admin question flow', () => {
  it('create → draft list → publish → public list → resolve → archive → delete', async () => {
    // Create: a draft, text without the typed question mark, empty context as null, no votes yet.
    const created = await adminB.post('/api/admin/questions', body({ text: 'Will the Stormers top the URC log?', context: '' }));
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    expect(created.json).toEqual({
      id,
      text: 'Will the Stormers top the URC log',
      context: null,
      date: '2026-03-10T13:00:00.000Z',
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      correctOptionId: null,
      isActive: false,
      isResolved: false,
      isArchived: false,
      isPublished: false,
      publishedAt: null,
      createdAt: NOW,
      tags: ['football'],
      isSample: false,
      isBlind: false,
      scheduledFor: null,
      scheduleMissedAt: null,
      resolutionCriteria: null,
      closesAt: null,
      isClosed: false,
      resolution: null,
      resultsHidden: false,
      ...NO_VOTES_YET,
    });

    expect(idsOf(await adminB.get('/api/admin/drafts'))).toContain(id);
    expect(idsOf(await adminB.get('/api/admin/questions'))).toContain(id);
    expect(idsOf(await anonB.get('/api/questions/public'))).not.toContain(id);
    expect(idsOf(await anonB.get('/api/questions/today'))).not.toContain(id);

    // Publish.
    const published = await adminB.post(`/api/admin/questions/${id}/publish`);
    expect(published.status, published.text).toBe(200);
    expect(published.json).toMatchObject({ id, isPublished: true, isActive: true, publishedAt: NOW });
    expect(idsOf(await adminB.get('/api/admin/drafts'))).not.toContain(id);

    const pub = await anonB.get('/api/questions/public');
    const shown = (pub.json as { id: string }[]).find((q) => q.id === id);
    expect(shown, pub.text).toMatchObject({
      id,
      text: 'Will the Stormers top the URC log',
      context: null,
      isPublished: true,
      isActive: true,
      isResolved: false,
      correctOptionId: null,
      publishedAt: NOW,
      ...NO_VOTES_YET,
    });
    expect(idsOf(await anonB.get('/api/questions/today'))).toContain(id);
    // The admin list carries the same composed shape. The sparkline is voting's, which learns of the publish from
    // questions' event: two reads a moment apart may see it before and after, so it is compared on its own.
    const adminList = (await adminB.get('/api/admin/questions')).json as { id: string; sparkline?: unknown }[];
    const { sparkline: adminSpark, ...adminShown } = adminList.find((q) => q.id === id)!;
    const { sparkline: publicSpark, ...publicShown } = shown as { sparkline?: unknown };
    expect(adminShown).toEqual(publicShown);
    for (const spark of [adminSpark, publicSpark]) expect(spark === null || Array.isArray(spark), JSON.stringify(spark)).toBe(true);

    // Illegal: publish again.
    expectCleanError(await adminB.post(`/api/admin/questions/${id}/publish`), 409, 'This question is already published');

    // Resolve: bad bodies, then yes, then again.
    expectCleanError(await adminB.put(`/api/admin/questions/${id}/resolve`, {}), 400, 'Please choose the correct option');
    expectCleanError(
      await adminB.put(`/api/admin/questions/${id}/resolve`, resolveBody('maybe')),
      400,
      'The correct option must be one of the question’s options',
    );
    const resolved = await adminB.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes'));
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.json).toMatchObject({ id, isResolved: true, correctOptionId: 'yes', isActive: true, resolution: { source: RESOLUTION_SOURCE, note: null, correctedAt: null } });
    expectCleanError(await adminB.put(`/api/admin/questions/${id}/resolve`, resolveBody('no')), 409, 'This question is already resolved');
    expect(((await anonB.get('/api/questions/public')).json as { id: string }[]).find((q) => q.id === id)).toMatchObject({
      isResolved: true,
      correctOptionId: 'yes',
    });

    // Archive: gone from the public lists, still in the admin list.
    const archived = await adminB.put(`/api/admin/questions/${id}/archive`);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json).toMatchObject({ id, isArchived: true, isActive: false });
    expectCleanError(await adminB.put(`/api/admin/questions/${id}/archive`), 409, 'This question is already archived');
    expectCleanError(await adminB.post(`/api/admin/questions/${id}/publish`), 409, 'An archived question cannot be published');
    expect(idsOf(await anonB.get('/api/questions/public'))).not.toContain(id);
    expect(idsOf(await anonB.get('/api/questions/today'))).not.toContain(id);
    expect(idsOf(await adminB.get('/api/admin/questions'))).toContain(id);

    // Delete: gone everywhere; a second delete is 404.
    const deleted = await del(adminB, `/api/admin/questions/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ success: true });
    expect(idsOf(await adminB.get('/api/admin/questions'))).not.toContain(id);
    expectCleanError(await del(adminB, `/api/admin/questions/${id}`), 404, 'Question not found');
  });

  it('resolving a draft → 409 with the service’s message', async () => {
    const draft = await createDraft();
    expectCleanError(
      await adminB.put(`/api/admin/questions/${draft.id}/resolve`, resolveBody('yes')),
      409,
      'Only a published, active question can be resolved',
    );
  });

  it('POST with missing or empty fields → 400 "Please fill in all required fields"', async () => {
    const before = idsOf(await adminB.get('/api/admin/questions')).length;
    const bad: Record<string, unknown>[] = [
      {},
      body({ text: undefined }),
      body({ text: '' }),
      body({ text: '   ' }),
      body({ text: '?' }), // passes the gateway's shape check; the service finds it empty
      body({ date: undefined }),
      body({ date: '' }),
      body({ date: 'not a date' }),
      body({ options: undefined }),
      body({ options: [] }),
      body({ options: [{ id: 'yes', text: '' }, { id: 'no', text: 'No' }] }),
    ];
    for (const b of bad) expectCleanError(await adminB.post('/api/admin/questions', b), 400, REQUIRED);
    // Two options that are not yes/no get the service's own message.
    expectCleanError(
      await adminB.post('/api/admin/questions', body({ options: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }] })),
      400,
      'A question needs exactly two options: yes and no',
    );
    // A write without a JSON content type is refused before it reaches the service.
    expectCleanError(await adminB.req('POST', '/api/admin/questions', { body: JSON.stringify(body()), headers: { 'content-type': 'text/plain' } }), 415);
    expect(idsOf(await adminB.get('/api/admin/questions'))).toHaveLength(before);
  });

  it('unknown or malformed ids → 404', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expectCleanError(await adminB.post(`/api/admin/questions/${id}/publish`), 404, 'Question not found');
      expectCleanError(await adminB.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes')), 404, 'Question not found');
      expectCleanError(await adminB.put(`/api/admin/questions/${id}/archive`), 404, 'Question not found');
      expectCleanError(await del(adminB, `/api/admin/questions/${id}`), 404, 'Question not found');
    }
  });
});
