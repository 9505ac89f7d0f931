import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGrpcError, indexPlanOf, manualClock } from '@mzansi/kit/testing';
import { COMMUNITY_BY_DAY } from '../src/data-access/analytics-repo.js';
import { socialHarness, type TestUser } from './helpers.js';

/**
 * GetCommunityAnalytics against real PostgreSQL: comments, replies and reports written through the service, their
 * times then set to known instants (the database stamps them), counted per SAST day (UTC+2); today from the clock.
 */
let h: Awaited<ReturnType<typeof socialHarness>>;
const clock = manualClock('2026-05-15T10:00:00.000Z');
const asAdmin = { actor: { id: '00000000-0000-4000-8000-0000000000a1', isAdmin: true } };
let author: TestUser;
const reporters: TestUser[] = [];

const at = (table: 'comments' | 'comment_reports', id: string, when: string) => h.social.ctx.pool.query(`UPDATE ${table} SET created_at = $2 WHERE id = $1`, [id, when]);

beforeAll(async () => {
  h = await socialHarness({}, { clock: clock.now });
  const question = await h.publishQuestion();
  const run = Date.now().toString(36);
  author = await h.signUp(`author_${run}`);
  for (let i = 0; i < 2; i++) reporters.push(await h.signUp(`reporter${i}_${run}`));
  const post = async (when: string, parentId = '') => {
    const { comment } = await h.client.postComment({ questionId: question, content: `Said at ${when}`, imageDataUrl: '', parentId }, { actor: author.actor });
    await at('comments', comment!.id, when);
    return comment!.id;
  };
  const first = await post('2026-05-03T21:30:00.000Z'); // 23:30 SAST, 3 May
  await post('2026-05-03T22:30:00.000Z'); // 00:30 SAST, 4 May
  await post('2026-05-04T08:00:00.000Z', first); // a reply counts as a comment
  await post('2026-05-15T08:00:00.000Z'); // today
  await post('2026-04-30T21:00:00.000Z'); // 23:00 SAST, 30 April: before the range
  for (const [i, r] of reporters.entries()) {
    await h.client.reportComment({ commentId: first, reason: 'spam', note: '' }, { actor: r.actor });
    const { rows } = await h.social.ctx.pool.query<{ id: string }>('SELECT id FROM comment_reports WHERE comment_id = $1 AND reporter_id = $2', [first, r.id]);
    await at('comment_reports', rows[0]!.id, i === 0 ? '2026-05-04T09:00:00.000Z' : '2026-05-15T09:00:00.000Z');
  }
});

afterAll(async () => {
  await h?.cleanup();
});

describe('GetCommunityAnalytics', () => {
  it('counts comments (replies included) and reports per SAST day, every day of the range listed', async () => {
    const a = await h.client.getCommunityAnalytics({ today: '', days: 15 }, asAdmin);
    expect([a.firstDay, a.today]).toEqual(['2026-05-01', '2026-05-15']);
    expect(a.days).toHaveLength(15);
    expect(a.days.filter((d) => d.comments > 0 || d.reports > 0)).toEqual([
      { day: '2026-05-03', comments: 1, reports: 0 },
      { day: '2026-05-04', comments: 2, reports: 1 },
      { day: '2026-05-15', comments: 1, reports: 1 },
    ]);
  });

  it('is for admins only; a bad range is refused', async () => {
    await expectGrpcError(h.client.getCommunityAnalytics({ today: '', days: 15 }, { actor: author.actor }), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(h.client.getCommunityAnalytics({ today: 'yesterday', days: 15 }, asAdmin), grpc.status.INVALID_ARGUMENT);
  });

  it('reads through the created_at indexes (EXPLAIN)', async () => {
    const plan = await indexPlanOf(h.social.ctx.pool, COMMUNITY_BY_DAY, [new Date('2026-05-01'), new Date('2026-05-16')]);
    expect(plan).toContain('comments_created_idx');
    expect(plan).toContain('comment_reports_created_idx');
  });
});
