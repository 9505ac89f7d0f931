import type { CallContext } from '@mzansi/kit';
import type { ExportUserDataRequest, ExportUserDataResponse } from '@mzansi/proto/notification/v1/notification';
import { contactOf, newsletterOf, pushSubscriptionsForExport } from '../../data-access/account-repo.js';
import { storedAlertChoices } from '../../data-access/alert-repo.js';
import { endpointHost } from '../../domain/export.js';
import type { NotificationContext } from '../../context.js';

type Ctx = NotificationContext;

/** ExportUserData: everything notification holds about the acting user (download my data). */
export function exportHandlers(ctx: Ctx): { exportUserData(req: ExportUserDataRequest, call: CallContext): Promise<ExportUserDataResponse> } {
  return {
    async exportUserData(_req, call) {
      const me = call.requireActor().id;
      const [contact, subs, alerts] = await Promise.all([contactOf(ctx.db, me), pushSubscriptionsForExport(ctx.db, me), storedAlertChoices(ctx.db, me)]);
      const newsletter = await newsletterOf(ctx.db, contact?.email);
      return {
        contact: contact
          ? { email: contact.email, name: contact.name, emailNotifications: contact.emailNotifications, browserNotifications: contact.browserNotifications }
          : undefined,
        pushSubscriptions: subs.map((s) => ({ endpointHost: endpointHost(s.endpoint), createdAt: s.createdAt })),
        alertPreferences: alerts,
        newsletter: newsletter ? { email: newsletter.email, name: newsletter.name, source: newsletter.source, subscribedAt: newsletter.createdAt } : undefined,
      };
    },
  };
}
