import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
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

/** The HMAC key for a secret (its UTF-8 bytes, as jose and WebCrypto take a string secret). */
function hmacKeyOf(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** The JWS signature (HS256) of `signingInput` = `header.payload`, base64url. */
function hs256(key: KeyObject, signingInput: string): string {
  return createHmac('sha256', key).update(signingInput).digest('base64url');
}

/** Parses a base64url JSON object; anything else (bad JSON, an array, a primitive) is undefined. */
function jsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Puts `value` at `key`, dropping the oldest entry when full (Map keeps insertion order). */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V) {
  map.delete(key);
  if (map.size >= CACHE_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

interface SignedEntry {
  token: string;
  /** Epoch ms after which the token is not handed out again. */
  refreshAt: number;
}

/**
 * Signs actor tokens for one audience (one client = one target service), synchronously with node:crypto's HMAC
 * (a few µs; jose through WebCrypto cost ~50 µs and a promise round per token, and in a publish burst nearly every
 * vote is a new user's, so the cache below rarely hits). A token is still reused for the same actor until it is
 * within ACTOR_TOKEN_REFRESH_BEFORE_S of expiry, which also lets the services' verifiers answer from their cache.
 */
export class ActorTokenSigner {
  private readonly cache = new Map<string, SignedEntry>();
  private readonly key: KeyObject;
  private readonly header: string;

  constructor(
    keys: InternalKeys,
    readonly audience: string,
    private readonly clock: Clock = systemClock,
  ) {
    const current = keys[0];
    if (!current) throw new Error('no internal auth key to sign with');
    this.key = hmacKeyOf(current.secret);
    this.header = b64url(JSON.stringify({ alg: ALG, typ: TYP, kid: current.kid }));
  }

  token(actor: Actor): string {
    const now = this.clock().getTime();
    const cacheKey = `${actor.isAdmin ? 1 : 0}${actor.id}`;
    const hit = this.cache.get(cacheKey);
    if (hit && now < hit.refreshAt) return hit.token;

    const iat = Math.floor(now / 1000);
    const exp = iat + ACTOR_TOKEN_TTL_S;
    const input = `${this.header}.${b64url(JSON.stringify({ isAdmin: actor.isAdmin, sub: actor.id, aud: this.audience, iat, exp }))}`;
    const token = `${input}.${hs256(this.key, input)}`;
    boundedSet(this.cache, cacheKey, { token, refreshAt: (exp - ACTOR_TOKEN_REFRESH_BEFORE_S) * 1000 });
    return token;
  }
}

interface VerifiedEntry {
  actor: Actor;
  exp: number;
}

const isNumericDate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Verifies actor tokens addressed to one service, synchronously (a compact JWS checked with node:crypto's HMAC, the
 * rules jose's jwtVerify applied, a little stricter): exactly three parts; a header with alg HS256, this exact
 * `typ`, a configured `kid` and no `crit`; the HMAC of that key, compared in constant time; claims `sub` (a
 * non-empty string), `isAdmin` (a boolean), `aud` = this service exactly (not a list), numeric `iat` and `exp`, not
 * expired (exp <= now is expired, whole seconds), a lifetime of at most ACTOR_TOKEN_TTL_S, and `nbf`, if present,
 * not in the future. Anything else is no actor. Verified tokens are remembered until their `exp` (the gateway
 * reuses a token for 45 s); a remembered token is still refused from its `exp` on.
 */
export class ActorTokenVerifier {
  private readonly keys: Map<string, KeyObject>;
  private readonly cache = new Map<string, VerifiedEntry>();

  constructor(
    keys: InternalKeys,
    readonly audience: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.keys = new Map(keys.map((k) => [k.kid, hmacKeyOf(k.secret)]));
  }

  /** The actor a token asserts, or null when it is missing, forged, expired, for another service or unknown. */
  verify(token: string | undefined): Actor | null {
    if (!token) return null;
    const nowS = Math.floor(this.clock().getTime() / 1000);
    const hit = this.cache.get(token);
    if (hit) {
      if (nowS < hit.exp) return hit.actor;
      this.cache.delete(token);
      return null;
    }
    const verified = this.verifyFully(token, nowS);
    if (verified) boundedSet(this.cache, token, verified);
    return verified?.actor ?? null;
  }

  private verifyFully(token: string, nowS: number): VerifiedEntry | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [h, p, sig] = parts as [string, string, string];
    const header = jsonObject(h);
    if (!header || header.alg !== ALG || header.typ !== TYP || 'crit' in header || typeof header.kid !== 'string') return undefined;
    const key = this.keys.get(header.kid);
    if (!key) return undefined;
    const expected = Buffer.from(hs256(key, `${h}.${p}`));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

    const claims = jsonObject(p);
    if (!claims) return undefined;
    const { sub, isAdmin, aud, iat, exp, nbf } = claims;
    if (typeof sub !== 'string' || sub === '' || typeof isAdmin !== 'boolean' || aud !== this.audience) return undefined;
    if (!isNumericDate(iat) || !isNumericDate(exp) || exp <= nowS || exp - iat > ACTOR_TOKEN_TTL_S) return undefined;
    if (nbf !== undefined && (!isNumericDate(nbf) || nbf > nowS)) return undefined;
    return { actor: { id: sub, isAdmin }, exp };
  }
}
