import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { addressKey } from './client-address.js';
import type { Config } from './config.js';
import type { RedisClient } from './redis.js';

/**
 * The per-address budget of "forgot password" requests (an IPv6 address counted by its /64), in Redis so that every
 * gateway shares it. Past it the request is answered as always but no mail goes (identity still records it); the
 * per-account budget is identity's, counted from the links it issued.
 */
export function createPasswordResetLimit(config: Config, redis: RedisClient) {
  const perAddress = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:pwreset`,
    points: config.RATE_PASSWORD_RESET_PER_IP,
    duration: config.RATE_PASSWORD_RESET_WINDOW_S,
  });
  return {
    /** Takes one request from the address's budget: true while within it. */
    async admit(ip: string): Promise<boolean> {
      try {
        await perAddress.consume(addressKey(ip || 'unknown'));
        return true;
      } catch (err) {
        if (err instanceof RateLimiterRes) return false;
        throw err;
      }
    },
  };
}

export type PasswordResetLimit = ReturnType<typeof createPasswordResetLimit>;
