import type { Server } from '@grpc/grpc-js';
import { alreadyExists, audited, auditDeps, auditEventWriter, conflict, enqueueEvent, forbidden, invalid, isUuid, notFound, unaryService, type Actor, type AuditTarget, codedMessages } from '@mzansi/kit';
import { SocialServiceService, type Comment, type FriendRequest, type SocialServiceServer } from '@mzansi/proto/social/v1/social';
import * as repo from '../../data-access/social-repo.js';
import { commentsFor, person, UNKNOWN } from './comment-view.js';
import { exportHandlers } from './export-handlers.js';
import { moderationHandlers, refuseIfSuspended } from './moderation-handlers.js';
import { mayDeleteComment, parseImageDataUrl, validateComment } from '../../domain/comments.js';
import { friendRequestRefusal, searchLimit, searchTerm, type FriendRequestAction } from '../../domain/friends.js';
import { assertCommentsVisible, QUESTION_NOT_FOUND, readableUser } from '../../domain/visibility.js';
import { etagOf, hashesIn, reencodeImage } from '../../domain/images.js';
import type { SocialContext } from '../../context.js';

type Ctx = SocialContext;

const MAX_IDS = 500;

export const MESSAGES = codedMessages('social', {
  userNotFound: 'User not found',
  self: 'You cannot send a friend request to yourself',
  alreadyFriends: 'You are already friends',
  alreadySent: 'Friend request already sent',
  requestNotFound: 'Friend request not found',
  onlyReceiver: 'Only the person who received this request can answer it',
  answered: 'This friend request was already answered',
  onlySender: 'Only the person who sent this request can cancel it',
  commentNotFound: 'Comment not found',
  notYourComment: 'You can only delete your own comments',
  searchShort: 'Type at least 2 characters to search',
  ownFriends: 'You can only see your own friends',
  ownRequests: 'You can only see your own friend requests',
  usernameRequired: 'Please enter a username',
  imageNotFound: 'Image not found',
} as const);


function ids(list: string[]): string[] {
  if (list.length > MAX_IDS) throw invalid(`At most ${MAX_IDS} ids per call`);
  return [...new Set(list.filter(isUuid))];
}

/** Throws the refusal of `action` on this request for this actor, if any (domain/friends.ts). */
function refuseUnless(r: repo.RequestRow, actorId: string, action: FriendRequestAction): void {
  const refusal = friendRequestRefusal(r, actorId, action);
  if (refusal === 'answered') throw conflict(MESSAGES.answered);
  if (refusal) throw forbidden(MESSAGES[refusal]);
}

