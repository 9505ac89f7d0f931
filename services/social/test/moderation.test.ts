import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError } from '@mzansi/kit/testing';
import { DEFAULT_MODERATION, isSuspended, stateAfterReport, reporterCounts, validateDecision, validateReport } from '../src/domain/moderation.js';
import { socialHarness, stem, type Harness, type TestUser } from './helpers.js';
import { dataUrl, PNG } from './images.js';

/**
 * Reports hide a comment after 3 counting reporters (docs/security.md "Moderation"); a moderator keeps or removes
 * it; reporters whose reports were rejected 3 times stop counting; every report and decision is audited by id.
 */
let h: Harness;
let author: TestUser;
let r: TestUser[];
let admin: TestUser;
let question: string;

beforeAll(async () => {
  h = await socialHarness();
  const s = stem();
  author = await h.signUp(`${s}_author`);
  r = await Promise.all([1, 2, 3, 4, 5].map((i) => h.signUp(`${s}_rep${i}`)));
  admin = await h.signUp(`${s}_mod`, true);
  question = await h.publishQuestion();
});

afterAll(async () => {
  await h?.cleanup();
});

const post = async (content: string, image = false) =>
  (await h.client.postComment({ questionId: question, content, imageDataUrl: image ? dataUrl('image/png', PNG) : '' }, { actor: author.actor })).comment!.id;
const report = (id: string, who: TestUser, reason = 'harassment', note = '') => h.client.reportComment({ commentId: id, reason, note }, { actor: who.actor });
const seen = async (id: string, who: TestUser | null) =>
  (await h.client.listComments({ questionId: question }, who ? { actor: who.actor } : {})).comments.find((c) => c.id === id)!;

describe('moderation rules', () => {
  it('checks reasons, notes and decisions', () => {
    expect(validateReport('spam', '  see  ')).toEqual({ reason: 'spam', note: 'see' });
    expect(() => validateReport('rude', '')).toThrow('Please choose a reason for the report');
    expect(() => validateReport('other', 'x'.repeat(501))).toThrow('The note can be at most 500 characters');
    expect(() => validateReport('other', 'a\u202Eb')).toThrow();
    expect(() => validateDecision('remove', '')).toThrow('Please say why the comment is removed');
    expect(() => validateDecision('ban', '')).toThrow('The action must be keep or remove');
    expect(validateDecision('keep', '')).toEqual({ action: 'keep', reason: '' });
    expect(stateAfterReport('visible', 2, DEFAULT_MODERATION)).toBe('visible');
    expect(stateAfterReport('visible', 3, DEFAULT_MODERATION)).toBe('hidden');
    expect(stateAfterReport('removed', 9, DEFAULT_MODERATION)).toBe('removed');
    expect(reporterCounts(2, DEFAULT_MODERATION)).toBe(true);
    expect(reporterCounts(3, DEFAULT_MODERATION)).toBe(false);
    const now = new Date('2026-12-01T12:00:00Z');
    expect(isSuspended({ suspended: true, suspendedUntil: null }, now)).toBe(true);
    expect(isSuspended({ suspended: true, suspendedUntil: new Date('2026-12-01T12:00:01Z') }, now)).toBe(true);
    expect(isSuspended({ suspended: true, suspendedUntil: now }, now)).toBe(false);
    expect(isSuspended({ suspended: false, suspendedUntil: null }, now)).toBe(false);
    expect(isSuspended(undefined, now)).toBe(false);
  });
});

describe('reporting a comment', () => {
  it('hides it after three different reporters, except from its author and admins', async () => {
    const id = await post('You people are all the same', true);
    expect((await report(id, r[0]!)).hidden).toBe(false);
    await expectGrpcError(report(id, r[0]!, 'spam'), grpc.status.ALREADY_EXISTS, 'You have already reported this comment');
    await expectGrpcError(report(id, author), grpc.status.PERMISSION_DENIED, 'You cannot report your own comment');
    await expectGrpcError(report(id, r[1]!, 'insult'), grpc.status.INVALID_ARGUMENT, 'Please choose a reason for the report');
    expect((await report(id, r[1]!, 'hate_speech', 'a slur')).hidden).toBe(false);
    expect((await seen(id, null)).content).toBe('You people are all the same');
    expect((await report(id, r[2]!, 'other')).hidden).toBe(true);

    const anon = await seen(id, null);
    expect(anon).toMatchObject({ moderation: 'hidden', content: '', hasImage: false });
    expect((await seen(id, r[3]!)).content).toBe('');
    expect(await seen(id, author)).toMatchObject({ moderation: 'hidden', content: 'You people are all the same', hasImage: true });
    expect((await seen(id, admin)).content).toBe('You people are all the same');
    // Off the public latest-comments list altogether.
    const latest = await h.client.listLatestComments({ questionIds: [question], perQuestion: 20 });
    expect(latest.questions.flatMap((q) => q.comments).some((c) => c.id === id)).toBe(false);
  });

  it('refuses unknown comments and bad ids alike', async () => {
    await expectGrpcError(report('not-a-uuid', r[0]!), grpc.status.NOT_FOUND, 'Comment not found');
    await expectGrpcError(report('00000000-0000-4000-8000-00000000abcd', r[0]!), grpc.status.NOT_FOUND, 'Comment not found');
    await expectGrpcError(h.client.reportComment({ commentId: '00000000-0000-4000-8000-00000000abcd', reason: 'spam', note: '' }), grpc.status.UNAUTHENTICATED);
  });
});

