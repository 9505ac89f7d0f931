import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { requireActor } from '../session.js';
import { pageLanguage, PAGE_LANGUAGE_CODES } from '../web.js';

const subscription = z.object({
  endpoint: z.string().url('A push subscription needs an endpoint').max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
  expirationTime: z.number().nullish(),
});

const newsletter = z.object({
  email: z.string().max(254).default(''),
  name: z.string().max(100).nullish(),
  source: z.string().max(40).nullish(),
  /** The page's language (the confirmation mail's): one of the four. */
  language: z.enum(PAGE_LANGUAGE_CODES, { message: 'Please choose one of the four languages' }).nullish(),
});

/** /api/notifications/* (web push) and /api/newsletter/subscribe. */
export function notificationsRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  r.get('/notifications/vapid-public-key', async (_req, res) => {
    const { publicKey } = await clients.notification.getVapidPublicKey({});
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({ publicKey });
  });

  r.post('/notifications/subscribe', async (req, res) => {
    const actor = requireActor(res);
    const body = parse(subscription, req.body, 'Please send the browser’s push subscription');
    await clients.notification.subscribe({ endpoint: body.endpoint, keys: body.keys }, { actor });
    res.status(201).json({ success: true });
  });

  r.post('/notifications/unsubscribe', async (req, res) => {
    const actor = requireActor(res);
    const { endpoint } = parse(z.object({ endpoint: z.string().min(1).max(2048) }), req.body, 'Please send the subscription endpoint');
    const { removed } = await clients.notification.unsubscribe({ endpoint }, { actor });
    res.json({ success: true, removed });
  });

  r.post('/notifications/test', async (_req, res) => {
    const actor = requireActor(res);
    const { success, message } = await clients.notification.sendTest({}, { actor });
    res.json({ success, message });
  });

  r.post('/newsletter/subscribe', async (req, res) => {
    const body = parse(newsletter, req.body);
    // The confirmation mail is written in the page's language (as sent, else the `lang` cookie, else Accept-Language).
    const out = await clients.notification.subscribeNewsletter({
      email: body.email,
      name: body.name ?? '',
      source: body.source ?? 'web',
      language: body.language ?? pageLanguage(req),
    });
    res.status(out.alreadySubscribed ? 200 : 201).json({
      success: true,
      alreadySubscribed: out.alreadySubscribed,
      email: out.email,
      confirmed: out.confirmed,
      // Double opt-in: nothing but the confirmation mail goes to the address until its link is used.
      message: out.confirmed ? 'You are already subscribed.' : 'Check your inbox: confirm your subscription with the link we sent.',
    });
  });

  return r;
}