export function registerSocialService(ctx: Ctx, server: Server) {
  const withPeople = (rows: repo.CommentRow[], viewer: Actor | null | undefined) => commentsFor(ctx.db, rows, viewer);

  /** NOT_FOUND unless the question's comments are open to this actor (domain/visibility.ts). */
  const commentsVisible = async (questionId: string, actor: Actor | null): Promise<void> => {
    if (!isUuid(questionId)) throw notFound(QUESTION_NOT_FOUND);
    // Admins need no lookup: they see every question's comments.
    assertCommentsVisible(actor?.isAdmin ? undefined : await repo.questionVisible(ctx.db, questionId), actor);
  };

  const requestsWithPeople = async (rows: repo.RequestRow[]): Promise<FriendRequest[]> => {
    const byId = await repo.peopleByIds(ctx.db, rows.flatMap((r) => [r.requesterId, r.receiverId]));
    const p = (id: string) => (byId.has(id) ? person(byId.get(id)!) : UNKNOWN(id));
    return rows.map((r) => ({ id: r.id, requester: p(r.requesterId), receiver: p(r.receiverId), createdAt: r.createdAt, status: r.status }));
  };

  /** Accepts a pending request inside a transaction: friends both ways. */
  async function accept(tx: Parameters<Parameters<Ctx['transaction']>[0]>[0], r: repo.RequestRow) {
    const updated = await repo.setRequestStatus(tx, r.id, 'accepted');
    await repo.insertFriendship(tx, r.requesterId, r.receiverId);
    const accepter = await repo.personById(tx, r.receiverId);
    await enqueueEvent(tx, 'social.friendship.created', { requesterId: r.requesterId, accepterId: r.receiverId, accepterName: accepter?.name ?? '', at: new Date() });
    return updated;
  }

  server.addService(
    SocialServiceService,
    unaryService<SocialServiceServer>(
      SocialServiceService,
      {
        async searchPeople(req, call) {
          const me = call.requireActor();
          const term = searchTerm(req.query);
          if (term === null) throw invalid(MESSAGES.searchShort);
          return { people: (await repo.searchPeople(ctx.db, me.id, term, searchLimit(req.limit))).map(person) };
        },

        async listFriends(req, call) {
          const userId = readableUser(call.requireActor(), req.userId, MESSAGES.ownFriends);
          if (!isUuid(userId)) return { friends: [] };
          return { friends: (await repo.friendsOf(ctx.db, userId)).map(person) };
        },

        async listIncomingRequests(req, call) {
          const userId = readableUser(call.requireActor(), req.userId, MESSAGES.ownRequests);
          if (!isUuid(userId)) return { requests: [] };
          return { requests: await requestsWithPeople(await repo.pendingRequests(ctx.db, 'receiver', userId)) };
        },

        async listSentRequests(req, call) {
          const userId = readableUser(call.requireActor(), req.userId, MESSAGES.ownRequests);
          if (!isUuid(userId)) return { requests: [] };
          return { requests: await requestsWithPeople(await repo.pendingRequests(ctx.db, 'requester', userId)) };
        },

        async sendFriendRequest(req, call) {
          const me = call.requireActor();
          const target = req.friendId
            ? isUuid(req.friendId)
              ? await repo.personById(ctx.db, req.friendId)
              : undefined
            : req.friendUsername.trim()
              ? await repo.personByUsername(ctx.db, req.friendUsername.trim().replace(/^@/, ''))
              : undefined;
          if (!req.friendId && !req.friendUsername.trim()) throw invalid(MESSAGES.usernameRequired);
          if (!target) throw notFound(MESSAGES.userNotFound);
          if (target.id === me.id) throw invalid(MESSAGES.self);
          await refuseIfSuspended(ctx.db, me.id);
          const result = await ctx.transaction(async (tx) => {
            await repo.lockPair(tx, me.id, target.id);
            if (await repo.areFriends(tx, me.id, target.id)) throw alreadyExists(MESSAGES.alreadyFriends);
            if (await repo.pendingBetween(tx, me.id, target.id)) throw alreadyExists(MESSAGES.alreadySent);
            const theirs = await repo.pendingBetween(tx, target.id, me.id);
            if (theirs) {
              const locked = await repo.requestForUpdate(tx, theirs.id);
              if (locked?.status === 'pending') return { row: await accept(tx, locked), becameFriends: true };
            }
            const row = await repo.insertRequest(tx, me.id, target.id);
            if (!row) throw alreadyExists(MESSAGES.alreadySent); // a concurrent send won
            const from = await repo.personById(tx, me.id);
            await enqueueEvent(tx, 'social.friend_request.created', { requestId: row.id, fromUserId: me.id, fromName: from?.name ?? '', toUserId: target.id, at: row.createdAt });
            return { row, becameFriends: false };
          });
          const [request] = await requestsWithPeople([result.row]);
          return { request, becameFriends: result.becameFriends };
        },

        async acceptFriendRequest(req, call) {
          const me = call.requireActor();
          if (!isUuid(req.id)) throw notFound(MESSAGES.requestNotFound);
          const row = await ctx.transaction(async (tx) => {
            const r = await repo.requestForUpdate(tx, req.id);
            if (!r) throw notFound(MESSAGES.requestNotFound);
            refuseUnless(r, me.id, 'accept');
            return accept(tx, r);
          });
          return { request: (await requestsWithPeople([row]))[0] };
        },

        async rejectFriendRequest(req, call) {
          const me = call.requireActor();
          if (!isUuid(req.id)) throw notFound(MESSAGES.requestNotFound);
          const row = await ctx.transaction(async (tx) => {
            const r = await repo.requestForUpdate(tx, req.id);
            if (!r) throw notFound(MESSAGES.requestNotFound);
            refuseUnless(r, me.id, 'reject');
            return repo.setRequestStatus(tx, r.id, 'rejected');
          });
          return { request: (await requestsWithPeople([row]))[0] };
        },

        async cancelFriendRequest(req, call) {
          const me = call.requireActor();
          if (!isUuid(req.id)) throw notFound(MESSAGES.requestNotFound);
          await ctx.transaction(async (tx) => {
            const r = await repo.requestForUpdate(tx, req.id);
            if (!r) throw notFound(MESSAGES.requestNotFound);
            refuseUnless(r, me.id, 'cancel');
            await repo.deleteRequest(tx, r.id);
          });
          return {};
        },

        async listComments(req, call) {
          await commentsVisible(req.questionId, call.actor);
          return { comments: await withPeople(await repo.commentsOf(ctx.db, req.questionId), call.actor) };
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
          const upload = req.imageDataUrl ? parseImageDataUrl(req.imageDataUrl) : undefined;
          const content = validateComment(req.content, !!upload);
          // Re-encoded before the transaction: no connection is held while libvips works.
          const image = upload ? await reencodeImage(upload.bytes, upload.mime) : undefined;
          const row = await ctx.transaction(async (tx) => {
            const c = await repo.insertComment(tx, {
              questionId: req.questionId,
              userId: me.id,
              content,
              ...repo.imageColumns(image),
            });
            return c;
          });
          return { comment: (await withPeople([row], me))[0] };
        },

        async deleteComment(req, call) {
          const me = call.requireActor();
          const remove = async (tx: Parameters<Parameters<Ctx['transaction']>[0]>[0], target?: AuditTarget) => {
            const c = isUuid(req.id) ? await repo.commentById(tx, req.id) : undefined;
            if (!c) throw notFound(MESSAGES.commentNotFound);
            if (!mayDeleteComment(me, c)) throw forbidden(MESSAGES.notYourComment);
            // The label says where the comment was, never what it said (that was the author's, and is gone).
            if (target) target.targetLabel = `on question ${c.questionId}`;
            await repo.deleteComment(tx, c.id);
            return c.questionId;
          };
          // An admin deleting someone else's comment (or one that is not there) is an admin action: audited
          // (kit/audit.ts), failures included. Anyone deleting their own comment, admins too, is just a user.
          const own = !me.isAdmin || (isUuid(req.id) && (await repo.commentById(ctx.db, req.id))?.userId === me.id);
          if (own) return { questionId: await ctx.transaction((tx) => remove(tx)) };
          const questionId = await audited(
            auditDeps(ctx, auditEventWriter('social')),
            { actorId: me.id, action: 'comment.delete', target: { targetType: 'comment', targetId: req.id } },
            (tx, target) => remove(tx, target),
          );
          return { questionId };
        },

        async getCommentImage(req) {
          // Read from the database on every call (no cache): a deleted comment's image is gone at once.
          const known = req.ifNoneMatch ? hashesIn(req.ifNoneMatch, req.thumbnail) : [];
          const img = isUuid(req.commentId) ? await repo.commentImage(ctx.db, req.commentId, req.thumbnail, known) : undefined;
          // The image URL is public and cacheable, so it follows the public rule, admins included: only comments of
          // a published, not archived question (domain/visibility.ts).
          if (!img || img.questionVisible !== true) throw notFound(MESSAGES.imageNotFound);
          // A moderator's removal takes the image with it, for everyone.
          if (img.moderation === 'removed') throw notFound(MESSAGES.imageNotFound);
          const etag = etagOf(img.hash, req.thumbnail);
          if (!img.data) return { mimeType: img.mime, data: Buffer.alloc(0), etag, notModified: true };
          return { mimeType: img.mime, data: img.data, etag, notModified: false };
        },

        // Download my data (export-handlers.ts).
        ...exportHandlers(ctx),
        // Reports and the moderators' queue and decisions (moderation-handlers.ts).
        ...moderationHandlers(ctx),
      },
      ctx.serverDeps,
    ),
  );
}
