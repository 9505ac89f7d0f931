// A real argument in the browser, at 390 × 844 and 360 × 800 with axe-core: a comment shows its author's
// prediction (they ticked "Show my prediction", and the reader answered); the reader agrees with it (aria-pressed,
// the count moves), switches Top / Newest, replies inline with their own prediction, and sees the reply indented
// under "1 reply". The author deletes their comment: the reply stays under "Comment deleted".
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

startBrowserStack({ mode: 'test' });

const question = { id: '', text: `Will the argument be settled ${Date.now().toString(36)}` };
publishBeforeAll('Created by the replies browser test.', question);

async function clickCentered(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await locator.click();
}

/** Today's question, answered, on /vote with its discussion open. */
async function openDiscussion(page: Page): Promise<Locator> {
  await page.goto('/vote');
  await reloadUntilVisible(page, page.locator('.results').getByRole('list', { name: 'National results' }));
  await showResultsBelow(page);
  await clickCentered(page.getByRole('button', { name: /View Discussion/ }));
  const discussion = page.locator('.discussion');
  await expectVisible(discussion.getByRole('heading', { name: /Discussion/ }));
  return discussion;
}

test('prediction badge, agree, sort, an inline reply, and the deleted placeholder at 390 and 360 px', async () => {
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
    const readerId = await signUpApi(page.context().request, { name: 'Cato Reader' });
    await answerApi(page.context().request, readerId, question.id, 'no');
    const discussion = await openDiscussion(page);
    const annItem = discussion.locator('.comment').filter({ hasText: 'Yes, the data is clear' }).first();
    const benItem = discussion.locator('.comment').filter({ hasText: 'I doubt it' }).first();
    await expectVisible(annItem.getByText('Predicted Yes · 75% sure'));
    expect(await benItem.locator('.comment__prediction').count()).toBe(0);

    // Agree: a toggle with its count.
    const agree = annItem.getByRole('button', { name: /^Agree/ });
    expect(await agree.getAttribute('aria-pressed')).toBe('false');
    await clickCentered(agree);
    await expect.poll(() => agree.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await expectVisible(agree.getByText('1', { exact: true }));

    // Sort: Top puts the agreed comment first; Newest puts Ben's (the later one) first.
    const first = () => discussion.locator('.comment-list > .comment').first().innerText();
    await expect.poll(first, { timeout: 10_000 }).toContain('Yes, the data is clear');
    await clickCentered(discussion.getByRole('button', { name: 'Newest' }));
    await expect.poll(first, { timeout: 10_000 }).toContain('I doubt it');
    expect(await discussion.getByRole('button', { name: 'Newest' }).getAttribute('aria-pressed')).toBe('true');
    await clickCentered(discussion.getByRole('button', { name: 'Top' }));

    // Reply inline, with the reader's own prediction.
    await clickCentered(annItem.getByRole('button', { name: 'Reply', exact: true }));
    const form = discussion.getByRole('form', { name: 'Reply to Ann Dlamini' });
    await form.getByLabel('Your reply').fill('Not so sure, the trend turned');
    await form.getByLabel('Show my prediction').check();
    await expectAccessible(page, 'reply form 390');
    await screenshot(page, 'replies-form-390');
    await clickCentered(form.getByRole('button', { name: 'Reply', exact: true }));
    const replies = annItem.locator('.comment-replies');
    await expectVisible(replies.getByText('Not so sure, the trend turned'), 15_000);
    await expectVisible(replies.getByText('Predicted No · 75% sure'));
    await expectVisible(annItem.getByRole('button', { name: 'Hide replies' }));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'thread 390');
    await screenshot(page, 'replies-thread-390');

    // ---- Ann deletes her comment: the reply stays under "Comment deleted".
    await annContext.request.delete(`/api/comments/${String(ann.id)}`);

    // ---- Someone else at 360 px (this question is not blind: shown predictions show to every reader).
    const small = narrow.page;
    const smallId = await signUpApi(small.context().request, { name: 'Sipho Narrow' });
    await answerApi(small.context().request, smallId, question.id, 'yes');
    const d360 = await openDiscussion(small);
    const placeholder = d360.locator('.comment--deleted');
    await expectVisible(placeholder.getByText('Comment deleted'));
    await clickCentered(placeholder.getByRole('button', { name: '1 reply' }));
    await expectVisible(placeholder.getByText('Not so sure, the trend turned'));
    await expectVisible(placeholder.getByText('Predicted No · 75% sure'));
    await expectFitsNarrowScreen(small);
    await expectAccessible(small, 'deleted placeholder 360');
    await screenshot(small, 'replies-deleted-360');
  } finally {
    await Promise.all([annContext.close(), benContext.close(), reader.context.close(), narrow.context.close()]);
  }
});
