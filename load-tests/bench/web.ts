/**
 * Web checks: initial JS+CSS of the landing page and the lazy chart chunk (gzip, bundle.ts), and in headless Chromium
 * (playwright-core + /usr/bin/chromium) the bytes a repeat visit fetches over the network once the service worker
 * controls the page, and LCP under emulated Fast 3G + 4× CPU slowdown (CDP), cold cache, ≥ 3 repetitions; and the
 * HTTP requests an idle signed-in /vote makes in a minute with its live socket open (the target: ≤ 2, since the socket
 * replaces polling), the way web/e2e/live-requests.e2e.test.ts measures it.
 */
import { existsSync } from 'node:fs';
import { bundleSizes, type ChartChunk } from './bundle.ts';
import { figure, type Figure } from './stats.ts';
import { withCpu } from './procs.ts';

export interface WebResult {
  error?: string;
  initialGzipKb: number;
  files: number;
  /** The lazy chart chunk (undefined: not in the manifest). */
  chart?: ChartChunk;
  repeatKb?: number;
  lcpMs?: Figure;
  /** The signed-in /vote's LCP under the same conditions. */
  voteLcpMs?: Figure;
  /** The embed page's JS+CSS (gzip) and its LCP under the same conditions (a question's /embed/q/{id}, no frame). */
  embed?: { gzipKb: number; files: number };
  embedLcpMs?: Figure;
  /** Idle signed-in /vote with the socket open: HTTP requests in `idle.windowMs` (page and service worker). */
  idle?: { requests: string[]; windowMs: number; elapsedMs: number; socketOpen: boolean };
  /** The gateway's CPU ms per server-rendered page view: / signed out (four languages), /vote signed in. */
  pageCpuMs?: { signedOut: number; signedIn: number; views: number };
  notes: string[];
}

export interface IdleVoteOptions {
  /** The public origin (PUBLIC_URL): the page, its cookie and its socket's Origin. */
  origin: string;
  /** A signed-in session's Cookie header (`sid=…`). */
  cookie: string;
  windowMs: number;
}

const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024) / 8 * 0.9, uploadThroughput: (750 * 1024) / 8 * 0.9 };

/** Server-rendered page views, one at a time, per kind. */
const PAGE_VIEWS = 200;

/**
 * The gateway's CPU ms per server-rendered page view (gzip asked for, as browsers do): the landing signed out in
 * turn in the four languages (a signed-out page is rendered at most once a second per language, so most views reuse
 * one), and the signed-in /vote (rendered for each view: the user's session read, their profile asked for).
 */
export async function pageViewCpu(origin: string, gatewayPid: number, cookie: string): Promise<{ signedOut: number; signedIn: number; views: number }> {
  const view = async (url: string, headers: Record<string, string>) => {
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers } });
    if (!(await res.text()).includes('id="page-data"')) throw new Error(`${url}: not rendered on the server`);
  };
  const languages = ['en', 'zu', 'af', 'st'];
  const signedOut = await withCpu([gatewayPid], async () => {
    for (let i = 0; i < PAGE_VIEWS; i++) await view(`${origin}/`, { cookie: `lang=${languages[i % 4]}` });
  });
  const signedIn = await withCpu([gatewayPid], async () => {
    for (let i = 0; i < PAGE_VIEWS; i++) await view(`${origin}/vote`, { cookie });
  });
  return { signedOut: signedOut.cpu[0]! / PAGE_VIEWS, signedIn: signedIn.cpu[0]! / PAGE_VIEWS, views: PAGE_VIEWS };
}