describe('the moderators', () => {
  it('see the queue with reasons, reporters and the author history; only admins', async () => {
    await expectGrpcError(h.client.listModerationQueue({}, { actor: r[0]!.actor }), grpc.status.PERMISSION_DENIED);
    const id = await post('Queue me');
    await report(id, r[4]!, 'spam', 'buy now');
    const { items } = await h.client.listModerationQueue({}, { actor: admin.actor });
    const item = items.find((i) => i.comment!.id === id)!;
    expect(item.comment).toMatchObject({ content: 'Queue me', moderation: 'visible' });
    expect(item.reports.map((x) => ({ reason: x.reason, note: x.note, by: x.reporter!.id, status: x.status }))).toEqual([
      { reason: 'spam', note: 'buy now', by: r[4]!.id, status: 'open' },
    ]);
    expect(item.authorHistory.length).toBeGreaterThan(0);
    expect(item.authorReports).toBeGreaterThanOrEqual(3);
  });

  it('keep: the reports are rejected and the comment shows again; remove: the author sees why, others a placeholder', async () => {
    const kept = await post('Keep me');
    for (const who of r.slice(0, 3)) await report(kept, who);
    expect((await seen(kept, null)).moderation).toBe('hidden');
    await expectGrpcError(h.client.moderateComment({ commentId: kept, action: 'keep', reason: '' }, { actor: r[0]!.actor }), grpc.status.PERMISSION_DENIED);
    const k = await h.client.moderateComment({ commentId: kept, action: 'keep', reason: '' }, { actor: admin.actor });
    expect(k.comment).toMatchObject({ moderation: 'visible', content: 'Keep me' });
    expect(await seen(kept, null)).toMatchObject({ moderation: 'visible', content: 'Keep me' });

    const gone = await post('Remove me', true);
    await expectGrpcError(h.client.moderateComment({ commentId: gone, action: 'remove', reason: '' }, { actor: admin.actor }), grpc.status.INVALID_ARGUMENT);
    await h.client.moderateComment({ commentId: gone, action: 'remove', reason: 'Personal information' }, { actor: admin.actor });
    expect(await seen(gone, null)).toMatchObject({ moderation: 'removed', content: '', moderationReason: '', hasImage: false });
    expect(await seen(gone, author)).toMatchObject({ moderation: 'removed', content: 'Remove me', moderationReason: 'Personal information', hasImage: false });
    await expectGrpcError(h.client.getCommentImage({ commentId: gone, thumbnail: false, ifNoneMatch: '' }), grpc.status.NOT_FOUND);
    await expectGrpcError(report(gone, r[4]!), grpc.status.FAILED_PRECONDITION);
    await expectGrpcError(h.client.moderateComment({ commentId: gone, action: 'keep', reason: '' }, { actor: admin.actor }), grpc.status.FAILED_PRECONDITION);
  });

  it('the metrics port shows how long the queue\'s oldest comment has waited, and a decision takes it off', async () => {
    const oldest = async () => (await h.social.ctx.metrics.registry.getSingleMetric('social_moderation_queue_oldest_seconds')!.get()).values[0]!.value;
    const id = await post('Waiting since Monday');
    await report(id, r[3]!, 'spam');
    await h.social.ctx.pool.query(`UPDATE comment_reports SET created_at = now() - interval '3 days' WHERE comment_id = $1`, [id]);
    expect(Math.abs((await oldest()) - 3 * 86_400)).toBeLessThan(120);
    await h.client.moderateComment({ commentId: id, action: 'keep', reason: '' }, { actor: admin.actor });
    expect(await oldest()).toBeLessThan(86_400);
  });

  it('stop counting reporters with three rejected reports: they can no longer hide anything', async () => {
    // r[0..2] had reports rejected on "Keep me"; two more rounds of keeps make three each.
    for (let round = 0; round < 2; round++) {
      const id = await post(`Round ${round}`);
      for (const who of r.slice(0, 3)) await report(id, who);
      await h.client.moderateComment({ commentId: id, action: 'keep', reason: '' }, { actor: admin.actor });
    }
    const target = await post('The opponent speaks');
    for (const who of r.slice(0, 3)) expect((await report(target, who)).hidden).toBe(false);
    expect((await seen(target, null)).moderation).toBe('visible');
    // Reports from people who still count do hide it.
    const fresh = await Promise.all(['x1', 'x2'].map((n) => h.signUp(`${stem()}_${n}`)));
    await report(target, fresh[0]!);
    await report(target, fresh[1]!);
    expect((await report(target, r[4]!)).hidden).toBe(true);
  });

  it('audits each report by its id (never the reporter) and each decision once', async () => {
    const id = await post('Audit me');
    const { reportId } = await report(id, r[3]!, 'spam');
    await h.client.moderateComment({ commentId: id, action: 'remove', reason: 'Spam' }, { actor: admin.actor });
    const records = await eventually(async () => {
      const events = (await h.socialEvents()).filter((e) => e.type === 'social.audit.recorded');
      const mine = events.map((e) => e.data as { actorId: string; action: string; targetId: string; targetLabel: string });
      const found = mine.filter((e) => e.targetId === reportId || e.targetId === id);
      return found.length >= 2 ? found : undefined;
    }, 10_000);
    if (!records) throw new Error('no audit records');
    expect(records.map((e) => e.action)).toEqual(['comment.report', 'comment.remove']);
    expect(records[0]).toMatchObject({ actorId: reportId, targetId: reportId, targetLabel: `spam on comment ${id}` });
    expect(JSON.stringify(records[0])).not.toContain(r[3]!.id);
    expect(records[1]).toMatchObject({ actorId: admin.id, targetId: id });
  });

  it('erasing a reporter deletes their reports', async () => {
    const id = await post('Reported by someone who leaves');
    const leaver = await h.signUp(`${stem()}_leaver`);
    await report(id, leaver, 'other', 'my note');
    await h.deleteUser(leaver.id);
    await eventually(async () => {
      const { rows } = await h.social.ctx.pool.query('SELECT count(*)::int AS n FROM comment_reports WHERE reporter_id = $1', [leaver.id]);
      return rows[0].n === 0;
    }, 10_000);
  });
});

