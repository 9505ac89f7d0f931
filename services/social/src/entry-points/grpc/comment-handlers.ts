import { audited, auditDeps, auditEventWriter, enqueueEvent, forbidden, invalid, isUuid, notFound, type Actor, type AuditTarget, type CallContext } from '@mzansi/kit';
import type { Comment, SocialServiceServer } from '@mzansi/proto/social/v1/social';
import * as repo from '../../data-access/social-repo.js';
import { commentsFor } from './comment-view.js';
import { refuseIfSuspended } from './moderation-handlers.js';
import { agreeRefusal, mayDeleteComment, MESSAGES as COMMENT, parseImageDataUrl, replyRefusal, validateComment } from '../../domain/comments.js';
import { seesModerated } from '../../domain/moderation.js';
import { assertCommentsVisible, QUESTION_NOT_FOUND } from '../../domain/visibility.js';
import { etagOf, hashesIn, reencodeImage } from '../../domain/images.js';
import type { SocialContext, SocialTx } from '../../context.js';

const MAX_IDS = 500;
const COMMENT_NOT_FOUND = 'Comment not found';
const NOT_YOURS = 'You can only delete your own comments';
const IMAGE_NOT_FOUND = 'Image not found';
const SORTS = ['oldest', 'newest', 'top'] as const;

type Handlers = Pick<
  SocialServiceServer,
  'listComments' | 'listReplies' | 'setAgree' | 'listLatestComments' | 'listCommentsByUsers' | 'postComment' | 'deleteComment' | 'getCommentImage'
>;
type Unary<K extends keyof Handlers> = (
  req: Parameters<Handlers[K]>[0]['request'],
  call: CallContext,
) => Promise<NonNullable<Parameters<Parameters<Handlers[K]>[1]>[1]>>;
export type CommentHandlers = { [K in keyof Handlers]: Unary<K> };

function ids(list: string[]): string[] {
  if (list.length > MAX_IDS) throw invalid(`At most ${MAX_IDS} ids per call`);
  return [...new Set(list.filter(isUuid))];
}

