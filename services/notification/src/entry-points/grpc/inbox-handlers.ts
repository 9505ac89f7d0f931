import type { CallContext, Clock } from '@mzansi/kit';
import type {
  CountUnreadInboxRequest,
  CountUnreadInboxResponse,
  InboxItem,
  ListInboxRequest,
  ListInboxResponse,
  MarkInboxReadRequest,
  MarkInboxReadResponse,
} from '@mzansi/proto/notification/v1/notification';
import * as inbox from '../../data-access/inbox-repo.js';
import { pageSize, readIds } from '../../domain/inbox.js';
import { daysBefore, INBOX_DAYS } from '../../domain/retention.js';
import type { NotificationContext } from '../../context.js';

type Handler<Req, Res> = (req: Req, call: CallContext) => Promise<Res>;

export const toInboxItem = (i: inbox.StoredItem): InboxItem => ({
  id: i.id,
  kind: i.kind,
  payloadJson: JSON.stringify(i.payload),
  createdAt: i.createdAt,
  read: i.read,
});

/** The acting user's inbox: a page, the unread count, marking read. Items past 90 days are never shown. */
export function inboxHandlers(
  ctx: NotificationContext,
  clock: Clock,
): {
  listInbox: Handler<ListInboxRequest, ListInboxResponse>;
  countUnreadInbox: Handler<CountUnreadInboxRequest, CountUnreadInboxResponse>;
  markInboxRead: Handler<MarkInboxReadRequest, MarkInboxReadResponse>;
} {
  const unread = (userId: string) => inbox.unreadCount(ctx.db, userId, daysBefore(clock(), INBOX_DAYS));
  return {
    async listInbox(req, call) {
      const me = call.requireActor().id;
      const now = clock();
      const before = req.before && req.before.getTime() <= now.getTime() + 60_000 ? req.before : new Date(now.getTime() + 60_000);
      const items = await inbox.listInbox(ctx.db, me, { before, after: daysBefore(now, INBOX_DAYS), limit: pageSize(req.limit) });
      return { items: items.map(toInboxItem) };
    },

    async countUnreadInbox(_req, call) {
      return { count: await unread(call.requireActor().id) };
    },

    async markInboxRead(req, call) {
      const me = call.requireActor().id;
      const now = clock();
      if (req.all) await ctx.transaction((tx) => inbox.markAllRead(tx, me, now));
      else await ctx.transaction((tx) => inbox.markRead(tx, me, readIds(req.ids), now));
      return { unread: await unread(me) };
    },
  };
}
