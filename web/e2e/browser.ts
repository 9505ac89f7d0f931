// Browser helpers for end-to-end tests: system Chromium driven by playwright-core.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { startStack, type StackOptions } from '../../scripts/stack.ts';
import { loginApi, publishNewQuestion } from './api.ts';

export * from './api.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The reference mobile viewport. */
export const VIEWPORT = { width: 390, height: 844 } as const;

const here = dirname(fileURLToPath(import.meta.url));
/** /work/main/test-results/screenshots */
export const SCREENSHOT_DIR = resolve(here, '..', '..', 'test-results', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** The stack and the browser of the test file that called startBrowserStack() (live bindings: set in its beforeAll). */
export let stack: Awaited<ReturnType<typeof startStack>>;
export let browser: Browser;

/**
 * The usual setup of a browser test file: the whole stack (free ports) and a Chromium, started before its tests and
 * stopped after them. Read them through the `stack` and `browser` exports. Hooks a file registers afterwards run
 * after these start and before these stop.
 */
export function startBrowserStack(options: StackOptions = { mode: 'test' }): void {
  beforeAll(async () => {
    stack = await startStack(options);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
}

/** The narrowest phone we design for. */
export const NARROW_VIEWPORT = { width: 360, height: 800 } as const;

/** A fresh context (own cookies and storage) at the mobile viewport (or the one given), with a page. */
export async function newMobilePage(
  browser: Browser,
  options: {
    baseURL?: string;
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** Extra request headers, e.g. Save-Data. */
    extraHTTPHeaders?: Record<string, string>;
    /** 'block': the network alone decides what loads (offline tests, byte counts). */
    serviceWorkers?: 'allow' | 'block';
    /** The browser's language (Accept-Language, navigator.languages): a first visit starts in it. en-ZA unless given. */
    locale?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? VIEWPORT,
    colorScheme: options.colorScheme ?? 'light',
    extraHTTPHeaders: options.extraHTTPHeaders,
    serviceWorkers: options.serviceWorkers,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
    baseURL: options.baseURL,
  });
  const page = await context.newPage();
  return { context, page };
}

type PageOptions = Omit<NonNullable<Parameters<typeof newMobilePage>[1]>, 'baseURL'>;

/** A fresh mobile context and page on the started stack (startBrowserStack()), at the mobile viewport or the one given. */
export function stackPage(options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  return newMobilePage(browser, { baseURL: stack.baseUrl, ...options });
}

/** stackPage() on the narrowest phone we design for (360 × 800). */
export function narrowPage(options: Omit<PageOptions, 'viewport'> = {}): Promise<{ context: BrowserContext; page: Page }> {
  return stackPage({ viewport: NARROW_VIEWPORT, ...options });
}

/** A plain context (own cookies) on the started stack, e.g. for its `request`. */
export function stackContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: stack.baseUrl, ...options });
}

