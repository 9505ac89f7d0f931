import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexHtml, webRouter } from '../src/web.js';

// A built web app as web/vite.config.ts writes it: index.html with the places the gateway fills marked, page.json
// with what goes there, and the server renderer (web/dist-ssr/entry-server.js; here a stand-in that says what it
// was asked to render).
const INDEX = `<!doctype html>
<html lang="en-ZA"><head>
<!--app-head-->
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<!--app-css-->
</head><body><div id="root"><!--app-html--></div></body></html>`;
const PARTS = {
  head: '<meta name="description" content="Daily predictions">\n<title>Mzansi Predicts</title>',
  css: `body{margin:0}${'.x{color:red}'.repeat(200)}`,
  cssHref: '/assets/index-abc.css',
  signedIn: '<link rel="stylesheet" crossorigin href="/assets/SignedInApp-abc.css"><link rel="modulepreload" crossorigin href="/assets/SignedInApp-abc.js">',
  catalogues: { zu: '<link rel="modulepreload" crossorigin href="/assets/zu-abc.js">' },
};
const RENDERER = `
export async function prepare() {}
export function render(input) {
  if (input.path === '/vote' && input.user && input.user.name === 'Broken') throw new Error('render failed');
  const who = input.user ? input.user.name : 'signed out';
  return { html: '<div class="page">' + input.path + ' ' + input.language + ' ' + who + '</div>', data: { path: input.path, language: input.language, today: input.today } };
}`;

let dist: string;
let app: express.Express;
let todayCalls = 0;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, '.vite', 'page.json'), JSON.stringify(PARTS));
  writeFileSync(path.join(dist, 'entry-server.mjs'), RENDERER);
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("app");');
  const users: Record<string, { name: string; language: string | null }> = {
    good: { name: 'Thandi', language: null },
    zulu: { name: 'Sipho', language: 'zu' },
    broken: { name: 'Broken', language: null },
  };
  app = express();
  app.use(
    webRouter(dist, {
      logger: { warn: () => undefined, error: () => undefined },
      rendererFile: path.join(dist, 'entry-server.mjs'),
      today: async () => {
        todayCalls++;
        return [{ id: 'q1', text: '</script><script>alert(1)</script>' }];
      },
      user: async (req) => users[/sid=([a-z]+)/.exec(req.get('cookie') ?? '')?.[1] ?? ''] ?? null,
    }),
  );
  app.use((_req, res) => res.status(404).json({ message: 'Not found' }));
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const root = (html: string) => html.slice(html.indexOf('<div id="root">') + '<div id="root">'.length, html.indexOf('</body>'));
const pageData = (html: string) => {
  const start = html.indexOf('<script type="application/json" id="page-data">');
  if (start < 0) return undefined;
  const text = html.slice(start, html.indexOf('</script>', start)).replace(/^[^>]*>/, '');
  return JSON.parse(text) as { path: string; language: string; today: unknown };
};

