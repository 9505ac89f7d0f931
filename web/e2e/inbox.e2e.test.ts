// The inbox end to end at 360 and 390 px, in English and in isiZulu: while a player's page is open, a friend request,
// a reply to their comment and a resolution reach the bell without a reload (the request and the reply over /ws
// addressed to them, the resolution through the broadcast); /inbox lists them with the player's outcome; opening an
// item marks it read, "Mark all read" the rest. Every word looked for comes from the language's catalogue.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  answerApi,
  apiPost,
  browser,
  createQuestion,
  eventually,
  expectAccessible,
  expectFitsNarrowScreen,
  expectVisible,
  NARROW_VIEWPORT,
  newMobilePage,
  publishBeforeAll,
  publishQuestion,
  randomUsername,
  screenshot,
  signUpApi,
  stack,
  startBrowserStack,
  VIEWPORT,
  resolveBody,
} from './browser';
import { LOCALES, startingWith, translator, type CatalogueLanguage } from './messages';

startBrowserStack();
// The question the player comments on (published before their page opens).
const discussed = { id: '', text: `Will the inbox e2e ${Date.now().toString(36)} hear the reply` };
const admin = publishBeforeAll('Commented on by the inbox browser test.', discussed);

/** The header's bell: its accessible name starts with the inbox's title ("Inbox, 3 unread items"). */
const bell = (page: Page, t: ReturnType<typeof translator>) =>
  page.getByRole('banner').getByRole('link', { name: startingWith(t('inbox.title')) });

/** The bell's unread count, read from its accessible name, which must be the catalogue's words for that count. */
async function bellCount(page: Page, t: ReturnType<typeof translator>): Promise<number> {
  const label = (await bell(page, t).getAttribute('aria-label')) ?? '';
  const count = Number(/\d+/.exec(label)?.[0] ?? 0);
  expect(label).toBe(t('shell.inbox', { count }));
  return count;
}

async function bellReaches(page: Page, t: ReturnType<typeof translator>, atLeast: number) {
  await expect.poll(() => bellCount(page, t), { timeout: 15_000 }).toBeGreaterThanOrEqual(atLeast);
}

for (const [label, viewport, colorScheme, language] of [
  ['360', NARROW_VIEWPORT, 'light', 'en'],
  ['390-dark', VIEWPORT, 'dark', 'en'],
  ['360-zu-dark', NARROW_VIEWPORT, 'dark', 'zu'],
] as const satisfies readonly (readonly [string, unknown, 'light' | 'dark', CatalogueLanguage])[]) {
  test(`${label}: a friend request, a reply and a resolution arrive live; /inbox shows them; mark read`, async () => {
    const t = translator(language);
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport, colorScheme });
    const other = await browser.newContext({ baseURL: stack.baseUrl });
    try {
      const me = await signUpApi(context.request, { username: randomUsername('e2einbox_'), name: 'Thandi Inbox', language });
      const siphoName = `Sipho ${label}`;
      const sipho = await signUpApi(other.request, { username: randomUsername('e2esipho_'), name: siphoName });
      await page.goto('/');
      // The profile's language, applied once the app starts signed in.
      await page.waitForFunction((lang) => document.documentElement.lang === lang, LOCALES[language], { timeout: 15_000 });
      await expectVisible(bell(page, t), 15_000);
      await page.waitForLoadState('networkidle');
      const start = await bellCount(page, t);
      await page.evaluate(() => {
        (window as unknown as { __inboxMarker: number }).__inboxMarker = 7;
      });

      // A friend request: only this person's sockets hear of it.
      await apiPost(other.request, '/api/friendships', { userId: sipho, friendId: me });
      await bellReaches(page, t, start + 1);
      await screenshot(page, `inbox-${label}-bell`);

      // A reply to the player's comment: only the comment's author hears of it.
      const comment = await eventually(() => apiPost(context.request, `/api/questions/${discussed.id}/comments`, { content: `Thandi thinks so (${label})` }));
      const beforeReply = await bellCount(page, t);
      await eventually(() => apiPost(other.request, `/api/questions/${discussed.id}/comments`, { content: 'Not this year', parentId: comment.id }));
      await bellReaches(page, t, beforeReply + 1);

      // A question published and resolved while the page is open: the broadcasts bump the count.
      const text = `Will the inbox e2e ${Date.now().toString(36)} call it`;
      const id = await createQuestion(admin.request, text, 'Resolved while the page was open.');
      await publishQuestion(admin.request, id);
      await answerApi(context.request, me, id, 'yes');
      const beforeResolve = await bellCount(page, t);
      const resolved = await admin.request.put(`/api/admin/questions/${id}/resolve`, { data: resolveBody('yes') });
      expect(resolved.status()).toBe(200);
      await bellReaches(page, t, beforeResolve + 1);
      expect(await page.evaluate(() => (window as unknown as { __inboxMarker?: number }).__inboxMarker)).toBe(7);

      await bell(page, t).click();
      await expectVisible(page.getByRole('heading', { level: 1, name: t('inbox.title'), exact: true }), 15_000);
      const request = page.getByRole('link', { name: t('inbox.friendRequest', { name: siphoName }) });
      await expectVisible(request, 15_000);
      await expectVisible(page.getByRole('link', { name: t('inbox.replied', { name: siphoName }) }), 15_000);
      const resolution = page.getByRole('link', { name: t('inbox.resolved', { text }) });
      await expectVisible(resolution, 15_000);
      await expect.poll(() => resolution.textContent()).toContain(t('inbox.calledIt'));
      await expectFitsNarrowScreenIfNarrow(page, viewport.width);
      await expectAccessible(page, `inbox ${label}`);
      await screenshot(page, `inbox-${label}-list`);

      // Opening an item marks it read (and leads to the friend requests).
      const unreadBefore = await bellCount(page, t);
      await request.click();
      await page.waitForURL(/\/friends$/);
      await expect.poll(() => bellCount(page, t), { timeout: 10_000 }).toBe(unreadBefore - 1);
      await page.goBack();
      await expectVisible(page.getByRole('heading', { level: 1, name: t('inbox.title'), exact: true }), 15_000);
      await page.getByRole('button', { name: t('inbox.markAll') }).click();
      await expect.poll(() => bellCount(page, t), { timeout: 10_000 }).toBe(0);
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
