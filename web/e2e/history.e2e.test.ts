// How the nation moved, end to end at 390 and 360 px: the results panel's chart of the split since publishing (with
// the publishing moment marked) moves live when someone else votes on their own phone, without asking for the
// history again; the feed
// card's sparkline comes in the list; the profile's accuracy chart shows once an answer resolves. Axe and the
// narrow screen are checked on each, light and dark; screenshots under test-results/screenshots/history-*. In English
// at both widths and in isiZulu at 360 px (the players' profile language, the question's options given in it), every
// word looked for taken from the language's catalogue.
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
  resolveBody,
} from './browser';
import { LOCALES, SOME_NUMBER, startingWith, translator, wholly, type CatalogueLanguage } from './messages';

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

for (const [viewport, language] of [
  [VIEWPORT, 'en'],
  [NARROW_VIEWPORT, 'en'],
  [NARROW_VIEWPORT, 'zu'],
] as const satisfies readonly (readonly [unknown, CatalogueLanguage])[]) {
  const w = viewport.width;
  const tag = language === 'en' ? `${w}` : `${w}-${language}`;
  test(`${tag}: the results chart moves live, the feed card has its sparkline, the profile its accuracy chart`, async () => {
    const t = translator(language);
    const [yes, no] = [t('live.yes'), t('live.no')];
    /** "Yes: 50% → 33% · No: 50% → 67%", as the chart and the sparkline join the options' changes. */
    const changes = (from: [number | string, number | string], to: [number, number]) =>
      [t('results.historyChange', { option: yes, from: from[0], to: to[0] }), t('results.historyChange', { option: no, from: from[1], to: to[1] })].join(' · ');
    const run = `${tag} ${Date.now().toString(36)}`;
    // In isiZulu the question as the admin would give it, its options the interface's own words for yes and no.
    const text = language === 'en' ? `Will the history e2e ${run} move` : `Ngabe ukuhlolwa komlando ${run} kuzoshintsha`;
    const translations = language === 'en' ? undefined : { [language]: { text, options: { yes, no } } };
    const questionId = await publishNewQuestion(admin.request, `Will the history e2e ${run} move`, 'Created by the history browser test.', translations);
    const { context, page } = await stackPage({ viewport });
    const early = await stackContext();
    const voter = await stackPage({ viewport });
    try {
      const me = await signUpApi(context.request, { name: 'Nomsa History', language });
      await answerApi(context.request, me, questionId, 'yes');
      const first = await signUpApi(early.request, { name: 'Sipho Early' });
      await answerApi(early.request, first, questionId, 'no');
      // The later voter, signed in on a page of their own, waits on the vote screen.
      await signUpApi(voter.context.request, { name: 'Thandi Later', language });
      await voter.page.goto('/vote');
      const form = voter.page.locator('.vq', { has: voter.page.getByRole('heading', { name: `${text}?` }) });
      const voteNo = form.getByRole('button', { name: startingWith(no.toUpperCase()) });
      await reloadUntilVisible(voter.page, voteNo);

      const historyReads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes(`/api/questions/${questionId}/history`)) historyReads.push(r.url());
      });
      await page.goto('/vote');
      const results = page.locator('section.results', { has: page.getByRole('heading', { name: `${text}?` }) });
      const card = results.locator('.history-card');
      // The chart is the first of the cards below the national results: it loads when the reader scrolls there.
      await expectVisible(results.getByRole('list', { name: t('results.nationalList') }), 20_000);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, LOCALES[language]);
      await showResultsBelow(results);
      const label = wholly(t('results.historyLabel', { summary: changes([SOME_NUMBER, SOME_NUMBER], [50, 50]) }));
      await expectVisible(card.getByRole('img', { name: label }), 20_000);
      await expectVisible(card.locator('canvas').first(), 15_000);
      await expectVisible(card.getByText(startingWith(`${t('results.historyPublished')} `)));
      const summary = (to: [number, number]) => card.getByText(wholly(t('results.historySummary', { changes: changes([SOME_NUMBER, SOME_NUMBER], to) })));
      await expectVisible(summary([50, 50]), 15_000);
      const rows = card.locator('tbody tr');
      const before = await rows.count();
      expect(before).toBeGreaterThanOrEqual(2);

      // Someone else votes on their page: the live channel's message adds a point here; the history is not read again.
      await voteNo.click();
      await form.getByRole('button', { name: t('vote.submit') }).click();
      await until(() => rows.count(), before + 1);
      await expectVisible(summary([33, 67]));
      expect(historyReads).toHaveLength(1);

      await card.getByText(t('results.historyTable')).click();
      await expectVisible(rows.last().getByText('3', { exact: true }));
      await scrollTo(card);
      await screenshot(page, `history-results-${tag}`);
      await expectAccessible(page, `results chart ${tag}`);
      await fits(page, w);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectVisible(card.locator('canvas').first());
      await screenshot(page, `history-results-${tag}-dark`);
      await expectAccessible(page, `results chart ${tag} dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      // The feed card: the sparkline came with the list (no history request per card).
      const readsBeforeFeed = historyReads.length;
      await page.goto('/');
      const feedCard = page.locator('.qcard', { has: page.getByRole('heading', { name: `${text}?` }) });
      await reloadUntilVisible(page, feedCard.getByRole('img', { name: wholly(t('feed.sparkline', { changes: changes([SOME_NUMBER, SOME_NUMBER], [33, 67]) })) }));
      expect(await feedCard.locator('svg.sparkline path').count()).toBe(2);
      expect(historyReads).toHaveLength(readsBeforeFeed);
      await scrollTo(feedCard);
      await screenshot(page, `history-feed-card-${tag}`);
      await expectAccessible(page, `feed sparkline ${tag}`);
      await fits(page, w);

      // Resolved as Yes: the profile's accuracy chart has this month at 100 %.
      expect((await admin.request.put(`/api/admin/questions/${questionId}/resolve`, { data: resolveBody('yes') })).status()).toBe(200);
      await page.goto('/profile');
      const accuracy = page.locator('.accuracy-card');
      await reloadUntilVisible(page, accuracy.getByRole('img', { name: t('stats.accuracyLabel') }));
      await expectVisible(accuracy.locator('canvas').first(), 15_000);
      await accuracy.getByText(t('results.historyTable')).click();
      await expectVisible(accuracy.locator('tbody tr').last().getByText('100% (1/1)'));
      await scrollTo(accuracy);
      await screenshot(page, `history-profile-${tag}`);
      await expectAccessible(page, `profile accuracy chart ${tag}`);
      await fits(page, w);
    } finally {
      await Promise.all([context.close(), early.close(), voter.context.close()]);
    }
  }, 180_000);
}
