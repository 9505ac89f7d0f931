import type { RequestHandler, Response } from 'express';
import { HttpError } from './errors.js';

export const MALFORMED_URL = 'Malformed URL';

/**
 * A path whose percent-encoding does not decode (`%E0`, `%C0%AF`, `%A`) is refused here, once, before any router,
 * static file server or cache key sees it: otherwise each of them fails in its own way (a 500, or the SPA's page).
 * Only the path: query strings are decoded leniently by the query parser and never fail.
 */
export const refuseMalformedUrl: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(new HttpError(400, MALFORMED_URL));
  }
  next();
};

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * Request bodies must come uncompressed. No client of ours compresses a request (browsers never do), and every
 * decoder accepted is more to attack (a gzip bomb inflates 1000-fold; broken gzip used to surface as a 500), so any
 * Content-Encoding other than `identity` on a request with a body is a 415.
 */
export const refuseContentEncoding: RequestHandler = (req, _res, next) => {
  const encoding = req.headers['content-encoding'];
  if (encoding === undefined || !hasBody(req.headers) || /^\s*identity\s*$/i.test(encoding)) return next();
  next(new HttpError(415, 'Unsupported Content-Encoding: send the body uncompressed'));
};

/**
 * OPTIONS answers 204 with `Allow` instead of the router's 200 text/plain list. The router still works out which
 * methods the path has (each router answers OPTIONS for its own routes); this only reshapes its answer as it is
 * written. A path no route matches stays a 404.
 */
export const optionsNoContent: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS') return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    const allow = this.getHeader('Allow');
    if (statusCode === 200 && typeof allow === 'string') {
      this.removeHeader('Content-Type');
      this.removeHeader('Content-Length');
      this.setHeader('Allow', [...new Set([...allow.split(/,\s*/), 'OPTIONS'])].join(', '));
      statusCode = 204;
    }
    return (writeHead as (...args: unknown[]) => Response).call(this, statusCode, ...rest);
  } as Response['writeHead'];
  next();
};
