// Browser helpers for end-to-end tests: system Chromium driven by playwright-core.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

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

/** The narrowest phone we design for. */
export const NARROW_VIEWPORT = { width: 360, height: 800 } as const;

/** A fresh context (own cookies and storage) at the mobile viewport (or the one given), with a page. */
export async function newMobilePage(
  browser: Browser,
  options: { baseURL?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? VIEWPORT,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
    baseURL: options.baseURL,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot of the visible screen to test-results/screenshots/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  return path;
}

/** A random valid username: e2e_ + 8 of [a-z0-9]. */
export function randomUsername(prefix = 'e2e_'): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = prefix;
  for (let i = 0; i < 8; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

/** Waits until the locator is visible (playwright-core has no `expect`; vitest's cannot wait). */
export async function expectVisible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** Creates a Yes / No question dated today through the admin API (`api` signed in as the admin); returns its id. */
export async function createQuestion(api: APIRequestContext, text: string, context: string): Promise<string> {
  const created = await api.post('/api/admin/questions', {
    data: {
      text,
      context,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    },
  });
  if (created.status() !== 201) throw new Error(`create question: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

/** Closes every open toast (they can cover controls at the foot of a 360 px screen). */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('.toast').getByRole('button', { name: 'Close' });
  while (await close.count()) await close.first().click();
}

/** Signs a new user up through the landing page's dialog (privacy consent ticked) and waits for the signed-in app. */
export async function signUpInBrowser(page: Page, username: string, name: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
  await closeToasts(page);
}

/** Signs the development admin in through the landing page's dialog and waits for the signed-in app. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password').fill('admin-dev-password');
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
}

/** Nothing is wider than the screen: no sideways scrolling at 360 px. */
export async function expectNoHorizontalOverflow(page: Page) {
  // A string: this module is also type-checked without the DOM library (tsconfig.test.json).
  const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
  expect(scrollWidth, 'page is wider than the viewport').toBeLessThanOrEqual(innerWidth);
}

/** axe-core's default rules (WCAG 2.x A/AA and best practices; not its experimental ones): no serious or critical violations. */
export async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious/critical axe violations',
  ).toEqual([]);
}
