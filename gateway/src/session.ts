import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import { RedisStore } from 'connect-redis';
import type { Actor, Clock } from '@mzansi/kit/base';
import { isHttps, type Config } from './config.js';
import { forbiddenAs, unauthorized } from './errors.js';
import type { RedisClient } from './redis.js';
import type { UserSessions } from './user-sessions.js';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    isAdmin: boolean;
    /** ms since epoch: for the absolute expiry. */
    createdAt: number;
    /** ms since epoch: for the idle expiry (refreshed at most once a minute). */
    lastSeenAt: number;
    /** In the user's session index (user-sessions.ts); sessions from before the index get there on their next request. */
    tracked?: boolean;
  }
}

export const cookieName = (config: Config) => (isHttps(config) ? '__Host-sid' : 'sid');

/**
 * The signed-in hint: a cookie the page's script can read (not httpOnly), set with the session and cleared with
 * it. It says only "this browser may have a session" (no user data, no secret): the web asks GET /api/auth/me only
 * when it is there, so a signed-out visitor makes no request that is bound to answer 401. Lasts as long as a
 * session can (its absolute lifetime); a stale one costs one 401, whose answer clears it.
 */
export const SIGNED_IN_HINT = 'signed-in';
const SIGNED_IN_HINT_COOKIE = /(?:^|;\s*)signed-in=/;

const hintOptions = (config: Config) => ({ path: '/', sameSite: 'lax' as const, secure: isHttps(config) });

export function setSignedInHint(res: Response, config: Config): void {
  res.cookie(SIGNED_IN_HINT, '1', { ...hintOptions(config), maxAge: config.SESSION_ABSOLUTE_TTL_S * 1000 });
}

/** Clears the hint (when the request carried one, unless `always`). */
export function clearSignedInHint(req: Request, res: Response, config: Config, always = false): void {
  if (always || SIGNED_IN_HINT_COOKIE.test(req.get('cookie') ?? '')) res.clearCookie(SIGNED_IN_HINT, hintOptions(config));
}

/** Whether the request carried the hint. */
export const hasSignedInHint = (req: Request) => SIGNED_IN_HINT_COOKIE.test(req.get('cookie') ?? '');

/**
 * Marks the session object signIn has just created. A symbol: JSON (the stored session, express-session's change
 * hash) never sees it, so the mark lives only as long as that request's object.
 */
const CREATED = Symbol('created by signIn');
type Marked = SessionData & { [CREATED]?: boolean };

/**
 * connect-redis, except that a signed-in session is only ever *updated* in Redis (SET … XX), never written back
 * once its key is gone; only signIn creates one. Otherwise a request that was under way while the user's sessions
 * were ended (account deleted, "sign out every other session") would save its session at the end and bring it
 * back to life. Signed-out sessions are stored as before.
 */
export class SessionStore extends RedisStore {
  constructor(
    private readonly redis: RedisClient,
    prefix: string,
  ) {
    super({ client: redis, prefix, disableTouch: true });
  }

  override async set(sid: string, sess: SessionData, cb?: (err?: unknown) => void): Promise<void> {
    if (!sess.userId || (sess as Marked)[CREATED]) return super.set(sid, sess, cb);
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined;
    const ttl = expires === undefined ? 86_400 : Math.ceil((expires - Date.now()) / 1000);
    try {
      if (ttl <= 0) return await this.destroy(sid, cb);
      await this.redis.set(this.prefix + sid, JSON.stringify(sess), { expiration: { type: 'EX', value: ttl }, condition: 'XX' });
      cb?.();
    } catch (err) {
      if (!cb) throw err;
      cb(err);
    }
  }
}

/**
 * Sessions in Redis behind an opaque 192-bit id (express-session's uid-safe ids) in an httpOnly, SameSite=Lax,
 * Path=/ cookie; `__Host-` prefixed and Secure over https. Idle expiry = cookie max-age and Redis TTL, refreshed
 * as the user comes back; absolute expiry from the session's creation, checked on every request.
 */
export function sessionMiddleware(config: Config, redis: RedisClient): RequestHandler {
  return session({
    name: cookieName(config),
    secret: config.SESSION_SECRET,
    // disableTouch: express-session would otherwise EXPIRE the key on every request; the TTL is renewed by the
    // once-a-minute save below instead.
    store: new SessionStore(redis, `${config.REDIS_PREFIX}sess:`),
    resave: false,
    saveUninitialized: false,
    // Not rolling: an unchanged session costs one Redis read and no write. sessionExpiry refreshes lastSeenAt at most
    // once a minute, which saves the session and so renews both the cookie and the Redis TTL.
    rolling: false,
    unset: 'destroy',
    proxy: config.TRUST_PROXY !== 'false',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: isHttps(config),
      maxAge: config.SESSION_IDLE_TTL_S * 1000,
    },
  });
}

/**
 * Public reads that every open screen polls (and signed-out visitors use): they never need the session, so they
 * skip the Redis session look-up entirely. Not a question's comment list: an admin may read a draft's, so it needs
 * the actor (a request without a session cookie still costs no Redis read).
 */
