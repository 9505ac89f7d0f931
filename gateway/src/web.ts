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

/** The interface's languages (web/src/i18n) and their locales, for <html lang>; English first (the default). */
const PAGE_LANGUAGES = { en: 'en-ZA', zu: 'zu-ZA', af: 'af-ZA', st: 'st-ZA' } as const;
export type PageLanguage = keyof typeof PAGE_LANGUAGES;
const isPageLanguage = (value: string): value is PageLanguage => Object.hasOwn(PAGE_LANGUAGES, value);

/** The four codes, for a route's zod. */
export const PAGE_LANGUAGE_CODES = Object.keys(PAGE_LANGUAGES) as [PageLanguage, ...PageLanguage[]];

/** The language the visitor chose before (the app's `lang` cookie, web/src/i18n/index.ts). */
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/;

/**
 * The language to send the page in: the one chosen before (the `lang` cookie), else the first of Accept-Language
 * (by q, highest first; q=0 means "not this one") whose primary subtag we speak, else English. The app picks the same
 * way (navigator.languages, from which browsers build the header). Malformed parts are skipped, never an error.
 */
export function pageLanguage(req: Request): PageLanguage {
  const chosen = LANGUAGE_COOKIE.exec(req.get('cookie') ?? '')?.[1];
  if (chosen && isPageLanguage(chosen)) return chosen;
  const ranges = (req.get('accept-language') ?? '')
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.find((r) => isPageLanguage(r.primary))?.primary as PageLanguage | undefined ?? 'en';
}

/** index.html in one language: the other languages' static landings dropped, <html lang> set. */
function inLanguage(html: string, language: PageLanguage): string {
  for (const other of Object.keys(PAGE_LANGUAGES)) if (other !== language) html = dropBlocks(html, `lang:${other}`);
  return html.replace(/<html\b[^>]*>/, `<html lang="${PAGE_LANGUAGES[language]}">`);
}

/**
 * index.html comes in two variants (web/vite.config.ts): signed-out visitors get the static landing page and the
 * preload of today's question; signed-in ones get the app's files linked instead. A session cookie decides; a
 * stale cookie only costs the landing's head start. Each comes in the visitor's language (pageLanguage).
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

type Pages = Record<PageVariant, Record<PageLanguage, Page>>;

/**
 * Both variants of index.html in each language, compressed and hashed once rather than on every visit (the
 * lunchtime burst is mostly first visits), and prepared again when the file changes (a rebuild while the gateway runs).
 */
function indexPages(file: string): () => Pages {
  let cached: { mtimeMs: number; pages: Pages } | undefined;
  return () => {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      const languages = (variant: string) =>
        Object.fromEntries(
          (Object.keys(PAGE_LANGUAGES) as PageLanguage[]).map((l) => [l, prepare(inLanguage(variant, l))]),
        ) as Record<PageLanguage, Page>;
      const pages = { 'signed-in': languages(dropBlocks(html, 'signed-out')), 'signed-out': languages(dropBlocks(html, 'signed-in')) };
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
  return (req) => (existsSync(index) ? pages()[pageVariant(req)][pageLanguage(req)].html : undefined);
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
    const p = pages()[pageVariant(req)][pageLanguage(req)];
    reflectSaveData(req, res);
    const gzip = req.acceptsEncodings('gzip') === 'gzip';
    res.set({ 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Encoding, Accept-Language, Save-Data', ETag: gzip ? p.gzipEtag : p.etag });
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
