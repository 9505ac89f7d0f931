// How the nation moved, end to end at 390 and 360 px: the results panel's chart of the split since publishing (with
// the publishing moment marked) moves live when someone else votes on their own phone, without asking for the
// history again; the feed
// card's sparkline comes in the list; the profile's accuracy chart shows once an answer resolves. Axe and the
// narrow screen are checked on each, light and dark; screenshots under test-results/screenshots/history-*.
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  answerApi,
  expectAccessible,
  expectFitsNarrowScreen,
  expectNoHorizontalOverflow,
  expectVisible,
  adminApi,
  NARROW_VIEWPORT,
  publishNewQuestion,
  reloadUntilVisible,
  screenshot,
  showResultsBelow,
  signUpApi,
  stackContext,
  stackPage,
  startBrowserStack,
  VIEWPORT,
} from './browser';

startBrowserStack();
const admin = adminApi();

async function fits(page: Page, width: number) {
  if (width === NARROW_VIEWPORT.width) await expectFitsNarrowScreen(page);
  else await expectNoHorizontalOverflow(page);
}

/** Waits until `read` gives `want` (the live channel brings a vote within a few seconds). */
async function until(read: () => Promise<number>, want: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let got = await read();
  while (got !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    got = await read();
  }
  expect(got).toBe(want);
}

async function scrollTo(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  // The fixed header covers the top of the page.
  await locator.page().evaluate(() => window.scrollBy(0, -110));
}

for (const viewport of [VIEWPORT, NARROW_VIEWPORT]) {
  const w = viewport.width;
  test(`${w} px: the results chart moves live, the feed card has its sparkline, the profile its accuracy chart`, async () => {
    const text = `Will the history e2e ${w} ${Date.now().toString(36)} move`;
    const questionId = await publishNewQuestion(admin.request, text, 'Created by the history browser test.');
    const { context, page } = await stackPage({ viewport });
    const early = await stackContext();
    const voter = await stackPage({ viewport });
    try {
      const me = await signUpApi(context.request, { name: 'Nomsa History' });
      await answerApi(context.request, me, questionId, 'yes');
      const first = await signUpApi(early.request, { name: 'Sipho Early' });
      await answerApi(early.request, first, questionId, 'no');
      // The later voter, signed in on a page of their own, waits on the vote screen.
      await signUpApi(voter.context.request, { name: 'Thandi Later' });
      await voter.page.goto('/vote');
      const form = voter.page.locator('.vq', { has: voter.page.getByRole('heading', { name: `${text}?` }) });
      await reloadUntilVisible(voter.page, form.getByRole('button', { name: /^NO/ }));

      const historyReads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes(`/api/questions/${questionId}/history`)) historyReads.push(r.url());
      });
      await page.goto('/vote');
      const results = page.locator('section.results', { has: page.getByRole('heading', { name: `${text}?` }) });
      const card = results.locator('.history-card');
      // The chart is the first of the cards below the national results: it loads when the reader scrolls there.
      await expectVisible(results.getByRole('list', { name: 'National results' }), 20_000);
      await showResultsBelow(results);
      await expectVisible(card.getByRole('img', { name: /^Chart of the national split since the question was published\./ }), 20_000);
      await expectVisible(card.locator('canvas').first(), 15_000);
      await expectVisible(card.getByText(/^Published \d/));
      await expectVisible(card.getByText(/^Since it was published: Yes: \d+% → 50% · No: \d+% → 50%$/), 15_000);
      const rows = card.locator('tbody tr');
      const before = await rows.count();
      expect(before).toBeGreaterThanOrEqual(2);

      // Someone else votes on their page: the live channel's message adds a point here; the history is not read again.
      await form.getByRole('button', { name: /^NO/ }).click();
      await form.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }).click();
      await until(() => rows.count(), before + 1);
      await expectVisible(card.getByText(/→ 33% · No: \d+% → 67%$/));
      expect(historyReads).toHaveLength(1);

      await card.getByText('Show as a table').click();
      await expectVisible(rows.last().getByText('3', { exact: true }));
      await scrollTo(card);
      await screenshot(page, `history-results-${w}`);
      await expectAccessible(page, `results chart ${w}`);
      await fits(page, w);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectVisible(card.locator('canvas').first());
      await screenshot(page, `history-results-${w}-dark`);
      await expectAccessible(page, `results chart ${w} dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      // The feed card: the sparkline came with the list (no history request per card).
      const readsBeforeFeed = historyReads.length;
      await page.goto('/');
      const feedCard = page.locator('.qcard', { has: page.getByRole('heading', { name: `${text}?` }) });
      await reloadUntilVisible(page, feedCard.getByRole('img', { name: /^How the split moved: Yes: \d+% → 33% · No: \d+% → 67%$/ }));
      expect(await feedCard.locator('svg.sparkline path').count()).toBe(2);
      expect(historyReads).toHaveLength(readsBeforeFeed);
      await scrollTo(feedCard);
      await screenshot(page, `history-feed-card-${w}`);
      await expectAccessible(page, `feed sparkline ${w}`);
      await fits(page, w);

      // Resolved as Yes: the profile's accuracy chart has this month at 100 %.
      expect((await admin.request.put(`/api/admin/questions/${questionId}/resolve`, { data: { correctOptionId: 'yes' } })).status()).toBe(200);
      await page.goto('/profile');
      const accuracy = page.locator('.accuracy-card');
      await reloadUntilVisible(page, accuracy.getByRole('img', { name: 'Chart of your accuracy and calibration by month; the table below has the figures.' }));
      await expectVisible(accuracy.locator('canvas').first(), 15_000);
      await accuracy.getByText('Show as a table').click();
      await expectVisible(accuracy.locator('tbody tr').last().getByText('100% (1/1)'));
      await scrollTo(accuracy);
      await screenshot(page, `history-profile-${w}`);
      await expectAccessible(page, `profile accuracy chart ${w}`);
      await fits(page, w);
    } finally {
      await Promise.all([context.close(), early.close(), voter.context.close()]);
    }
  }, 180_000);
}
