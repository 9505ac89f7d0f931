import type { Server } from '@grpc/grpc-js';
import { alreadyExists, analyticsRange, audited, auditDeps, auditEventWriter, conflict, enqueueEvent, everyDay, forbidden, invalid, isUuid, notFound, systemClock, unaryService, type Actor, type AuditTarget, type Clock, codedMessages } from '@mzansi/kit';
import { SocialServiceService, type Comment, type FriendRequest, type SocialServiceServer } from '@mzansi/proto/social/v1/social';
import { communityByDay } from '../../data-access/analytics-repo.js';
import * as repo from '../../data-access/social-repo.js';
import { commentHandlers } from './comment-handlers.js';
import { person, UNKNOWN } from './comment-view.js';
import { exportHandlers } from './export-handlers.js';
import { moderationHandlers, refuseIfSuspended } from './moderation-handlers.js';
import { friendRequestRefusal, searchLimit, searchTerm, type FriendRequestAction } from '../../domain/friends.js';
import { readableUser } from '../../domain/visibility.js';
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


/** Throws the refusal of `action` on this request for this actor, if any (domain/friends.ts). */
function refuseUnless(r: repo.RequestRow, actorId: string, action: FriendRequestAction): void {
  const refusal = friendRequestRefusal(r, actorId, action);
  if (refusal === 'answered') throw conflict(MESSAGES.answered);
  if (refusal) throw forbidden(MESSAGES[refusal]);
}

export function registerSocialService(ctx: Ctx, server: Server, clock: Clock = systemClock) {
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

        // Comments, replies, agrees and images (comment-handlers.ts).
        ...commentHandlers(ctx),
        // Download my data (export-handlers.ts).
        ...exportHandlers(ctx),
        // Reports and the moderators' queue and decisions (moderation-handlers.ts).
        ...moderationHandlers(ctx),

        // How the day went: comments and reports per SAST day (admin analytics).
        async getCommunityAnalytics(req, call) {
          if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
          const range = analyticsRange(req, clock);
          const rows = await communityByDay(ctx.pool, range);
          return { firstDay: range.firstDay, today: range.today, days: everyDay(range, rows, (day) => ({ day, comments: 0, reports: 0 })) };
        },
      },
      ctx.serverDeps,
    ),
  );
}
