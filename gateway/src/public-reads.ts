import type { RequestHandler } from 'express';
import { tracingOn } from '@mzansi/kit/base';
import { sendJson, type PublicCache } from './cache.js';
import type { GatewayMetrics } from './metrics.js';
import { requestIdOf } from './request-id.js';

const RESULTS = /^\/api\/questions\/([^/?]+)\/public-results$/;

/** The cache key and the metrics route label of a public read's exact URL (no query, no trailing slash), if it is one. */
export function publicReadOf(url: string): { key: string; route: string } | undefined {
  if (url === '/api/questions/today') return { key: 'questions:today', route: '/api/questions/today' };
  if (url === '/api/questions/public') return { key: 'questions:public', route: '/api/questions/public' };
  const m = RESULTS.exec(url);
  // Only the routes fill the cache, after validating the id (any case, lower-cased), so a hit is a valid id.
  return m ? { key: `results:${m[1]!.toLowerCase()}`, route: '/api/questions/:id/public-results' } : undefined;
}

/**
 * The polled public reads answered from the cache before the rest of the app: a hit on today's questions, the
 * public list or a question's public results is written here, right after the security headers, with what the
 * layers it skips would have added (the request id, the RED metric under the route's label) and the cached bytes,
 * ETag and length (a 304 on a matching If-None-Match). `make bench` measured these reads at 0.6–0.75× of bare
 * express with a dozen layers and routers walked per poll. Anything else — a miss, a query string, another
 * spelling of the path, a request with a body, tracing on (it wants its server span) — goes on through the app,
 * whose routes load, cache and answer the same way.
 */
export function cachedPublicReads(cache: PublicCache, metrics: Pick<GatewayMetrics, 'httpDuration'>): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || tracingOn()) return next();
    const read = publicReadOf(req.url);
    const body = read && cache.peek(read.key);
    if (!body || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return next();
    const started = process.hrtime.bigint();
    const requestId = req.headers['x-request-id'];
    res.setHeader('X-Request-Id', requestIdOf(typeof requestId === 'string' ? requestId : undefined));
    sendJson(res, body);
    metrics.httpDuration.observe({ method: req.method, route: read.route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
  };
}
