import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, grpc, isGrpcError } from '@mzansi/kit';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  expectCleanError,
  signUp,
  startGatewayForTest,
  startServicesForTest,
  uname,
  type Browser,
  type Res,
} from './helpers.js';

/**
 * Research (tags, officials, media predictions), question suggestions and admin analytics end to end: gateway →
 * the real identity, questions, voting and social services (in-process, own databases, one events namespace) →
 * Redis sessions. No public cache, so every read sees the latest writes.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let aliceB: Browser;
let bobB: Browser;
let anonB: Browser;
let alice: { id: string; username: string; name?: unknown };
let bob: { id: string; username: string };

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '0' });
  adminB = gw.browser();
  const login = await adminB.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
  aliceB = gw.browser();
  alice = await signUp(aliceB, uname('alice'));
  bobB = gw.browser();
  bob = await signUp(bobB, uname('bob'));
  anonB = gw.browser();
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

const del = (b: Browser, path: string) => b.req('DELETE', path);
const ok = (res: Res, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.json;
};

async function publishedQuestion(tags: string[]) {
  const created = await adminB.post('/api/admin/questions', {
    text: `Will the dam levels rise this month ${randomUUID().slice(0, 6)}?`,
    context: null,
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    tags,
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  ok(await adminB.post(`/api/admin/questions/${id}/publish`));
  return id;
}

const officialBody = (o: Record<string, unknown> = {}) => ({
  name: 'Office of the Minister of Water and Sanitation',
  title: 'Minister of Water and Sanitation',
  bio: 'Bulk water supply and water boards.',
  avatar: 'WS',
  tags: ['water'],
  ...o,
});

const predictionBody = (p: Record<string, unknown> = {}) => ({
  statement: 'Gauteng metros will face more water outages',
  prediction: 'Likely, given ageing pipes',
  confidence: 80,
  sourceTitle: 'News24 — water security report',
  sourceDate: '2026-03-05',
  sourceUrl: 'https://www.news24.com/',
  tags: ['water'],
  ...p,
});

describe('admin research management', () => {
  const routes = (id: string): { name: string; call: (b: Browser) => Promise<Res> }[] => [
    { name: 'POST /api/admin/officials', call: (b) => b.post('/api/admin/officials', officialBody()) },
    { name: 'PUT /api/admin/officials/:id', call: (b) => b.put(`/api/admin/officials/${id}`, officialBody()) },
    { name: 'DELETE /api/admin/officials/:id', call: (b) => del(b, `/api/admin/officials/${id}`) },
    { name: 'POST /api/admin/predictions', call: (b) => b.post('/api/admin/predictions', predictionBody()) },
    { name: 'PUT /api/admin/predictions/:id', call: (b) => b.put(`/api/admin/predictions/${id}`, predictionBody()) },
    { name: 'DELETE /api/admin/predictions/:id', call: (b) => del(b, `/api/admin/predictions/${id}`) },
    { name: 'GET /api/admin/analytics', call: (b) => b.get('/api/admin/analytics') },
  ];

  it('every route → 401 signed out, 403 for a non-admin, and nothing changes', async () => {
    const official = ok(await adminB.post('/api/admin/officials', officialBody({ tags: ['access-check'] })), 201);
    for (const { name, call } of routes(official.id)) {
      const signedOut = await call(anonB);
      expectCleanError(signedOut, 401, 'Please sign in to continue');
      expect(signedOut.status, name).toBe(401);
      const member = await call(aliceB);
      expectCleanError(member, 403, 'Admin access required');
    }
    expect(ok(await anonB.get('/api/tags/access-check/officials'))).toEqual([official]);
    expect(ok(await anonB.get('/api/officials')).filter((o: { name: string }) => o.name === official.name)).toHaveLength(1);
    ok(await del(adminB, `/api/admin/officials/${official.id}`));
  });

  it('officials: create → list → update → delete, with clear validation messages', async () => {
    const created = ok(await adminB.post('/api/admin/officials', officialBody({ avatar: '', tags: ['dams'] })), 201);
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Office of the Minister of Water and Sanitation',
      title: 'Minister of Water and Sanitation',
      bio: 'Bulk water supply and water boards.',
      avatar: 'OS',
      tags: ['dams'],
      isSample: false,
    });
    expect(ok(await aliceB.get('/api/officials'))).toContainEqual(created);
    const updated = ok(await adminB.put(`/api/admin/officials/${created.id}`, officialBody({ avatar: '/avatars/water.svg', tags: ['dams', 'water'] })));
    expect(updated).toEqual({ ...created, avatar: '/avatars/water.svg', tags: ['dams', 'water'] });
    expect(ok(await anonB.get('/api/tags/dams/officials'))).toEqual([updated]);
    expect(ok(await del(adminB, `/api/admin/officials/${created.id}`))).toEqual({ success: true });
    expect(ok(await anonB.get('/api/tags/dams/officials'))).toEqual([]);
    expectCleanError(await del(adminB, `/api/admin/officials/${created.id}`), 404, 'Official not found');
    expectCleanError(await adminB.put(`/api/admin/officials/${randomUUID()}`, officialBody()), 404, 'Official not found');

    expectCleanError(await adminB.post('/api/admin/officials', officialBody({ name: ' ' })), 400, 'Name is required');
    expectCleanError(await adminB.post('/api/admin/officials', { title: 'Minister' }), 400, 'Name is required');
    expectCleanError(await adminB.post('/api/admin/officials', officialBody({ title: '' })), 400, 'Title is required');
    expectCleanError(await adminB.post('/api/admin/officials', officialBody({ avatar: 'https://example.com/a.png' })), 400, /^Avatar must be initials/);
    expectCleanError(await adminB.post('/api/admin/officials', officialBody({ tags: 'water' })), 400, 'Tags must be a list of words');
  });

  it('predictions: create → list → update → delete; confidence 0–100, http(s) URL, YYYY-MM-DD dates', async () => {
    const created = ok(await adminB.post('/api/admin/predictions', predictionBody({ tags: ['reservoirs'] })), 201);
    expect(created).toEqual({ id: expect.any(String), ...predictionBody({ tags: ['reservoirs'] }), isSample: false });
    expect(ok(await anonB.get('/api/tags/reservoirs/predictions'))).toEqual([created]);
    const updated = ok(await adminB.put(`/api/admin/predictions/${created.id}`, predictionBody({ confidence: 40, sourceDate: '2026-02-28', tags: ['reservoirs'] })));
    expect(updated).toEqual({ ...created, confidence: 40, sourceDate: '2026-02-28' });
    ok(await del(adminB, `/api/admin/predictions/${created.id}`));
    expect(ok(await anonB.get('/api/tags/reservoirs/predictions'))).toEqual([]);
    expectCleanError(await del(adminB, `/api/admin/predictions/${created.id}`), 404, 'Media prediction not found');

    const CONF = 'Confidence must be a whole number from 0 to 100';
    for (const confidence of [-1, 101, 50.5, '50', null]) {
      expectCleanError(await adminB.post('/api/admin/predictions', predictionBody({ confidence })), 400, CONF);
    }
    expectCleanError(await adminB.post('/api/admin/predictions', predictionBody({ sourceUrl: 'javascript:alert(1)' })), 400, 'Source URL must be an http(s) link');
    expectCleanError(await adminB.post('/api/admin/predictions', predictionBody({ sourceUrl: 'ftp://mg.co.za/' })), 400, 'Source URL must be an http(s) link');
    expectCleanError(await adminB.post('/api/admin/predictions', predictionBody({ sourceDate: '2026-13-01' })), 400, 'Source date must be a date (YYYY-MM-DD)');
    expectCleanError(await adminB.post('/api/admin/predictions', predictionBody({ statement: '' })), 400, 'Statement is required');
  });
});

describe('research by tag', () => {
  it('tags with counts; each topic route returns only items with that tag', async () => {
    const wq = await publishedQuestion(['drought']);
    const eq = await publishedQuestion(['grid']);
    // A draft with the tag is not public.
    const draft = ok(
      await adminB.post('/api/admin/questions', { text: 'A draft about drought', context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }], tags: ['drought'] }),
      201,
    );
    const o1 = ok(await adminB.post('/api/admin/officials', officialBody({ tags: ['drought'] })), 201);
    const o2 = ok(await adminB.post('/api/admin/officials', officialBody({ name: 'Office of the Minister of Electricity', tags: ['grid'] })), 201);
    const p1 = ok(await adminB.post('/api/admin/predictions', predictionBody({ tags: ['drought', 'grid'] })), 201);

    // Someone answers the drought question: the topic's question list carries real results.
    await system.projected(wq);
    ok(await aliceB.post('/api/answers', { questionId: wq, optionId: 'yes' }), 201);

    const tags = ok(await anonB.get('/api/tags')) as { tag: string }[];
    expect(tags.find((t) => t.tag === 'drought')).toEqual({ tag: 'drought', label: 'Drought', questionCount: 1, officialCount: 1, predictionCount: 1 });
    expect(tags.find((t) => t.tag === 'grid')).toEqual({ tag: 'grid', label: 'Grid', questionCount: 1, officialCount: 1, predictionCount: 1 });

    const questions = ok(await aliceB.get('/api/tags/drought/questions'));
    expect(questions.map((q: { id: string }) => q.id)).toEqual([wq]);
    expect(questions[0]).toMatchObject({ id: wq, tags: ['drought'], isPublished: true, totalVotes: 1, commentCount: 0 });
    expect(questions[0].results).toEqual([
      { optionId: 'yes', optionText: 'Yes', count: 1, percentage: 100 },
      { optionId: 'no', optionText: 'No', count: 0, percentage: 0 },
    ]);
    expect(questions.map((q: { id: string }) => q.id)).not.toContain(draft.id);
    expect(ok(await anonB.get('/api/tags/grid/questions')).map((q: { id: string }) => q.id)).toEqual([eq]);
    expect(ok(await anonB.get('/api/tags/drought/officials'))).toEqual([o1]);
    expect(ok(await anonB.get('/api/tags/grid/officials'))).toEqual([o2]);
    expect(ok(await anonB.get('/api/tags/drought/predictions'))).toEqual([p1]);
    expect(ok(await anonB.get('/api/tags/grid/predictions'))).toEqual([p1]);
  });

  it('an unknown or odd tag gives empty lists, not an error', async () => {
    for (const tag of ['no-such-topic', 'Not%20a%20tag', '%F0%9F%87%BF%F0%9F%87%A6', 'x'.repeat(90), 'y'.repeat(500)]) {
      for (const kind of ['questions', 'officials', 'predictions']) {
        const res = await anonB.get(`/api/tags/${tag}/${kind}`);
        expect(res.status, `${tag}/${kind}: ${res.text}`).toBe(200);
        expect(res.json).toEqual([]);
      }
    }
  });
});

describe('question suggestions', () => {
  const suggest = (b: Browser, title: string, description?: string | null) => b.post('/api/question-suggestions', { title, description });

  it('title at 9, 10, 200 and 201 characters, with the exact messages; signed out → 401', async () => {
    expectCleanError(await suggest(aliceB, 'a'.repeat(9)), 400, 'Question must be at least 10 characters');
    expectCleanError(await aliceB.post('/api/question-suggestions', {}), 400, 'Question must be at least 10 characters');
    const ten = ok(await suggest(aliceB, 'b'.repeat(10)), 201);
    expect(ten).toMatchObject({ title: 'b'.repeat(10), description: null, status: 'pending', adminNotes: null });
    ok(await suggest(aliceB, 'c'.repeat(200), ''), 201);
    expectCleanError(await suggest(aliceB, 'd'.repeat(201)), 400, 'Question must be less than 200 characters');
    expectCleanError(await suggest(aliceB, 'Will the rand strengthen', 'x'.repeat(2001)), 400, 'Description must be at most 2000 characters');
    expectCleanError(await suggest(anonB, 'Will the rand strengthen'), 401);
    expectCleanError(await anonB.get('/api/question-suggestions'), 401);
  });

  it('users see only their own; they cannot review others’ or delete them; the admin reviews and the author sees it', async () => {
    const created = ok(await suggest(aliceB, '  Will Eskom publish a winter outlook this month  ', 'They usually do in May.'), 201);
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Will Eskom publish a winter outlook this month',
      description: 'They usually do in May.',
      status: 'pending',
      adminNotes: null,
      user: { id: alice.id, name: `Name of ${alice.username}`, username: alice.username },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const bobs = ok(await suggest(bobB, 'Will the Stormers win the URC this season'), 201);

    // Bob sees only his own, whatever he asks for.
    const bobList = ok(await bobB.get('/api/question-suggestions'));
    expect(bobList.map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(ok(await bobB.get('/api/question-suggestions?status=pending')).map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(ok(await bobB.get('/api/question-suggestions?user=me')).map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(bobList[0].user).toEqual({ id: bob.id, name: `Name of ${bob.username}`, username: bob.username });

    // Bob cannot review or delete Alice's; nor can Alice delete her own (admin-only).
    expectCleanError(await bobB.put(`/api/question-suggestions/${created.id}`, { status: 'approved', adminNotes: 'mine now' }), 403, 'Admin access required');
    expectCleanError(await aliceB.put(`/api/question-suggestions/${created.id}`, { status: 'approved' }), 403, 'Admin access required');
    expectCleanError(await anonB.put(`/api/question-suggestions/${created.id}`, { status: 'approved' }), 401);
    expectCleanError(await del(bobB, `/api/question-suggestions/${created.id}`), 403, 'Admin access required');
    expectCleanError(await del(aliceB, `/api/question-suggestions/${created.id}`), 403, 'Admin access required');
    expectCleanError(await del(anonB, `/api/question-suggestions/${created.id}`), 401);

    // The admin sees everyone's (with names from identity), filters by status, and ?user=me gives only the admin's own.
    const all = ok(await adminB.get('/api/question-suggestions'));
    expect(all.find((s: { id: string }) => s.id === created.id)).toEqual(created);
    expect(all.find((s: { id: string }) => s.id === bobs.id).user.username).toBe(bob.username);
    expect(ok(await adminB.get('/api/question-suggestions?user=me'))).toEqual([]);
    expectCleanError(await adminB.get('/api/question-suggestions?status=maybe'), 400);

    // Review: a status is required.
    expectCleanError(await adminB.put(`/api/question-suggestions/${created.id}`, { adminNotes: 'x' }), 400, 'Please choose a status');
    expectCleanError(await adminB.put(`/api/question-suggestions/${created.id}`, { status: 'maybe' }), 400, 'Please choose a status');
    expectCleanError(await adminB.put(`/api/question-suggestions/${randomUUID()}`, { status: 'used' }), 404, 'Suggestion not found');
    const reviewed = ok(await adminB.put(`/api/question-suggestions/${created.id}`, { status: 'approved', adminNotes: 'Scheduled for next week' }));
    expect(reviewed).toMatchObject({ id: created.id, status: 'approved', adminNotes: 'Scheduled for next week', user: created.user });

    // The author sees the status and notes.
    const mine = ok(await aliceB.get('/api/question-suggestions?user=me'));
    expect(mine.find((s: { id: string }) => s.id === created.id)).toMatchObject({ status: 'approved', adminNotes: 'Scheduled for next week' });
    expect(ok(await aliceB.get('/api/question-suggestions?status=approved')).map((s: { id: string }) => s.id)).toEqual([created.id]);
    expect(ok(await adminB.get('/api/question-suggestions?status=approved')).map((s: { id: string }) => s.id)).toContain(created.id);
    expect(ok(await adminB.get('/api/question-suggestions?status=approved')).map((s: { id: string }) => s.id)).not.toContain(bobs.id);

    // Delete rules: admins only, pending or reviewed; the author's pending one stays after their refused delete.
    expectCleanError(await del(aliceB, `/api/question-suggestions/${created.id}`), 403, 'Admin access required');
    expectCleanError(await del(bobB, `/api/question-suggestions/${bobs.id}`), 403, 'Admin access required');
    expect(ok(await bobB.get('/api/question-suggestions')).map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(ok(await del(adminB, `/api/question-suggestions/${bobs.id}`))).toEqual({ success: true });
    expect(ok(await bobB.get('/api/question-suggestions'))).toEqual([]);
    expect(ok(await del(adminB, `/api/question-suggestions/${created.id}`))).toEqual({ success: true });
    expectCleanError(await del(adminB, `/api/question-suggestions/${created.id}`), 404, 'Suggestion not found');
    expect(ok(await aliceB.get('/api/question-suggestions')).map((s: { id: string }) => s.id)).not.toContain(created.id);
  });
});

describe('GET /api/admin/analytics', () => {
  type Analytics = {
    users: { total: number; newThisWeek: number };
    answersToday: number;
    questions: { draft: number; published: number; resolved: number; archived: number };
    suggestionsPending: number;
  };
  const analytics = async () => ok(await adminB.get('/api/admin/analytics')) as Analytics;

  it('real figures that move with users, answers, questions and suggestions', async () => {
    const before = await analytics();
    expect(Object.keys(before).sort()).toEqual(['answersToday', 'questions', 'suggestionsPending', 'users']);

    // Users: a sign-up counts in both; someone who joined a month ago only in the total.
    const carol = await signUp(gw.browser(), uname('carol'));
    const afterSignup = await analytics();
    expect(afterSignup.users).toEqual({ total: before.users.total + 1, newThisWeek: before.users.newThisWeek + 1 });
    await system.identity.ctx.pool.query(`UPDATE users SET join_date = now() - interval '30 days' WHERE id = $1`, [carol.id]);
    expect((await analytics()).users).toEqual({ total: before.users.total + 1, newThisWeek: before.users.newThisWeek });

    // Questions: a draft, then a published one, then resolved, then archived.
    const draft = ok(
      await adminB.post('/api/admin/questions', { text: 'Analytics draft question', context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] }),
      201,
    );
    expect((await analytics()).questions).toEqual({ ...before.questions, draft: before.questions.draft + 1 });
    const qid = await publishedQuestion(['analytics']);
    expect((await analytics()).questions).toEqual({ ...before.questions, draft: before.questions.draft + 1, published: before.questions.published + 1 });

    // Answers today (since 00:00 SAST): two answers count; one moved to yesterday no longer does.
    await system.projected(qid);
    ok(await aliceB.post('/api/answers', { questionId: qid, optionId: 'yes' }), 201);
    ok(await bobB.post('/api/answers', { questionId: qid, optionId: 'no' }), 201);
    expect((await analytics()).answersToday).toBe(before.answersToday + 2);
    await system.votingSql(`UPDATE answers SET submitted_at = now() - interval '2 days' WHERE question_id = $1 AND user_id = $2`, [qid, bob.id]);
    expect((await analytics()).answersToday).toBe(before.answersToday + 1);

    ok(await adminB.put(`/api/admin/questions/${qid}/resolve`, { correctOptionId: 'yes' }));
    ok(await adminB.put(`/api/admin/questions/${draft.id}/archive`));
    expect((await analytics()).questions).toEqual({ ...before.questions, resolved: before.questions.resolved + 1, archived: before.questions.archived + 1 });

    // Pending suggestions.
    const s = ok(await aliceB.post('/api/question-suggestions', { title: 'Will analytics count this suggestion' }), 201);
    expect((await analytics()).suggestionsPending).toBe(before.suggestionsPending + 1);
    ok(await adminB.put(`/api/question-suggestions/${s.id}`, { status: 'rejected' }));
    expect((await analytics()).suggestionsPending).toBe(before.suggestionsPending);
  });

  it('the services refuse the counting calls to non-admins themselves (not only the gateway)', async () => {
    const identity = createPromiseClient(IdentityServiceClient, system.identityAddress, { internalKeys: DEV_INTERNAL_KEYS });
    const voting = createPromiseClient(VotingServiceClient, system.gatewayEnv.VOTING_GRPC_ADDR!, { internalKeys: DEV_INTERNAL_KEYS });
    try {
      const member = { actor: { id: alice.id, isAdmin: false } };
      const code = (p: Promise<unknown>) => p.then(() => 'OK', (e: unknown) => (isGrpcError(e) ? grpc.status[e.code] : String(e)));
      expect(await code(identity.countUsers({ joinedSince: new Date() }, member))).toBe('PERMISSION_DENIED');
      expect(await code(identity.countUsers({ joinedSince: new Date() }))).toBe('UNAUTHENTICATED');
      expect(await code(voting.countAnswers({ since: new Date() }, member))).toBe('PERMISSION_DENIED');
      expect(await code(voting.countAnswers({ since: new Date() }))).toBe('UNAUTHENTICATED');
      const boss = { actor: { id: randomUUID(), isAdmin: true } };
      expect((await identity.countUsers({ joinedSince: new Date(Date.now() + 3600_000) }, boss)).joined).toBe(0);
      expect((await voting.countAnswers({ since: new Date(Date.now() + 3600_000) }, boss)).count).toBe(0);
    } finally {
      identity.close();
      voting.close();
    }
  });
});
