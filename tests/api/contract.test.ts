import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, splitKey } from '@mzansi/api';
import { routeOf } from '../support/contract.js';
import { createQuestionAs, PUBLIC_URL, RESOLUTION_SOURCE, resolveBody, signInCast, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

/**
 * The contract per route, against the real services. Every answer any test receives is checked against the
 * contract (contract-setup.ts); here every read of the route table is called with valid parameters (its answer must
 * be a documented success), and a body with fields the contract does not name has no effect: they are stripped at
 * the edge, never passed on (`isAdmin` at signup, someone else's `userId`, `votes` in an answer, …).
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let cast: Awaited<ReturnType<typeof signInCast>>;
let questionId: string;
const mailDir = mkdtempSync(path.join(tmpdir(), 'contract-mail-'));

beforeAll(async () => {
  // With the notification service: the export, push and newsletter routes answer.
  system = await startServicesForTest({ notification: { PUBLIC_URL, MAIL_DIR: mailDir } });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0' });
  cast = await signInCast(gw);
  questionId = await createQuestionAs(cast.adminB, `Will the contract hold ${uname('q')}`);
  await system.projected(questionId);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('every read of the route table', () => {
  /** A valid path for a route: its parameters filled with things that exist (the admin reads, so nothing is forbidden). */
  const pathOf = (path: string) =>
    path
      .replace('/users/{id}/answers/{questionId}', `/users/${cast.alice.id}/answers/${questionId}`)
      .replace('/users/{id}', `/users/${cast.alice.id}`)
      .replace('{tag}', 'football')
      .replace('{month}', new Date().toISOString().slice(0, 7))
      .replace('{id}', questionId);
  /** Reads that need what a plain walk cannot give: an answer first, an image, a token, an HTML build. */
  const SPECIAL: Record<string, number> = {
    'GET /api/users/{id}/answers/{questionId}': 200,
    'GET /api/comments/{id}/image': 404,
    'GET /api/comments/{id}/replies': 404,
    'GET /api/unsubscribe': 303,
  };

  /** Queries a read needs to succeed. */
  const QUERY: Record<string, string> = { 'GET /api/users/search': '?q=_all', 'GET /api/question-suggestions': '?user=me' };

  it('answers each with a documented success (checked against its schema by the test browser)', async () => {
    expect((await cast.aliceB.post('/api/answers', { questionId, optionId: 'yes' })).status).toBe(201);
    const reads = Object.keys(routes).filter((k) => k.startsWith('GET /api/'));
    expect(reads.length).toBeGreaterThan(35);
    for (const key of reads) {
      const path = pathOf(splitKey(key)[1]);
      // Self-only reads as Alice (an export is for the person it is about), everything else as the admin.
      const b: Browser = /\/users\/[^/]+\/(export|privacy|answers|inbox|alert-preferences)|\/questions\/[^/]+\/(results|friend-answers)/.test(path) ? cast.aliceB : cast.adminB;
      const res = await b.get(path + (QUERY[key] ?? ''));
      expect(routeOf('GET', path)?.key, path).toBe(key);
      expect(res.status, `${key}: ${res.text.slice(0, 200)}`).toBe(SPECIAL[key] ?? 200);
    }
  });
});

