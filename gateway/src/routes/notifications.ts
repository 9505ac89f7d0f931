import { Router } from 'express';
import { PUSH_ENDPOINT_INVALID, PushClickBody, pushSubscriptionSchema, PushUnsubscribeBody, type PushEndpointPolicy } from '@mzansi/api';
import type { Clients } from '../clients.js';
import type { RateLimits } from '../rate-limit.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { requireActor } from '../session.js';

/** /api/notifications/*: web push. */
export function notificationsRouter({ clients, pushPolicy, rateLimits }: { clients: Clients; pushPolicy: PushEndpointPolicy; rateLimits: RateLimits }): Router {
  const r = Router();
  const PushSubscriptionShape = pushSubscriptionSchema();
  const PushSubscription = pushSubscriptionSchema(pushPolicy);

  r.get('/vapid-public-key', async (_req, res) => {
    const { publicKey } = await clients.notification.getVapidPublicKey({});
    res.set('Cache-Control', 'public, max-age=3600');
    send(res, 'GET /api/notifications/vapid-public-key', 200, { publicKey });
  });

  r.post('/subscribe', async (req, res) => {
    const actor = requireActor(res);
    parse(PushSubscriptionShape, req.body, 'Please send the browser’s push subscription');
    // Well-formed: what is left is the endpoint rule (https on 443 of an allowed push service), in its own words.
    const body = parse(PushSubscription, req.body, PUSH_ENDPOINT_INVALID, 'subscriptionEndpointInvalid');
    await clients.notification.subscribe({ endpoint: body.endpoint, keys: body.keys }, { actor });
    send(res, 'POST /api/notifications/subscribe', 201, { success: true });
  });

  r.post('/unsubscribe', async (req, res) => {
    const actor = requireActor(res);
    const { endpoint } = parse(PushUnsubscribeBody, req.body, 'Please send the subscription endpoint');
    const { removed } = await clients.notification.unsubscribe({ endpoint }, { actor });
    send(res, 'POST /api/notifications/unsubscribe', 200, { success: true, removed });
  });

  r.post('/test', async (_req, res) => {
    const actor = requireActor(res);
    const { success, message } = await clients.notification.sendTest({}, { actor });
    send(res, 'POST /api/notifications/test', 200, { success, message });
  });

  // The service worker's report of a click on a notification (its id): notification counts it once per person it was
  // delivered to (404 for anyone else's), for the admin's delivery figures. Budgeted per person, before any call.
  r.post('/push-clicks', async (req, res) => {
    const actor = requireActor(res);
    const { id } = parse(PushClickBody, req.body, 'Please send the notification’s id');
    await rateLimits.pushClick(actor.id);
    const { counted } = await clients.notification.recordPushClick({ notificationId: id }, { actor });
    send(res, 'POST /api/notifications/push-clicks', 200, { success: true, counted });
  });

  return r;
}
