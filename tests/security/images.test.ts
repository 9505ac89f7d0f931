// Comment images are decoded and re-encoded. A decompression bomb is refused
// with 400 "Image is too large"; PNG text/ICC/private chunks, a GIF comment block, HTML after a JPEG's end marker and
// EXIF/GPS/XMP are gone from the served bytes; the image is ≤ 1600 px, its thumbnail ≤ 480 px (measured with
// sharp), EXIF orientation applied; the signed-out landing page with the largest allowed image posted on today's
// question transfers under 300 KB (headless Chromium at 360 × 800, every response counted); lists, the friends feed,
// the discussion and the landing page show the lazy thumbnail with its size, and a tap opens the full image.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, BrowserContext, Page, Request } from 'playwright-core';
import { expectCleanError } from '../api/helpers.js';
import { befriend, dataUrl, getBytes, PNG } from '../api/social-helpers.js';
import { gifWithComment, jpegWithEverything, noisePng, photo, pngBomb, pngWithChunks, SECRETS, webpWithMetadata } from '../../services/social/test/images.js';
import { launchBrowser, screenshot } from '../../web/e2e/browser.ts';
import { countingProxy, expectThumbnail, mobilePage, type Img } from './images-browser.js';
import { metricValue, startSystem, type SecUser, type System } from './system.js';

// Browser globals used inside page callbacks (the test project is type-checked without the DOM lib).
declare const document: { documentElement: { scrollWidth: number } };
declare const window: { innerWidth: number };

const MB5 = 5 * 1024 * 1024;
const LANDING_BUDGET = 300 * 1024;
let sys: System;
let u: SecUser;
let viewer: SecUser;
let q: string;
let chromium: Chromium;
/** The largest allowed upload: random pixels (nothing to compress), just under 5 MB. */
let largest: Buffer;

