import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { expectCleanError, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';
import { newUser, type User } from './social-helpers.js';

/**
 * "Use" on a suggestion: a draft question made from it and linked to it; publishing that draft marks the
 * suggestion used and tells its author (inbox), once.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let lerato: User;
let thandi: User;

const nsql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => (await system.notification!.ctx.pool.query(text, params)).rows as T[];
const suggestionsOf = async (b: Browser) => (await b.get('/api/question-suggestions')).json as { id: string; status: string; questionId: string | null }[];
const inboxOf = async (u: User) => (await u.b.get(`/api/users/${u.id}/inbox`)).json.items as any[];

beforeAll(async () => {
  system = await startServicesForTest({ notification: { MAIL_DIR: '/tmp' } });
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns });
  adminB = await signInAdmin(gw);
  lerato = await newUser(gw.browser(), uname('lerato'), adminB);
  thandi = await newUser(gw.browser(), uname('thandi'), adminB);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('a suggestion becomes a question', () => {
  it('Use makes one linked draft from it; only admins may; a second Use is refused', async () => {
    const title = `Will the Springboks win in Cardiff ${randomUUID().slice(0, 6)}?`;
    const suggested = await lerato.b.post('/api/question-suggestions', { title, description: 'They play Wales in November.' });
    expect(suggested.status, suggested.text).toBe(201);
    const id = suggested.json.id as string;

    expectCleanError(await lerato.b.post(`/api/question-suggestions/${id}/use`, {}), 403, 'Admin access required');
    expectCleanError(await gw.browser().post(`/api/question-suggestions/${id}/use`, {}), 401);
    expectCleanError(await adminB.post(`/api/question-suggestions/${randomUUID()}/use`, {}), 404, 'Suggestion not found');
    expectCleanError(await adminB.post('/api/question-suggestions/not-an-id/use', {}), 404, 'Suggestion not found');
    // Refused calls made nothing.
    expect((await suggestionsOf(adminB)).find((s) => s.id === id)).toMatchObject({ status: 'pending', questionId: null });

    const used = await adminB.post(`/api/question-suggestions/${id}/use`, {});
    expect(used.status, used.text).toBe(201);
    const { question, suggestion } = used.json;
    // The admin form's defaults: the title as the question (its question mark is added when shown), Yes / No, a draft.
    expect(question).toMatchObject({
      text: title.replace(/\?$/, ''),
      context: 'They play Wales in November.',
      isPublished: false,
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    expect(suggestion).toMatchObject({ id, status: 'approved', questionId: question.id });
    expect((await adminB.get('/api/admin/drafts')).json.map((q: { id: string }) => q.id)).toContain(question.id);
    expect((await suggestionsOf(adminB)).find((s) => s.id === id)).toMatchObject({ status: 'approved', questionId: question.id });
    // The author sees the link on their own list too.
    expect((await suggestionsOf(lerato.b)).find((s) => s.id === id)).toMatchObject({ questionId: question.id });

    const again = await adminB.post(`/api/question-suggestions/${id}/use`, {});
    expectCleanError(again, 409, 'This suggestion already has a question');
    expect(again.json.code).toBe('suggestionAlreadyHasQuestion');
    const drafts = (await adminB.get('/api/admin/drafts')).json as { text: string }[];
    expect(drafts.filter((q) => q.text === question.text)).toHaveLength(1);
    // Nothing told yet: the draft is not published.
    expect((await inboxOf(lerato)).filter((i) => i.kind === 'suggestion-used')).toEqual([]);

    // The audit log names the admin's Use.
    await eventually(async () => {
      const entries = (await adminB.get('/api/admin/audit')).json.entries as { action: string; target: { id: string } }[];
      return entries.some((e) => e.action === 'suggestion.use' && e.target.id === id);
    }, 10_000, 50);
  });

  it('publishing the draft marks the suggestion used and tells its author once, with a link to the question', async () => {
    const title = `Will Parliament pass the budget before March ${randomUUID().slice(0, 6)}?`;
    const { id } = (await thandi.b.post('/api/question-suggestions', { title })).json;
    const { question } = (await adminB.post(`/api/question-suggestions/${id}/use`, {})).json;

    const published = await adminB.post(`/api/admin/questions/${question.id}/publish`, {});
    expect(published.status, published.text).toBe(200);
    expect((await suggestionsOf(adminB)).find((s) => s.id === id)).toMatchObject({ status: 'used', questionId: question.id });

    let item: any;
    await eventually(async () => !!(item = (await inboxOf(thandi)).find((i) => i.kind === 'suggestion-used')), 10_000, 50);
    expect(item).toMatchObject({ suggestionId: id, text: title, questionId: question.id, read: false });
    // An admin marking it used again afterwards says nothing new.
    expect((await adminB.put(`/api/question-suggestions/${id}`, { status: 'used', adminNotes: 'Published' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await nsql("SELECT count(*)::int AS n FROM inbox_items WHERE user_id = $1 AND kind = 'suggestion-used'", [thandi.id])).toEqual([{ n: 1 }]);
    // Its e-mail/push job: one for the author.
    expect(await nsql("SELECT count(*)::int AS n FROM notification_jobs WHERE kind = 'inbox-item' AND payload->>'userId' = $1 AND payload->>'kind' = 'suggestion-used'", [thandi.id])).toEqual([{ n: 1 }]);
  });

  it('a suggestion deleted after Use leaves its draft, unlinked', async () => {
    const { id } = (await lerato.b.post('/api/question-suggestions', { title: `Will the rand be below R17 by Friday ${randomUUID().slice(0, 6)}` })).json;
    const { question } = (await adminB.post(`/api/question-suggestions/${id}/use`, {})).json;
    expect((await adminB.req('DELETE', `/api/question-suggestions/${id}`)).status).toBe(200);
    expect((await adminB.get('/api/admin/drafts')).json.map((q: { id: string }) => q.id)).toContain(question.id);
    // Publishing it now tells nobody about a suggestion.
    expect((await adminB.post(`/api/admin/questions/${question.id}/publish`, {})).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await inboxOf(lerato)).filter((i) => i.kind === 'suggestion-used' && i.suggestionId === id)).toEqual([]);
  });
});
