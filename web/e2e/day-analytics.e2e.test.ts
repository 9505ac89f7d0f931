// How the day went, end to end: the admin's analytics tab on a fresh stack first says "No predictions yet today";
// then players predict, comment and report, a push reaches a player's browser (a fake push service stands in for
// the browser's) and the service worker reports the player's click on it, and the tab's charts show exactly that.
// At 390 and 360 px (and in isiZulu at 360), light and dark: no sideways scrolling, axe clean, screenshots under
// test-results/screenshots/day-analytics-*.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserKeys, decryptPush, fakePushService, type FakePush } from '../../tests/support/outside-world';
import {
  adminApi,
  answerApi,
  eventually,
  expectAccessible,
  expectFitsNarrowScreen,
  expectNoHorizontalOverflow,
  expectVisible,
  NARROW_VIEWPORT,
  publishNewQuestion,
  screenshot,
  signInAsAdmin,
  signUpApi,
  stack,
  stackPage,
  startBrowserStack,
  VIEWPORT,
} from './browser';
import { translator, type CatalogueLanguage } from './messages';

// The fake push service starts first: the stack's gateway and notification service take it as their one local push
// service (PUSH_DEV_ORIGIN), read from this object when the stack starts.
const env: Record<string, string> = {};
let push: FakePush;
beforeAll(async () => {
  push = await fakePushService();
  env.PUSH_DEV_ORIGIN = push.origin;
});
startBrowserStack({ mode: 'test', env });
afterAll(async () => {
  await push?.close();
});
const admin = adminApi();

async function fits(page: Page, width: number) {
  if (width === NARROW_VIEWPORT.width) await expectFitsNarrowScreen(page);
  else await expectNoHorizontalOverflow(page);
}

async function scrollTo(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  // The fixed header covers the top of the page.
  await locator.page().evaluate(() => window.scrollBy(0, -110));
}

/** The admin's analytics tab, its day section loaded. */
async function openAnalytics(page: Page, t: ReturnType<typeof translator>) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: t('admin.tabAnalytics') }).click();
  await expectVisible(page.getByRole('heading', { name: t('admin.dayTitle') }), 20_000);
}

