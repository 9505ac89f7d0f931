/**
 * Web checks: initial JS+CSS of the landing page (gzip, from web/dist/index.html), and in headless Chromium
 * (playwright-core + /usr/bin/chromium) the bytes a repeat visit fetches over the network once the service worker
 * controls the page, and LCP under emulated Fast 3G + 4× CPU slowdown (CDP), cold cache, ≥ 3 repetitions.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { figure, type Figure } from './stats.ts';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface WebResult {
  error?: string;
  initialGzipKb: number;
  files: number;
  repeatKb?: number;
  lcpMs?: Figure;
  notes: string[];
}

const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024) / 8 * 0.9, uploadThroughput: (750 * 1024) / 8 * 0.9 };

export async function webChecks(origin: string, reps = 3): Promise<WebResult> {
  const notes: string[] = [];
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) urls.add(m[1]!);
  let gz = 0;
  for (const u of urls) gz += gzipSync(readFileSync(path.join(DIST, u))).length;
  const out: WebResult = { initialGzipKb: gz / 1024, files: urls.size, notes };

  const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!chromium) {
    notes.push('no chromium: repeat-visit and LCP checks skipped');
    return out;
  }
  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({ executablePath: chromium, args: ['--no-sandbox'] });
  try {
    // Repeat visit: first visit installs the service worker; the second counts network bytes not served by it.
    {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(origin + '/', { waitUntil: 'load' });
      await page.evaluate(`('serviceWorker' in navigator) ? navigator.serviceWorker.ready.then(() => true) : false`);
      await page.waitForTimeout(500);
      let bytes = 0;
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      const fromSw = new Set<string>();
      cdp.on('Network.responseReceived', (e: { requestId: string; response: { fromServiceWorker?: boolean; url: string } }) => {
        if (e.response.fromServiceWorker) fromSw.add(e.requestId);
      });
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
        if (!fromSw.has(e.requestId)) bytes += e.encodedDataLength;
      });
      // The app keeps a websocket and polls results, so the network never idles: load + 2 s.
      await page.reload({ waitUntil: 'load' });
      await page.waitForTimeout(2_000);
      out.repeatKb = bytes / 1024;
      notes.push('repeat visit counts every byte not answered by the service worker, API calls of the landing page included');
      await ctx.close();
    }
    // LCP, cold cache, Fast 3G + 4× CPU.
    const lcps: number[] = [];
    for (let r = 0; r < reps; r++) {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript({
        content: `window.__lcp = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });`,
      });
      await page.goto(origin + '/', { waitUntil: 'load', timeout: 60_000 });
      await page.waitForTimeout(2_000);
      const lcp = Number(await page.evaluate('window.__lcp'));
      if (lcp > 0) lcps.push(lcp);
      else notes.push(`LCP repetition ${r + 1}: no largest-contentful-paint entry (left out)`);
      await ctx.close();
    }
    out.lcpMs = figure(lcps);
    notes.push('LCP measured through the gateway as served (static assets gzip-compressed by the gateway; no CDN)');
  } finally {
    await browser.close();
  }
  return out;
}
