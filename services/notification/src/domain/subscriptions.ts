import { PUSH_ENDPOINT_INVALID, pushEndpointAllowed, type PushEndpointPolicy } from '@mzansi/api';
import { invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';

/** Messages users may see (through the gateway). */
export const MESSAGES = {
  ...codedMessages('subscription', {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  nameTooLong: 'Name must be at most 100 characters',
  sourceInvalid: 'Source must be at most 50 letters, digits, dashes or underscores',
  endpointRequired: 'Push subscription endpoint is required',
  endpointInvalid: PUSH_ENDPOINT_INVALID,
  keysInvalid: 'Push subscription keys are missing or invalid',
  }),
  testSent: 'Test notification sent',
  noSubscription: 'No push subscription found. Enable notifications first.',
} as const;

const MAX_ENDPOINT = 2048;
// A pragmatic address check (what browsers' type=email accepts, plus a dot in the domain).
const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const BASE64URL_RE = /^[A-Za-z0-9_-]+={0,2}$/;

export interface NewsletterInput {
  email: string;
  name: string;
  source: string;
}

/** Trims and checks a newsletter signup. The address keeps its spelling; uniqueness ignores case. */
export function validateNewsletter(input: NewsletterInput): NewsletterInput {
  const email = input.email.trim();
  if (!email) throw invalid(MESSAGES.emailRequired);
  if (email.length > 254 || !EMAIL_RE.test(email) || email.split('@')[0]!.length > 64) throw invalid(MESSAGES.emailInvalid);
  const name = input.name.trim();
  if (name.length > 100) throw invalid(MESSAGES.nameTooLong);
  const source = input.source.trim() || 'website';
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(source)) throw invalid(MESSAGES.sourceInvalid);
  return { email, name, source };
}

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

function base64urlBytes(s: string): number {
  if (!BASE64URL_RE.test(s)) return -1;
  return Buffer.from(s.replace(/=+$/, ''), 'base64url').length;
}

/**
 * Checks a browser push subscription: an endpoint the policy allows (https on port 443 of an allow-listed push
 * service, or development's one local fake), a 65-byte uncompressed P-256 key and a 16-byte auth secret, both
 * base64url (as PushSubscription.toJSON gives).
 */
export function validatePushSubscription(input: PushSubscriptionInput, policy: PushEndpointPolicy): PushSubscriptionInput {
  const endpoint = input.endpoint.trim();
  if (!endpoint) throw invalid(MESSAGES.endpointRequired);
  if (endpoint.length > MAX_ENDPOINT || !pushEndpointAllowed(endpoint, policy)) throw invalid(MESSAGES.endpointInvalid);
  const p256dh = input.p256dh.trim();
  const auth = input.auth.trim();
  if (base64urlBytes(p256dh) !== 65 || p256dh[0] === undefined || base64urlBytes(auth) !== 16) throw invalid(MESSAGES.keysInvalid);
  if (Buffer.from(p256dh.replace(/=+$/, ''), 'base64url')[0] !== 0x04) throw invalid(MESSAGES.keysInvalid);
  return { endpoint, p256dh, auth };
}

/**
 * The reply to "send me a test notification": handed over when the user has a subscription, whatever its endpoint
 * will do (the pushes go out afterwards), "no subscription" otherwise.
 */
export function testPushReply(subscriptions: number): { success: boolean; message: string; sent: number } {
  if (subscriptions > 0) return { success: true, message: MESSAGES.testSent, sent: subscriptions };
  return { success: false, message: MESSAGES.noSubscription, sent: 0 };
}
