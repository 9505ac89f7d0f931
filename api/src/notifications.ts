import { z } from 'zod';
import { LANGUAGES } from './common.js';

export const PushSubscription = z.object({
  endpoint: z.string().url('A push subscription needs an endpoint').max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
  expirationTime: z.number().nullish(),
});
export const PushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });
export const VapidKey = z.strictObject({ publicKey: z.string() });
export const PushRemoved = z.strictObject({ success: z.literal(true), removed: z.boolean() });
export const PushTest = z.strictObject({ success: z.boolean(), message: z.string() });

export const NewsletterBody = z.object({
  email: z.string().max(254).default(''),
  name: z.string().max(100).nullish(),
  source: z.string().max(40).nullish(),
  /** The page's language (the confirmation mail's). */
  language: z.enum(LANGUAGES, { message: 'Please choose one of the four languages' }).nullish(),
});
/**
 * The same answer for every valid address, subscribed or not, confirmed or not (nobody can probe who reads the
 * newsletter): the address as typed (trimmed) and a message that holds either way.
 */
export const NewsletterSubscribed = z.strictObject({
  success: z.literal(true),
  email: z.string(),
  message: z.string(),
});

/** One-click unsubscribe (RFC 8058): JSON `{token}` from the page, or a form post from a mail provider. */
export const UnsubscribeBody = z.object({ token: z.string().optional() });
export const UnsubscribeQuery = z.object({ token: z.string().optional() });
export const Unsubscribed = z.strictObject({ success: z.literal(true), kind: z.enum(['notifications', 'newsletter']), message: z.string() });
