import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import { parse } from '../errors.js';
import { tokenBody } from '../params.js';
import { pageLanguage, PAGE_LANGUAGE_CODES } from '../web.js';

const newsletter = z.object({
  email: z.string().max(254).default(''),
  name: z.string().max(100).nullish(),
  source: z.string().max(40).nullish(),
  /** The page's language (the confirmation mail's): one of the four. */
  language: z.enum(PAGE_LANGUAGE_CODES, { message: 'Please choose one of the four languages' }).nullish(),
});

/** /api/newsletter/subscribe (double opt-in) and /confirm (the link in the confirmation mail; no session needed). */
export function newsletterRouter({ clients }: { clients: Clients }): Router {
  const r = Router();

  r.post('/subscribe', async (req, res) => {
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

  r.post('/confirm', async (req, res) => {
    const { token } = parse(tokenBody, req.body, 'This confirmation link is not valid or the subscription has expired', 'mailBadConfirm');
    const { email } = await clients.notification.confirmNewsletter({ token });
    res.json({ success: true, email, message: `${email} is subscribed to the newsletter.` });
  });

  return r;
}
