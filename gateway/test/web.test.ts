import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRouter } from '../src/web.js';

// A built web app as web/vite.config.ts writes it: one index.html holding both variants between markers, the static
// landing once per language.
const INDEX = `<!doctype html><html lang="en-ZA"><head>
<!--signed-out--><link rel="preload" href="/api/questions/today" as="fetch" crossorigin="use-credentials" /><!--/signed-out-->
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<!--signed-out--><style>body{margin:0}</style><!--/signed-out--><!--signed-in--><link rel="stylesheet" href="/assets/index-abc.css"><!--/signed-in-->
<!--signed-in--><link rel="modulepreload" crossorigin href="/assets/start-abc.js"><!--/signed-in-->
</head><body><div id="root"><!--signed-out--><!--lang:en--><div class="landing">static landing</div><!--/lang:en--><!--lang:zu--><div class="landing">ikhasi lokuqala</div><!--/lang:zu--><!--lang:af--><div class="landing">tuisblad</div><!--/lang:af--><!--lang:st--><div class="landing">leqephe la pele</div><!--/lang:st--><!--/signed-out--></div></body></html>`;

let dist: string;
let app: express.Express;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("app");');
  app = express();
  app.use(webRouter(dist));
  app.use((_req, res) => res.status(404).json({ message: 'Not found' }));
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('index.html variants', () => {
  it('signed out (no session cookie): the static landing and the question preload, not the app preloads', async () => {
    for (const url of ['/', '/vote', '/index.html']) {
      const res = await request(app).get(url).set('Cookie', 'theme=dark; xsid=1');
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain('static landing');
      expect(res.text).toContain('rel="preload" href="/api/questions/today"');
      expect(res.text).toContain('<style>');
      expect(res.text).not.toContain('modulepreload');
      expect(res.text).not.toContain('signed-in');
      expect(res.text).toContain('/assets/index-abc.js');
    }
  });

  it('signed in (sid or __Host-sid): the app preloads and stylesheet, no static landing', async () => {
    for (const cookie of ['sid=s%3Aabc.def', 'theme=dark; __Host-sid=s%3Aabc.def']) {
      const res = await request(app).get('/profile').set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/start-abc.js">');
      expect(res.text).toContain('href="/assets/index-abc.css"');
      expect(res.text).not.toContain('static landing');
      expect(res.text).not.toContain('/api/questions/today');
      expect(res.text).not.toContain('<style>');
    }
  });

  it("in the visitor's language: the saved choice (lang cookie), else Accept-Language by q, else English", async () => {
    const page = async (headers: Record<string, string>) => {
      let req = request(app).get('/vote');
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      const res = await req;
      expect(res.status).toBe(200);
      const lang = /<html lang="([^"]+)">/.exec(res.text)?.[1];
      const landings = res.text.match(/class="landing">[^<]*/g) ?? [];
      return { lang, landings, vary: res.headers.vary, etag: res.headers.etag };
    };
    expect(await page({})).toMatchObject({ lang: 'en-ZA', landings: ['class="landing">static landing'] });
    expect(await page({ 'Accept-Language': 'zu-ZA,zu;q=0.9,en;q=0.8' })).toMatchObject({ lang: 'zu-ZA', landings: ['class="landing">ikhasi lokuqala'] });
    expect((await page({ 'Accept-Language': 'fr-FR, en;q=0.5, af;q=0.9' })).lang).toBe('af-ZA');
    expect((await page({ 'Accept-Language': 'st;q=0, de' })).lang).toBe('en-ZA');
    expect((await page({ 'Accept-Language': 'ST-ls;q=0.7' })).lang).toBe('st-ZA');
    // The choice made in the app wins over the browser's languages; an unknown one is ignored.
    expect((await page({ Cookie: 'theme=dark; lang=st', 'Accept-Language': 'zu' })).lang).toBe('st-ZA');
    expect((await page({ Cookie: 'lang=xx', 'Accept-Language': 'af' })).lang).toBe('af-ZA');
    // Malformed headers are no error, just English.
    expect((await page({ 'Accept-Language': ';;q=abc,,,*;q=x, =' })).lang).toBe('en-ZA');
    expect((await page({ 'Accept-Language': 'x'.repeat(5000) })).lang).toBe('en-ZA');
    // Signed in: the language's <html lang> too, never a static landing.
    expect(await page({ Cookie: 'sid=x; lang=zu' })).toMatchObject({ lang: 'zu-ZA', landings: [] });
    const zu = await page({ 'Accept-Language': 'zu' });
    expect(zu.vary).toMatch(/Accept-Language/);
    expect(zu.etag).not.toBe((await page({})).etag);
  });

  it('revalidated, never cached blind: no-cache, Vary: Cookie, ETag and 304', async () => {
    const first = await request(app).get('/');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Cookie/);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await request(app).get('/').set('If-None-Match', etag!);
    expect(again.status).toBe(304);
    const signedIn = await request(app).get('/').set('Cookie', 'sid=x').set('If-None-Match', etag!);
    expect(signedIn.status).toBe(200);
  });

  it('compressed for clients that accept gzip, plain for the rest: the same page, an ETag for each encoding', async () => {
    const gz = await request(app).get('/').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/);
    const plain = await request(app).get('/').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.text).toBe(plain.text); // supertest decodes the gzip body
    expect(plain.text).toContain('static landing');
    expect(gz.headers.etag).not.toBe(plain.headers.etag);
    const gzAgain = await request(app).get('/').set('Accept-Encoding', 'gzip').set('If-None-Match', gz.headers.etag!);
    expect(gzAgain.status).toBe(304);
    const plainAgain = await request(app).get('/').set('Accept-Encoding', 'identity').set('If-None-Match', plain.headers.etag!);
    expect(plainAgain.status).toBe(304);
    expect(Number(gz.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text));
  });

  it('a rebuilt index.html is picked up without a restart', async () => {
    const file = path.join(dist, 'index.html');
    writeFileSync(file, INDEX.replace('static landing', 'rebuilt landing'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const res = await request(app).get('/');
    expect(res.text).toContain('rebuilt landing');
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
