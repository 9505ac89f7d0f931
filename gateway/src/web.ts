import path from 'node:path';
import { gzipSync } from 'node:zlib';
import compression from 'compression';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from '@mzansi/kit/base';
import { MicroCache } from './cache.js';
import { HttpError } from './errors.js';
import { composePage, loadRenderer, pageTemplate, type PageRenderer, type Template } from './web-page.js';
import { isPageLanguage, pageLanguage, type PageLanguage } from './web-language.js';

export { pageLanguage, PAGE_LANGUAGE_CODES, type PageLanguage } from './web-language.js';

/** The session cookie (`sid`, or `__Host-sid` over https; see session.ts). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sid=/;
const hasSessionCookie = (req: Request) => SESSION_COOKIE.test(req.get('cookie') ?? '');

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
 * The built page for a request, rendered in the browser (#root empty, or holding `placeholder` until the app renders),
 * with `head` (given the default title and description) in their place: for routes that serve the app with their own
 * head (routes/share.ts); undefined while not built.
 */
export function indexHtml(dist: string): (req: Request, head?: (defaultHead: string) => string, placeholder?: string) => string | undefined {
  const template = pageTemplate(dist);
  return (req, head, placeholder) => {
    const t = template();
    return t && composePage(t, { language: pageLanguage(req), signedIn: hasSessionCookie(req), head: head?.(t.parts.head), placeholder });
  };
}

/** What the gateway renders the app's first screens from (app.ts). */
export interface PageSources {
  /** GET /api/questions/today's answer (through the public reads' cache). */
  today(): Promise<unknown>;
  /** The signed-in user (GET /api/auth/me's answer) of the request's session, or null. */
  user(req: Request, res: Response): Promise<{ language?: string | null } | null>;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** The server renderer's file (web/dist-ssr/entry-server.js by default). */
  rendererFile?: string;
}

/** The paths the server renders: the landing (signed out; /vote shows it too) and /vote (signed in). */
const RENDERED = new Set(['/', '/vote']);
/** A signed-out page is the same for everyone in a language: rendered at most once a second per path and language. */
const SIGNED_OUT_TTL_MS = 1000;

/** A page ready to send; a signed-out one also gzip-compressed once for everyone who gets it. */
interface ReadyPage {
  html: string;
  gzip?: Buffer;
}

/**
 * The page for a request with #root rendered on the server from the app's own components: signed out on / and /vote
 * (the landing), signed in on /vote. Undefined for every other page, and when rendering is not possible (no renderer
 * built, a service failing): the browser renders then, as it would anyway.
 */
function serverRendering(dist: string, sources: PageSources | undefined) {
  if (!sources) return async () => undefined;
  const file = sources.rendererFile ?? path.join(dist, '..', 'dist-ssr', 'entry-server.js');
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const signedOut = new MicroCache<ReadyPage>(SIGNED_OUT_TTL_MS, 16);
  return async (t: Template, req: Request, res: Response): Promise<ReadyPage | undefined> => {
    const route = req.path.replace(/(?<=.)\/+$/, '');
    if (!RENDERED.has(route)) return undefined;
    renderer ??= loadRenderer(file).catch((error: unknown) => {
      sources.logger.error({ err: error }, 'the server renderer did not load; pages render in the browser');
      return undefined;
    });
    const r = await renderer;
    if (!r) return undefined;
    try {
      const user = hasSessionCookie(req) ? await sources.user(req, res) : null;
      // A session cookie without a session gets the landing, as anyone signed out; signed in, / is the feed,
      // rendered in the browser.
      if (user && route !== '/vote') return undefined;
      const language = user && isPageLanguage(user.language ?? '') ? (user.language as PageLanguage) : pageLanguage(req);
      const render = async () => {
        const rendered = r.render({ path: route, language, user, today: await sources.today(), renderedAt: Date.now() });
        return composePage(t, { language, signedIn: user !== null, rendered });
      };
      if (user) return { html: await render() };
      return await signedOut.get(`${t.version} ${route} ${language}`, async () => {
        const html = await render();
        return { html, gzip: gzipSync(html) };
      });
    } catch (error) {
      sources.logger.warn({ err: error }, 'page not rendered on the server; the browser renders it');
      return undefined;
    }
  };
}

/**
 * The built SPA: hashed assets cached for a year, pages and /sw.js never cached without revalidation (so a deploy is
 * picked up; an unchanged page is a 304), and every other GET that is not /api or /ws answered with the app's page
 * (client-side routing), its first screen rendered on the server where `sources` allow (serverRendering).
 */
export function webRouter(dist: string, sources?: PageSources): Router {
  const r = Router();
  const template = pageTemplate(dist);
  if (!template()) {
    r.get(/^(?!\/api\/|\/ws).*/, (_req, res) => {
      res.status(503).type('text/plain').send('The web app is not built. Run `make up` (or `npm run build -w @mzansi/web`).');
    });
    return r;
  }
  const rendering = serverRendering(dist, sources);
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
  const page: RequestHandler = async (req, res) => {
    const t: Template | undefined = template();
    if (!t) throw new HttpError(503, 'The web app is not built');
    const ready = (await rendering(t, req, res)) ?? { html: composePage(t, { language: pageLanguage(req), signedIn: hasSessionCookie(req) }) };
    reflectSaveData(req, res);
    // express adds an ETag (an unchanged page is a 304); the compression layer gzips what is not compressed yet.
    res.set({ 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Encoding, Accept-Language, Save-Data' }).type('html');
    if (ready.gzip && req.acceptsEncodings('gzip') === 'gzip') res.set('Content-Encoding', 'gzip').send(ready.gzip);
    else res.send(ready.html);
  };
  r.get('/index.html', page);
  r.use(express.static(dist, { index: false, maxAge: '1h' }));
  r.get(/^(?!\/api\/|\/api$|\/ws).*/, page);
  return r;
}
