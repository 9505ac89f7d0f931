import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { isHttps, type Config } from './config.js';
import { HttpError } from './errors.js';

/**
 * Powerful features no page of ours uses are off, for our pages and anything they embed: a stored-XSS or a
 * compromised dependency cannot turn on the camera, microphone, location, payments or USB. Clipboard writing (the
 * share panel's "copy link") and the share sheet stay on for our own origin. Notifications are not a
 * Permissions-Policy feature (the browser's own prompt guards them).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'web-share=(self)',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The powerful features a JSON answer turns off (the security tests' list). Permissions-Policy governs documents
 * and workers; an API answer is neither, and opened as a document its CSP (default-src 'none') runs nothing, so the
 * full list would only add 0.3 KB to every API response.
 */
export const API_PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), bluetooth=(), serial=(), hid=(), display-capture=()';

/**
 * The headers of a JSON answer under /api, kept small (on a phone the headers were 16 of a repeat /vote's 27 KB):
 * what applies to a response that is not a page — nosniff, the referrer policy, same-origin resource policy, HSTS
 * over https — with a CSP that allows nothing at all (as the comment images have) and the short Permissions-Policy. The
 * page-only headers (COOP, X-Frame-Options, Origin-Agent-Cluster, the DNS-prefetch, download and cross-domain-policy
 * switches, X-XSS-Protection) are left out.
 */
export function apiSecurityHeaderList(config: Config): [string, string][] {
  const page = new Map(securityHeaderList(config).map(([name, value]) => [name.toLowerCase(), [name, value] as [string, string]]));
  const keep = ['x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'strict-transport-security'];
  const headers: [string, string][] = keep.flatMap((name) => {
    const header = page.get(name);
    return header ? [header] : [];
  });
  const csp = `default-src 'none'; frame-ancestors 'none'${isHttps(config) ? '; upgrade-insecure-requests' : ''}`;
  headers.push(['Content-Security-Policy', csp], ['Permissions-Policy', API_PERMISSIONS_POLICY]);
  return headers;
}

/** The only pages other sites may frame: a question's embed. */
export const isFramable = (path: string) => path.startsWith('/embed/q/');
/**
 * The embed's answer popup: opened by a frame on another site, it must keep its opener to hand the frame its token,
 * so its opener policy is relaxed (unsafe-none); every other page isolates itself (same-origin).
 */
export const isEmbedPopup = (path: string) => path.startsWith('/embed/answer/');

/**
 * The security headers every page (and every other non-API response) carries (worked out once; see securityHeaders):
 * framed by nobody (CSP frame-ancestors 'none' and X-Frame-Options DENY), or with `framable` by any site (the embed:
 * frame-ancestors *, no X-Frame-Options).
 */
export function securityHeaderList(config: Config, framable = false, popup = false): [string, string][] {
  // helmet decides most headers; none depends on the request (no nonces), so they are worked out once and each
  // response just gets the list (one middleware instead of helmet's chain of twelve).
  const headers: [string, string][] = [];
  const collect = { setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]), removeHeader: () => undefined };
  helmetFor(config, framable, popup)({} as Request, collect as unknown as Response, () => undefined);
  if (headers.length === 0) throw new Error('helmet set no headers');
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return headers;
}

/**
 * Security headers: a CSP with no inline scripts, no plugins and no framing; HSTS only when served over https. JSON
 * answers under /api get the shorter list for responses that are not pages (apiSecurityHeaderList).
 */
export function securityHeaders(config: Config): RequestHandler {
  const headers = securityHeaderList(config);
  const embed = securityHeaderList(config, true);
  const popup = securityHeaderList(config, false, true);
  const api = apiSecurityHeaderList(config);
  return (req, res, next) => {
    const list = req.path === '/api' || req.path.startsWith('/api/') ? api : isFramable(req.path) ? embed : isEmbedPopup(req.path) ? popup : headers;
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}

function helmetFor(config: Config, framable: boolean, popup: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(isHttps(config) ? ['wss:'] : ['ws:', 'wss:'])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: framable ? ['*'] : ["'none'"],
        ...(isHttps(config) ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps(config) ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: popup ? 'unsafe-none' : 'same-origin' },
    xFrameOptions: framable ? false : { action: 'deny' },
  });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie-authenticated writes: a body must be JSON (forms and text/plain → 415, which no
 * cross-site form can send without a CORS preflight), and a cross-site `Sec-Fetch-Site` or a foreign `Origin` → 403.
 */
export function csrfGuard(config: Config): RequestHandler {
  const allowedOrigin = new URL(config.PUBLIC_URL).origin;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(new HttpError(403, 'Cross-site request refused', {}, 'crossSite'));
    const origin = req.get('origin');
    if (origin && origin !== allowedOrigin && origin !== selfOrigin(req)) return next(new HttpError(403, 'Cross-site request refused', {}, 'crossSite'));
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) return next(new HttpError(415, 'Content-Type must be application/json'));
    next();
  };
}

function selfOrigin(req: Request): string | undefined {
  const host = req.get('host');
  return host ? `${req.protocol}://${host}` : undefined;
}
