import type { RequestHandler } from 'express';
import { tracingOn } from '@mzansi/kit/base';
import { sendJson, type PublicCache } from './cache.js';
import type { GatewayMetrics } from './metrics.js';
import { PUBLIC_CORS_HEADERS, type PublicRateLimit } from './public-access.js';
import { requestIdOf } from './request-id.js';

const RESULTS = /^\/api\/questions\/([^/?]+)\/public-results$/;
const HISTORY = /^\/api\/questions\/([^/?]+)\/history$/;
const PUBLIC_API_QUESTION = /^\/api\/public\/v1\/questions\/([^/?]+)$/;

/**
 * The cache key and the metrics route label of a public read's exact URL (no query, no trailing slash), if it is one;
 * `publicApi` for the public read API's question (English: no ?lang=), which has its CORS and per-address budget.
 */
export function publicReadOf(url: string): { key: string; route: string; publicApi?: true } | undefined {
  const q = PUBLIC_API_QUESTION.exec(url);
  if (q) return { key: `public:q:${q[1]!.toLowerCase()}:en`, route: '/api/public/v1/questions/:id', publicApi: true };
  if (url === '/api/questions/today') return { key: 'questions:today', route: '/api/questions/today' };
  if (url === '/api/questions/public') return { key: 'questions:public', route: '/api/questions/public' };
  const m = RESULTS.exec(url);
  // Only the routes fill the cache, after validating the id (any case, lower-cased), so a hit is a valid id.
  if (m) return { key: `results:${m[1]!.toLowerCase()}`, route: '/api/questions/:id/public-results' };
  // The history route fills its key only with what every reader may see (never an open blind question's figures).
  const h = HISTORY.exec(url);
  return h ? { key: `history:${h[1]!.toLowerCase()}`, route: '/api/questions/:id/history' } : undefined;
}

/**
 * The polled public reads' micro-cache, as the app's first middleware: a hit on today's questions, the public list,
 * a question's public results or the public API's question (with its CORS, and its budget when that needs no Redis
 * call) is answered here with the cached bytes, ETag and length (a 304 on a matching
 * If-None-Match), the API's security headers, the request id and the RED metric under the route's label, every
 * header in one writeHead — what the routes would answer, without walking the app's other layers and the API's
 * routers for the request every open screen sends every few seconds.
 * Anything else — a miss, a query string, another spelling of the path, a request with a body, tracing on (it wants
 * its server span) — goes on to the routes, which load, cache and answer the same way
 * (`tests/api/public-reads.test.ts` compares the two answer for answer).
 */
export function cachedPublicReads(
  cache: PublicCache,
  metrics: Pick<GatewayMetrics, 'httpDuration'>,
  securityHeaders: [string, string][],
  publicLimit?: Pick<PublicRateLimit, 'admitLocally'>,
): RequestHandler {
  const head = securityHeaders.flat();
  // The public API's: its CORS in place of the API's same-origin resource policy (publicCors does the same).
  const publicNames = new Set(PUBLIC_CORS_HEADERS.map(([name]) => name.toLowerCase()));
  const publicHead = [...securityHeaders.filter(([name]) => !publicNames.has(name.toLowerCase())), ...PUBLIC_CORS_HEADERS].flat();
  // One metric child per method, route and status (a handful): no label hashing per request.
  const observers = new Map<string, { observe(seconds: number): void }>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`;
    let child = observers.get(key);
    if (!child) observers.set(key, (child = metrics.httpDuration.labels({ method, route, status: String(status) })));
    child.observe(seconds);
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || tracingOn()) return next();
    const read = publicReadOf(req.url);
    const body = read && cache.peek(read.key);
    if (!body || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return next();
    // The public API's read counts against its address's budget: here only if that needs no Redis round trip.
    const limit = read.publicApi ? publicLimit?.admitLocally(req.ip ?? '') : undefined;
    if (read.publicApi && !limit) return next();
    const started = process.hrtime.bigint();
    const requestId = req.headers['x-request-id'];
    sendJson(res, body, [...(limit ? [...publicHead, ...limit.flat()] : head), 'X-Request-Id', requestIdOf(typeof requestId === 'string' ? requestId : undefined)]);
    observe(req.method, read.route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
  };
}
