import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { createChallenges, type ChallengeOutcome } from './challenge.js';
import { addressKey } from './client-address.js';
import type { Config } from './config.js';
import { HttpError, type ErrorCode } from './errors.js';
import type { RedisClient } from './redis.js';

function tooMany(msBeforeNext: number, what: string, code?: ErrorCode): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new HttpError(429, `${what} Please try again in ${wait}.`, { 'Retry-After': String(seconds) }, code, { seconds });
}

/**
 * The attempt may go ahead only with a solved proof-of-work challenge. Answered as 429
 * `{"message", "challengeRequired": true}` (routes/auth.ts): the client shows the ALTCHA widget and sends the
 * solved payload as `altcha` with the same request. Not a lockout: a solved challenge always gets through.
 */
export class ChallengeRequired extends HttpError {
  constructor([code, message]: readonly [ErrorCode, string]) {
    super(429, message, {}, code);
  }
}

const CHALLENGE_MESSAGES: Record<Exclude<ChallengeOutcome, 'passed'> | 'none' | 'signup', readonly [ErrorCode, string]> = {
  none: ['checkRequired', 'Too many attempts. Please complete the check to continue.'],
  invalid: ['checkInvalid', 'The check could not be confirmed. Please complete it again.'],
  expired: ['checkExpired', 'The check expired. Please complete it again.'],
  used: ['checkUsed', 'The check was already used. Please complete it again.'],
  signup: ['signupCheckRequired', 'Many sign-ups from your network. Please complete the check to continue.'],
};

/**
 * Limits in Redis, shared by every gateway replica. Logins spend an attempt budget per username (whatever the
 * address: credential stuffing from many addresses still hits the account's budget) and per (username, address),
 * taken atomically *before* identity runs argon2, so parallel guesses cannot race past it. Past either budget a
 * login needs a solved proof-of-work challenge instead of being refused: throttling never turns into a lockout
 * that anyone could aim at any account. Signups are budgeted per address, generously, then also ask for a
 * challenge rather than a flat 429, because many South Africans share carrier-NAT addresses. Every per-address
 * budget counts an IPv6 client by its /64 (addressKey), as the websocket caps do: one subscriber usually holds a whole
 * /64 and could otherwise take a fresh budget with every address in it.
 */
export function createRateLimits(config: Config, redis: RedisClient) {
  const loginPerUsername = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:login`,
    points: config.RATE_LOGIN_FAILURES,
    duration: config.RATE_LOGIN_WINDOW_S,
  });
  const loginPerUsernameIp = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:loginip`,
    points: config.RATE_LOGIN_PER_USERNAME_IP,
    duration: config.RATE_LOGIN_WINDOW_S,
  });
  const challenges = createChallenges(config, redis);
  const signups = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:signup`,
    points: config.RATE_SIGNUP_PER_IP,
    duration: config.RATE_SIGNUP_WINDOW_S,
  });

  // "Forgot password" requests per address: past the budget the request is answered as always but no mail goes
  // (identity still records it); the per-account budget is identity's, counted from the links it issued.
  const passwordResets = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:pwreset`,
    points: config.RATE_PASSWORD_RESET_PER_IP,
    duration: config.RATE_PASSWORD_RESET_WINDOW_S,
  });

  const comments = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:comment`,
    points: config.RATE_COMMENTS_PER_MIN,
    duration: 60,
  });

  // Clicks on push notifications reported by the service worker: a person clicks a few a day; a flood is not clicks.
  const pushClicks = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:pushclick`,
    points: config.RATE_PUSH_CLICKS_PER_MIN,
    duration: 60,
  });

  return {
    /** One push click report from the person's budget, else 429 (no code: only the service worker sends these). */
    async pushClick(userId: string) {
      if (!(await take(pushClicks, userId))) throw tooMany(60_000, 'Too many notification clicks.');
    },
    /** Takes one "forgot password" request from the address's budget: true while within it. */
    admitPasswordReset: (ip: string): Promise<boolean> => take(passwordResets, budgetKey(ip)),
    async comment(userId: string) {
      try {
        await comments.consume(userId);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext, 'You are commenting too fast.', 'commentTooFast');
        throw err;
      }
    },
    challenges,
    /**
     * Before identity's Login: a solved challenge (used up), or one attempt from both budgets. Throws
     * ChallengeRequired when neither. Unknown usernames spend their budgets exactly like real ones.
     */
    async admitLogin(username: string, ip: string, altcha?: string) {
      const outcome = altcha ? await challenges.redeem(altcha) : undefined;
      if (outcome === 'passed') return;
      const user = loginKey(username);
      // The address's budget first: one address hammering a username spends only its own budget, and leaves the
      // username's for the owner and everyone else.
      if ((await take(loginPerUsernameIp, `${user}|${budgetKey(ip)}`)) && (await take(loginPerUsername, user))) return;
      throw new ChallengeRequired(CHALLENGE_MESSAGES[outcome ?? 'none']);
    },
    /**
     * The right password: the budgets start afresh. Whoever guesses meanwhile gains at most one more budget per
     * login of the owner, and the owner is not asked for a challenge again and again after a wave of guesses.
     */
    async loginSucceeded(username: string, ip: string) {
      const user = loginKey(username);
      await Promise.all([loginPerUsername.delete(user), loginPerUsernameIp.delete(`${user}|${budgetKey(ip)}`)]);
    },
    /**
     * A solved challenge (→ 'challenge'), or one signup from this address's budget (→ 'budget'); otherwise
     * ChallengeRequired.
     */
    async admitSignup(ip: string, altcha?: string): Promise<'challenge' | 'budget'> {
      const outcome = altcha ? await challenges.redeem(altcha) : undefined;
      if (outcome === 'passed') return 'challenge';
      if (await take(signups, budgetKey(ip))) return 'budget';
      throw new ChallengeRequired(CHALLENGE_MESSAGES[outcome ?? 'signup']);
    },
    /** Gives back the point of a signup identity refused (a taken username, a short password): only accounts count. */
    async refundSignup(ip: string) {
      await signups.reward(budgetKey(ip), 1);
    },
  };
}

/** The key of a client address's budgets: an IPv4 address, an IPv6 /64 (`2001:db8:1:2::/64`), or `unknown`. */
export const budgetKey = (ip: string): string => (ip ? addressKey(ip) : 'unknown');

/** Usernames are case-insensitive (identity looks them up so), and so are their budgets. */
const loginKey = (username: string) => username.trim().toLowerCase();

/** Takes one point atomically (Redis INCR): true while within the budget. Redis errors propagate. */
async function take(limiter: RateLimiterRedis, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>;
