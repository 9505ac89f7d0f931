import { z } from 'zod';
import { LANGUAGES } from './common.js';
import { DEFAULT_PUSH_HOSTS, parsePushHosts, PUSH_ENDPOINT_INVALID, pushEndpointAllowed, type PushEndpointPolicy } from './push-endpoints.js';

export * from './push-endpoints.js';
export * from './inbox.js';

/**
 * A browser's push subscription, its endpoint on a push service the policy allows (push-endpoints.ts); the gateway
 * builds it from its configured allow-list, `PushSubscription` is the default one (the contract's). Without a
 * policy, only its shape.
 */
export const pushSubscriptionSchema = (policy?: PushEndpointPolicy) => {
  const endpoint = z.string().url('A push subscription needs an endpoint').max(2048);
  return z.object({
    endpoint: policy ? endpoint.refine((e) => pushEndpointAllowed(e, policy), PUSH_ENDPOINT_INVALID) : endpoint,
    keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
    expirationTime: z.number().nullish(),
  });
};
export const PushSubscription = pushSubscriptionSchema({ allowedHosts: DEFAULT_PUSH_HOSTS });
/**
 * The endpoint rule's settings, in the gateway's config and the notification service's: the allow-list
 * (comma-separated, `*.domain` for any subdomain) and the one local fake push service that development and tests
 * may use, which a production start refuses.
 */
export function pushEndpointSettings(production: boolean) {
  return {
    PUSH_ALLOWED_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_HOSTS.join(','))
      .transform((list, ctx) => {
        const hosts = parsePushHosts(list);
        if (!hosts) ctx.addIssue({ code: 'custom', message: 'must be host names or *.domain patterns separated by commas' });
        return hosts ?? [];
      }),
    PUSH_DEV_ORIGIN: production
      ? // optional(): without it zod 4 takes a missing key for a missing value and refuses every production start.
        z.undefined({ message: 'PUSH_DEV_ORIGIN is for development and tests only (a local fake push service); leave it unset in production' }).optional()
      : z
          .string()
          .url()
          .refine((v) => {
            const u = new URL(v);
            return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && u.pathname === '/' && !u.search && !u.hash;
          }, 'must be an origin such as http://127.0.0.1:8099')
          .optional(),
  };
}
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
