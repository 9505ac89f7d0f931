import { createHash } from 'node:crypto';
import type { Config } from './config.js';
import type { RedisClient } from './redis.js';

/**
 * A per-user index of session ids in Redis, so that every session of a user can be ended at once, on every gateway
 * (they all share the Redis): when the account is deleted, or when the password changes ("sign out every other
 * session"). Sessions themselves are `<prefix>sess:<sid>` keys (session-store.ts); the index is a set
 * `<prefix>user-sess:<userId>` of their ids, maintained at sign-in and sign-out. Ids of sessions that expired on
 * their own linger in the set until it is pruned or expires; ending them is a no-op.
 */
export class UserSessions {
  constructor(
    private readonly redis: RedisClient,
    private readonly opts: {
      prefix: string;
      /** A session unused this long is gone anyway (its Redis TTL): how long a deleted user's marker must last. */
      idleTtlS: number;
      /** No session outlives this: the index may expire after it. */
      absoluteTtlS: number;
      /** Past this many ids in a user's set, ids whose session has expired are pruned (at sign-in). */
      pruneAbove?: number;
    },
  ) {}

  private indexKey(userId: string) {
    return `${this.opts.prefix}user-sess:${userId.toLowerCase()}`;
  }

  private sessionKey(sid: string) {
    return `${this.opts.prefix}sess:${sid}`;
  }

  /**
   * A deleted user's marker. It holds a one-way hash of the id, not the id: the account is erased, and the marker
   * only has to answer "is this the user who was deleted?" for whoever already holds the id (a session).
   */
  private goneKey(userId: string) {
    return `${this.opts.prefix}user-gone:${createHash('sha256').update(userId.toLowerCase()).digest('hex')}`;
  }

  /**
   * Records that session `sid` belongs to `userId`. Returns false (and removes the session) when the account has
   * been deleted meanwhile, e.g. a sign-in whose password check passed just before the deletion: the caller must
   * then treat the request as signed out. The set insert and the marker check are one MULTI, and a deletion writes
   * the marker before it reads the set, so one of the two always catches the session.
   */
  async trackSession(userId: string, sid: string): Promise<boolean> {
    const index = this.indexKey(userId);
    const replies = (await this.redis
      .multi()
      .sAdd(index, sid)
      .expire(index, this.opts.absoluteTtlS)
      .exists(this.goneKey(userId))
      .sCard(index)
      .exec()) as unknown[];
    if (Number(replies[2]) > 0) {
      await this.redis.multi().del(this.sessionKey(sid)).sRem(index, sid).exec();
      return false;
    }
    if (Number(replies[3]) > (this.opts.pruneAbove ?? 32)) await this.prune(userId);
    return true;
  }

  /** Forgets one session id (sign-out; the session itself is destroyed by signOut). */
  async untrackSession(userId: string, sid: string): Promise<void> {
    await this.redis.sRem(this.indexKey(userId), sid);
  }

  /**
   * Ends every session of `userId` except `exceptSid` (the one making the request, for "sign out every other
   * session"): their keys are deleted, so the next request with any of their cookies is signed out on every
   * gateway, and open live sockets close at their next heartbeat (live.ts). With `userGone` (the account was
   * deleted) sessions that appear later are refused as well: one created by a sign-in racing the deletion, or one
   * from before this index existed (sessionExpiry indexes those on their next request). Returns how many sessions
   * were ended.
   */
  async endUserSessions(userId: string, opts: { exceptSid?: string; userGone?: boolean } = {}): Promise<number> {
    const index = this.indexKey(userId);
    // The marker first: a sign-in that indexes its session after the read below sees it (trackSession).
    if (opts.userGone) await this.redis.set(this.goneKey(userId), '1', { EX: this.opts.idleTtlS });
    const sids = (await this.redis.sMembers(index)).filter((sid) => sid !== opts.exceptSid);
    if (sids.length === 0) return 0;
    const replies = (await this.redis
      .multi()
      .del(sids.map((sid) => this.sessionKey(sid)))
      .sRem(index, sids)
      .exec()) as unknown[];
    return Number(replies[0]);
  }

  /** The session ids indexed for a user (tests and operators). */
  async sessionsOf(userId: string): Promise<string[]> {
    return this.redis.sMembers(this.indexKey(userId));
  }

  /** Drops ids whose session key has expired, so a user who signs in daily does not grow the set for ever. */
  private async prune(userId: string): Promise<void> {
    const index = this.indexKey(userId);
    const sids = await this.redis.sMembers(index);
    const exists = (await Promise.all(sids.map((sid) => this.redis.exists(this.sessionKey(sid))))) as number[];
    const stale = sids.filter((_, i) => exists[i] === 0);
    if (stale.length) await this.redis.sRem(index, stale);
  }
}

export function createUserSessions(config: Config, redis: RedisClient): UserSessions {
  return new UserSessions(redis, {
    prefix: config.REDIS_PREFIX,
    idleTtlS: config.SESSION_IDLE_TTL_S,
    absoluteTtlS: config.SESSION_ABSOLUTE_TTL_S,
  });
}
