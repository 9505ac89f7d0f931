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

/** The security headers every response carries (worked out once; see securityHeaders). */
export function securityHeaderList(config: Config): [string, string][] {
  // helmet decides most headers; none depends on the request (no nonces), so they are worked out once and each
  // response just gets the list (one middleware instead of helmet's chain of twelve).
  const headers: [string, string][] = [];
  const collect = { setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]), removeHeader: () => undefined };
  helmetFor(config)({} as Request, collect as unknown as Response, () => undefined);
  if (headers.length === 0) throw new Error('helmet set no headers');
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return headers;
}

/** Security headers: a CSP with no inline scripts, no plugins and no framing; HSTS only when served over https. */
export function securityHeaders(config: Config): RequestHandler {
  const headers = securityHeaderList(config);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

function helmetFor(config: Config) {
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
        frameAncestors: ["'none'"],
        ...(isHttps(config) ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps(config) ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
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
    if (site && site !== 'same-origin' && site !== 'none') return next(new HttpError(403, 'Cross-site request refused'));
    const origin = req.get('origin');
    if (origin && origin !== allowedOrigin && origin !== selfOrigin(req)) return next(new HttpError(403, 'Cross-site request refused'));
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) return next(new HttpError(415, 'Content-Type must be application/json'));
    next();
  };
}

function selfOrigin(req: Request): string | undefined {
  const host = req.get('host');
  return host ? `${req.protocol}://${host}` : undefined;
}
