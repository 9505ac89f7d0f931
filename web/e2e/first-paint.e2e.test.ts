// The landing page's first paint on a slow phone: signed-out visitors get the landing already in index.html, with
// today's real question painted in before the app (React) has loaded; the app then takes over the same page.
// Signed-in visitors get no static landing; on /vote they get today's questions painted the same way (staticVote.ts).
import { beforeAll, expect, test } from 'vitest';
import { browser, createQuestion, expectVisible, newMobilePage, screenshot, stack, startBrowserStack } from './browser';

const text = `Will the first paint ${Date.now().toString(36)} show the real question`;

startBrowserStack();

beforeAll(async () => {
  const admin = await browser.newContext({ baseURL: stack.baseUrl });
  try {
    const login = await admin.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
    expect(login.status()).toBe(200);
    const id = await createQuestion(admin.request, text, 'Published by the first-paint browser test.');
    expect((await admin.request.post(`/api/admin/questions/${id}/publish`)).status()).toBe(200);
  } finally {
    await admin.close();
  }
});

test("before the app has loaded, the landing shows today's real question (buttons not yet working)", async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    // Keep the app from loading: only index.html and the small entry script run.
    await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
    // The public lists are briefly cached by the gateway: reload until the new question shows.
    const heading = page.locator('.hero').getByRole('heading', { name: `${text}?` });
    for (let i = 0; ; i++) {
      await page.goto('/');
      try {
        await heading.waitFor({ state: 'visible', timeout: 3_000 });
        break;
      } catch (error) {
        if (i >= 10) throw error;
      }
    }
    const hero = page.locator('.hero');
    await expectVisible(hero.getByText('Published by the first-paint browser test.'));
    await expectVisible(hero.getByText('LIVE', { exact: true }));
    expect(await hero.locator('.hero__day').textContent()).toMatch(/^Day \d+ - \d{1,2} [A-Z][a-z]+$/);
    const buttons = page.getByRole('button');
    expect(await buttons.allTextContents()).toEqual(['Join', 'YES', 'NO', 'Start Predicting', 'Log In']);
    for (const button of await buttons.all()) expect(await button.getAttribute('aria-disabled')).toBe('true');
    // No React yet: the archive still loads.
    expect(await page.locator('.archive .qcard').count()).toBe(0);
    await screenshot(page, 'first-paint-static');
  } finally {
    await context.close();
  }
});

test('the app takes over the same hero, and its buttons work', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    const todayCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/questions/today') todayCalls.push(req.url());
    });
    await page.goto('/');
    await expectVisible(page.locator('.hero').getByRole('heading', { name: `${text}?` }), 15_000);
    // Working buttons are the app's (the static ones are aria-disabled, so the click waits for them).
    await page.locator('.hero').getByRole('button', { name: 'YES' }).click();
    await expectVisible(page.getByRole('dialog'));
    expect(await page.locator('.landing').count()).toBe(1);
    expect(await page.locator('[aria-disabled="true"]').count()).toBe(0);
    // The first paint's call is the app's too: today's questions are asked for once.
    expect(todayCalls).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test('signed-in visitors get no static landing', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
    expect(login.status()).toBe(200);
    const html = await (await context.request.get('/')).text();
    expect(html).not.toContain('class="landing"');
    expect(html).toContain('rel="modulepreload"');
    await page.goto('/');
    await expectVisible(page.getByRole('banner').getByText('TIME:'), 15_000);
    expect(await page.locator('.landing').count()).toBe(0);
  } finally {
    await context.close();
  }
});

/** Signs the development admin in through the API (the cookie lands in the context). */
async function signInAdmin(context: import('playwright-core').BrowserContext): Promise<void> {
  const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
  expect(login.status()).toBe(200);
}

test.each([
  ['390', { width: 390, height: 844 }],
  ['360', { width: 360, height: 800 }],
])('signed in, before the app has loaded, /vote shows today’s questions over the page (%s px, buttons not yet working)', async (width, viewport) => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport });
  try {
    await signInAdmin(context);
    // Keep the app from loading: only index.html and the small entry script run.
    await page.route(/\/assets\/start-[^/]+\.js$/, (route) => route.abort());
    const painted = page.locator('#static-vote-paint');
    const title = painted.locator('.vq__text', { hasText: `${text}?` });
    // Today's questions are briefly cached by the gateway: reload until the new question shows.
    for (let i = 0; ; i++) {
      await page.goto('/vote');
      try {
        await title.waitFor({ state: 'visible', timeout: 3_000 });
        break;
      } catch (error) {
        if (i >= 10) throw error;
      }
    }
    const card = painted.locator('.vq').filter({ has: page.locator('.vq__text', { hasText: `${text}?` }) });
    await expectVisible(card.getByText('Published by the first-paint browser test.'));
    await expectVisible(card.getByText('LIVE', { exact: true }));
    expect(await card.locator('.vq__day').textContent()).toMatch(/^Day \d+ - \d{1,2} [A-Z][a-z]+$/);
    expect(await card.locator('.vq-option__label').allTextContents()).toEqual(['YES', 'NO']);
    for (const button of await painted.locator('button').all()) expect((await button.isDisabled()) || (await button.getAttribute('aria-disabled')) === 'true').toBe(true);
    expect(await painted.getAttribute('aria-hidden')).toBe('true');
    expect(await painted.locator('.screen-header__title').textContent()).toMatch(/^Today's Questions \(\d+\)$/);
    // Nothing of it is wider than the screen.
    expect(await page.evaluate<number>(`Math.max(...Array.from(document.querySelectorAll('#static-vote-paint *'), (e) => e.getBoundingClientRect().right))`)).toBeLessThanOrEqual(viewport.width + 0.5);
    // No React yet: the app's own page is not there.
    expect(await page.locator('#root .vote-page').count()).toBe(0);
    await screenshot(page, `first-paint-static-vote-${width}`);
  } finally {
    await context.close();
  }
});

test('the app renders /vote beneath the first paint and takes its place; today’s questions are asked for once', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    await signInAdmin(context);
    const todayCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/questions/today') todayCalls.push(req.url());
    });
    await page.goto('/vote');
    const card = page.locator('#root .vq').filter({ has: page.locator('.vq__text', { hasText: `${text}?` }) });
    await card.getByRole('button', { name: /^YES/ }).click({ timeout: 15_000 });
    await expectVisible(card.getByRole('button', { name: /SUBMIT PREDICTION/ }));
    expect(await page.locator('#static-vote-paint').count()).toBe(0);
    expect(todayCalls).toHaveLength(1);
    await screenshot(page, 'first-paint-vote-app');
  } finally {
    await context.close();
  }
});