describe('a suspension, as identity announces it', () => {
  const announce = (u: TestUser, suspended: boolean, suspendedUntil?: Date) =>
    h.publish('identity.user.updated', {
      user: { id: u.id, username: u.username, name: u.name, isAdmin: false, email: '', phoneNumber: '', emailNotifications: false, browserNotifications: false, whatsappNotifications: false, joinDate: new Date(), emailVerified: false, suspended, suspendedUntil },
    });
  const suspendedInDirectory = async (u: TestUser) => (await h.social.ctx.pool.query('SELECT suspended FROM people WHERE id = $1', [u.id])).rows[0]?.suspended as boolean;

  it('refuses comments, reports and friend requests while it lasts, even past the gateway', async () => {
    const troll = await h.signUp(`${stem()}_troll`);
    const target = await post('Something to report');
    await announce(troll, true, new Date(Date.now() + 86_400_000));
    await eventually(async () => (await suspendedInDirectory(troll)) === true, 10_000);
    const message = 'Your account is suspended: you cannot comment, report comments or send friend requests';
    await expectGrpcError(h.client.postComment({ questionId: question, content: 'Hi', imageDataUrl: '' }, { actor: troll.actor }), grpc.status.PERMISSION_DENIED, message);
    await expectGrpcError(report(target, troll), grpc.status.PERMISSION_DENIED, message);
    await expectGrpcError(h.client.sendFriendRequest({ friendId: author.id, friendUsername: '' }, { actor: troll.actor }), grpc.status.PERMISSION_DENIED, message);
    // Reading stays open.
    expect((await seen(target, troll)).content).toBe('Something to report');

    // A suspension that has run out refuses nothing; nor does a lifted one.
    await announce(troll, true, new Date(Date.now() - 1000));
    await eventually(async () => {
      const { rows } = await h.social.ctx.pool.query('SELECT suspended_until FROM people WHERE id = $1', [troll.id]);
      return rows[0]?.suspended_until !== null && new Date(rows[0].suspended_until).getTime() < Date.now();
    }, 10_000);
    expect((await h.client.postComment({ questionId: question, content: 'Back', imageDataUrl: '' }, { actor: troll.actor })).comment!.content).toBe('Back');
    await announce(troll, false);
    await eventually(async () => (await suspendedInDirectory(troll)) === false, 10_000);
    expect((await report(target, troll)).hidden).toBe(false);
  });
});
