import type { CallContext } from '@mzansi/kit';
import type { ExportUserDataRequest, ExportUserDataResponse, Person } from '@mzansi/proto/social/v1/social';
import { commentsForExport, friendshipsForExport, requestsForExport } from '../../data-access/account-repo.js';
import { reportsBy } from '../../data-access/moderation-repo.js';
import * as repo from '../../data-access/social-repo.js';
import type { SocialContext } from '../../context.js';

type Ctx = SocialContext;

const UNKNOWN = (id: string): Person => ({ id, username: 'unknown', name: 'Unknown user', isAdmin: false });

/** ExportUserData: everything social holds about the acting user (download my data). */
export function exportHandlers(ctx: Ctx): { exportUserData(req: ExportUserDataRequest, call: CallContext): Promise<ExportUserDataResponse> } {
  return {
    async exportUserData(_req, call) {
      const me = call.requireActor().id;
      const [self, comments, friendships, requests, reports] = await Promise.all([
        repo.personById(ctx.db, me),
        commentsForExport(ctx.db, me),
        friendshipsForExport(ctx.db, me),
        requestsForExport(ctx.db, me),
        reportsBy(ctx.db, me),
      ]);
      const byId = await repo.peopleByIds(ctx.db, [me, ...friendships.map((f) => f.friendId), ...requests.flatMap((r) => [r.requesterId, r.receiverId])]);
      const person = (id: string): Person => {
        const p = byId.get(id);
        return p ? { id: p.id, username: p.username, name: p.name, isAdmin: p.isAdmin } : UNKNOWN(id);
      };
      const request = (r: (typeof requests)[number]) => ({ id: r.id, requester: person(r.requesterId), receiver: person(r.receiverId), createdAt: r.createdAt, status: r.status });
      return {
        person: self ? person(me) : undefined,
        comments: comments.map((c) => ({
          id: c.id,
          questionId: c.questionId,
          user: person(me),
          content: c.content,
          hasImage: c.imageWidth !== null,
          createdAt: c.createdAt,
          imageWidth: c.imageWidth ?? 0,
          imageHeight: c.imageHeight ?? 0,
          thumbWidth: c.thumbWidth ?? 0,
          thumbHeight: c.thumbHeight ?? 0,
          moderation: c.moderation,
          moderationReason: c.moderationReason,
          parentId: c.parentId ?? '',
          replyCount: c.replyCount,
          agreeCount: c.agreeCount,
          agreedByMe: false,
          showPrediction: c.showPrediction,
          deleted: false,
        })),
        friends: friendships.map((f) => ({ friend: person(f.friendId), since: f.since })),
        sentRequests: requests.filter((r) => r.requesterId === me).map(request),
        receivedRequests: requests.filter((r) => r.receiverId === me).map(request),
        reports: reports.map((r) => ({
          id: r.id,
          commentId: r.commentId,
          reporter: person(me),
          reason: r.reason,
          note: r.note,
          status: r.status,
          createdAt: r.createdAt,
          reporterRejected: 0,
        })),
      };
    },
  };
}
