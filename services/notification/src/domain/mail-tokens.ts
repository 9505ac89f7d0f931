import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InternalKeys } from '@mzansi/kit/auth';
import { isUuid } from '@mzansi/kit/errors';

/**
 * Signed tokens for the links in our mails that must work without signing in: one-click unsubscribe (RFC 8058) and
 * the newsletter's confirmation. `v1.<kind>.<id>.<mac>.<kid>`, the MAC an HMAC-SHA-256 (128 bits kept) under a key
 * derived from the INTERNAL_AUTH_KEYS entry named by kid (the first signs, all verify: rotation as for actor tokens;
 * a link signed with a removed key stops working, and the profile still has the switch). The token names only a
 * random id, never an address. No expiry: an unsubscribe link must keep working for the life of the mail.
 */

export type MailTokenKind = 'notifications' | 'newsletter' | 'confirm-newsletter';

const CODE: Record<MailTokenKind, string> = { notifications: 'n', newsletter: 'l', 'confirm-newsletter': 'c' };
const KIND = new Map(Object.entries(CODE).map(([k, v]) => [v, k as MailTokenKind]));
const MAC_CHARS = 22;

const derived = new Map<string, Buffer>();
/** The key for mail links: domain-separated from the same secret's use for actor tokens. */
function keyOf(secret: string): Buffer {
  let k = derived.get(secret);
  if (!k) {
    k = createHmac('sha256', secret).update('mzansi mail-link v1').digest();
    derived.set(secret, k);
  }
  return k;
}

const macOf = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url').slice(0, MAC_CHARS);

export function signMailToken(keys: InternalKeys, kind: MailTokenKind, id: string): string {
  const key = keys[0]!;
  const body = `v1.${CODE[kind]}.${id.toLowerCase()}`;
  return `${body}.${macOf(key.secret, body)}.${key.kid}`;
}

/** The kind and id a token names, or null when it is not one we signed (any configured key). */
export function verifyMailToken(keys: InternalKeys, token: string): { kind: MailTokenKind; id: string } | null {
  if (token.length > 200) return null;
  const [v, code, id, mac, ...kidParts] = token.split('.');
  const kid = kidParts.join('.');
  const kind = code ? KIND.get(code) : undefined;
  if (v !== 'v1' || !kind || !id || !isUuid(id) || id !== id.toLowerCase() || !mac || mac.length !== MAC_CHARS) return null;
  const key = keys.find((k) => k.kid === kid);
  if (!key) return null;
  const expected = Buffer.from(macOf(key.secret, `v1.${code}.${id}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { kind, id } : null;
}
