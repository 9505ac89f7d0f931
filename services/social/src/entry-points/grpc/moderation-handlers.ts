import { ADMIN_ONLY, alreadyExists, audited, auditDeps, auditEventWriter, conflict, enqueueEvent, forbidden, isUuid, notFound, type CallContext } from '@mzansi/kit';
import type {
  CommentReport,
  ListModerationQueueRequest,
  ListModerationQueueResponse,
  ModerateCommentRequest,
  ModerateCommentResponse,
  ReportCommentRequest,
  ReportCommentResponse,
} from '@mzansi/proto/social/v1/social';
import * as mod from '../../data-access/moderation-repo.js';
import * as repo from '../../data-access/social-repo.js';
import { isSuspended, MESSAGES, stateAfterReport, validateDecision, validateReport, type ModerationSettings } from '../../domain/moderation.js';
import type { SocialContext, SocialQueryable } from '../../context.js';
import { commentsFor, person, UNKNOWN } from './comment-view.js';

const QUEUE_LIMIT = 100;
const HISTORY_LIMIT = 10;
const COMMENT_NOT_FOUND = 'Comment not found';

/** PERMISSION_DENIED while the person is suspended (comment, report, friend request). */
export async function refuseIfSuspended(db: SocialQueryable, userId: string, now: Date = new Date()): Promise<void> {
  if (isSuspended(await repo.personById(db, userId), now)) throw forbidden(MESSAGES.suspended);
}

export interface ModerationHandlers {
  reportComment(req: ReportCommentRequest, call: CallContext): Promise<ReportCommentResponse>;
  listModerationQueue(req: ListModerationQueueRequest, call: CallContext): Promise<ListModerationQueueResponse>;
  moderateComment(req: ModerateCommentRequest, call: CallContext): Promise<ModerateCommentResponse>;
}

/** Reports, the moderators' queue and their decisions (domain/moderation.ts); every one goes to the audit log. */
export function moderationHandlers(ctx: SocialContext): ModerationHandlers {
  const settings: ModerationSettings = { hideAfter: ctx.config.MODERATION_HIDE_AFTER, discountAfter: ctx.config.MODERATION_DISCOUNT_AFTER };
  const write = auditEventWriter('social');

  return {
    async reportComment(req, call) {
      const me = call.requireActor();
      const { reason, note } = validateReport(req.reason, req.note);
      if (!isUuid(req.commentId)) throw notFound(COMMENT_NOT_FOUND);
      await refuseIfSuspended(ctx.db, me.id);
      return ctx.transaction(async (tx) => {
        const c = await mod.commentForUpdate(tx, req.commentId);
        // A comment whose question is not open to this user is as unknown to them as one that does not exist.
        if (!c || c.deletedAt || (!me.isAdmin && (await repo.questionVisible(tx, c.questionId)) !== true)) throw notFound(COMMENT_NOT_FOUND);
        if (c.userId === me.id) throw forbidden(MESSAGES.ownComment);
        if (c.moderation === 'removed') throw conflict(MESSAGES.removed);
        const report = await mod.insertReport(tx, { commentId: c.id, reporterId: me.id, reason, note });
        if (!report) throw alreadyExists(MESSAGES.alreadyReported);
        const next = stateAfterReport(c.moderation, await mod.countingReports(tx, c.id, settings), settings);
        if (next !== c.moderation) await mod.setModeration(tx, c.id, next, '');
        // The log names the report, never the reporter: erasing their account deletes the report, and the entry
        // then points at nothing, without the append-only log being rewritten.
        await write(tx, {
          actorId: report.id,
          action: 'comment.report',
          targetType: 'comment_report',
          targetId: report.id,
          targetLabel: `${reason} on comment ${c.id}`,
          outcome: 'success',
          detail: next === 'hidden' && c.moderation !== 'hidden' ? 'The comment is now hidden until reviewed' : '',
          occurredAt: new Date(),
        });
        return { reportId: report.id, hidden: next === 'hidden' };
      });
    },

    async listModerationQueue(_req, call) {
      const me = call.requireActor();
      if (!me.isAdmin) throw forbidden(ADMIN_ONLY);
      const rows = await mod.queueComments(ctx.db, QUEUE_LIMIT);
      const [comments, reports, histories] = await Promise.all([
        commentsFor(ctx.db, rows, me),
        mod.reportsOf(ctx.db, rows.map((r) => r.id)),
        Promise.all([...new Set(rows.map((r) => r.userId))].map(async (id) => [id, await mod.authorHistory(ctx.db, id, HISTORY_LIMIT + 1)] as const)),
      ]);
      const reporters = await repo.peopleByIds(ctx.db, reports.map((r) => r.reporterId));
      const history = new Map(histories);
      const items = await Promise.all(
        rows.map(async (row, i) => {
          const h = history.get(row.userId)!;
          const others = h.comments.filter((c) => c.id !== row.id).slice(0, HISTORY_LIMIT);
          const own: CommentReport[] = reports
            .filter((r) => r.commentId === row.id)
            .map((r) => ({
              id: r.id,
              reporter: reporters.has(r.reporterId) ? person(reporters.get(r.reporterId)!) : UNKNOWN(r.reporterId),
              reason: r.reason,
              note: r.note,
              status: r.status,
              createdAt: r.createdAt,
              reporterRejected: r.reporterRejected,
              commentId: r.commentId,
            }));
          return {
            comment: comments[i],
            reports: own,
            authorHistory: await commentsFor(ctx.db, others, me),
            authorReports: h.reports - own.length,
          };
        }),
      );
      return { items };
    },

    async moderateComment(req, call) {
      const me = call.requireActor();
      if (!me.isAdmin) throw forbidden(ADMIN_ONLY);
      const { action, reason } = validateDecision(req.action, req.reason);
      const row = await audited(
        auditDeps(ctx, write),
        { actorId: me.id, action: `comment.${action}`, target: { targetType: 'comment', targetId: req.commentId } },
        async (tx, target) => {
          const c = isUuid(req.commentId) ? await mod.commentForUpdate(tx, req.commentId) : undefined;
          if (!c || c.deletedAt) throw notFound(COMMENT_NOT_FOUND);
          if (c.moderation === 'removed') throw conflict(MESSAGES.removed);
          target.targetLabel = action === 'remove' ? `on question ${c.questionId}: ${reason}` : `on question ${c.questionId}`;
          await mod.closeReports(tx, c.id, action === 'keep' ? 'rejected' : 'upheld');
          // The author's inbox says so, with the reason they are shown; written with the removal or not at all.
          if (action === 'remove') {
            await enqueueEvent(tx, 'social.comment.removed', { commentId: c.id, questionId: c.questionId, authorId: c.userId, reason, at: new Date() });
          }
          return mod.setModeration(tx, c.id, action === 'keep' ? 'visible' : 'removed', reason);
        },
      );
      return { comment: (await commentsFor(ctx.db, [row], me))[0] };
    },
  };
}