/** Reloads until the locator shows (public lists are briefly cached by the gateway; changes travel through events). */
export async function reloadUntilVisible(page: Page, locator: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await locator.waitFor({ state: 'visible', timeout: 3_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

/** Saves a screenshot of the visible screen to test-results/screenshots/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  return path;
}

/** Waits until the locator is visible (playwright-core has no `expect`; vitest's cannot wait). */
export async function expectVisible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** Closes every open toast (they can cover controls at the foot of a 360 px screen). */
/**
 * Scrolls a results panel's cards below the national results (friends, rankings, share, discussion) on screen: they
 * load their data only when the reader scrolls to them. A card above that grows after the scroll (its figures
 * arriving, a longer language) can push the marker off screen before the panel saw it, so it scrolls again until
 * the cards below have come (they follow the marker).
 */
export async function showResultsBelow(scope: Locator | Page, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  for (const mark of await scope.locator('.results__more').all()) {
    for (;;) {
      await mark.scrollIntoViewIfNeeded();
      if (await mark.evaluate((el) => el.nextElementSibling !== null)) break;
      if (Date.now() > end) throw new Error(`the cards below the results did not come within ${timeout} ms of scrolling to them`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('.toast .toast__close');
  while (await close.count()) await close.first().click();
}

/**
 * Signs a new user up through the landing page's dialog (privacy consent ticked) and waits for the signed-in app.
 * A province given is saved on the account as the "complete your profile" step would (sign-up no longer asks it).
 */
export async function signUpInBrowser(page: Page, username: string, name: string, password: string, province?: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('banner').getByRole('timer').waitFor({ timeout: 15_000 });
  await closeToasts(page);
  if (province) {
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
    const res = await page.request.patch(`/api/users/${me.id}`, { data: { province, profilePromptDone: true } });
    if (!res.ok()) throw new Error(`province not saved: ${res.status()} ${await res.text()}`);
    await page.reload();
    await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
  }
}

/**
 * How the page is wider than the screen, or null when it is not: the scrolling element's width against the
 * viewport's, with the last few elements that reach past its right edge (where to look).
 */
export async function horizontalOverflow(page: Page): Promise<string | null> {
  // Against the viewport's own width too: a mobile browser widens the layout viewport (innerWidth) to fit a wide
  // page and zooms out, so scrollWidth <= innerWidth alone can pass on a page that is too wide.
  const screenWidth = page.viewportSize()?.width ?? Number.POSITIVE_INFINITY;
  // A string: this module is also type-checked without the DOM library (tsconfig.test.json).
  return page.evaluate<string | null>(`(() => {
    const scroller = document.scrollingElement || document.documentElement;
    const width = Math.min(window.innerWidth, ${screenWidth});
    if (scroller.scrollWidth <= width) return null;
    // The innermost elements past the edge, outside fixed bars (those only stretch to the widened viewport).
    const fixed = (el) => { for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true; return false; };
    const past = Array.from(document.querySelectorAll('body *')).filter((el) => el.getBoundingClientRect().right > width + 0.5 && !fixed(el));
    const wide = past.filter((el) => !past.some((other) => other !== el && el.contains(other)))
      .slice(0, 4)
      .map((el) => el.tagName.toLowerCase() + '.' + Array.from(el.classList).join('.') + ' (' + Math.round(el.getBoundingClientRect().right) + 'px)');
    return scroller.scrollWidth + 'px > ' + width + 'px (innerWidth ' + window.innerWidth + '): ' + wide.join(', ');
  })()`);
}

/** Signs the development admin in through the landing page's dialog and waits for the signed-in app. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password').fill('admin-dev-password');
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('banner').getByRole('timer').waitFor({ timeout: 15_000 });
}

/** Nothing is wider than the screen: no sideways scrolling at 360 px. */
export async function expectNoHorizontalOverflow(page: Page) {
  expect(await horizontalOverflow(page), 'page is wider than the viewport').toBeNull();
}

/** axe-core's default rules (WCAG 2.x A/AA and best practices; not its experimental ones): no serious or critical violations. */
export async function expectAccessible(page: Page, what: string) {
  // A toast or dialog still fading in would be judged at a fraction of its contrast: after a frame (what a response
  // just rendered has started), let finite animations end first.
  await page.evaluate(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))).then(() => Promise.all(document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime))).map((a) => a.finished.catch(() => undefined))))`);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious/critical axe violations',
  ).toEqual([]);
}

/**
 * The admin's API for a test file's setup: a context signed in as the development admin, opened after the file's
 * stack has started and closed after its tests. Call it at the top level, after startBrowserStack().
 */
export function adminApi(): { readonly request: APIRequestContext } {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await stackContext();
    await loginApi(context.request, 'admin', 'admin-dev-password');
  }, 60_000);
  afterAll(async () => {
    await context?.close();
  });
  return {
    get request() {
      if (!context) throw new Error('adminApi(): used before its beforeAll ran');
      return context.request;
    },
  };
}

/**
 * Today's questions a test file publishes before its tests (after the file's stack has started): each `{ id: '', text }`
 * gets its id, in the order given (the first is today's first question). Returns the admin's API (adminApi()).
 * Call it at the top level, after startBrowserStack().
 */
export function publishBeforeAll(context: string, ...questions: { id: string; text: string }[]): { readonly request: APIRequestContext } {
  const admin = adminApi();
  beforeAll(async () => {
    for (const question of questions) question.id = await publishNewQuestion(admin.request, question.text, context);
  }, 120_000);
  return admin;
}

/**
 * No sideways scrolling at 360 px. Stricter than expectNoHorizontalOverflow: a mobile browser widens its layout
 * viewport to fit content that is too wide, so innerWidth alone can grow with the page; the viewport's own width cannot.
 */
export async function expectFitsNarrowScreen(page: Page): Promise<void> {
  await expectNoHorizontalOverflow(page);
  const width = await page.evaluate<number>('Math.max(window.innerWidth, document.documentElement.scrollWidth)');
  expect(width, 'page is wider than a 360 px screen').toBeLessThanOrEqual(NARROW_VIEWPORT.width);
}
