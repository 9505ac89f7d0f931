import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT, type CryptoKey, type JWTHeaderParameters } from 'jose';
import { systemClock, type Clock } from './time.js';

/**
 * Short-lived actor tokens for internal calls: the gateway asserts "this call acts for user X (admin or not)" to one
 * service, for at most a minute. A JWT (HS256) with subject = user id, claim `isAdmin`, audience = the target
 * service, `iat`/`exp` and the signing key's id in the header. A captured token is worth 60 s against one service,
 * and keys rotate without downtime because services accept every configured key while signing only with the first.
 */

/** The user a call acts for, asserted by the gateway in a signed token. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** One symmetric key and its id (the token header's `kid`). */
export interface InternalKey {
  kid: string;
  secret: string;
}

/** The configured keys: the first signs (current), every one verifies (current and previous). */
export type InternalKeys = readonly InternalKey[];

/** Lifetime of a token. */
export const ACTOR_TOKEN_TTL_S = 60;
/** A cached token is replaced once it has less than this left, so it never expires during a call and its deadline. */
export const ACTOR_TOKEN_REFRESH_BEFORE_S = 15;

const ALG = 'HS256';
/** An explicit type, so that no other JWT made with the same key could ever pass as an actor token. */
const TYP = 'mzansi-actor+jwt';
const KID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const CACHE_MAX = 10_000;

/** `kid:secret,kid:secret,…` → keys; throws on a malformed list (the config schema reports the message). */
export function parseInternalKeys(value: string): InternalKey[] {
  const keys = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      const kid = colon < 0 ? '' : part.slice(0, colon);
      const secret = colon < 0 ? '' : part.slice(colon + 1);
      if (!KID_PATTERN.test(kid) || secret === '') throw new Error('each entry must be kid:secret (kid: letters, digits, . _ -)');
      return { kid, secret };
    });
  if (keys.length === 0) throw new Error('at least one kid:secret is required');
  if (new Set(keys.map((k) => k.kid)).size !== keys.length) throw new Error('key ids must be unique');
  return keys;
}

/** The WebCrypto key for a secret, imported once (jose would otherwise import raw bytes on every call). */
function cryptoKeyOf(secret: string): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** Puts `value` at `key`, dropping the oldest entry when full (Map keeps insertion order). */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V) {
  map.delete(key);
  if (map.size >= CACHE_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

interface SignedEntry {
  token: string | Promise<string>;
  /** Epoch ms after which the token is not handed out again. */
  refreshAt: number;
}

/**
 * Signs actor tokens for one audience (one client = one target service). Signing is asynchronous WebCrypto work, so
 * a token is reused for the same actor until it is within ACTOR_TOKEN_REFRESH_BEFORE_S of expiry: on the hot vote
 * path the same users act again and again. Returns the token itself when cached, else a promise of it.
 */
export class ActorTokenSigner {
  private readonly cache = new Map<string, SignedEntry>();
  private readonly key: Promise<CryptoKey>;
  private readonly kid: string;

  constructor(
    keys: InternalKeys,
    readonly audience: string,
    private readonly clock: Clock = systemClock,
  ) {
    const current = keys[0];
    if (!current) throw new Error('no internal auth key to sign with');
    this.kid = current.kid;
    this.key = cryptoKeyOf(current.secret);
    this.key.catch(() => undefined); // reported by the first sign
  }

  token(actor: Actor): string | Promise<string> {
    const now = this.clock().getTime();
    const cacheKey = `${actor.isAdmin ? 1 : 0}${actor.id}`;
    const hit = this.cache.get(cacheKey);
    if (hit && now < hit.refreshAt) return hit.token;

    const iat = Math.floor(now / 1000);
    const exp = iat + ACTOR_TOKEN_TTL_S;
    const header: JWTHeaderParameters = { alg: ALG, typ: TYP, kid: this.kid };
    const pending = this.key.then((key) =>
      new SignJWT({ isAdmin: actor.isAdmin })
        .setProtectedHeader(header)
        .setSubject(actor.id)
        .setAudience(this.audience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key),
    );
    const entry: SignedEntry = { token: pending, refreshAt: (exp - ACTOR_TOKEN_REFRESH_BEFORE_S) * 1000 };
    boundedSet(this.cache, cacheKey, entry);
    pending.then(
      (token) => {
        entry.token = token;
      },
      () => {
        if (this.cache.get(cacheKey) === entry) this.cache.delete(cacheKey);
      },
    );
    return pending;
  }
}

interface VerifiedEntry {
  actor: Actor;
  exp: number;
}

/**
 * Verifies actor tokens addressed to one service: signature by one of the configured keys (chosen by `kid`), the
 * explicit type, audience = this service, not expired, a lifetime of at most ACTOR_TOKEN_TTL_S. Anything else is no
 * actor. Verified tokens are remembered until their `exp` (the gateway reuses a token for 45 s, so most calls are a
 * map lookup instead of an HMAC through WebCrypto); a remembered token is still refused from its `exp` on.
 */
export class ActorTokenVerifier {
  private readonly keys: Map<string, Promise<CryptoKey>>;
  private readonly cache = new Map<string, VerifiedEntry>();

  constructor(
    keys: InternalKeys,
    readonly audience: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.keys = new Map(keys.map((k) => [k.kid, cryptoKeyOf(k.secret)]));
    for (const key of this.keys.values()) key.catch(() => undefined);
  }

  /** The actor a token asserts, or null when it is missing, forged, expired, for another service or unknown. */
  verify(token: string | undefined): Actor | null | Promise<Actor | null> {
    if (!token) return null;
    const now = this.clock();
    const hit = this.cache.get(token);
    if (hit) {
      // jose's rule: expired once exp <= now (whole seconds).
      if (Math.floor(now.getTime() / 1000) < hit.exp) return hit.actor;
      this.cache.delete(token);
      return null;
    }
    return this.verifyFully(token, now).catch(() => null);
  }

  private async verifyFully(token: string, now: Date): Promise<Actor | null> {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid === undefined ? undefined : this.keys.get(header.kid);
        if (!key) throw new Error('unknown key id');
        return key;
      },
      { algorithms: [ALG], typ: TYP, audience: this.audience, currentDate: now, requiredClaims: ['sub', 'iat', 'exp'] },
    );
    const { sub, isAdmin, iat, exp, aud } = payload;
    // Exactly this audience (not a list naming several services), and no token made to live longer than allowed.
    if (aud !== this.audience || !sub || typeof isAdmin !== 'boolean') return null;
    if (exp! - iat! > ACTOR_TOKEN_TTL_S) return null;
    const actor: Actor = { id: sub, isAdmin };
    boundedSet(this.cache, token, { actor, exp: exp! });
    return actor;
  }
}
