import express, { type Express, type RequestHandler } from 'express';
import { contextFrom, inSpan, requestContext, SpanKind, systemClock, tracingOn, type Clock, type Logger } from '@mzansi/kit/base';
import type { Clients } from './clients.js';
import type { Config } from './config.js';
import { errorHandler, HttpError, notFound } from './errors.js';
import type { GatewayMetrics } from './metrics.js';
import type { RateLimits } from './rate-limit.js';
import type { RedisClient } from './redis.js';
import type { PublicCache } from './cache.js';
import type { Composer } from './compose.js';
import { apiBodyParsers, apiRoutes } from './routes/index.js';
import { publicQuestionsRouter } from './routes/questions.js';
import { publicApiRouter } from './routes/public-api.js';
import { publicCors, publicRateLimit } from './public-access.js';
import { unsubscribeRouter } from './routes/profile.js';
import { createUserSessions, type UserSessions } from './user-sessions.js';
import { apiSecurityHeaderList, csrfGuard, securityHeaders } from './security.js';
import { trustProxy } from './client-address.js';
import { optionsNoContent, refuseContentEncoding, refuseMalformedUrl } from './input.js';
import { sessionExpiry, skipSessionForPublicReads } from './session.js';
import type { Sessions } from './session-store.js';
import { cachedPublicReads } from './public-reads.js';
import { requestIdOf } from './request-id.js';
import { shareRouter } from './routes/share.js';
import { oembedRouter } from './routes/oembed.js';
import { embedRouter, embedTokenRouter } from './routes/embed.js';
import { embedTokens } from './embed-token.js';
import { indexHtml, webRouter } from './web.js';
import { apiDocsRouter } from './api-docs.js';
import { pageSources } from './page-sources.js';
import type { WebDevProxy } from './web-dev.js';
import { NewestResults } from './live/newest-results.js';
import type { QuestionsGone } from './questions-gone.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  redis: RedisClient;
  clients: Clients;
  rateLimits: RateLimits;
  metrics: GatewayMetrics;
  /** Readiness for the public probe: true when what every request needs (Redis, NATS) is up. */
  readiness: () => Promise<boolean>;
  /** The sessions (shared with the live channel). */
  sessions: Sessions;
  composer: Composer;
  /** The public reads' cache: the routes fill it, its middleware answers its hits (public-reads.ts). */
  cache: PublicCache;
  /** The newest live totals per question (shared with the live channel): a vote's answer carries them. */
  newest?: NewestResults;
  /** Deleted and archived questions as the live channel's consumer hears of them: their cached copies are dropped. */
  gone?: QuestionsGone;
  clock?: Clock;
  /** The per-user session index (user-sessions.ts); made from `redis` when not given. */
  userSessions?: UserSessions;
  /** `make dev`: the web from Vite's dev server instead of WEB_DIST (web-dev.ts). */
  webDev?: WebDevProxy;
}

/** True when a parsed body or query holds a string with a NUL character anywhere (PostgreSQL text cannot store one). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** Text with NUL characters is bad input (400), never a database error (500). */
const refuseNul: RequestHandler = (req, _res, next) => {
  if (hasNul(req.body) || hasNul(req.query) || req.path.includes('%00')) return next(new HttpError(400, 'Text must not contain NUL characters'));
  next();
};