describe('fields the contract does not name are never applied', () => {
  it('signup: isAdmin, emailVerified and id are ignored', async () => {
    const b = gw.browser();
    const res = await b.post('/api/auth/signup', {
      username: uname('mallory'),
      password: 'a-good-password-1',
      name: 'Mallory',
      consent: true,
      isAdmin: true,
      emailVerified: true,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ isAdmin: false, emailVerified: false });
    expect(res.json.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect((await b.get('/api/admin/questions')).status).toBe(403);
  });

  it('profile: isAdmin, username and emailVerified are ignored; the named field is applied', async () => {
    const res = await cast.bobB.patch(`/api/users/${cast.bob.id}`, { name: 'Bob B', isAdmin: true, username: 'taken_over', emailVerified: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: 'Bob B', isAdmin: false, username: cast.bob.username, emailVerified: false });
  });

  it("an answer: someone else's userId is refused; votes, id and submittedAt are ignored", async () => {
    const q = await createQuestionAs(cast.adminB, `Will extra fields count ${uname('q')}`);
    await system.projected(q);
    const other = await cast.bobB.post('/api/answers', { questionId: q, optionId: 'yes', userId: cast.alice.id });
    expect(other.status, other.text).toBe(403);
    const res = await cast.bobB.post('/api/answers', { questionId: q, optionId: 'yes', votes: 1000, id: questionId, submittedAt: '2000-01-01T00:00:00.000Z' });
    expect(res.status, res.text).toBe(201);
    expect(res.json.id).not.toBe(questionId);
    expect(res.json.submittedAt).not.toBe('2000-01-01T00:00:00.000Z');
    const results = await cast.anonB.get(`/api/questions/${q}/public-results`);
    expect(results.json.totalVotes).toBe(1);
    expect(results.json.results.map((r: { votes: number }) => r.votes)).toEqual([1, 0]);
  });

  it('a question: isPublished, isResolved, correctOptionId and isSample in the create body are ignored', async () => {
    const res = await cast.adminB.post('/api/admin/questions', {
      text: `Will a draft publish itself ${uname('q')}`,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      isPublished: true,
      isResolved: true,
      correctOptionId: 'yes',
      isSample: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ isPublished: false, isResolved: false, correctOptionId: null, isSample: false });
  });

  it('a question’s details: PATCH applies criteria and close time only; isPublished, isResolved and isClosed are ignored', async () => {
    const draft = await cast.adminB.post('/api/admin/questions', {
      text: `Will the details stay details ${uname('q')}`,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      resolutionCriteria: 'By the official result.',
    });
    expect(draft.status, draft.text).toBe(201);
    const closesAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await cast.adminB.patch(`/api/admin/questions/${draft.json.id}`, { closesAt, isPublished: true, isResolved: true, isClosed: true, correctOptionId: 'yes' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ resolutionCriteria: 'By the official result.', closesAt, isClosed: false, isPublished: false, isResolved: false, correctOptionId: null });
  });

  it('a resolve and its correction: resolvedAt, correctedAt, resolution and isResolved in the body are ignored', async () => {
    const q = await createQuestionAs(cast.adminB, `Will a resolution keep its own times ${uname('q')}`);
    const long = '2000-01-01T00:00:00.000Z';
    const res = await cast.adminB.put(`/api/admin/questions/${q}/resolve`, { ...resolveBody('yes'), resolvedAt: long, correctedAt: long, resolution: { correctedAt: long }, isResolved: false });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ isResolved: true, resolution: { source: RESOLUTION_SOURCE, note: null, correctedAt: null } });
    expect(res.json.resolution.resolvedAt).not.toBe(long);
    const fixed = await cast.adminB.put(`/api/admin/questions/${q}/resolution`, { ...resolveBody('no'), reason: 'The count was wrong', resolvedAt: long, correctedAt: long });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.json.resolution.resolvedAt).toBe(res.json.resolution.resolvedAt);
    expect(fixed.json.resolution.correctedAt).not.toBe(long);
    expect(fixed.json).not.toHaveProperty('reason');
  });

  it('a suggestion: status and adminNotes in the create body are ignored', async () => {
    const res = await cast.aliceB.post('/api/question-suggestions', { title: 'Will the rand strengthen this year', status: 'approved', adminNotes: 'yes' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ status: 'pending', adminNotes: null, user: { id: cast.alice.id } });
  });

  it("a push click: a userId in the body is ignored (the click is the signed-in user's: Bob was sent nothing)", async () => {
    const id = '3f2b8c1e-5d4a-4b6f-9c8e-7a1d2e3f4b5c';
    const res = await cast.bobB.post('/api/notifications/push-clicks', { id, userId: cast.alice.id });
    expect(res.status, res.text).toBe(404);
    const clicks = await system.notification!.ctx.pool.query('SELECT 1 FROM push_clicks WHERE event_id = $1', [id]);
    expect(clicks.rows).toEqual([]);
  });

  it('a comment: userId and user are ignored (the author is the signed-in user)', async () => {
    const res = await cast.bobB.post(`/api/questions/${questionId}/comments`, { content: 'Mine', userId: cast.alice.id, user: { id: cast.alice.id } });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ userId: cast.bob.id, user: { id: cast.bob.id } });
  });
});
