// The browser side of images.test.ts: a phone-sized Chromium page (signed in or not), the checks on a comment's
// thumbnail, and a TCP proxy that counts the bytes the gateway sends.
import { createServer, connect, type Socket } from 'node:net';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from '../../web/e2e/browser.ts';
import type { SecUser } from './system.js';

// Browser globals used inside page callbacks (the test project is type-checked without the DOM lib).
declare const document: { documentElement: { scrollWidth: number } };
declare const window: { innerWidth: number };
export type Img = { complete: boolean; naturalWidth: number };

const VIEWPORT = { width: 360, height: 800 };

/** A new context at 360 × 800 (a phone), with `session`'s cookie when given, and a page in it. */
export async function mobilePage(chromium: Chromium, session: SecUser | null, base: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
    baseURL: base,
  });
  if (session) await context.addCookies([{ name: 'sid', value: session.b.cookies.get('sid')!, url: base }]);
  return { context, page: await context.newPage() };
}

/** The comment thumbnail of `commentId` on screen: loaded, lazy, its size set, and the page no wider than the screen. */
export async function expectThumbnail(page: Page, commentId: string, screen: string) {
  const img = page.locator(`img[src="/api/comments/${commentId}/image?size=thumb"]`).first();
  await img.waitFor({ state: 'attached', timeout: 20_000 }).catch(async (err: unknown) => {
    await screenshot(page, `images-${screen}-failed`);
    throw err;
  });
  // On the landing a card's comments are folded under their count: open them as a reader would.
  const fold = page.locator('details', { has: img }).first();
  if ((await fold.count()) && !(await fold.evaluate((d) => (d as unknown as { open: boolean }).open))) await fold.locator('summary').first().click();
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((el) => new Promise<void>((resolve) => ((el as unknown as Img).complete ? resolve() : el.addEventListener('load', () => resolve()))));
  expect(await img.getAttribute('loading'), screen).toBe('lazy');
  expect(Number(await img.getAttribute('width')), screen).toBeGreaterThan(0);
  expect(Number(await img.getAttribute('height')), screen).toBeGreaterThan(0);
  expect(await img.evaluate((el) => (el as unknown as Img).naturalWidth), screen).toBeLessThanOrEqual(480);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${screen}: horizontal overflow`).toBeLessThanOrEqual(0);
  await screenshot(page, `images-${screen}-360x800`);
  return img;
}

/** A TCP proxy to the gateway that counts the bytes it sends back. */
export async function countingProxy(port: number) {
  let bytes = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) s.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${own}`,
    bytes: () => bytes,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