/** Comments, their replies and agrees, and their images. */
export function commentHandlers(ctx: SocialContext): CommentHandlers {
  const withPeople = (rows: repo.CommentRow[], viewer: Actor | null | undefined) => commentsFor(ctx.db, rows, viewer);

  /** NOT_FOUND unless the question's comments are open to this actor (domain/visibility.ts). */
  const commentsVisible = async (questionId: string, actor: Actor | null): Promise<void> => {
    if (!isUuid(questionId)) throw notFound(QUESTION_NOT_FOUND);
    // Admins need no lookup: they see every question's comments.
    assertCommentsVisible(actor?.isAdmin ? undefined : await repo.questionVisible(ctx.db, questionId), actor);
  };

  /** A comment the actor may read (its question is open to them), else NOT_FOUND. */
  const readableComment = async (id: string, actor: Actor | null) => {
    const c = isUuid(id) ? await repo.commentById(ctx.db, id) : undefined;
    if (!c) throw notFound(COMMENT_NOT_FOUND);
    await commentsVisible(c.questionId, actor).catch(() => {
      throw notFound(COMMENT_NOT_FOUND);
    });
    return c;
  };

  async function deleteIn(tx: SocialTx, me: Actor, id: string, target?: AuditTarget): Promise<string> {
    const c = isUuid(id) ? await repo.lockComment(tx, id) : undefined;
    if (!c || c.deletedAt) throw notFound(COMMENT_NOT_FOUND);
    if (!mayDeleteComment(me, c)) throw forbidden(NOT_YOURS);
    // The label says where the comment was, never what it said (that was the author's, and is gone).
    if (target) target.targetLabel = `on question ${c.questionId}`;
    // Counted after the lock: a reply committed meanwhile is seen, and none can be added until this ends.
    if (await repo.hasReplies(tx, c.id)) {
      await repo.softDeleteComment(tx, c.id);
    } else {
      await repo.deleteComment(tx, c.id);
      if (c.parentId) await repo.dropEmptyPlaceholders(tx, [c.parentId]);
    }
    return c.questionId;
  }

  return {
    async listComments(req, call) {
      await commentsVisible(req.questionId, call.actor);
      const sort = req.sort || 'oldest';
      if (!(SORTS as readonly string[]).includes(sort)) throw invalid(COMMENT.badSort);
      const top = await repo.commentsOf(ctx.db, req.questionId, sort as repo.CommentSort);
      const replies = await repo.firstReplies(ctx.db, top.map((c) => c.id), Math.min(Math.max(req.repliesPerComment ?? 0, 0), 50));
      const all = await withPeople([...top, ...replies], call.actor);
      return { comments: all.slice(0, top.length), replies: all.slice(top.length) };
    },

    async listReplies(req, call) {
      const c = await readableComment(req.commentId, call.actor);
      return { replies: await withPeople(await repo.repliesOf(ctx.db, c.id), call.actor) };
    },

    async setAgree(req, call) {
      const me = call.requireActor();
      const c = await readableComment(req.commentId, me);
      return ctx.transaction(async (tx) => {
        const row = await repo.lockComment(tx, c.id, 'share');
        if (!row) throw notFound(COMMENT_NOT_FOUND);
        if (req.agree) {
          const refusal = agreeRefusal(row, me.id);
          if (refusal) throw invalid(refusal);
          if (await repo.addAgree(tx, row.id, me.id)) {
            const agreer = await repo.personById(tx, me.id);
            await enqueueEvent(tx, 'social.comment.agreed', {
              commentId: row.id,
              questionId: row.questionId,
              commentAuthorId: row.userId,
              agreerId: me.id,
              agreerName: agreer?.name ?? '',
              at: new Date(),
            });
          }
        } else {
          await repo.removeAgree(tx, row.id, me.id);
        }
        return { agreeCount: await repo.agreeCount(tx, row.id), agreedByMe: req.agree, questionId: row.questionId };
      });
    },

    async listLatestComments(req) {
      const perQuestion = Math.min(Math.max(req.perQuestion || 3, 0), 20);
      const rows = await repo.latestComments(ctx.db, ids(req.questionIds), perQuestion);
      const all = await withPeople(rows, null);
      const out = new Map<string, { questionId: string; comments: Comment[]; total: number }>();
      rows.forEach((r, i) => {
        const q = out.get(r.questionId) ?? { questionId: r.questionId, comments: [], total: r.total };
        q.comments.push(all[i]!);
        out.set(r.questionId, q);
      });
      return { questions: [...out.values()] };
    },

    async listCommentsByUsers(req, call) {
      const me = call.requireActor();
      return { comments: await withPeople(await repo.commentsByUsers(ctx.db, ids(req.userIds), ids(req.questionIds)), me) };
    },

    async postComment(req, call) {
      const me = call.requireActor();
      await commentsVisible(req.questionId, me);
      await refuseIfSuspended(ctx.db, me.id);
      if (req.parentId && !isUuid(req.parentId)) throw invalid(COMMENT.parentNotFound);
      const upload = req.imageDataUrl ? parseImageDataUrl(req.imageDataUrl) : undefined;
      const content = validateComment(req.content, !!upload);
      // Re-encoded before the transaction: no connection is held while libvips works.
      const image = upload ? await reencodeImage(upload.bytes, upload.mime) : undefined;
      const row = await ctx.transaction(async (tx) => {
        const parent = req.parentId ? await repo.lockComment(tx, req.parentId, 'share') : undefined;
        if (req.parentId) {
          const refusal = replyRefusal(parent, req.questionId, !!parent && seesModerated(me, parent.userId));
          if (refusal) throw invalid(refusal);
        }
        const c = await repo.insertComment(tx, {
          questionId: req.questionId,
          userId: me.id,
          content,
          parentId: parent?.id ?? null,
          showPrediction: !!req.showPrediction,
          ...repo.imageColumns(image),
        });
        // The parent's author hears of it (their inbox), unless they answered themselves.
        if (parent && parent.userId !== me.id) {
          const author = await repo.personById(tx, me.id);
          await enqueueEvent(tx, 'social.comment.replied', {
            commentId: c.id,
            parentId: parent.id,
            questionId: c.questionId,
            parentAuthorId: parent.userId,
            authorId: me.id,
            authorName: author?.name ?? '',
            at: c.createdAt,
          });
        }
        return c;
      });
      return { comment: (await withPeople([row], me))[0] };
    },

    async deleteComment(req, call) {
      const me = call.requireActor();
      // An admin deleting someone else's comment (or one that is not there) is an admin action: audited
      // (kit/audit.ts), failures included. Anyone deleting their own comment, admins too, is just a user.
      const own = !me.isAdmin || (isUuid(req.id) && (await repo.commentById(ctx.db, req.id))?.userId === me.id);
      if (own) return { questionId: await ctx.transaction((tx) => deleteIn(tx, me, req.id)) };
      const questionId = await audited(
        auditDeps(ctx, auditEventWriter('social')),
        { actorId: me.id, action: 'comment.delete', target: { targetType: 'comment', targetId: req.id } },
        (tx, target) => deleteIn(tx, me, req.id, target),
      );
      return { questionId };
    },

    async getCommentImage(req) {
      // Read from the database on every call (no cache): a deleted comment's image is gone at once.
      const known = req.ifNoneMatch ? hashesIn(req.ifNoneMatch, req.thumbnail) : [];
      const img = isUuid(req.commentId) ? await repo.commentImage(ctx.db, req.commentId, req.thumbnail, known) : undefined;
      // The image URL is public and cacheable, so it follows the public rule, admins included: only comments of
      // a published, not archived question (domain/visibility.ts).
      if (!img || img.questionVisible !== true) throw notFound(IMAGE_NOT_FOUND);
      // A moderator's removal takes the image with it, for everyone.
      if (img.moderation === 'removed') throw notFound(IMAGE_NOT_FOUND);
      const etag = etagOf(img.hash, req.thumbnail);
      if (!img.data) return { mimeType: img.mime, data: Buffer.alloc(0), etag, notModified: true };
      return { mimeType: img.mime, data: img.data, etag, notModified: false };
    },
  };
}
