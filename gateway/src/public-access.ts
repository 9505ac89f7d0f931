import type { RequestHandler } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from './config.js';
import { HttpError } from './errors.js';
import { PublicBudget, type Budget } from './public-budget.js';
import { budgetKey } from './rate-limit.js';
import type { RedisClient } from './redis.js';

/** The policy's name in RateLimit-Policy / RateLimit (draft-ietf-httpapi-ratelimit-headers). */
const POLICY = 'per-address';
const WINDOW_S = 60;

/** Response headers a page on another origin may read from the public API's answers. */
const EXPOSED = 'ETag, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id';

/**
 * CORS for the public read API: any origin may read it, never with credentials (no
 * Access-Control-Allow-Credentials, so a browser sends no cookie and exposes no answer of a credentialed request).
 * A preflight (a conditional GET with If-None-Match needs one) is answered for GET and HEAD only; the answer may be
 * read across origins (Cross-Origin-Resource-Policy: cross-origin). Mounted on /api/public/v1 alone.
 */
export const PUBLIC_CORS_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
];

export const publicCors: RequestHandler = (req, res, next) => {
  for (const [name, value] of PUBLIC_CORS_HEADERS) res.setHeader(name, value);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
    res.setHeader('Access-Control-Allow-Headers', 'If-None-Match, Accept, Accept-Language');
    res.setHeader('Access-Control-Max-Age', '86400');
  }
  next();
};

/**
 * The public API's per-address budget (PUBLIC_API_PER_MIN a minute; an IPv6 client by its /64), in Redis so every
 * gateway replica counts together (PublicBudget: a few reads at a time, not a round trip per read). Every answer announces it, in the IETF RateLimit-Policy and RateLimit fields
 * (`"per-address";q=600;w=60` and `"per-address";r=<left>;t=<seconds to reset>`); past it, 429 with Retry-After.
 * Preflights cost nothing (a browser sends them on its own).
 */
export interface PublicRateLimit {
  middleware: RequestHandler;
  /**
   * For a cache hit answered before the app (public-reads.ts): the RateLimit headers of a read of `ip` admitted
   * without asking Redis, or undefined (nothing counted) when Redis must be asked — the hit then goes the routes' way.
   */
  admitLocally(ip: string): [string, string][] | undefined;
}

export function publicRateLimit(config: Pick<Config, 'PUBLIC_API_PER_MIN' | 'REDIS_PREFIX'>, redis: RedisClient): PublicRateLimit {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    keyPrefix: `${config.REDIS_PREFIX}rl:public`,
    points: config.PUBLIC_API_PER_MIN,
    duration: WINDOW_S,
  });
  const budget = new PublicBudget(limiter);
  const policy = `"${POLICY}";q=${config.PUBLIC_API_PER_MIN};w=${WINDOW_S}`;
  const headers = (r: Budget): [string, string][] => [
    ['RateLimit-Policy', policy],
    ['RateLimit', `"${POLICY}";r=${Math.max(0, r.remaining)};t=${Math.max(0, Math.ceil(r.msBeforeNext / 1000))}`],
  ];
  const announce = (res: Parameters<RequestHandler>[1], r: Budget) => {
    for (const [name, value] of headers(r)) res.setHeader(name, value);
  };
  const admitLocally = (ip: string) => {
    const r = budget.admitLocally(budgetKey(ip));
    return r && headers(r);
  };
  const middleware: RequestHandler = (req, res, next) => {
    if (req.method === 'OPTIONS') return next();
    const admitted = (r: Budget) => {
      announce(res, r);
      next();
    };
    const refused = (err: unknown) => {
      if (!(err instanceof RateLimiterRes)) return next(err);
      announce(res, { remaining: err.remainingPoints, msBeforeNext: err.msBeforeNext });
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      next(new HttpError(429, `Too many requests to the public API. Please try again in ${seconds} seconds.`, { 'Retry-After': String(seconds) }, undefined, { seconds }));
    };
    const r = budget.consume(budgetKey(req.ip ?? ''));
    if (r instanceof Promise) r.then(admitted, refused);
    else admitted(r);
  };
  return { middleware, admitLocally };
}
