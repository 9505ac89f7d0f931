// The first paint is the app's own: the gateway renders / (signed out) and /vote (signed in) with the app's
// components on the server (web/src/entry-server.tsx), in the visitor's language, and the browser hydrates that very
// markup. Checked at both phone widths in all four languages: before any script runs the page already shows today's
// question in the right language; after hydration the app's markup is the server's, React reported no mismatch, and
// no overlay or template exists.
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { catalogue, LOCALES } from './messages';
import { browser, createQuestion, expectVisible, newMobilePage, screenshot, signUpApi, stack, startBrowserStack } from './browser';

/** Today's question's text; a run that crosses midnight in SAST publishes the new day's (sastDay). */
let text = '';
let publishedOn = '';
const sastDay = () => new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
const LANGUAGES = ['en', 'zu', 'af', 'st'] as const;
const WIDTHS = [
  [360, { width: 360, height: 800 }],
  [390, { width: 390, height: 844 }],
] as const;

startBrowserStack();

async function publishToday(): Promise<void> {
  publishedOn = sastDay();
  text = `Will the first paint ${Date.now().toString(36)} show the real question`;
  const admin = await browser.newContext({ baseURL: stack.baseUrl });
  try {
    const login = await admin.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
    expect(login.status()).toBe(200);
    const id = await createQuestion(admin.request, text, 'Published by the first-paint browser test.');
    expect((await admin.request.post(`/api/admin/questions/${id}/publish`)).status()).toBe(200);
  } finally {
    await admin.close();
  }
}

beforeAll(publishToday);
// Yesterday's question is not today's once midnight has passed in SAST.
beforeEach(async () => {
  if (sastDay() !== publishedOn) await publishToday();
});

/** Console errors and warnings, and uncaught errors, that speak of hydration (React's #418, #423, #425 …). */
function hydrationComplaints(page: Page): string[] {
  const seen: string[] = [];
  const record = (message: string) => {
    if (/hydrat|#418|#419|#421|#423|#425|did not match|server rendered|server html/i.test(message)) seen.push(message);
  };
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && record(m.text()));
  page.on('pageerror', (e) => record(`${e.message}\n${e.stack ?? ''}`));
  return seen;
}

/** Loads `path` with no script at all (only the server's markup), reloading until today's question shows. */
async function serverPaint(page: Page, path: string, question: string): Promise<void> {
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  for (let i = 0; ; i++) {
    await page.goto(path);
    // The public reads are briefly cached by the gateway.
    if ((await page.getByText(question, { exact: true }).count()) > 0) break;
    if (i >= 10) throw new Error(`${path}: today's question never showed`);
    await page.waitForTimeout(500);
  }
  await page.unroute(/\/assets\/.+\.js$/);
}

/** Waits until React has hydrated the element (it keeps its fiber on the DOM node). */
async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (s) => {
      const el = document.querySelector(s);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    },
    selector,
    { timeout: 20_000 },
  );
}

const outer = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.outerHTML);

/**
 * The day label ("Day 1005 - 1 December") is the one text meant to change once the app has taken over: the server and
 * the hydrating render write its month as English names it (every runtime knows those; a phone's Intl may not know
 * Sesotho's), the hydrated app in the interface language as this browser's Intl has it. The markups are compared
 * without it, and the hydrated label is checked on its own.
 */