/** API responses are personal or a write's answer: never stored by a browser or proxy. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function createApp(deps: AppDeps): Express {
  const { config, logger, metrics } = deps;
  const clock = deps.clock ?? systemClock;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(config));
  app.set('query parser', 'simple');
  const cache = deps.cache;
  // The polled public reads' cache hits, answered before any other layer, with the API's security headers
  // (public-reads.ts).
  const publicLimit = publicRateLimit(config, deps.redis);
  app.use(cachedPublicReads(cache, metrics, apiSecurityHeaderList(config), publicLimit));
  // Security headers on every other response, probes included.
  app.use(securityHeaders(config));
  // Malformed paths and compressed bodies are refused before anything reads them; OPTIONS answers 204 + Allow.
  app.use(refuseMalformedUrl, refuseContentEncoding, optionsNoContent);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Public: only ready or not (a degraded gateway still serves, so it is ready). Which dependency is down is for
  // operators, on the metrics port's /readyz (main.ts).
  app.get('/readyz', async (_req, res) => {
    const ok = await deps.readiness();
    res.set('Cache-Control', 'no-store').status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready' });
  });

  app.use((req, res, next) => {
    const requestId = requestIdOf(req.get('x-request-id'));
    res.set('X-Request-Id', requestId);
    if (!tracingOn()) return requestContext.run({ requestId }, next);
    // A server span per request when tracing is on; it ends when the response is finished.
    requestContext.run({ requestId }, () =>
      void inSpan(`${req.method} ${req.path.startsWith('/api') ? 'api' : 'web'}`, SpanKind.SERVER, contextFrom(req.headers), { 'http.request.method': req.method, 'url.path': req.path }, (span) =>
        new Promise<void>((resolve) => {
          res.on('close', () => {
            span.setAttribute('http.route', req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched');
            span.setAttribute('http.response.status_code', res.statusCode);
            resolve();
          });
          next();
        }),
      ),
    );
  });
  app.use(metrics.httpMiddleware);

  const composer = deps.composer;
  const userSessions = deps.userSessions ?? createUserSessions(config, deps.redis);
  const parseJson = express.json({ limit: '100kb', strict: true });
  const tokens = embedTokens(config.SESSION_SECRET, () => clock().getTime());

  // One API pipeline. The hot routes are cheap by what they need, not by a separate path: the public reads (GET:
  // no body, no session, no CSRF check) come first; a vote walks the layers below and then the first router.
  const api = express.Router();
  api.use('/questions', refuseNul, publicQuestionsRouter({ clients: deps.clients, composer, cache }));
  // The public read API: GETs for other sites and programs, CORS without credentials and a per-address budget on
  // these routes alone (public-access.ts); no session, no body.
  api.use('/public/v1', publicCors, refuseNul, publicLimit.middleware, publicApiRouter({ clients: deps.clients, composer, cache, publicUrl: config.PUBLIC_URL, gone: deps.gone }));
  // One-click unsubscribe (RFC 8058) is posted by mail providers' servers as a form: before the CSRF guard, on
  // purpose (the signed token in the link is its only authority; routes/profile.ts).
  api.use('/unsubscribe', refuseNul, unsubscribeRouter({ clients: deps.clients }));
  // The API's OpenAPI document and reference page: public, cacheable, no session (api-docs.ts).
  api.use(apiDocsRouter());
  api.use(csrfGuard(config));
  apiBodyParsers(api);
  api.use(parseJson);
  api.use(refuseNul);
  api.use(skipSessionForPublicReads(deps.sessions.middleware()));
  api.use(sessionExpiry(config, clock, userSessions));
  api.use(noStore);
  apiRoutes(api, { config, clients: deps.clients, composer, cache, newest: deps.newest ?? new NewestResults(), rateLimits: deps.rateLimits, userSessions, clock });
  api.use('/embed', embedTokenRouter({ clients: deps.clients, tokens }));
  api.use((_req, _res, next) => next(notFound('No such API route')));
  app.use('/api', api);

  // A question's own link (/q/{id}) and its preview image: the app's page with link-preview tags (routes/share.ts).
  const serveBuiltWeb = config.SERVE_WEB && !deps.webDev;
  // oEmbed for a question's link (routes/oembed.ts): what a news site's editor pastes a /q/{id} link into.
  app.use(oembedRouter({ clients: deps.clients, publicUrl: config.PUBLIC_URL }));
  // The embed (routes/embed.ts): the only page other sites may frame; rendered from the built web app (503 without).
  app.use(embedRouter({ clients: deps.clients, composer, tokens, publicUrl: config.PUBLIC_URL, webDist: config.WEB_DIST }));
  app.use(shareRouter({ clients: deps.clients, composer, publicUrl: config.PUBLIC_URL, page: serveBuiltWeb ? indexHtml(config.WEB_DIST) : undefined, gone: deps.gone }));
  // The public reads (≤ PUBLIC_CACHE_MS old) are dropped too: a deleted question leaves today's list at once.
  deps.gone?.onGone(() => cache.clear());
  deps.gone?.onChanged(() => cache.clear());
  if (deps.webDev) app.use(deps.webDev.handler);
  else if (config.SERVE_WEB) {
    const session = [deps.sessions.middleware(), sessionExpiry(config, clock, userSessions)];
    app.use(webRouter(config.WEB_DIST, pageSources({ clients: deps.clients, composer, cache, session, logger })));
  }
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(logger));
  return app;
}