describe('pages', () => {
  it('signed out, / and /vote come rendered on the server (the landing) with the data they were rendered from', async () => {
    for (const url of ['/', '/vote', '/vote/']) {
      const res = await request(app).get(url).set('Cookie', 'theme=dark; xsid=1');
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      const route = url.replace(/\/$/, '') || '/';
      expect(root(res.text)).toBe(`<div class="page">${route} en signed out</div></div>`);
      // The data goes in as JSON that cannot end its script element, and reads back as it was.
      expect(res.text).not.toContain('</script><script>alert');
      expect(pageData(res.text)).toEqual({ path: route, language: 'en', today: [{ id: 'q1', text: '</script><script>alert(1)</script>' }] });
      expect(res.text).toContain('<style>body{margin:0}');
      expect(res.text).toContain('<title>Mzansi Predicts</title>');
      expect(res.text).not.toContain('mzansi-session');
      expect(res.text).not.toContain('SignedInApp');
      expect(res.text).toContain('/assets/index-abc.js');
      expect(res.text).not.toContain('<!--app-');
    }
  });

  it('other pages come with an empty root: the browser renders them', async () => {
    for (const url of ['/privacy', '/index.html', '/leaderboard']) {
      const res = await request(app).get(url);
      expect(res.status).toBe(200);
      expect(root(res.text)).toBe('</div>');
      expect(pageData(res.text)).toBeUndefined();
    }
  });

  it('signed in, /vote is rendered for the session’s user; other pages preload the signed-in part and its data', async () => {
    const vote = await request(app).get('/vote').set('Cookie', 'sid=good');
    expect(root(vote.text)).toBe('<div class="page">/vote en Thandi</div></div>');
    expect(vote.text).toContain('<meta name="mzansi-session" content="signed-in">');
    expect(vote.text).toContain('href="/assets/SignedInApp-abc.js"');
    expect(vote.text).not.toContain('rel="preload" href="/api/');
    // Signed-in visitors come back: the stylesheet is a file they keep, not inlined in every page.
    expect(vote.text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(vote.text).not.toContain('<style>');
    // Signed in, / is the feed: the browser renders it, with who is signed in and today's questions on their way.
    for (const url of ['/', '/profile']) {
      const res = await request(app).get(url).set('Cookie', 'theme=dark; __Host-sid=good');
      expect(root(res.text)).toBe('</div>');
      expect(res.text).toContain('<meta name="mzansi-session" content="signed-in">');
      expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/SignedInApp-abc.js">');
      expect(res.text).toContain('<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="use-credentials">');
    }
    // A session cookie with no session behind it: the landing, as anyone signed out.
    const stale = await request(app).get('/vote').set('Cookie', 'sid=gone');
    expect(root(stale.text)).toBe('<div class="page">/vote en signed out</div></div>');
    expect(stale.text).not.toContain('mzansi-session');
  });

  it('a page the server cannot render is rendered by the browser instead, never an error', async () => {
    const res = await request(app).get('/vote').set('Cookie', 'sid=broken');
    expect(res.status).toBe(200);
    expect(root(res.text)).toBe('</div>');
    expect(res.text).toContain('<meta name="mzansi-session" content="signed-in">');
  });

  it("in the visitor's language: the profile's, else the saved choice (lang cookie), else Accept-Language by q, else English", async () => {
    const page = async (headers: Record<string, string>) => {
      let req = request(app).get('/vote');
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      const res = await req;
      expect(res.status).toBe(200);
      const lang = /<html lang="([^"]+)">/.exec(res.text)?.[1];
      return { lang, rendered: pageData(res.text)?.language, vary: res.headers.vary, zu: res.text.includes('/assets/zu-abc.js') };
    };
    expect(await page({})).toMatchObject({ lang: 'en-ZA', rendered: 'en', zu: false });
    expect(await page({ 'Accept-Language': 'zu-ZA,zu;q=0.9,en;q=0.8' })).toMatchObject({ lang: 'zu-ZA', rendered: 'zu', zu: true });
    expect((await page({ 'Accept-Language': 'fr-FR, en;q=0.5, af;q=0.9' })).lang).toBe('af-ZA');
    expect((await page({ 'Accept-Language': 'st;q=0, de' })).lang).toBe('en-ZA');
    expect((await page({ 'Accept-Language': 'ST-ls;q=0.7' })).lang).toBe('st-ZA');
    // The choice made in the app wins over the browser's languages; an unknown one is ignored.
    expect((await page({ Cookie: 'theme=dark; lang=st', 'Accept-Language': 'zu' })).lang).toBe('st-ZA');
    expect((await page({ Cookie: 'lang=xx', 'Accept-Language': 'af' })).lang).toBe('af-ZA');
    // Malformed headers are no error, just English.
    expect((await page({ 'Accept-Language': ';;q=abc,,,*;q=x, =' })).lang).toBe('en-ZA');
    expect((await page({ 'Accept-Language': 'x'.repeat(5000) })).lang).toBe('en-ZA');
    // Signed in: the profile's language, over the cookie.
    expect(await page({ Cookie: 'sid=zulu; lang=af' })).toMatchObject({ lang: 'zu-ZA', rendered: 'zu' });
    expect(await page({ Cookie: 'sid=good; lang=af' })).toMatchObject({ lang: 'af-ZA', rendered: 'af' });
    expect((await page({ 'Accept-Language': 'zu' })).vary).toMatch(/Accept-Language/);
  });

  it('a signed-out page is rendered (and compressed) once a second at most, whoever asks', async () => {
    const before = todayCalls;
    const pages = await Promise.all(Array.from({ length: 5 }, (_, i) => request(app).get('/').set('Accept-Language', 'st').set('Accept-Encoding', i % 2 ? 'gzip' : 'identity')));
    expect(todayCalls - before).toBeLessThanOrEqual(1);
    expect(pages.map((p) => p.headers['content-encoding'])).toEqual([undefined, 'gzip', undefined, 'gzip', undefined]);
    expect(new Set(pages.map((p) => p.text)).size).toBe(1);
  });

  it('revalidated, never cached blind: no-cache, Vary: Cookie, ETag and 304', async () => {
    const first = await request(app).get('/profile');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Cookie/);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await request(app).get('/profile').set('If-None-Match', etag!);
    expect(again.status).toBe(304);
    const signedIn = await request(app).get('/profile').set('Cookie', 'sid=good').set('If-None-Match', etag!);
    expect(signedIn.status).toBe(200);
  });

  it('compressed for clients that accept gzip, plain for the rest: the same page', async () => {
    const gz = await request(app).get('/profile').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/);
    const plain = await request(app).get('/profile').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.text).toBe(plain.text); // supertest decodes the gzip body
  });

  it('a rebuilt index.html is picked up without a restart', async () => {
    const file = path.join(dist, 'index.html');
    writeFileSync(file, INDEX.replace('index-abc.js', 'index-def.js'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const res = await request(app).get('/');
    expect(res.text).toContain('/assets/index-def.js');
  });
});

