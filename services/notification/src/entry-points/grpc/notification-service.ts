import type { Server } from '@grpc/grpc-js';
import { unaryService } from '@mzansi/kit';
import { NotificationServiceService, type NotificationServiceServer } from '@mzansi/proto/notification/v1/notification';
import { contactOf } from '../../data-access/account-repo.js';
import * as repo from '../../data-access/notification-repo.js';
import { exportHandlers } from './export-handlers.js';
import { mailHandlers } from './mail-handlers.js';
import { pushTopic, testPushPayload } from '../../domain/messages.js';
import { pushLanguage } from '../../domain/push-text.js';
import { testPushReply, validatePushSubscription } from '../../domain/subscriptions.js';
import type { PushSender } from '../../infra/push.js';
import type { NotificationContext } from '../../context.js';

type Ctx = NotificationContext;

export function registerNotificationService(ctx: Ctx, server: Server, deps: { push: () => PushSender; kick: () => void }) {
  const allowHttp = ctx.config.NODE_ENV !== 'production';
  server.addService(
    NotificationServiceService,
    unaryService<NotificationServiceServer>(
      NotificationServiceService,
      {
        async subscribe(req, call) {
          const me = call.requireActor();
          const s = validatePushSubscription(
            { endpoint: req.endpoint, p256dh: req.keys?.p256dh ?? '', auth: req.keys?.auth ?? '' },
            { allowHttp },
          );
          const row = await repo.upsertPushSubscription(ctx.db, { ...s, userId: me.id });
          return { subscription: { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth }, createdAt: row.createdAt } };
        },

        async unsubscribe(req, call) {
          const me = call.requireActor();
          const endpoint = req.endpoint.trim();
          if (!endpoint) return { removed: false };
          return { removed: await repo.deletePushSubscription(ctx.db, endpoint, me.id) };
        },

        async sendTest(_req, call) {
          const me = call.requireActor();
          const subs = await repo.subscriptionsOfUser(ctx.db, me.id);
          if (subs.length === 0) return testPushReply([]);
          const push = deps.push();
          const payload = testPushPayload(pushLanguage((await contactOf(ctx.db, me.id))?.language));
          const results = await Promise.all(subs.map((s) => push.send(s, payload, { topic: pushTopic(`test-${me.id}`), urgency: 'high' })));
          for (const [i, r] of results.entries()) {
            if (r.outcome === 'gone') await repo.deleteGoneSubscription(ctx.db, subs[i]!.endpoint);
            else if (r.outcome !== 'sent') ctx.logger.warn({ endpoint: subs[i]!.endpoint, err: r.error }, 'test push failed');
          }
          return testPushReply(results.map((r) => r.outcome));
        },

        async getVapidPublicKey() {
          return { publicKey: deps.push().publicKey };
        },

        // Newsletter double opt-in, one-click unsubscribe (mail-handlers.ts).
        ...mailHandlers(ctx, { kick: deps.kick }),

        // Download my data (export-handlers.ts).
        ...exportHandlers(ctx),
      },
      ctx.serverDeps,
    ),
  );
}
