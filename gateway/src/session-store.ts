import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import { isHttps, type Config } from './config.js';
import type { RedisClient } from './redis.js';

/** A signed-in session as stored in Redis (JSON under `<prefix>sess:<id>`); only signed-in sessions are stored. */
export interface SessionData {
  userId: string;
  isAdmin: boolean;
  /** ms since epoch: for the absolute expiry. */
  createdAt: number;
  /** ms since epoch: for the idle expiry (refreshed at most once a minute). */
  lastSeenAt: number;
  /** In the user's session index (user-sessions.ts); sessions from before the index get there on their next request. */
  tracked?: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in session, when the request carried a validly signed cookie of one that exists. */
      session?: SessionData;
      sessionID?: string;
      /** The store that read it (set by its middleware), for signIn / signOut. */
      sessions?: Sessions;
    }
  }
}

export const cookieName = (config: Config) => (isHttps(config) ? '__Host-sid' : 'sid');

/** The stored JSON as a session, or undefined when it is not one (fields of older formats are ignored). */
function sessionOf(raw: string): SessionData | undefined {
  let s: Partial<Record<keyof SessionData, unknown>>;
  try {
    s = JSON.parse(raw) as typeof s;
  } catch {
    return undefined;
  }
  if (!s || typeof s !== 'object' || typeof s.userId !== 'string' || !s.userId) return undefined;
  const createdAt = typeof s.createdAt === 'number' ? s.createdAt : 0;
  const lastSeenAt = typeof s.lastSeenAt === 'number' ? s.lastSeenAt : 0;
  return { userId: s.userId, isAdmin: s.isAdmin === true, createdAt, lastSeenAt, ...(s.tracked === true && { tracked: true }) };
}

/**
 * The gateway's sessions, one module for HTTP and /ws: an opaque 192-bit id in an httpOnly, SameSite=Lax, Path=/
 * cookie (`__Host-` prefixed and Secure over https), signed with SESSION_SECRET by `cookie-signature` (`s:` + id +
 * '.' + HMAC-SHA256), and the session as JSON in Redis under the id, with the idle lifetime as its TTL. Reading one
 * costs a cookie parse, one HMAC and one Redis GET; nothing is written unless something changed (sessionExpiry
 * refreshes lastSeenAt at most once a minute, which renews the TTL and the cookie). A signed-in session is only
 * ever *updated* in Redis (SET … XX), never written back once its key is gone, and only signIn creates one: a
 * request under way while the user's sessions were ended (account deleted, "sign out every other session") cannot
 * bring its session back to life.
 */
export class Sessions {
  readonly name: string;
  private readonly prefix: string;
  private readonly secure: boolean;

  constructor(
    private readonly redis: RedisClient,
    private readonly config: Config,
  ) {
    this.name = cookieName(config);
    this.prefix = `${config.REDIS_PREFIX}sess:`;
    this.secure = isHttps(config);
  }

  /** The Redis key of a session id (the heartbeat checks it still exists). */
  key(id: string): string {
    return this.prefix + id;
  }

  /** The session id of a validly signed session cookie in a Cookie header; else undefined. */
  idOf(cookieHeader: string | undefined): string | undefined {
    const value = cookieHeader ? parseCookies(cookieHeader)[this.name] : undefined;
    if (!value?.startsWith('s:')) return undefined;
    const id = unsign(value.slice(2), this.config.SESSION_SECRET);
    return id || undefined;
  }

  /** The session a request's cookies name, if it exists (a Redis error rejects). */
  async read(req: Pick<IncomingMessage, 'headers'>): Promise<{ id: string; data: SessionData } | undefined> {
    const id = this.idOf(req.headers.cookie);
    if (!id) return undefined;
    const raw = await this.redis.get(this.key(id));
    const data = raw ? sessionOf(raw) : undefined;
    return data && { id, data };
  }

  /** Stores a new session under a fresh id and returns the id. */
  async create(data: SessionData): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    await this.redis.set(this.key(id), JSON.stringify(data), { expiration: { type: 'EX', value: this.config.SESSION_IDLE_TTL_S } });
    return id;
  }

  /** Writes a changed session and renews its TTL, only if it still exists; false when it is gone. */
  async update(id: string, data: SessionData): Promise<boolean> {
    const ttl = { expiration: { type: 'EX', value: this.config.SESSION_IDLE_TTL_S }, condition: 'XX' } as const;
    return (await this.redis.set(this.key(id), JSON.stringify(data), ttl)) === 'OK';
  }

  async destroy(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  /** The session cookie for `id`, lasting as long as the session's idle lifetime. */
  setCookie(res: Response, id: string): void {
    res.cookie(this.name, `s:${sign(id, this.config.SESSION_SECRET)}`, { ...this.cookieOptions(), maxAge: this.config.SESSION_IDLE_TTL_S * 1000 });
  }

  clearCookie(res: Response): void {
    res.clearCookie(this.name, this.cookieOptions());
  }

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: this.secure };
  }

  /** Puts the request's session (if any) on `req.session` / `req.sessionID`; a Redis error is the request's error. */
  middleware(): RequestHandler {
    return (req, _res, next) => {
      req.sessions = this;
      if (!req.headers.cookie) return next();
      this.read(req).then((s) => {
        if (s) {
          req.session = s.data;
          req.sessionID = s.id;
        }
        next();
      }, next);
    };
  }
}
