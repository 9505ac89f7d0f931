import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { requireActor } from '../session.js';

const subscription = z.object({
  endpoint: z.string().url('A push subscription needs an endpoint').max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
  expirationTime: z.number().nullish(),
});

/** /api/notifications/*: web push. */
export function notificationsRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  r.get('/vapid-public-key', async (_req, res) => {
    const { publicKey } = await clients.notification.getVapidPublicKey({});
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({ publicKey });
  });

  r.post('/subscribe', async (req, res) => {
    const actor = requireActor(res);
    const body = parse(subscription, req.body, 'Please send the browser’s push subscription');
    await clients.notification.subscribe({ endpoint: body.endpoint, keys: body.keys }, { actor });
    res.status(201).json({ success: true });
  });

  r.post('/unsubscribe', async (req, res) => {
    const actor = requireActor(res);
    const { endpoint } = parse(z.object({ endpoint: z.string().min(1).max(2048) }), req.body, 'Please send the subscription endpoint');
    const { removed } = await clients.notification.unsubscribe({ endpoint }, { actor });
    res.json({ success: true, removed });
  });

  r.post('/test', async (_req, res) => {
    const actor = requireActor(res);
    const { success, message } = await clients.notification.sendTest({}, { actor });
    res.json({ success, message });
  });

  return r;
}