const PUBLIC_GET = /^\/(questions\/(today|public)|questions\/[^/]+\/public-results|comments\/(public|[^/]+\/image)|tags(\/.*)?|officials|notifications\/vapid-public-key)\/?$/;

export function skipSessionForPublicReads(session: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'GET' && PUBLIC_GET.test(req.path) ? next() : session(req, res, next));
}

/** How long `lastSeenAt` may lag before a request refreshes it (which saves the session: one Redis write a minute). */
export const LAST_SEEN_REFRESH_MS = 60_000;

/**
 * The session rules, for the full path (sessionExpiry) and the vote path's lean read (session-read.ts) alike:
 * `none` without a user; `expired` past the idle or absolute lifetime; `refresh` when lastSeenAt is due to be
 * moved (the session must be saved); `fresh` otherwise.
 */
export function sessionState(
  s: Partial<Pick<SessionData, 'userId' | 'createdAt' | 'lastSeenAt'>> | undefined,
  now: number,
  config: Pick<Config, 'SESSION_ABSOLUTE_TTL_S' | 'SESSION_IDLE_TTL_S'>,
): 'none' | 'expired' | 'refresh' | 'fresh' {
  if (!s?.userId) return 'none';
  if (now - (s.createdAt ?? 0) > config.SESSION_ABSOLUTE_TTL_S * 1000 || now - (s.lastSeenAt ?? 0) > config.SESSION_IDLE_TTL_S * 1000) return 'expired';
  return now - (s.lastSeenAt ?? 0) > LAST_SEEN_REFRESH_MS ? 'refresh' : 'fresh';
}

/**
 * Ends sessions past their idle or absolute lifetime (by the injected clock) and exposes the signed-in actor. A
 * session from before the per-user index is indexed on its first request (one Redis round trip, once), and ended
 * instead when its user's account has been deleted.
 */
export function sessionExpiry(config: Config, clock: Clock, userSessions?: UserSessions): RequestHandler {
  const end = (s: NonNullable<Request['session']>, req: Request, res: Response, next: NextFunction) =>
    s.destroy(() => {
      res.clearCookie(cookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(config) });
      clearSignedInHint(req, res, config);
      next();
    });
  return (req: Request, res: Response, next: NextFunction) => {
    const s = req.session as typeof req.session | undefined;
    const now = clock().getTime();
    const state = sessionState(s, now, config);
    if (state === 'none' || !s?.userId) return next();
    if (state === 'expired') return end(s, req, res, next);
    const userId = s.userId;
    const signedIn = () => {
      if (state === 'refresh') s.lastSeenAt = now;
      res.locals.actor = { id: userId, isAdmin: !!s.isAdmin } satisfies Actor;
      next();
    };
    if (s.tracked || !userSessions) return signedIn();
    userSessions.trackSession(userId, req.sessionID).then(
      (ok) => {
        if (!ok) return end(s, req, res, next);
        s.tracked = true;
        signedIn();
      },
      next,
    );
  };
}

/**
 * Starts a fresh session for a user: a new id (rotation), so an id known before login is worthless after it. With
 * `userSessions`, the session goes into the user's index (so it can be ended with all the others); 401 when the
 * account was deleted while the sign-in was under way.
 */
export async function signIn(req: Request, user: { id: string; isAdmin: boolean }, clock: Clock, userSessions?: UserSessions): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      const now = clock().getTime();
      req.session.userId = user.id;
      req.session.isAdmin = user.isAdmin;
      req.session.createdAt = now;
      req.session.lastSeenAt = now;
      if (userSessions) req.session.tracked = true;
      (req.session as Marked)[CREATED] = true;
      req.session.save((e) => (e ? reject(e) : resolve()));
    });
  });
  if (userSessions && !(await userSessions.trackSession(user.id, req.sessionID))) throw unauthorized();
}

export async function signOut(req: Request, res: Response, config: Config, userSessions?: UserSessions): Promise<void> {
  const userId = req.session?.userId;
  if (userId && userSessions) await userSessions.untrackSession(userId, req.sessionID);
  return new Promise((resolve, reject) => {
    const done = () => {
      res.clearCookie(cookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(config) });
      clearSignedInHint(req, res, config, true);
      resolve();
    };
    if (!req.session) return done();
    req.session.destroy((err) => (err ? reject(err) : done()));
  });
}

export function actorOf(res: Response): Actor | undefined {
  return res.locals.actor as Actor | undefined;
}

/** The signed-in user, or 401. */
export function requireActor(res: Response): Actor {
  const actor = actorOf(res);
  if (!actor) throw unauthorized();
  return actor;
}

/** An admin, or 401 / 403. */
export function requireAdmin(res: Response): Actor {
  const actor = requireActor(res);
  if (!actor.isAdmin) throw forbiddenAs('adminOnly', 'Admin access required');
  return actor;
}

/** The user id in a path, query or body must be the signed-in user's own (admins may read anyone). */
export function requireSelf(res: Response, userId: string | undefined, opts: { adminMayRead?: boolean } = {}): Actor {
  const actor = requireActor(res);
  if (userId === undefined || userId === actor.id) return actor;
  if (opts.adminMayRead && actor.isAdmin) return actor;
  throw forbiddenAs('notYours', 'You can only act for your own account');
}
