import type { Server } from '@grpc/grpc-js';
import { unaryService, type Clock } from '@mzansi/kit';
import { NotificationServiceService, type NotificationServiceServer } from '@mzansi/proto/notification/v1/notification';
import * as repo from '../../data-access/notification-repo.js';
import { alertHandlers } from './alert-handlers.js';
import { analyticsHandlers } from './analytics-handlers.js';
import { exportHandlers } from './export-handlers.js';
import { inboxHandlers } from './inbox-handlers.js';
import { mailHandlers } from './mail-handlers.js';
import { testPushReply, validatePushSubscription } from '../../domain/subscriptions.js';
import type { PushSender } from '../../infra/push.js';
import type { TestPushes } from '../jobs/test-pushes.js';
import type { NotificationContext } from '../../context.js';

type Ctx = NotificationContext;

export function registerNotificationService(ctx: Ctx, server: Server, deps: { push: () => PushSender; tests: () => TestPushes; kick: () => void; clock: Clock }) {
  const policy = { allowedHosts: ctx.config.PUSH_ALLOWED_HOSTS, devOrigin: ctx.config.PUSH_DEV_ORIGIN };
  server.addService(
    NotificationServiceService,
    unaryService<NotificationServiceServer>(
      NotificationServiceService,
      {
        async subscribe(req, call) {
          const me = call.requireActor();
          const s = validatePushSubscription(
            { endpoint: req.endpoint, p256dh: req.keys?.p256dh ?? '', auth: req.keys?.auth ?? '' },
            policy,
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

        // The same answer, at once, whatever the endpoints do: the pushes go out in the background.
        async sendTest(_req, call) {
          const me = call.requireActor();
          const subs = await repo.subscriptionsOfUser(ctx.db, me.id);
          if (subs.length > 0) deps.tests().start(me.id, subs);
          return testPushReply(subs.length);
        },

        async getVapidPublicKey() {
          return { publicKey: deps.push().publicKey };
        },

        // Newsletter double opt-in, one-click unsubscribe (mail-handlers.ts).
        ...mailHandlers(ctx, { kick: deps.kick }),

        // Download my data (export-handlers.ts).
        ...exportHandlers(ctx),

        // The inbox (inbox-handlers.ts).
        ...inboxHandlers(ctx, deps.clock),

        // Push and e-mail per kind of alert (alert-handlers.ts).
        ...alertHandlers(ctx),

        // Push clicks and the deliveries of how the day went (analytics-handlers.ts).
        ...analyticsHandlers(ctx, deps.clock),
      },
      ctx.serverDeps,
    ),
  );
}
