import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import compression from 'compression';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from './errors.js';

/** The session cookie (`sid`, or `__Host-sid` over https; see session.ts). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sid=/;

/** Drops every `<!--name-->…<!--/name-->` block. */
const dropBlocks = (html: string, name: string) =>
  html.replace(new RegExp(`<!--${name}-->[\\s\\S]*?<!--/${name}-->`, 'g'), '');

type PageVariant = 'signed-in' | 'signed-out';

/**
 * index.html comes in two variants (web/vite.config.ts): signed-out visitors get the static landing page and the
 * preload of today's question; signed-in ones get the app's files linked instead. A session cookie decides; a
 * stale cookie only costs the landing's head start.
 */
function pageVariant(req: Request): PageVariant {
  return SESSION_COOKIE.test(req.get('cookie') ?? '') ? 'signed-in' : 'signed-out';
}

/** One variant of the page, ready to send: its bytes, gzip-compressed once, each with its own ETag. */
interface Page {
  html: string;
  raw: Buffer;
  gzip: Buffer;
  etag: string;
  gzipEtag: string;
}

function prepare(html: string): Page {
  const raw = Buffer.from(html);
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 27);
  return { html, raw, gzip: gzipSync(raw, { level: 9 }), etag: `"${hash}"`, gzipEtag: `"${hash}-gzip"` };
}

/**
 * Both variants of index.html, compressed and hashed once rather than on every visit (the lunchtime burst is
 * mostly first visits), and prepared again when the file changes (a rebuild while the gateway runs).
 */
function indexPages(file: string): () => Record<PageVariant, Page> {
  let cached: { mtimeMs: number; pages: Record<PageVariant, Page> } | undefined;
  return () => {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      const pages = { 'signed-in': prepare(dropBlocks(html, 'signed-out')), 'signed-out': prepare(dropBlocks(html, 'signed-in')) };
      cached = { mtimeMs, pages };
    }
    return cached.pages;
  };
}

const SAVE_DATA_COOKIE = /(?:^|;\s*)save-data=on(?:;|$)/;

/**
 * The browser's `Save-Data: on` request header, reflected in a `save-data=on` cookie the app reads to switch its
 * data saver on by default (web/src/features/datasaver); dropped again once the browser stops asking. Not
 * HttpOnly on purpose: it is a preference for the page's script, no secret.
 */
export function reflectSaveData(req: Request, res: Response): void {
  const asks = /^on$/i.test((req.get('save-data') ?? '').trim());
  const has = SAVE_DATA_COOKIE.test(req.get('cookie') ?? '');
  if (asks && !has) res.cookie('save-data', 'on', { path: '/', sameSite: 'lax', maxAge: 30 * 24 * 3600 * 1000 });
  else if (!asks && has) res.clearCookie('save-data', { path: '/', sameSite: 'lax' });
}

/**
 * The built index.html for a request (its signed-in or signed-out variant), for routes that serve the app with
 * their own head (routes/share.ts); undefined while the app is not built.
 */
export function indexHtml(dist: string): (req: Request) => string | undefined {
  const index = path.join(dist, 'index.html');
  const pages = indexPages(index);
  return (req) => (existsSync(index) ? pages()[pageVariant(req)].html : undefined);
}

/**
 * The built SPA: hashed assets cached for a year, index.html and /sw.js never cached without revalidation (so a
 * deploy is picked up; an unchanged page is a 304), and every other GET that is not /api or /ws answered with
 * index.html (client-side routing).
 */
export function webRouter(dist: string): Router {
  const r = Router();
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    r.get(/^(?!\/api\/|\/ws).*/, (_req, res) => {
      res.status(503).type('text/plain').send('The web app is not built. Run `make up` (or `npm run build -w @mzansi/web`).');
    });
    return r;
  }
  const pages = indexPages(index);
  // Text goes out gzip-compressed (the app's 280 KB main chunk is 90 KB on the wire: it matters on mobile data).
  r.use(compression());
  r.get('/sw.js', (_req, res) => {
    res.set({ 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' });
    res.sendFile(path.join(dist, 'sw.js'), (err) => {
      if (err && !res.headersSent) res.status(404).json({ message: 'Not found' });
    });
  });
  // Static files are read-only: OPTIONS lists GET and HEAD, any other method is a JSON 405 (the static server's
  // own 405 has no body).
  r.use('/assets', (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.set('Allow', 'GET, HEAD, OPTIONS');
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next(new HttpError(405, 'Method not allowed'));
  });
  r.use(
    '/assets',
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  const page: RequestHandler = (req, res) => {
    const p = pages()[pageVariant(req)];
    reflectSaveData(req, res);
    const gzip = req.acceptsEncodings('gzip') === 'gzip';
    res.set({ 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Encoding, Save-Data', ETag: gzip ? p.gzipEtag : p.etag });
    res.type('html');
    // Already compressed (the compression middleware leaves an encoded body alone); res.send answers a matching
    // If-None-Match with 304.
    if (gzip) res.set('Content-Encoding', 'gzip').send(p.gzip);
    else res.send(p.raw);
  };
  r.get('/index.html', page);
  r.use(express.static(dist, { index: false, maxAge: '1h' }));
  r.get(/^(?!\/api\/|\/api$|\/ws).*/, page);
  return r;
}
