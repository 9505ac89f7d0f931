import { analyticsRange, everyDay, forbidden, invalid, isUuid, notFound, type CallContext, type Clock } from '@mzansi/kit';
import type { GetDeliveryAnalyticsRequest, GetDeliveryAnalyticsResponse, RecordPushClickRequest, RecordPushClickResponse } from '@mzansi/proto/notification/v1/notification';
import { deliveriesByDay, recordPushClick } from '../../data-access/analytics-repo.js';
import type { NotificationContext } from '../../context.js';

export const CLICK_MESSAGES = {
  badId: 'Please send the notification’s id',
  notFound: 'Notification not found',
} as const;

/** Push clicks (the service worker reports them through the gateway) and the deliveries of how the day went. */
export function analyticsHandlers(ctx: NotificationContext, clock: Clock) {
  return {
    async recordPushClick(req: RecordPushClickRequest, call: CallContext): Promise<RecordPushClickResponse> {
      const me = call.requireActor();
      if (!isUuid(req.notificationId)) throw invalid(CLICK_MESSAGES.badId);
      const { received, counted } = await recordPushClick(ctx.pool, req.notificationId.toLowerCase(), me.id, clock());
      if (!received) throw notFound(CLICK_MESSAGES.notFound);
      return { counted };
    },

    async getDeliveryAnalytics(req: GetDeliveryAnalyticsRequest, call: CallContext): Promise<GetDeliveryAnalyticsResponse> {
      if (!call.requireActor().isAdmin) throw forbidden('Admin access required');
      const range = analyticsRange(req, clock);
      const rows = await deliveriesByDay(ctx.pool, range);
      const empty = (day: string) => ({ day, pushSent: 0, pushFailed: 0, pushClicks: 0, emailSent: 0, emailFailed: 0 });
      return { firstDay: range.firstDay, today: range.today, days: everyDay(range, rows, empty) };
    },
  };
}
