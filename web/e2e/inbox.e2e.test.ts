// The inbox end to end at 360 and 390 px: while a player's page is open, a friend request and a resolution reach
// the bell without a reload (the request over /ws addressed to them, the resolution through the broadcast); /inbox
// lists them with the player's outcome; opening an item marks it read, "Mark all read" the rest.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adminApi,
  answerApi,
  apiPost,
  browser,
  createQuestion,
  expectAccessible,
  expectFitsNarrowScreen,
  expectVisible,
  NARROW_VIEWPORT,
  newMobilePage,
  publishQuestion,
  randomUsername,
  screenshot,
  signUpApi,
  stack,
  startBrowserStack,
  VIEWPORT,
} from './browser';

startBrowserStack();
const admin = adminApi();

/** The bell's unread count, read from its accessible name ("Inbox, 3 unread items"). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByRole('banner').getByRole('link', { name: /^Inbox/ }).getAttribute('aria-label')) ?? '';
  const n = /(\d+) unread/.exec(label);
  return n ? Number(n[1]) : 0;
}

async function bellReaches(page: Page, atLeast: number) {
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(atLeast);
}

for (const [label, viewport, colorScheme] of [
  ['360', NARROW_VIEWPORT, 'light'],
  ['390-dark', VIEWPORT, 'dark'],
] as const) {
  test(`${label}: a friend request and a resolution arrive live; /inbox shows them; mark read`, async () => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport, colorScheme });
    const other = await browser.newContext({ baseURL: stack.baseUrl });
    try {
      const me = await signUpApi(context.request, { username: randomUsername('e2einbox_'), name: 'Thandi Inbox' });
      const siphoName = `Sipho ${label}`;
      const sipho = await signUpApi(other.request, { username: randomUsername('e2esipho_'), name: siphoName });
      await page.goto('/');
      await expectVisible(page.getByRole('banner').getByRole('link', { name: /^Inbox/ }), 15_000);
      await page.waitForLoadState('networkidle');
      const start = await bellCount(page);
      await page.evaluate(() => {
        (window as unknown as { __inboxMarker: number }).__inboxMarker = 7;
      });

      // A friend request: only this person's sockets hear of it.
      await apiPost(other.request, '/api/friendships', { userId: sipho, friendId: me });
      await bellReaches(page, start + 1);
      await screenshot(page, `inbox-${label}-bell`);

      // A question published and resolved while the page is open: the broadcasts bump the count.
      const text = `Will the inbox e2e ${Date.now().toString(36)} call it`;
      const id = await createQuestion(admin.request, text, 'Resolved while the page was open.');
      await publishQuestion(admin.request, id);
      await answerApi(context.request, me, id, 'yes');
      const beforeResolve = await bellCount(page);
      const resolved = await admin.request.put(`/api/admin/questions/${id}/resolve`, { data: { correctOptionId: 'yes' } });
      expect(resolved.status()).toBe(200);
      await bellReaches(page, beforeResolve + 1);
      expect(await page.evaluate(() => (window as unknown as { __inboxMarker?: number }).__inboxMarker)).toBe(7);

      await page.getByRole('banner').getByRole('link', { name: /^Inbox/ }).click();
      await expectVisible(page.getByRole('heading', { name: 'Inbox' }), 15_000);
      const request = page.getByRole('link', { name: new RegExp(`${siphoName} sent you a friend request`) });
      await expectVisible(request, 15_000);
      const resolution = page.getByRole('link', { name: new RegExp(`Resolved: ${text}`) });
      await expectVisible(resolution, 15_000);
      await expect.poll(() => resolution.textContent()).toContain('You called it');
      await expectFitsNarrowScreenIfNarrow(page, viewport.width);
      await expectAccessible(page, `inbox ${label}`);
      await screenshot(page, `inbox-${label}-list`);

      // Opening an item marks it read (and leads to the friend requests).
      const unreadBefore = await bellCount(page);
      await request.click();
      await page.waitForURL(/\/friends$/);
      await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(unreadBefore - 1);
      await page.goBack();
      await expectVisible(page.getByRole('heading', { name: 'Inbox' }), 15_000);
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => page.locator('.inbox-item--unread').count()).toBe(0);
      await screenshot(page, `inbox-${label}-read`);
    } finally {
      await other.close();
      await context.close();
    }
  });
}

async function expectFitsNarrowScreenIfNarrow(page: Page, width: number) {
  if (width <= NARROW_VIEWPORT.width) await expectFitsNarrowScreen(page);
}
