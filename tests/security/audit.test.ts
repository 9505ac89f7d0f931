// Every admin action, run through the gateway against the real services, appears in the audit log once,
// with the admin who did it, its target and its outcome; the log is admin-only, newest first and paged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { expectCleanError, PASSWORD, type Browser, type Res, resolveBody } from '../api/helpers.js';
import { startSystem, type SecUser, type System } from './system.js';

let sys: System;
let admin2: { id: string; b: Browser };
let author: SecUser;
let victim: SecUser;

interface Entry {
  id: string;
  at: string;
  actor: { id: string; username: string | null; name: string | null };
  action: string;
  target: { type: string; id: string; label: string | null };
  outcome: 'success' | 'failure';
  detail: string | null;
  source: string;
}

beforeAll(async () => {
  sys = await startSystem({ gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000' } });
  // A second admin, so that "the right actor" means something: promoted in identity's database, then signed in.
  const second = await sys.user('Adm2');
  await sys.services.identity.ctx.pool.query('UPDATE users SET is_admin = true WHERE id = $1', [second.id]);
  const b = sys.browser();
  expect((await b.post('/api/auth/login', { username: second.username, password: PASSWORD })).status).toBe(200);
  admin2 = { id: second.id, b };
  [author, victim] = await Promise.all([sys.user('Auth', true), sys.user('Gone', true)]);
});

afterAll(async () => {
  await sys?.stop();
});

/** Every entry of the log, all pages, newest first. */
async function allEntries(b: Browser = sys.admin): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await b.get(`/api/admin/audit?page=${page}`);
    expect(res.status, res.text).toBe(200);
    out.push(...(res.json.entries as Entry[]));
    if (out.length >= res.json.total || res.json.entries.length === 0) return out;
  }
}

const ok = (res: Res, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.json;
};

