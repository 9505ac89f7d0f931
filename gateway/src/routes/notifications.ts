import { Router } from 'express';
import { PushSubscription, PushUnsubscribeBody } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { requireActor } from '../session.js';

/** /api/notifications/*: web push. */
export function notificationsRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  r.get('/vapid-public-key', async (_req, res) => {
    const { publicKey } = await clients.notification.getVapidPublicKey({});
    res.set('Cache-Control', 'public, max-age=3600');
    send(res, 'GET /api/notifications/vapid-public-key', 200, { publicKey });
  });

  r.post('/subscribe', async (req, res) => {
    const actor = requireActor(res);
    const body = parse(PushSubscription, req.body, 'Please send the browser’s push subscription');
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

  return r;
}
