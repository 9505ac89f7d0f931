import { Router } from 'express';
import { NewsletterBody, TokenBody } from '@mzansi/api';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { pageLanguage } from '../web.js';

export const NEWSLETTER_ANSWER = 'Check your inbox: if this address still needs confirming, we sent it a link. Nothing else is sent until it is used.';

/** /api/newsletter/subscribe (double opt-in) and /confirm (the link in the confirmation mail; no session needed). */
export function newsletterRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  r.post('/subscribe', async (req, res) => {
    const body = parse(NewsletterBody, req.body);
    // The confirmation mail is written in the page's language (as sent, else the `lang` cookie, else Accept-Language).
    await clients.notification.subscribeNewsletter({
      email: body.email,
      name: body.name ?? '',
      source: body.source ?? 'web',
      language: body.language ?? pageLanguage(req),
    });
    // One answer for every valid address, whether it was new, waiting for confirmation or confirmed, with the
    // address as typed rather than as stored: anyone may type any address here, and nothing in the answer may tell
    // whether its owner reads the newsletter. Double opt-in: only a confirmation mail goes to an address until its
    // link is used.
    send(res, 'POST /api/newsletter/subscribe', 202, { success: true, email: body.email.trim(), message: NEWSLETTER_ANSWER });
  });

  r.post('/confirm', async (req, res) => {
    const { token } = parse(TokenBody, req.body, 'This confirmation link is not valid or the subscription has expired', 'mailBadConfirm');
    const { email } = await clients.notification.confirmNewsletter({ token });
    send(res, 'POST /api/newsletter/confirm', 200, { success: true, email, message: `${email} is subscribed to the newsletter.` });
  });

  return r;
}
