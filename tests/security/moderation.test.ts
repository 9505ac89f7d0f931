// Moderation end to end through the gateway against the real services: three reports hide a comment; a moderator
// keeps, removes and suspends; a suspended user's refusals say why and until when while reading, answering,
// exporting and deleting stay open; the audit log shows each action once, naming reports only by id.
// Every answer is checked against the contract too (contract-setup.ts), which makes this the routes' contract test.
import '../api/contract-setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { expectCleanError, type Browser, type Res } from '../api/helpers.js';
import { startSystem, type SecUser, type System } from './system.js';

let sys: System;
let author: SecUser;
let reporters: SecUser[];
let question: string;

beforeAll(async () => {
  sys = await startSystem({ gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000' }, notification: true });
  author = await sys.user('Auth', true);
  reporters = await Promise.all([1, 2, 3].map((i) => sys.user(`Rep${i}`, true)));
  question = await sys.publishQuestion();
});

afterAll(async () => {
  await sys?.stop();
});

const ok = (res: Res, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.json;
};
const comment = async (b: Browser, content: string) => ok(await b.post(`/api/questions/${question}/comments`, { content }), 201) as { id: string };
const listed = async (b: Browser, id: string) => (ok(await b.get(`/api/questions/${question}/comments`)) as { id: string; content: string; moderation: string; moderationReason: string | null }[]).find((c) => c.id === id)!;

interface Entry {
  actor: { id: string };
  action: string;
  target: { type: string; id: string; label: string | null };
  outcome: string;
}
async function entries(): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = ok(await sys.admin.get(`/api/admin/audit?page=${page}`));
    out.push(...(res.entries as Entry[]));
    if (out.length >= res.total || res.entries.length === 0) return out;
  }
}

describe('reports', () => {
  it('three reporters hide a comment from everyone but its author and admins; bad reports change nothing', async () => {
    const c = await comment(author.b, 'Everyone from that province is a thief');
    expectCleanError(await sys.browser().post(`/api/comments/${c.id}/reports`, { reason: 'spam' }), 401);
    expectCleanError(await reporters[0]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'rude' }), 400);
    expectCleanError(await reporters[0]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'spam', note: 'x'.repeat(501) }), 400, 'The note can be at most 500 characters');
    expectCleanError(await reporters[0]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'spam', extra: 1 }), 400);
    expectCleanError(await reporters[0]!.b.post('/api/comments/00000000-0000-4000-8000-000000000000/reports', { reason: 'spam' }), 404);
    expectCleanError(await author.b.post(`/api/comments/${c.id}/reports`, { reason: 'spam' }), 403, 'You cannot report your own comment');

    expect(ok(await reporters[0]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'hate_speech', note: 'Ethnic slur' }), 201)).toMatchObject({ hidden: false });
    expectCleanError(await reporters[0]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'spam' }), 409, 'You have already reported this comment');
    ok(await reporters[1]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'harassment' }), 201);
    expect(ok(await reporters[2]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'other' }), 201)).toMatchObject({ hidden: true });

    expect(await listed(sys.browser(), c.id)).toMatchObject({ moderation: 'hidden', content: '' });
    expect(await listed(reporters[0]!.b, c.id)).toMatchObject({ moderation: 'hidden', content: '' });
    expect(await listed(author.b, c.id)).toMatchObject({ moderation: 'hidden', content: 'Everyone from that province is a thief' });
    expect(await listed(sys.admin, c.id)).toMatchObject({ moderation: 'hidden', content: 'Everyone from that province is a thief' });
    const publicLatest = ok(await sys.browser().get('/api/comments/public')) as Record<string, { id: string }[]>;
    expect(Object.values(publicLatest).flat().some((x) => x.id === c.id)).toBe(false);
  });
});