const withoutDay = (html: string) => html.replace(/(hero__day|vq__day)">[^<]*</g, '$1"><');
async function expectDayInLanguage(page: Page, selector: string, locale: string): Promise<void> {
  const month = await page.evaluate((l) => new Intl.DateTimeFormat(l, { month: 'long', timeZone: 'Africa/Johannesburg' }).format(new Date()), locale);
  await expect.poll(() => page.locator(selector).first().textContent(), { timeout: 5_000 }).toMatch(new RegExp(`\\d+.*${month}`, 'i'));
}

/** No overlay over the page and no template cloned into it: #root holds the page (beside it only the toasts' region). */
async function expectNoOverlay(page: Page): Promise<void> {
  expect(await page.locator('template').count()).toBe(0);
  const others = await page.evaluate(() =>
    Array.from(document.body.children)
      .filter((e) => e.tagName !== 'SCRIPT' && e.id !== 'root' && !e.querySelector(':scope > .toaster'))
      .map((e) => e.outerHTML.slice(0, 80)),
  );
  expect(others).toEqual([]);
}

describe.each(LANGUAGES)('in %s', (language) => {
  const messages = catalogue(language);

  test.each(WIDTHS)('signed out, / is rendered on the server and hydrated as it is (%i px)', async (width, viewport) => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport });
    try {
      await context.addCookies([{ name: 'lang', value: language, url: stack.baseUrl }]);
      const complaints = hydrationComplaints(page);
      await serverPaint(page, '/', `${text}?`);
      expect(await page.getAttribute('html', 'lang')).toBe(LOCALES[language]);
      const hero = page.locator('.hero');
      expect(await hero.locator('.hero__kicker').textContent()).toBe(messages['landing.kicker']);
      expect(await hero.locator('.hero__day').textContent()).toMatch(/\d/);
      // A plain Yes/No question's options in the reader's language (the admin gave no translation of them).
      const [yes, no] = [messages['live.yes']!.toUpperCase(), messages['live.no']!.toUpperCase()];
      expect(await hero.getByRole('button').allTextContents()).toEqual([yes, no, messages['landing.startPredicting'], messages['landing.login']]);
      await expectNoOverlay(page);
      await screenshot(page, `first-paint-landing-server-${language}-${width}`);
      const server = { header: await outer(page, '.landing-header'), hero: await outer(page, '.hero') };

      await page.reload();
      await hydrated(page, '#hero-title');
      expect(complaints).toEqual([]);
      expect({ header: await outer(page, '.landing-header'), hero: withoutDay(await outer(page, '.hero')) }).toEqual({ ...server, hero: withoutDay(server.hero) });
      await expectDayInLanguage(page, '.hero__day', LOCALES[language]!);
      await expectNoOverlay(page);
      // The buttons are the app's: YES opens the sign-up dialog.
      await hero.getByRole('button', { name: yes, exact: true }).click();
      await expectVisible(page.getByRole('dialog'));
      expect(complaints).toEqual([]);
      await screenshot(page, `first-paint-landing-hydrated-${language}-${width}`);
    } finally {
      await context.close();
    }
  });

  test.each(WIDTHS)('signed in, /vote is rendered on the server and hydrated as it is (%i px)', async (width, viewport) => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport });
    try {
      await signUpApi(context.request, { name: `First Paint ${language}` });
      await context.addCookies([{ name: 'lang', value: language, url: stack.baseUrl }]);
      const complaints = hydrationComplaints(page);
      // Whether the user has answered stays unknown while the markups are compared (the question's form waits).
      await page.route(/\/api\/users\/[^/]+\/answers/, () => undefined);
      await serverPaint(page, '/vote', `${text}?`);
      expect(await page.getAttribute('html', 'lang')).toBe(LOCALES[language]);
      expect(await page.locator('.screen-header__subtitle, .screen-header p').first().textContent()).toBe(messages['vote.subtitle']);
      const card = page.locator('.vq').filter({ has: page.getByText(`${text}?`, { exact: true }) });
      await expectVisible(card.getByText('Published by the first-paint browser test.'));
      await expectNoOverlay(page);
      await screenshot(page, `first-paint-vote-server-${language}-${width}`);
      const server = await outer(page, '.vote-page');

      await page.reload();
      await hydrated(page, '.vote-page');
      expect(complaints).toEqual([]);
      // The countdown ticks every second: all else is compared as it is.
      const withoutClock = (html: string) => html.replace(/vote-countdown__value">[^<]*</, 'vote-countdown__value"><');
      expect(withoutDay(withoutClock(await outer(page, '.vote-page')))).toEqual(withoutDay(withoutClock(server)));
      await expectDayInLanguage(page, '.vq__day', LOCALES[language]!);
      await expectNoOverlay(page);
      expect(complaints).toEqual([]);
      await screenshot(page, `first-paint-vote-hydrated-${language}-${width}`);
    } finally {
      await context.close();
    }
  });
});

test('other pages render in the browser: an empty root, then the app', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    const html = await (await context.request.get('/privacy')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="page-data"');
    await page.goto('/privacy');
    await expectVisible(page.getByRole('heading').first(), 15_000);
  } finally {
    await context.close();
  }
});
