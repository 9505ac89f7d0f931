// A real argument in the browser, at 390 × 844 and 360 × 800 with axe-core: a comment shows its author's
// prediction (they ticked "Show my prediction", and the reader answered); the reader agrees with it (aria-pressed,
// the count moves), switches Top / Newest, replies inline with their own prediction, and sees the reply indented
// under "1 reply". The author deletes their comment: the reply stays under "Comment deleted". Once in English and
// once in isiZulu (the readers' profile language), each on a question of its own, every word looked for taken from
// the language's catalogue.
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerApi, apiPost, eventually, signUpApi } from './api';
import {
  expectAccessible,
  expectFitsNarrowScreen,
  expectNoHorizontalOverflow,
  expectVisible,
  narrowPage,
  publishBeforeAll,
  reloadUntilVisible,
  screenshot,
  showResultsBelow,
  stackContext,
  stackPage,
  startBrowserStack,
} from './browser';
import { startingWith, translator } from './messages';

startBrowserStack({ mode: 'test' });

const LANGUAGES = ['en', 'zu'] as const;
const questions = Object.fromEntries(LANGUAGES.map((l) => [l, { id: '', text: `Will the argument be settled ${l} ${Date.now().toString(36)}` }]));
publishBeforeAll('Created by the replies browser test.', ...Object.values(questions));

async function clickCentered(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await locator.click();
}

/** The question, answered, on /vote with its discussion open. */
async function openDiscussion(page: Page, text: string, t: ReturnType<typeof translator>): Promise<Locator> {
  await page.goto('/vote');
  const results = page.locator('section.results', { has: page.getByRole('heading', { name: `${text}?` }) });
  await reloadUntilVisible(page, results.getByRole('list', { name: t('results.nationalList') }));
  await showResultsBelow(results);
  // "View Discussion (2 comments)": the words before the count.
  await clickCentered(results.getByRole('button', { name: startingWith(t('discuss.view', { count: 1 }).split(' (')[0]!) }));
  const discussion = results.locator('.discussion');
  await expectVisible(discussion.getByRole('heading', { name: startingWith(t('discuss.title', { count: 0 }).split(' (')[0]!) }));
  return discussion;
}

for (const language of LANGUAGES) test(`${language}: prediction badge, agree, sort, an inline reply, and the deleted placeholder at 390 and 360 px`, async () => {
  const t = translator(language);
  const question = questions[language]!;
  const predicted = (option: 'yes' | 'no') => t('comment.predictionSure', { option: t(`live.${option}`), confidence: 75 });
  const annContext = await stackContext();
  const benContext = await stackContext();
  const reader = await stackPage();
  const narrow = await narrowPage();
  try {
    const annId = await signUpApi(annContext.request, { name: 'Ann Dlamini' });
    await answerApi(annContext.request, annId, question.id, 'yes');
    const ann = await eventually(() =>
      apiPost(annContext.request, `/api/questions/${question.id}/comments`, { content: 'Yes, the data is clear', showPrediction: true }),
    );
    const benId = await signUpApi(benContext.request, { name: 'Ben Nkosi' });
    await answerApi(benContext.request, benId, question.id, 'no');
    await apiPost(benContext.request, `/api/questions/${question.id}/comments`, { content: 'I doubt it' });

    // ---- The reader at 390 px, having answered: Ann's prediction shows, Ben's (not ticked) does not.
    const page = reader.page;
    const readerId = await signUpApi(page.context().request, { name: 'Cato Reader', language });
    await answerApi(page.context().request, readerId, question.id, 'no');
    const discussion = await openDiscussion(page, question.text, t);
    const annItem = discussion.locator('.comment').filter({ hasText: 'Yes, the data is clear' }).first();
    const benItem = discussion.locator('.comment').filter({ hasText: 'I doubt it' }).first();
    await expectVisible(annItem.getByText(predicted('yes')));
    expect(await benItem.locator('.comment__prediction').count()).toBe(0);

    // Agree: a toggle with its count.
    const agree = annItem.getByRole('button', { name: startingWith(t('comment.agree')) });
    expect(await agree.getAttribute('aria-pressed')).toBe('false');
    await clickCentered(agree);
    await expect.poll(() => agree.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await expectVisible(agree.getByText('1', { exact: true }));

    // Sort: Top puts the agreed comment first; Newest puts Ben's (the later one) first.
    const first = () => discussion.locator('.comment-list > .comment').first().innerText();
    await expect.poll(first, { timeout: 10_000 }).toContain('Yes, the data is clear');
    const sort = (key: 'discuss.sortNewest' | 'discuss.sortTop') => discussion.getByRole('button', { name: t(key), exact: true });
    await clickCentered(sort('discuss.sortNewest'));
    await expect.poll(first, { timeout: 10_000 }).toContain('I doubt it');
    expect(await sort('discuss.sortNewest').getAttribute('aria-pressed')).toBe('true');
    await clickCentered(sort('discuss.sortTop'));

    // Reply inline, with the reader's own prediction.
    await clickCentered(annItem.getByRole('button', { name: t('comment.reply'), exact: true }));
    const form = discussion.getByRole('form', { name: t('discuss.replyTo', { name: 'Ann Dlamini' }) });
    await form.getByLabel(t('discuss.yourReply')).fill('Not so sure, the trend turned');
    await form.getByLabel(t('discuss.showPrediction')).check();
    await expectAccessible(page, `reply form 390 (${language})`);
    await screenshot(page, `replies-${language}-form-390`);
    await clickCentered(form.getByRole('button', { name: t('discuss.reply'), exact: true }));
    const replies = annItem.locator('.comment-replies');
    await expectVisible(replies.getByText('Not so sure, the trend turned'), 15_000);
    await expectVisible(replies.getByText(predicted('no')));
    await expectVisible(annItem.getByRole('button', { name: t('comment.hideReplies') }));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `thread 390 (${language})`);
    await screenshot(page, `replies-${language}-thread-390`);

    // ---- Ann deletes her comment: the reply stays under "Comment deleted".
    await annContext.request.delete(`/api/comments/${String(ann.id)}`);

    // ---- Someone else at 360 px (this question is not blind: shown predictions show to every reader).
    const small = narrow.page;
    const smallId = await signUpApi(small.context().request, { name: 'Sipho Narrow', language });
    await answerApi(small.context().request, smallId, question.id, 'yes');
    const d360 = await openDiscussion(small, question.text, t);
    const placeholder = d360.locator('.comment--deleted');
    await expectVisible(placeholder.getByText(t('comment.deletedPlaceholder')));
    await clickCentered(placeholder.getByRole('button', { name: t('comment.replies', { count: 1 }) }));
    await expectVisible(placeholder.getByText('Not so sure, the trend turned'));
    await expectVisible(placeholder.getByText(predicted('no')));
    await expectFitsNarrowScreen(small);
    await expectAccessible(small, `deleted placeholder 360 (${language})`);
    await screenshot(small, `replies-${language}-deleted-360`);
  } finally {
    await Promise.all([annContext.close(), benContext.close(), reader.context.close(), narrow.context.close()]);
  }
});