describe('the moderators', () => {
  it('see the queue (admins only), keep one comment and remove another; the author is told why', async () => {
    const keep = await comment(author.b, 'Taxes are too high');
    const gone = await comment(author.b, 'Here is her home address: 12 Long Street');
    for (const r of reporters) {
      ok(await r.b.post(`/api/comments/${keep.id}/reports`, { reason: 'spam' }), 201);
      ok(await r.b.post(`/api/comments/${gone.id}/reports`, { reason: 'personal_information' }), 201);
    }
    expectCleanError(await author.b.get('/api/admin/moderation'), 403);
    const queue = ok(await sys.admin.get('/api/admin/moderation'));
    const item = queue.items.find((i: { comment: { id: string } }) => i.comment.id === gone.id);
    expect(item.reports.map((r: { reason: string }) => r.reason)).toEqual(['personal_information', 'personal_information', 'personal_information']);
    expect(item.comment.content).toBe('Here is her home address: 12 Long Street');
    expect(item.authorHistory.length).toBeGreaterThan(0);

    expectCleanError(await sys.admin.put(`/api/admin/comments/${keep.id}/moderation`, { action: 'ban' }), 400);
    expectCleanError(await author.b.put(`/api/admin/comments/${keep.id}/moderation`, { action: 'keep' }), 403);
    expect(ok(await sys.admin.put(`/api/admin/comments/${keep.id}/moderation`, { action: 'keep' }))).toMatchObject({ moderation: 'visible' });
    expect(await listed(sys.browser(), keep.id)).toMatchObject({ moderation: 'visible', content: 'Taxes are too high' });

    expectCleanError(await sys.admin.put(`/api/admin/comments/${gone.id}/moderation`, { action: 'remove' }), 400, 'Please say why the comment is removed');
    ok(await sys.admin.put(`/api/admin/comments/${gone.id}/moderation`, { action: 'remove', reason: 'Personal information about someone else' }));
    expect(await listed(sys.browser(), gone.id)).toMatchObject({ moderation: 'removed', content: '', moderationReason: null });
    expect(await listed(author.b, gone.id)).toMatchObject({ moderation: 'removed', moderationReason: 'Personal information about someone else' });
    const after = ok(await sys.admin.get('/api/admin/moderation'));
    expect(after.items.some((i: { comment: { id: string } }) => i.comment.id === keep.id || i.comment.id === gone.id)).toBe(false);
  });

  it('suspend: the person can read, answer and export, but comment, suggest, report and ask friends are refused with the end date', async () => {
    const troll = await sys.user('Troll', true);
    const c = await comment(author.b, 'A fair point');
    const trolling = await comment(troll.b, 'You lot are all idiots');
    for (const r of reporters) ok(await r.b.post(`/api/comments/${trolling.id}/reports`, { reason: 'harassment' }), 201);
    expectCleanError(await sys.admin.put(`/api/admin/users/${troll.id}/suspension`, { days: 3, reason: 'x' }), 400);
    expectCleanError(await sys.admin.put(`/api/admin/users/${troll.id}/suspension`, { days: 7, reason: '' }), 400);
    expectCleanError(await author.b.put(`/api/admin/users/${troll.id}/suspension`, { days: 7, reason: 'Harassment' }), 403);
    const s = ok(await sys.admin.put(`/api/admin/users/${troll.id}/suspension`, { days: 7, reason: 'Harassment' }));
    expect(s).toMatchObject({ userId: troll.id, suspended: true, reason: 'Harassment' });
    const days = (Date.parse(s.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const refused = [
      await troll.b.post(`/api/questions/${question}/comments`, { content: 'Let me speak' }),
      await troll.b.post('/api/question-suggestions', { title: 'Will the trolls win this year?' }),
      await troll.b.post(`/api/comments/${c.id}/reports`, { reason: 'spam' }),
      await troll.b.post('/api/friendships', { friendUsername: author.username }),
    ];
    for (const res of refused) {
      expectCleanError(res, 403);
      expect(res.json.code).toBe('accountSuspended');
      expect(res.json.message).toContain(`suspended until ${s.until.slice(0, 10)}`);
      expect(res.json.message).toContain('Reason: Harassment');
    }
    // Still open to them: signing in, reading, answering, downloading their data.
    ok(await troll.b.get('/api/auth/me'));
    ok(await troll.b.get(`/api/questions/${question}/comments`));
    expect((await troll.b.post('/api/answers', { questionId: question, optionId: 'yes' })).status).toBeLessThan(300);
    ok(await troll.b.get(`/api/users/${troll.id}/export`));

    const forever = ok(await sys.admin.put(`/api/admin/users/${troll.id}/suspension`, { days: null, reason: 'Repeated hate speech' }));
    expect(forever).toMatchObject({ suspended: true, until: null });
    // The admin lists carry the suspension in force (the user list and the queue, where the author is shown).
    const row = async () => (ok(await sys.admin.get('/api/users/search?q=_all')) as { id: string; suspension: unknown }[]).find((u) => u.id === troll.id);
    const queued = async () => (ok(await sys.admin.get('/api/admin/moderation')).items as { comment: { id: string }; authorSuspension: unknown }[]).find((i) => i.comment.id === trolling.id);
    expect(await row()).toMatchObject({ suspension: { until: null, reason: 'Repeated hate speech' } });
    expect(await queued()).toMatchObject({ authorSuspension: { until: null, reason: 'Repeated hate speech' } });
    expect((ok(await sys.admin.get('/api/users/search?q=_all')) as { id: string; suspension: unknown }[]).find((u) => u.id === author.id)).toMatchObject({ suspension: null });
    const res = await troll.b.post(`/api/questions/${question}/comments`, { content: 'Again' });
    expectCleanError(res, 403);
    expect(res.json).toMatchObject({ code: 'accountSuspendedPermanently' });
    expect(res.json.message).toContain('suspended permanently');

    expectCleanError(await author.b.req('DELETE', `/api/admin/users/${troll.id}/suspension`), 403);
    expect(ok(await sys.admin.req('DELETE', `/api/admin/users/${troll.id}/suspension`))).toMatchObject({ suspended: false, until: null, reason: null });
    expect(await row()).toMatchObject({ suspension: null });
    expect(await queued()).toMatchObject({ authorSuspension: null });
    ok(await troll.b.post(`/api/questions/${question}/comments`, { content: 'Back, and polite' }), 201);
  });

  it('replace an offensive display name; the person sees why', async () => {
    const rude = await sys.user('Rude', true);
    expectCleanError(await sys.admin.put(`/api/admin/users/${rude.id}/name`, { name: 'Member', reason: '' }), 400);
    const u = ok(await sys.admin.put(`/api/admin/users/${rude.id}/name`, { name: 'Member 4411', reason: 'Offensive display name' }));
    expect(u.name).toBe('Member 4411');
    expect(ok(await rude.b.get('/api/auth/me'))).toMatchObject({ name: 'Member 4411', nameReplacedReason: 'Offensive display name' });
  });

  it('the audit log shows each report (by its id, never the reporter) and each moderator action once', async () => {
    const c = await comment(author.b, 'Audit trail');
    const report = ok(await reporters[0]!.b.post(`/api/comments/${c.id}/reports`, { reason: 'spam' }), 201);
    ok(await sys.admin.put(`/api/admin/comments/${c.id}/moderation`, { action: 'remove', reason: 'Spam' }));
    await eventually(async () => (await entries()).some((e) => e.action === 'comment.remove' && e.target.id === c.id), 15_000);
    const all = await entries();
    const reports = all.filter((e) => e.action === 'comment.report' && e.target.id === report.id);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ actor: { id: report.id }, target: { type: 'comment_report', label: `spam on comment ${c.id}` } });
    expect(JSON.stringify(all.filter((e) => e.action === 'comment.report'))).not.toContain(reporters[0]!.id);
    expect(all.filter((e) => e.action === 'comment.remove' && e.target.id === c.id)).toHaveLength(1);
    for (const action of ['comment.keep', 'user.suspend', 'user.unsuspend', 'user.rename']) {
      expect(all.filter((e) => e.action === action && e.outcome === 'success').length, action).toBeGreaterThan(0);
    }
    expect(all.filter((e) => e.action === 'user.suspend' && e.outcome === 'success')).toHaveLength(2);
    expect(all.filter((e) => e.action === 'user.unsuspend')).toMatchObject([{ outcome: 'success', actor: { id: sys.adminId } }]);
    expect(all.filter((e) => e.action === 'user.suspend').every((e) => e.actor.id === sys.adminId && /^sha256:/.test(e.target.id))).toBe(true);
  });
});
