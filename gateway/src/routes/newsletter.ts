import { Router } from 'express';
import { NewsletterBody, TokenBody } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { pageLanguage } from '../web.js';

/** /api/newsletter/subscribe (double opt-in) and /confirm (the link in the confirmation mail; no session needed). */
export function newsletterRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  r.post('/subscribe', async (req, res) => {
    const body = parse(NewsletterBody, req.body);
    // The confirmation mail is written in the page's language (as sent, else the `lang` cookie, else Accept-Language).
    const out = await clients.notification.subscribeNewsletter({
      email: body.email,
      name: body.name ?? '',
      source: body.source ?? 'web',
      language: body.language ?? pageLanguage(req),
    });
    send(res, 'POST /api/newsletter/subscribe', out.alreadySubscribed ? 200 : 201, {
      success: true,
      alreadySubscribed: out.alreadySubscribed,
      email: out.email,
      confirmed: out.confirmed,
      // Double opt-in: nothing but the confirmation mail goes to the address until its link is used.
      message: out.confirmed ? 'You are already subscribed.' : 'Check your inbox: confirm your subscription with the link we sent.',
    });
  });

  r.post('/confirm', async (req, res) => {
    const { token } = parse(TokenBody, req.body, 'This confirmation link is not valid or the subscription has expired', 'mailBadConfirm');
    const { email } = await clients.notification.confirmNewsletter({ token });
    send(res, 'POST /api/newsletter/confirm', 200, { success: true, email, message: `${email} is subscribed to the newsletter.` });
  });

  return r;
}
