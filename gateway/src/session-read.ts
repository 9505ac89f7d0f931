import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Actor, Clock } from '@mzansi/kit/base';
import type { Config } from './config.js';
import type { RedisClient } from './redis.js';
import { cookieName, sessionState } from './session.js';

/**
 * The session read of the vote path, without express-session. `make bench-profile` put express-session at about a
 * quarter of the gateway's CPU per vote: a cookie-signature check hashing three times, the session hashed twice
 * to detect changes, wrappers around writeHead and end on every response. A vote only needs to know who is signed
 * in, so in the common case — a validly signed cookie, a session in Redis that is signed in, not expired and whose
 * lastSeenAt needs no refresh — this reads it directly: the same cookie, the same signature check (HMAC-SHA256 of
 * SESSION_SECRET, compared in constant time), the same Redis key, the same expiry rules (sessionState). The
 * response is the one express-session gives such a request (an unchanged session writes nothing and sets no
 * cookie). Every other case — no or a badly signed cookie, no session, an expired one, a lastSeenAt to refresh, a
 * Redis error — goes to express-session and sessionExpiry unchanged, which decide as before.
 */
export function leanSessionRead(config: Config, redis: RedisClient, clock: Clock, full: RequestHandler): RequestHandler {
  const name = cookieName(config);
  const prefix = `${config.REDIS_PREFIX}sess:`;
  // A key object, made once: createHmac with the secret string would turn it into key bytes on every call.
  const key = createSecretKey(Buffer.from(config.SESSION_SECRET, 'utf8'));
  return (req, res, next) => {
    const sid = signedSessionId(req.headers.cookie, name, key);
    if (!sid) return full(req, res, next);
    redis.get(prefix + sid).then(
      (raw) => {
        const actor = raw ? freshActor(raw, clock().getTime(), config) : undefined;
        if (!actor) return full(req, res, next);
        res.locals.actor = actor;
        next();
      },
      () => full(req, res, next),
    );
  };
}

/** The signed-in actor of a stored session (connect-redis's JSON) when nothing about it needs writing; else undefined. */
function freshActor(raw: string, now: number, config: Config): Actor | undefined {
  let s: { cookie?: unknown; userId?: unknown; isAdmin?: unknown; tracked?: unknown; createdAt?: number; lastSeenAt?: number };
  try {
    s = JSON.parse(raw) as typeof s;
  } catch {
    return undefined;
  }
  // express-session rebuilds the cookie from the stored one; a session without it is left to express-session to refuse.
  if (!s || typeof s !== 'object' || !s.cookie || typeof s.cookie !== 'object' || typeof s.userId !== 'string') return undefined;
  // A session not yet in its user's index (one from before it) must be indexed or ended: the full path does that.
  if (s.tracked !== true) return undefined;
  if (sessionState({ userId: s.userId, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt }, now, config) !== 'fresh') return undefined;
  return { id: s.userId, isAdmin: !!s.isAdmin };
}

/**
 * The session id in the first cookie called `name`, when it is signed the way express-session signs it
 * (`s:` + id + '.' + base64 HMAC-SHA256(id) without padding, cookie-signature's format); else undefined.
 */
export function signedSessionId(header: string | undefined, name: string, secret: KeyObject): string | undefined {
  const raw = header ? cookieValue(header, name) : undefined;
  if (!raw?.startsWith('s:')) return undefined;
  const value = raw.slice(2);
  const id = value.slice(0, value.lastIndexOf('.'));
  if (!id) return undefined;
  const expected = Buffer.from(`${id}.${createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '')}`);
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09;

/**
 * The value of the first cookie called `name` in a Cookie header, exactly as express-session reads it (the `cookie`
 * package's parse, 0.7: pairs split at `;`, names and values trimmed of spaces and tabs, one pair of surrounding
 * quotes dropped, the first of several same-named cookies wins, values URI-decoded when they contain `%` and kept
 * as they are when that fails), without building an object of every cookie.
 */
export function cookieValue(str: string, name: string): string | undefined {
  const len = str.length;
  if (len < 2) return undefined;
  let index = 0;
  do {
    const eqIdx = str.indexOf('=', index);
    if (eqIdx === -1) return undefined;
    let endIdx = str.indexOf(';', index);
    if (endIdx === -1) endIdx = len;
    else if (eqIdx > endIdx) {
      index = str.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    let keyStart = index;
    while (keyStart < eqIdx && isSpace(str.charCodeAt(keyStart))) keyStart++;
    let keyEnd = eqIdx;
    while (keyEnd > keyStart && isSpace(str.charCodeAt(keyEnd - 1))) keyEnd--;
    if (str.slice(keyStart, keyEnd) === name) {
      let valStart = eqIdx + 1;
      while (valStart < endIdx && isSpace(str.charCodeAt(valStart))) valStart++;
      let valEnd = endIdx;
      while (valEnd > valStart && isSpace(str.charCodeAt(valEnd - 1))) valEnd--;
      if (str.charCodeAt(valStart) === 0x22 && str.charCodeAt(valEnd - 1) === 0x22) {
        valStart++;
        valEnd--;
      }
      const val = str.slice(valStart, valEnd);
      if (val.indexOf('%') === -1) return val;
      try {
        return decodeURIComponent(val);
      } catch {
        return val;
      }
    }
    index = endIdx + 1;
  } while (index < len);
  return undefined;
}
