// Moderation in the browser, at 390 × 844 and 360 × 800 with axe-core: a third report from the report dialog hides
// a comment; the admin's Moderation tab suspends its author, replaces their display name and removes the comment;
// the author sees why, is refused with the suspension's end date and told of the new name; the community
// guidelines open without signing in. The Users tab shows the suspension; lifting it there lets the author comment
// again.
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerApi, apiPost, eventually, signUpApi } from './api';
import {
  closeToasts,
  expectAccessible,
  expectFitsNarrowScreen,
  expectNoHorizontalOverflow,
  expectVisible,
  narrowPage,
  publishBeforeAll,
  reloadUntilVisible,
  screenshot,
  showResultsBelow,
  signInAsAdmin,
  stackContext,
  stackPage,
  startBrowserStack,
} from './browser';

startBrowserStack({ mode: 'test' });

const question = { id: '', text: `Will the moderators keep the peace ${Date.now().toString(36)}` };
publishBeforeAll('Created by the moderation browser test.', question);

const ADDRESS = 'His home address is 5 Main Road, Soweto';
const WHY = 'Personal information about someone else';

async function clickCentered(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await locator.click();
}

/** The admin's Users tab, filtered down to one person's row. */
async function userRow(page: Page, username: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Filter users' }).fill(username);
  const row = page.locator('.user-row').filter({ hasText: `@${username}` });
  await expectVisible(row);
  return row;
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

test('a third report hides the comment; the admin suspends and removes; the author is told why and until when', async () => {
  const authorContext = await stackContext();
  const reporterContexts = await Promise.all([stackContext(), stackContext()]);
  const reporter = await stackPage();
  const admin = await narrowPage();
  try {
    const authorUsername = `lift_${Date.now().toString(36)}`;
    const authorId = await signUpApi(authorContext.request, { name: 'Thabo Author', username: authorUsername });
    await answerApi(authorContext.request, authorId, question.id, 'yes');
    const comment = await eventually(() => apiPost(authorContext.request, `/api/questions/${question.id}/comments`, { content: ADDRESS }));
    for (const c of reporterContexts) {
      await signUpApi(c.request, { name: 'Early Reporter' });
      await apiPost(c.request, `/api/comments/${String(comment.id)}/reports`, { reason: 'personal_information' });
    }

    // ---- The third reporter, in the browser at 390 px: the report dialog links the guidelines.
    const page = reporter.page;
    const reporterId = await signUpApi(page.context().request, { name: 'Lerato Reporter' });
    await answerApi(page.context().request, reporterId, question.id, 'no');
    const discussion = await openDiscussion(page);
    await expectVisible(discussion.getByRole('link', { name: 'Community guidelines' }));
    await clickCentered(discussion.getByRole('button', { name: 'Report' }));
    const dialog = page.getByRole('dialog', { name: 'Report this comment' });
    await expectVisible(dialog.getByRole('link', { name: 'Community guidelines' }));
    await dialog.getByRole('radio', { name: 'Personal information' }).check();
    await dialog.getByLabel('Note for the moderators (optional)').fill('A private address');
    await expectAccessible(page, 'report dialog 390');
    await screenshot(page, 'moderation-report-dialog-390');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Thank you. The moderators will look at it.' }), 15_000);
    await expectVisible(discussion.getByText('Comment hidden while moderators review it'));
    expect(await discussion.getByText(ADDRESS).count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'hidden comment 390');

    // ---- The admin at 360 px: the Moderation tab; suspend the author for 7 days, then remove the comment.
    const a = admin.page;
    await signInAsAdmin(a);
    await closeToasts(a);
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'Moderation' }).click();
    const item = a.locator(`[data-moderation-id="${String(comment.id)}"]`);
    await expectVisible(item.getByText(ADDRESS));
    await expectVisible(item.getByText('A private address'));
    await expectFitsNarrowScreen(a);
    await expectAccessible(a, 'moderation tab 360');
    await screenshot(a, 'moderation-tab-360');
    await item.getByLabel('Reason (shown to the author)').fill(WHY);
    await clickCentered(item.getByRole('button', { name: 'Suspend 7 days' }));
    await expectVisible(a.getByRole('status').filter({ hasText: 'Author suspended' }), 15_000);
    await closeToasts(a);
    // The suspended author shows their state and "Lift suspension" in place of the suspend buttons.
    await expectVisible(item.getByText(/^Suspended until \d{1,2} \S+ \d{4}$/));
    await expectVisible(item.getByRole('button', { name: `Lift suspension of @${authorUsername}` }));
    expect(await item.getByRole('button', { name: 'Suspend 7 days' }).count()).toBe(0);
    await item.getByLabel('New display name').fill('Member 1');
    await clickCentered(item.getByRole('button', { name: 'Replace display name' }));
    await expectVisible(a.getByRole('status').filter({ hasText: 'Display name replaced' }), 15_000);
    await closeToasts(a);
    await clickCentered(item.getByRole('button', { name: 'Remove', exact: true }));
    await expectVisible(a.getByRole('status').filter({ hasText: 'Comment removed' }), 15_000);
    await expectVisible(a.getByText('Nothing to review.'));

    // ---- The author at 360 px: their comment says why it was removed; a new comment is refused with the date.
    const authorPage = await authorContext.newPage();
    await authorPage.setViewportSize({ width: 360, height: 800 });
    const own = await openDiscussion(authorPage);
    await expectVisible(own.getByText(`Removed by a moderator: ${WHY}`));
    await own.getByPlaceholder('Share your thoughts on this prediction...').fill('Why was I removed?');
    await clickCentered(own.getByRole('button', { name: 'Post' }));
    await expectVisible(authorPage.getByRole('alert').filter({ hasText: /Your account is suspended until \d{4}-\d{2}-\d{2}/ }), 15_000);
    await expectFitsNarrowScreen(authorPage);
    await expectAccessible(authorPage, 'removed comment, author, 360');
    await screenshot(authorPage, 'moderation-author-360');
    // Their profile says a moderator replaced their display name, and why.
    await authorPage.goto('/profile');
    await expectVisible(authorPage.getByRole('heading', { name: 'Member 1', level: 1 }));
    await expectVisible(authorPage.getByText(`A moderator replaced your display name: ${WHY}`));

    // ---- The Users tab shows the suspension, at 390 px and at 360 px; lifting it lets the author comment again.
    const wide = await stackPage();
    try {
      await signInAsAdmin(wide.page);
      await closeToasts(wide.page);
      const row = await userRow(wide.page, authorUsername);
      await expectVisible(row.getByText(/^Suspended until \d{1,2} \S+ \d{4}$/));
      await expectVisible(row.getByText(`Reason: ${WHY}`));
      await expectNoHorizontalOverflow(wide.page);
      await expectAccessible(wide.page, 'users tab, suspended, 390');
      await screenshot(wide.page, 'moderation-users-suspended-390');
    } finally {
      await wide.context.close();
    }
    const row = await userRow(a, authorUsername);
    await expectVisible(row.getByText(`Reason: ${WHY}`));
    await expectFitsNarrowScreen(a);
    await expectAccessible(a, 'users tab, suspended, 360');
    await clickCentered(row.getByRole('button', { name: `Lift suspension of @${authorUsername}` }));
    await expectVisible(a.getByRole('status').filter({ hasText: 'Suspension lifted' }), 15_000);
    await row.getByText(/^Suspended/).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await row.getByRole('button', { name: /Lift suspension/ }).count()).toBe(0);
    await expectAccessible(a, 'users tab, lifted, 360');

    const again = await openDiscussion(authorPage);
    await again.getByPlaceholder('Share your thoughts on this prediction...').fill('Back, and polite');
    await clickCentered(again.getByRole('button', { name: 'Post' }));
    await expectVisible(again.getByText('Back, and polite'), 15_000);
  } finally {
    await Promise.all([authorContext.close(), ...reporterContexts.map((c) => c.close()), reporter.context.close(), admin.context.close()]);
  }
});

test('the community guidelines open without signing in, at 360 and 390 px', async () => {
  for (const open of [narrowPage, stackPage]) {
    const { context, page } = await open();
    try {
      await page.goto('/guidelines');
      await expectVisible(page.getByRole('heading', { name: 'Community guidelines', level: 1 }));
      await expectVisible(page.getByText(/No hate speech/));
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page, `/guidelines ${page.viewportSize()?.width}`);
    } finally {
      await context.close();
    }
  }
});