describe('the page for routes with their own head (indexHtml)', () => {
  it('puts their tags in place of the default title and description', () => {
    const page = indexHtml(dist);
    const fake = { get: (name: string) => (name === 'cookie' ? 'lang=af' : undefined) } as unknown as Parameters<typeof page>[0];
    const html = page(fake, (head) => `${head}<meta name="robots" content="noindex">`)!;
    expect(html).toContain('<html lang="af-ZA">');
    expect(html).toContain('<title>Mzansi Predicts</title><meta name="robots" content="noindex">');
    expect(page(fake, () => '<title>A question</title>')).not.toContain('Mzansi Predicts</title>');
  });
});

describe('static files', () => {
  it('hashed assets are immutable for a year, compressed when asked', async () => {
    const res = await request(app).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('/sw.js is revalidated on every visit and may control the whole origin', async () => {
    const res = await request(app).get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
  });

  it('/api and /ws are not the SPA', async () => {
    expect((await request(app).get('/api/nothing')).status).toBe(404);
    expect((await request(app).get('/ws')).status).toBe(404);
  });
});

describe('Save-Data, the manifest and robots.txt', () => {
  it('a page asked for with `Save-Data: on` sets the save-data cookie the app reads; without it the cookie goes', async () => {
    const asks = await request(app).get('/vote').set('Save-Data', 'on');
    expect(asks.headers['set-cookie']?.[0]).toMatch(/^save-data=on; Max-Age=2592000; Path=\/; Expires=.+; SameSite=Lax$/);
    expect(asks.headers.vary).toContain('Save-Data');
    // Already set: nothing to send again.
    expect((await request(app).get('/').set('Save-Data', 'on').set('Cookie', 'save-data=on')).headers['set-cookie']).toBeUndefined();
    const stopped = await request(app).get('/').set('Cookie', 'save-data=on');
    expect(stopped.headers['set-cookie']?.[0]).toMatch(/^save-data=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect((await request(app).get('/')).headers['set-cookie']).toBeUndefined();
    // Anything but `on` is not a request to save data.
    expect((await request(app).get('/').set('Save-Data', 'onx')).headers['set-cookie']).toBeUndefined();
  });

  it('the manifest and robots.txt are served from the build with their own types (not the SPA)', async () => {
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"x"}');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const res = await request(app).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const robots = await request(app).get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text).toContain('User-agent: *');
  });
});
