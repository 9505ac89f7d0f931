import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectCleanError, type Browser, type Res } from './helpers.js';
import { system, adminB, aliceB, anonB, del, ok, publishedQuestion, officialBody, predictionBody, useResearchStack } from './research-setup.js';

/** Research: admin management and research by tag (the stack: ./research-setup.ts). */
useResearchStack();

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
      { optionId: 'yes', optionText: 'Yes', votes: 1, percentage: 100 },
      { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
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