beforeAll(async () => {
  // The gateway serves the built SPA (make build) so the landing page can be measured as visitors get it.
  [sys, largest, chromium] = await Promise.all([
    startSystem({ gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000', SERVE_WEB: 'true' } }),
    noisePng(1320),
    launchBrowser(),
  ]);
  [u, viewer] = await Promise.all([sys.user('Img', true), sys.user('ImgView', true)]);
  await befriend({ ...u, name: '' }, { ...viewer, name: '' });
  q = await sys.publishQuestion();
});

afterAll(async () => {
  await chromium?.close();
  await sys?.stop();
});

const post = (imageUrl: string, content = '') => u.b.post(`/api/questions/${q}/comments`, { content, imageUrl });
const postComments = () => metricValue(sys.gw.gateway.metricsPort, 'grpc_client_handling_seconds_count', ['PostComment']);

const mobile = (session: SecUser | null, base = sys.base): Promise<{ context: BrowserContext; page: Page }> => mobilePage(chromium, session, base);

describe('re-encoded comment images', () => {
  it("the signed-out landing page with the largest allowed image on today's question transfers under 300 KB", async () => {
    expect(largest.length).toBeGreaterThan(MB5 - 16 * 1024);
    expect(largest.length).toBeLessThanOrEqual(MB5);
    const today = (await sys.browser().get('/api/questions/today')).json as { id: string }[];
    expect(today.map((t) => t.id)).toContain(q);
    const started = Date.now();
    const res = await post(dataUrl('image/png', largest), 'The view from Table Mountain');
    const postMs = Date.now() - started;
    expect(res.status, res.text.slice(0, 200)).toBe(201);
    expect(res.json).toMatchObject({ imageWidth: 1320, imageHeight: 1320, thumbWidth: 480, thumbHeight: 480 });
    const full = await getBytes(sys.base, res.json.imageUrl);

    // The browser talks to the gateway through a counting proxy: the total is every byte the visitor receives
    // (headers and bodies, compressed as sent), the service worker's precache included.
    const proxy = await countingProxy(sys.gw.gateway.port);
    const { context, page } = await mobile(null, proxy.base);
    const seen: { url: string; type: string; bytes: number }[] = [];
    const sizing: Promise<void>[] = [];
    const open = new Set<Request>();
    context.on('request', (req) => open.add(req));
    context.on('requestfailed', (req) => open.delete(req));
    context.on('requestfinished', (req) => {
      open.delete(req);
      sizing.push(req.sizes().then((s) => void seen.push({ url: req.url(), type: req.resourceType(), bytes: s.responseBodySize + s.responseHeadersSize })));
    });
    // Chromium never reports an unread fetch body (the app ignores the 401 body of /api/auth/me) as finished:
    // such a request is done once its response has arrived.
    context.on('response', (res) => {
      if (res.status() >= 400) open.delete(res.request());
    });
    try {
      await page.goto('/');
      await expectThumbnail(page, res.json.id, 'landing');
      await page.evaluate(() => (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready.then(() => true));
      await expect.poll(() => open.size, { timeout: 20_000 }).toBe(0);
      await Promise.all(sizing);
      const total = proxy.bytes();
      const path = (r: { url: string }) => new URL(r.url).pathname + new URL(r.url).search;
      const by = (test: (r: (typeof seen)[number]) => boolean) => seen.filter(test).reduce((n, r) => n + r.bytes, 0);
      const thumbBytes = by((r) => path(r).endsWith('/image?size=thumb'));
      console.log(
        `[security] images: ${largest.length} B PNG posted in ${postMs} ms → full ${full.body.length} B, thumbnail ${thumbBytes} B; ` +
          `signed-out landing page at 360x800 transferred ${total} B (budget ${LANDING_BUDGET}): html ${by((r) => r.type === 'document')}, ` +
          `js ${by((r) => r.type === 'script' || path(r).endsWith('.js'))}, css ${by((r) => r.type === 'stylesheet')}, ` +
          `api ${by((r) => path(r).startsWith('/api/') && !path(r).includes('/image'))}, thumbnail ${thumbBytes}, ${seen.length} responses`,
      );
      // The thumbnail came, the full image did not.
      expect(thumbBytes).toBeGreaterThan(0);
      expect(seen.some((r) => path(r) === res.json.imageUrl)).toBe(false);
      expect(total).toBeLessThan(LANDING_BUDGET);

      // A tap opens the full image.
      await page.getByRole('button', { name: /^View the image shared by/ }).first().click();
      const dialog = page.getByRole('dialog');
      const big = dialog.locator(`img[src="${res.json.imageUrl}"]`);
      await big.waitFor({ state: 'visible' });
      await big.evaluate((el) => new Promise<void>((resolve) => ((el as unknown as Img).complete ? resolve() : el.addEventListener('load', () => resolve()))));
      expect(await big.evaluate((el) => (el as unknown as Img).naturalWidth)).toBe(1320);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'images-lightbox-360x800');
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  it('signed in: the public feed, the friends feed and the discussion show the lazy thumbnail, no overflow at 360 px', async () => {
    const res = await post(dataUrl('image/jpeg', await photo(1200, 800)), 'Friends, look');
    expect(res.status, res.text).toBe(201);
    // The discussion opens under a question once you have predicted.
    const answered = await viewer.b.post('/api/answers', { questionId: q, optionId: 'yes' });
    expect(answered.status, answered.text).toBe(201);
    const { context, page } = await mobile(viewer);
    try {
      await page.goto('/');
      await expectThumbnail(page, res.json.id, 'feed-public');
      await page.getByRole('tab', { name: /^Friends/ }).click();
      await expectThumbnail(page, res.json.id, 'feed-friends');
      await page.goto('/vote');
      const discussion = page.getByRole('button', { name: /View Discussion/ }).first();
      await discussion.waitFor({ state: 'visible', timeout: 20_000 });
      await discussion.click();
      await expectThumbnail(page, res.json.id, 'discussion');
    } finally {
      await context.close();
    }
  });

  it('a decompression bomb (a small PNG declaring 20000 × 20000) → 400 "Image is too large", nothing stored', async () => {
    const bomb = pngBomb(20_000);
    const before = (await u.b.get(`/api/questions/${q}/comments`)).json.length;
    const started = Date.now();
    expectCleanError(await post(dataUrl('image/png', bomb), 'boom'), 400, 'Image is too large');
    const ms = Date.now() - started;
    expect((await u.b.get(`/api/questions/${q}/comments`)).json.length).toBe(before);
    console.log(`[security] images: ${bomb.length} B PNG declaring 20000x20000 RGBA (1.6 GB decoded) refused in ${ms} ms (limit 25 MP)`);
  });

  it('PNG tEXt/iTXt/iCCP/private chunks, a GIF comment, HTML after the JPEG end marker, EXIF/GPS/XMP: absent from what is served', async () => {
    const cases: [string, Buffer][] = [
      ['image/png', await pngWithChunks()],
      ['image/gif', await gifWithComment()],
      ['image/jpeg', await jpegWithEverything()],
      ['image/webp', await webpWithMetadata()],
    ];
    let checked = 0;
    for (const [mime, bytes] of cases) {
      const present = SECRETS.filter((w) => bytes.toString('latin1').includes(w));
      expect(present.length, `${mime} carries no test metadata`).toBeGreaterThan(0);
      const res = await post(dataUrl(mime, bytes));
      expect(res.status, `${mime}: ${res.text}`).toBe(201);
      for (const url of [res.json.imageUrl, res.json.thumbUrl]) {
        const img = await getBytes(sys.base, url);
        expect(img.status).toBe(200);
        expect(img.headers.get('content-type')).toBe('image/webp');
        expect(img.headers.get('x-content-type-options')).toBe('nosniff');
        const latin = img.body.toString('latin1');
        for (const word of SECRETS) expect(latin, `${mime} ${url} still carries ${word}`).not.toContain(word);
        for (const chunk of ['EXIF', 'XMP ', 'ICCP']) expect(latin, `${mime} ${url}: ${chunk} chunk`).not.toContain(chunk);
        const meta = await sharp(img.body).metadata();
        expect([meta.format, meta.exif, meta.xmp, meta.icc, meta.comments]).toEqual(['webp', undefined, undefined, undefined, undefined]);
        checked += present.length;
      }
    }
    console.log(`[security] images: 4 hostile uploads (PNG chunks, GIF comment, JPEG EXIF/GPS/XMP/ICC + HTML after EOI, WebP EXIF/XMP): ${checked} planted blocks checked, 0 served`);
  });

  it('full ≤ 1600 px, thumbnail ≤ 480 px (measured), EXIF orientation applied', async () => {
    const big = await post(dataUrl('image/jpeg', await photo(4000, 3000)));
    expect(big.status, big.text).toBe(201);
    const full = await sharp((await getBytes(sys.base, big.json.imageUrl)).body).metadata();
    const thumb = await sharp((await getBytes(sys.base, big.json.thumbUrl)).body).metadata();
    expect([full.width, full.height]).toEqual([1600, 1200]);
    expect([thumb.width, thumb.height]).toEqual([480, 360]);
    expect(big.json).toMatchObject({ imageWidth: 1600, imageHeight: 1200, thumbWidth: 480, thumbHeight: 360 });

    // Stored 200 × 100 (left red, right blue) with orientation 6: served upright, 100 × 200, red on top.
    const turned = await post(dataUrl('image/jpeg', await jpegWithEverything(200, 100, 6)));
    const body = (await getBytes(sys.base, turned.json.imageUrl)).body;
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([100, 200, undefined]);
    const { data } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)];
    expect(at(50, 20)[0]).toBeGreaterThan(200);
    expect(at(50, 180)[2]).toBeGreaterThan(200);
    console.log(`[security] images: 4000x3000 → ${full.width}x${full.height} + thumbnail ${thumb.width}x${thumb.height}; orientation 6 served upright (100x200)`);
  });

  it('5 MB + 1 byte is refused by the gateway before gRPC', async () => {
    const calls = await postComments();
    const over = Buffer.concat([PNG, Buffer.alloc(MB5 + 1 - PNG.length)]);
    expectCleanError(await post(dataUrl('image/png', over)), 400, 'Please select an image smaller than 5MB');
    expect(await postComments()).toBe(calls);
  });

  it('other types, type/magic mismatches, SVG and undecodable images → 400, and no comment is created', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const jpeg = await jpegWithEverything();
    const fakeGif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(64, 0x3b)]);
    const before = (await u.b.get(`/api/questions/${q}/comments`)).json.length;
    const bad: [string, string, string?][] = [
      ['svg', dataUrl('image/svg+xml', svg)],
      ['svg claimed as png', dataUrl('image/png', svg)],
      ['html', dataUrl('text/html', Buffer.from('<script>alert(1)</script>'))],
      ['bmp', dataUrl('image/bmp', Buffer.from('BM' + '\0'.repeat(60), 'latin1'))],
      ['tiff', dataUrl('image/tiff', Buffer.from('II*\0' + '\0'.repeat(60), 'latin1'))],
      ['jpeg bytes claimed png', dataUrl('image/png', jpeg)],
      ['png bytes claimed jpeg', dataUrl('image/jpeg', PNG)],
      ['gif magic, no picture', dataUrl('image/gif', fakeGif), 'The image could not be read'],
      ['png bytes claimed gif', dataUrl('image/gif', PNG)],
      ['random bytes claimed png', dataUrl('image/png', Buffer.from('not an image at all'))],
      ['empty png', 'data:image/png;base64,'],
      ['not base64', 'data:image/png,%89PNG'],
      ['http url', 'https://evil.example/x.png'],
      ['javascript url', 'javascript:alert(1)'],
      ['uppercase mime', dataUrl('IMAGE/PNG', PNG)],
      ['mime with parameters', `data:image/png;charset=utf-8;base64,${PNG.toString('base64')}`],
      ['truncated png', dataUrl('image/png', PNG.subarray(0, 20))],
      ['png cut inside its pixels', dataUrl('image/png', (await pngWithChunks(64, 48)).subarray(0, 60)), 'The image could not be read'],
    ];
    for (const [name, url, message] of bad) {
      const res = await post(url, 'caption');
      try {
        expectCleanError(res, 400, message);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    expect((await u.b.get(`/api/questions/${q}/comments`)).json.length).toBe(before);
  });

  it('images over the limit never reach gRPC (413/400 at the gateway)', async () => {
    const gif = (size: number) => Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(size - 6, 0x3b)]);
    const before = await postComments();
    // 5.1 MB of image: its base64 still fits the 7 MB body limit, so only the gateway's own check can stop it.
    expectCleanError(await post(dataUrl('image/gif', gif(Math.round(5.1 * 1024 * 1024)))), 400, 'Please select an image smaller than 5MB');
    // 6 MB: larger than the body limit.
    expectCleanError(await post(dataUrl('image/gif', gif(6 * 1024 * 1024))), 413);
    // A long non-image string.
    expectCleanError(await post('x'.repeat(7_100_000)), 400, 'Please select an image smaller than 5MB');
    expectCleanError(await post(`data:image/png;base64,${'A'.repeat(7_000_000)}`), 400);
    expect(await postComments()).toBe(before);
  });
});