describe('the admin audit log', () => {
  it('records each admin action once with the right actor, target and outcome', async () => {
    const a1 = { id: sys.adminId, b: sys.admin };
    const a2 = admin2;
    const expected: { actor: string; action: string; type: string; id: string; outcome: 'success' | 'failure' }[] = [];
    const did = (who: { id: string }, action: string, type: string, id: string, outcome: 'success' | 'failure' = 'success') =>
      expected.push({ actor: who.id, action, type, id, outcome });

    // Questions: create, schedule, unschedule, publish, a refused publish, an edit and a refused one, resolve, correct,
    // archive, delete.
    const q = ok(
      await a1.b.post('/api/admin/questions', { text: 'Will the audit test pass', context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] }),
      201,
    );
    did(a1, 'question.create', 'question', q.id);
    ok(await a2.b.put(`/api/admin/questions/${q.id}/schedule`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() }));
    did(a2, 'question.schedule', 'question', q.id);
    ok(await a1.b.req('DELETE', `/api/admin/questions/${q.id}/schedule`));
    did(a1, 'question.unschedule', 'question', q.id);
    ok(await a2.b.post(`/api/admin/questions/${q.id}/publish`, {}));
    did(a2, 'question.publish', 'question', q.id);
    expect((await a1.b.post(`/api/admin/questions/${q.id}/publish`, {})).status).toBe(409);
    did(a1, 'question.publish', 'question', q.id, 'failure');
    // Its criteria and close time: an edit, and a refused one (a published close only moves later).
    ok(await a1.b.patch(`/api/admin/questions/${q.id}`, { resolutionCriteria: 'By the audit log.', closesAt: new Date(Date.now() + 86_400_000).toISOString() }));
    did(a1, 'question.edit', 'question', q.id);
    expect((await a2.b.patch(`/api/admin/questions/${q.id}`, { closesAt: new Date(Date.now() + 3600_000).toISOString() })).status).toBe(400);
    did(a2, 'question.edit', 'question', q.id, 'failure');
    await sys.services.projected(q.id);

    // A user's comment, deleted by an admin (an admin deleting their own comment is not an admin action).
    await eventually(async () => (await author.b.post(`/api/questions/${q.id}/comments`, { content: 'first!' })).status === 201, 10_000);
    const comments = ok(await a1.b.get(`/api/questions/${q.id}/comments`)) as { id: string; userId: string }[];
    const theirs = comments.find((c) => c.userId === author.id)!;
    ok(await a2.b.req('DELETE', `/api/comments/${theirs.id}`));
    did(a2, 'comment.delete', 'comment', theirs.id);
    const own = ok(await a1.b.post(`/api/questions/${q.id}/comments`, { content: 'an admin speaking as a user' }), 201);
    ok(await a1.b.req('DELETE', `/api/comments/${own.id}`));

    ok(await a1.b.put(`/api/admin/questions/${q.id}/resolve`, resolveBody('yes')));
    did(a1, 'question.resolve', 'question', q.id);
    ok(await a2.b.put(`/api/admin/questions/${q.id}/resolution`, resolveBody('no', { reason: 'The first count was wrong' })));
    did(a2, 'question.resolution.correct', 'question', q.id);
    ok(await a2.b.put(`/api/admin/questions/${q.id}/archive`, {}));
    did(a2, 'question.archive', 'question', q.id);
    ok(await a1.b.req('DELETE', `/api/admin/questions/${q.id}`));
    did(a1, 'question.delete', 'question', q.id);

    // Suggestions: review, use (a draft made from it), delete.
    const s = ok(await author.b.post('/api/question-suggestions', { title: 'Will the rand strengthen this year?' }), 201);
    ok(await a2.b.put(`/api/question-suggestions/${s.id}`, { status: 'approved', adminNotes: 'Good' }));
    did(a2, 'suggestion.review', 'suggestion', s.id);
    ok(await a2.b.post(`/api/question-suggestions/${s.id}/use`, {}), 201);
    did(a2, 'suggestion.use', 'suggestion', s.id);
    ok(await a1.b.req('DELETE', `/api/question-suggestions/${s.id}`));
    did(a1, 'suggestion.delete', 'suggestion', s.id);

    // Research: officials and media predictions.
    const o = ok(await a1.b.post('/api/admin/officials', { name: 'Office of the Minister of Health', title: 'Minister of Health', tags: ['health'] }), 201);
    did(a1, 'official.create', 'official', o.id);
    ok(await a2.b.put(`/api/admin/officials/${o.id}`, { name: 'Office of the Minister of Health', title: 'Minister', tags: [] }));
    did(a2, 'official.update', 'official', o.id);
    ok(await a1.b.req('DELETE', `/api/admin/officials/${o.id}`));
    did(a1, 'official.delete', 'official', o.id);
    const prediction = { statement: 'Unemployment will fall', prediction: 'Unlikely', confidence: 30, sourceTitle: 'News24', sourceDate: '2026-03-01', sourceUrl: 'https://www.news24.com/' };
    const p = ok(await a2.b.post('/api/admin/predictions', prediction), 201);
    did(a2, 'prediction.create', 'prediction', p.id);
    ok(await a1.b.put(`/api/admin/predictions/${p.id}`, { ...prediction, confidence: 35 }));
    did(a1, 'prediction.update', 'prediction', p.id);
    ok(await a2.b.req('DELETE', `/api/admin/predictions/${p.id}`));
    did(a2, 'prediction.delete', 'prediction', p.id);

    // A user, deleted by an admin: the target is a hash of the id, never the id itself.
    ok(await a1.b.req('DELETE', `/api/users/${victim.id}`, { json: {} }));
    did(a1, 'user.delete', 'user', '(hash)');

    // Refused at the gateway for a non-admin: not an admin action, nothing recorded.
    expect((await author.b.post('/api/admin/questions', { text: 'x', date: new Date().toISOString(), options: [] })).status).toBe(403);

    const ours = (e: Entry) => e.actor.id === a1.id || e.actor.id === a2.id;
    await eventually(async () => (await allEntries()).filter(ours).length >= expected.length, 15_000);
    const entries = (await allEntries()).filter(ours).reverse(); // oldest first, like `expected`
    expect(entries.map((e) => ({ actor: e.actor.id, action: e.action, type: e.target.type, id: e.target.type === 'user' ? '(hash)' : e.target.id, outcome: e.outcome }))).toEqual(expected);

    const userEntry = entries.find((e) => e.action === 'user.delete')!;
    expect(userEntry.target.id).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(JSON.stringify(entries)).not.toContain(victim.id);
    expect(JSON.stringify(entries)).not.toContain(victim.username);
    expect(entries.find((e) => e.outcome === 'failure')).toMatchObject({ detail: 'This question is already published', source: 'questions' });
    expect(entries.find((e) => e.action === 'question.resolve')).toMatchObject({ target: { label: 'Will the audit test pass' }, source: 'questions' });
    expect(entries.find((e) => e.action === 'comment.delete')!.source).toBe('social');
    expect(entries.find((e) => e.action === 'user.delete')!.source).toBe('identity');
    expect(entries.find((e) => e.actor.id === a2.id)!.actor.username).toBe((await a2.b.get('/api/auth/me')).json.username);
    // Newest first, and each entry at its own time.
    const times = (await allEntries()).map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('is for admins only: 401 signed out, 403 for a user; paged 50 at a time', async () => {
    expectCleanError(await sys.browser().get('/api/admin/audit'), 401);
    expectCleanError(await author.b.get('/api/admin/audit'), 403);
    expectCleanError(await sys.admin.get('/api/admin/audit?page=0'), 400);
    const first = ok(await sys.admin.get('/api/admin/audit'));
    expect(first).toMatchObject({ page: 1, pageSize: 50 });
    expect(first.entries.length).toBe(Math.min(50, first.total));
    const beyond = ok(await sys.admin.get('/api/admin/audit?page=999'));
    expect(beyond.entries).toEqual([]);
  });
});
