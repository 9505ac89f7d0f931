import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Actor, Clock } from '@mzansi/kit/base';
import { isHttps, type Config } from './config.js';
import { forbiddenAs, unauthorized } from './errors.js';
import type { SessionData, Sessions } from './session-store.js';
import type { UserSessions } from './user-sessions.js';

export { cookieName } from './session-store.js';

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
 * The session rules, for HTTP (sessionExpiry) and the live channel's handshake (live/admission.ts) alike: `none`
 * without a user; `expired` past the idle or absolute lifetime; `refresh` when lastSeenAt is due to be
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
 * session whose lastSeenAt is due is saved now (one Redis write a minute per session, renewing its TTL and cookie).
 * A session from before the per-user index is indexed on its first request (one Redis round trip, once), and ended
 * instead when its user's account has been deleted.
 */
export function sessionExpiry(config: Config, clock: Clock, userSessions?: UserSessions): RequestHandler {
  const end = (sessions: Sessions, id: string, req: Request, res: Response, next: NextFunction) =>
    sessions.destroy(id).then(() => {
      signedOut(req);
      sessions.clearCookie(res);
      clearSignedInHint(req, res, config);
      next();
    }, next);
  return (req: Request, res: Response, next: NextFunction) => {
    const { session: s, sessionID: id, sessions } = req;
    if (!s || !id || !sessions) return next();
    const now = clock().getTime();
    const state = sessionState(s, now, config);
    if (state === 'none') return next();
    if (state === 'expired') return end(sessions, id, req, res, next);
    const signedIn = (changed: boolean) => {
      if (state === 'refresh') s.lastSeenAt = now;
      const done = () => {
        res.locals.actor = { id: s.userId, isAdmin: !!s.isAdmin } satisfies Actor;
        next();
      };
      if (!changed && state !== 'refresh') return done();
      sessions.update(id, s).then((kept) => {
        // Ended meanwhile (sign-out everywhere): this request is signed out, and nothing is written back.
        if (!kept) return void (signedOut(req), next());
        sessions.setCookie(res, id);
        done();
      }, next);
    };
    if (s.tracked || !userSessions) return signedIn(false);
    userSessions.trackSession(s.userId, id).then((ok) => {
      if (!ok) return end(sessions, id, req, res, next);
      s.tracked = true;
      signedIn(true);
    }, next);
  };
}

function signedOut(req: Request) {
  req.session = undefined;
  req.sessionID = undefined;
}

function storeOf(req: Request): Sessions {
  if (!req.sessions) throw new Error('the session middleware did not run for this request');
  return req.sessions;
}

/**
 * Starts a fresh session for a user: a new id (rotation; the request's previous session, if any, is destroyed), so
 * an id known before login is worthless after it. With `userSessions`, the session goes into the user's index (so it
 * can be ended with all the others); 401 when the account was deleted while the sign-in was under way.
 */
export async function signIn(req: Request, user: { id: string; isAdmin: boolean }, clock: Clock, userSessions?: UserSessions): Promise<void> {
  const sessions = storeOf(req);
  if (req.sessionID) await sessions.destroy(req.sessionID);
  const now = clock().getTime();
  const data: SessionData = { userId: user.id, isAdmin: user.isAdmin, createdAt: now, lastSeenAt: now, ...(userSessions && { tracked: true }) };
  const id = await sessions.create(data);
  req.session = data;
  req.sessionID = id;
  sessions.setCookie(req.res!, id);
  if (userSessions && !(await userSessions.trackSession(user.id, id))) throw unauthorized();
}

/** Changes the signed-in session (e.g. the user's admin flag as identity now says); nothing if it has ended. */
export async function updateSession(req: Request, change: Partial<Pick<SessionData, 'isAdmin'>>): Promise<void> {
  if (!req.session || !req.sessionID) return;
  Object.assign(req.session, change);
  await storeOf(req).update(req.sessionID, req.session);
}

export async function signOut(req: Request, res: Response, config: Config, userSessions?: UserSessions): Promise<void> {
  const { session: s, sessionID: id } = req;
  if (s && id && userSessions) await userSessions.untrackSession(s.userId, id);
  if (id) await storeOf(req).destroy(id);
  signedOut(req);
  storeOf(req).clearCookie(res);
  clearSignedInHint(req, res, config, true);
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
