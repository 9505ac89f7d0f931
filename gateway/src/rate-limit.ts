import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from './config.js';
import { HttpError } from './errors.js';
import type { RedisClient } from './redis.js';

function tooMany(msBeforeNext: number, what = 'Too many attempts.'): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new HttpError(429, `${what} Please try again in ${wait}.`, { 'Retry-After': String(seconds) });
}

/**
 * Limits in Redis, shared by every gateway replica. Failed logins are counted per username (whatever the IP:
 * credential stuffing from many addresses still hits the account's limit); signups per IP, generously, because
 * many South Africans share carrier-NAT addresses.
 */
export function createRateLimits(config: Config, redis: RedisClient) {
  const loginFailures = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:login`,
    points: config.RATE_LOGIN_FAILURES,
    duration: config.RATE_LOGIN_WINDOW_S,
  });
  const signups = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:signup`,
    points: config.RATE_SIGNUP_PER_IP,
    duration: config.RATE_SIGNUP_WINDOW_S,
  });

  const comments = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:comment`,
    points: config.RATE_COMMENTS_PER_MIN,
    duration: 60,
  });

  return {
    async comment(userId: string) {
      try {
        await comments.consume(userId);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext, 'You are commenting too fast.');
        throw err;
      }
    },
    /** 429 when this username already has too many failures in the window. */
    async checkLogin(username: string) {
      const res = await loginFailures.get(username.toLowerCase());
      if (res && res.consumedPoints >= config.RATE_LOGIN_FAILURES) throw tooMany(res.msBeforeNext);
    },
    async loginFailed(username: string) {
      await loginFailures.penalty(username.toLowerCase(), 1);
    },
    async loginSucceeded(username: string) {
      await loginFailures.delete(username.toLowerCase());
    },
    async signup(ip: string) {
      try {
        await signups.consume(ip || 'unknown');
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
        throw err;
      }
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