export async function webChecks(origin: string, reps = 3, idleVote?: IdleVoteOptions, gatewayPid?: number, embedPath?: string): Promise<WebResult> {
  const notes: string[] = [];
  const bundle = bundleSizes();
  const out: WebResult = { initialGzipKb: bundle.landingGzipKb, files: bundle.landingFiles, chart: bundle.chart, embed: bundle.embed, notes };
  if (gatewayPid && idleVote) {
    out.pageCpuMs = await pageViewCpu(origin, gatewayPid, idleVote.cookie).catch((e: Error) => {
      notes.push(`page-view CPU not measured: ${e.message}`);
      return undefined;
    });
  }

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
    // LCP, cold cache, Fast 3G + 4× CPU: the landing signed out, and /vote signed in (the pages a phone meets first).
    const lcps = await fast3gLcp(browser, origin + '/', reps, notes);
    out.lcpMs = figure(lcps);
    if (idleVote) {
      const voteLcps = await fast3gLcp(browser, idleVote.origin + '/vote', reps, notes, { cookie: idleVote.cookie, cookieUrl: idleVote.origin });
      if (voteLcps.length) out.voteLcpMs = figure(voteLcps);
    }
    if (embedPath) {
      const embedLcps = await fast3gLcp(browser, origin + embedPath, reps, notes);
      if (embedLcps.length) out.embedLcpMs = figure(embedLcps);
    }
    notes.push('LCP measured through the gateway as served (static assets gzip-compressed by the gateway; no CDN)');
    if (idleVote) {
      out.idle = await idleVoteRequests(browser, idleVote).catch((e: Error) => {
        notes.push(`idle /vote measurement failed: ${e.message}`);
        return undefined;
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** A Cookie header (`a=1; b=2`) as the browser's cookies for `url`'s origin. */
function cookiesOf(header: string, url: string) {
  return header.split(/;\s*/).filter(Boolean).map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: new URL(url).origin, sameSite: 'Lax' as const };
  });
}

/**
 * Largest contentful paint of `url`, cold cache, under emulated Fast 3G (DevTools' preset: 562.5 ms latency,
 * 1.44 Mbit/s down) and 4× CPU slowdown, `reps` times in fresh contexts (signed in when a `cookie` is given).
 * Repetitions without an LCP entry are left out and noted.
 */
export async function fast3gLcp(
  browser: import('playwright-core').Browser,
  url: string,
  reps: number,
  notes: string[],
  signedIn?: { cookie: string; cookieUrl: string },
): Promise<number[]> {
  const lcps: number[] = [];
  for (let r = 0; r < reps; r++) {
    const ctx = await browser.newContext();
    try {
      if (signedIn) await ctx.addCookies(cookiesOf(signedIn.cookie, signedIn.cookieUrl));
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript({
        content: `window.__lcp = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });`,
      });
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      // A signed-in page paints its content after the load event (its data comes from the API): wait for a first
      // candidate, then 2 s for a larger one.
      await page.waitForFunction('window.__lcp > 0', undefined, { timeout: 30_000 }).catch(() => undefined);
      await page.waitForTimeout(2_000);
      const lcp = Number(await page.evaluate('window.__lcp'));
      if (lcp > 0) lcps.push(lcp);
      else notes.push(`LCP of ${new URL(url).pathname}, repetition ${r + 1}: no largest-contentful-paint entry (left out)`);
    } finally {
      await ctx.close();
    }
  }
  return lcps;
}

/**
 * An idle signed-in /vote (mobile viewport, as the e2e test): open it with the session cookie, wait for the results
 * panel of the question the user answered, the live socket's handshake (CDP) and for the network to settle, then record every HTTP request of the context (page and
 * service worker) for `windowMs`. The socket's heartbeat is websocket frames, not requests.
 */
async function idleVoteRequests(browser: import('playwright-core').Browser, o: IdleVoteOptions): Promise<NonNullable<WebResult['idle']>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'en-ZA', timezoneId: 'Africa/Johannesburg' });
  try {
    await context.addCookies(cookiesOf(o.cookie, o.origin));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let closed = false;
    page.on('websocket', (ws) => ws.on('close', () => (closed = true)));
    const opened = new Promise<void>((resolve) => {
      cdp.on('Network.webSocketHandshakeResponseReceived', (e: { response: { status: number } }) => {
        if (e.response.status === 101) resolve();
      });
    });
    const urls: string[] = [];
    let recording = false;
    context.on('request', (req) => {
      if (!recording) return;
      const u = new URL(req.url());
      urls.push(`${req.method()} ${u.pathname}${u.search}`);
    });
    await page.goto(o.origin + '/vote', { waitUntil: 'load', timeout: 60_000 });
    // The page is loaded when the answered question's results panel shows (as in the e2e test): network idle alone
    // can come before the app's first queries on a busy machine, and the window then records the initial load.
    await page.locator('section.results').first().waitFor({ state: 'visible', timeout: 60_000 });
    await Promise.race([opened, new Promise((_, reject) => setTimeout(() => reject(new Error('/vote: the live socket did not open within 30 s')), 30_000))]);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    recording = true;
    const started = Date.now();
    await page.waitForTimeout(o.windowMs);
    recording = false;
    return { requests: [...urls], windowMs: o.windowMs, elapsedMs: Date.now() - started, socketOpen: !closed };
  } finally {
    await context.close();
  }
}