/** Looks at every card of the day section: screenshots of each, axe and the width, light and dark. */
async function lookAtEveryCard(page: Page, tag: string, width: number) {
  const cards = page.locator('.day-analytics .day-card');
  expect(await cards.count()).toBe(7);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (let i = 0; i < 7; i++) {
      await scrollTo(cards.nth(i));
      await screenshot(page, `day-analytics-${tag}-${scheme}-${i + 1}`);
    }
    await expectAccessible(page, `analytics ${tag} ${scheme}`);
    await fits(page, width);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('390 px: no predictions yet, then a day of predictions, comments, a report, a push and its click', async () => {
  const t = translator('en');
  const { page } = await stackPage({ viewport: VIEWPORT });
  await signInAsAdmin(page);
  await openAnalytics(page, t);
  const empty = page.getByText(t('admin.dayEmpty'));
  await expectVisible(empty);
  await scrollTo(page.getByRole('heading', { name: t('admin.dayTitle') }));
  await screenshot(page, 'day-analytics-empty-390');
  await expectAccessible(page, 'analytics empty');
  await expectNoHorizontalOverflow(page);

  // A player whose browser takes pushes (its subscription on the fake push service), and another.
  const one = await stackPage({ viewport: VIEWPORT });
  const other = await stackPage({ viewport: VIEWPORT });
  const oneId = await signUpApi(one.context.request, { name: 'Lindiwe Clicks' });
  const otherId = await signUpApi(other.context.request, { name: 'Pieter Reports' });
  const keys = browserKeys();
  const endpoint = push.endpoint(`day-${Date.now().toString(36)}`);
  const sub = await one.context.request.post('/api/notifications/subscribe', { data: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
  expect(sub.status()).toBe(201);
  const questionId = await publishNewQuestion(admin.request, `Will the day analytics e2e ${Date.now().toString(36)} count`, 'Created by the analytics browser test.');
  await answerApi(one.context.request, oneId, questionId, 'yes');
  await answerApi(other.context.request, otherId, questionId, 'no');
  const comment = await one.context.request.post(`/api/questions/${questionId}/comments`, { data: { content: 'It will count' } });
  expect(comment.status()).toBe(201);
  const report = await other.context.request.post(`/api/comments/${((await comment.json()) as { id: string }).id}/reports`, { data: { reason: 'spam' } });
  expect(report.status()).toBe(201);

  // The question's push reaches the player's browser; its service worker shows it and reports the tap on it.
  const delivered = await eventually(async () => {
    const req = push.received.find((r) => r.path === push.pathOf(endpoint));
    if (!req) throw new Error('no push yet');
    return req;
  });
  const payload = decryptPush(delivered.body, keys) as { id: string };
  expect(payload.id).toMatch(/^[0-9a-f-]{36}$/);
  await one.context.grantPermissions(['notifications'], { origin: stack.baseUrl });
  await one.page.goto('/');
  await one.page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const worker = one.context.serviceWorkers()[0] ?? (await one.context.waitForEvent('serviceworker'));
  const clicked = one.context.waitForEvent('request', (r) => r.url().endsWith('/api/notifications/push-clicks'));
  const shown = await worker.evaluate(async (data) => {
    // Inside the service worker (its types are not this file's): the push as the browser hands it over, then a tap
    // on the notification it showed. (An event made here is not trusted: its waitUntil throws once the work started.)
    type Shown = { data: unknown };
    const sw = self as unknown as {
      dispatchEvent(e: Event): boolean;
      registration: { getNotifications(): Promise<Shown[]> };
      PushEvent: new (type: string, init: { data: string }) => Event;
      NotificationEvent: new (type: string, init: { notification: Shown }) => Event;
    };
    sw.dispatchEvent(new sw.PushEvent('push', { data }));
    for (let i = 0; i < 50 && (await sw.registration.getNotifications()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const [notification] = await sw.registration.getNotifications();
    if (notification) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
    return notification?.data ?? null;
  }, JSON.stringify(payload));
  expect(shown).toMatchObject({ id: payload.id });
  expect(JSON.parse((await clicked).postData() ?? '{}')).toEqual({ id: payload.id });

  // The admin's tab: two predictions today, the click counted once.
  await eventually(async () => {
    await openAnalytics(page, t);
    const label = t('admin.hoursLabel', { today: '2', typical: '0' });
    await page.getByRole('img', { name: label }).waitFor({ timeout: 3_000 });
    const clicks = page.locator('.stat-tile', { has: page.getByText(t('admin.pushClicks'), { exact: true }) }).locator('.stat-tile__value');
    if ((await clicks.textContent()) !== '1') throw new Error(`clicks ${await clicks.textContent()}`);
  }, 40_000);
  const hours = page.locator('.day-card').first();
  await expectVisible(hours.locator('canvas').first(), 15_000);
  await hours.getByText(t('results.historyTable')).click();
  const todays = await hours.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(todays).toHaveLength(24);
  expect(todays.reduce((n, v) => n + Number(v), 0)).toBe(2);
  const days = page.locator('.day-card').nth(1);
  await days.getByText(t('results.historyTable')).click();
  // Today's row: 2 predictions, 2 new players, none returning, 3 sign-ups (the admin's account was made today too).
  expect(await days.locator('tbody tr').last().locator('td').allTextContents()).toEqual(['2', '2', '0', '3']);
  const community = page.locator('.day-card').last();
  await expectVisible(community.getByRole('img', { name: t('admin.communityLabel', { comments: '1', reports: '1' }) }));
  await expectVisible(page.getByText(t('admin.provincesNone')));
  await expectVisible(page.locator('.day-bars', { hasText: t('admin.topCount', { count: 2 }) }));
  await lookAtEveryCard(page, '390', VIEWPORT.width);
  await Promise.all([page.context().close(), one.context.close(), other.context.close()]);
});

for (const language of ['en', 'zu'] as const satisfies readonly CatalogueLanguage[]) {
  test(`360 px in ${language}: every card fits, reads and passes axe`, async () => {
    const t = translator(language);
    const { context, page } = await stackPage({ viewport: NARROW_VIEWPORT });
    try {
      await signInAsAdmin(page);
      if (language !== 'en') {
        await page.getByRole('banner').getByRole('combobox').selectOption(language);
        await page.waitForFunction((lang) => document.documentElement.lang.startsWith(lang), language);
      }
      await openAnalytics(page, t);
      await expectVisible(page.getByRole('img', { name: t('admin.hoursLabel', { today: '2', typical: '0' }) }), 20_000);
      await expectVisible(page.locator('.day-card').first().locator('canvas').first(), 15_000);
      // The widest table open: the days' five columns.
      await page.locator('.day-card').nth(1).getByText(t('results.historyTable')).click();
      await lookAtEveryCard(page, `360-${language}`, NARROW_VIEWPORT.width);
    } finally {
      await context.close();
    }
  });
}
