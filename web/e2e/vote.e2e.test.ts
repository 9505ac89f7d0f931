// Voting end to end: the admin creates and publishes a question (API); a new user signs up in the browser,
// answers it on /vote, sees 'Vote Recorded!' and then the results panel; /profile shows the answer Pending,
// and after the admin resolves it, Correct; the leaderboard shows the real standings.
import { expect, test } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { closeToasts, createQuestion, expectVisible, randomUsername, reloadUntilVisible, screenshot, signUpInBrowser, stackContext, stackPage, startBrowserStack, showResultsBelow, resolveBody } from './browser';

startBrowserStack();

async function adminApi(): Promise<{ api: APIRequestContext; adminId: string; close: () => Promise<void> }> {
  const context = await stackContext();
  const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
  expect(login.status()).toBe(200);
  const { id } = (await login.json()) as { id: string };
  return { api: context.request, adminId: id, close: () => context.close() };
}

async function scrollToTop(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  // The fixed header covers the top of the page: leave room for it.
  await locator.page().evaluate(() => window.scrollBy(0, -110));
}

test('a new user answers today’s question, sees the results, and the profile follows the resolution', async () => {
  const text = `Will the vote e2e ${Date.now().toString(36)} pass`;
  const admin = await adminApi();
  const { context, page } = await stackPage();
  try {
    // The admin creates and publishes today's question, and predicts Yes (so there are live figures).
    const questionId = await createQuestion(admin.api, text, 'Created by the voting browser test.');
    expect((await admin.api.post(`/api/admin/questions/${questionId}/publish`)).status()).toBe(200);
    // Voting learns of the publish through an event (eventually consistent, usually within ~100 ms): until then
    // an answer is 404, so retry briefly.
    let adminAnswer = await admin.api.post('/api/answers', { data: { userId: admin.adminId, questionId, optionId: 'yes' } });
    for (let i = 0; i < 50 && adminAnswer.status() === 404; i++) {
      await new Promise((r) => setTimeout(r, 100));
      adminAnswer = await admin.api.post('/api/answers', { data: { userId: admin.adminId, questionId, optionId: 'yes' } });
    }
    expect(adminAnswer.status()).toBe(201);

    // A new user signs up in the browser.
    await signUpInBrowser(page, randomUsername('e2evote_'), 'Lindiwe Vote', 'correct-horse-battery');

    // /vote: the answer form.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vote' }).click();
    await reloadUntilVisible(page, page.getByRole('heading', { name: "Today's Questions (1)" }));
    await expectVisible(page.getByText('Answer all questions to see full results'));
    expect(await page.locator('.vote-countdown').textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
    const form = page.locator('.vq', { has: page.getByRole('heading', { name: `${text}?` }) });
    await expectVisible(form);
    await expectVisible(form.getByText(/^Day \d+ - \d{1,2} \w+$/));
    await expectVisible(form.getByText('Created by the voting browser test.'));
    const yes = form.getByRole('button', { name: /^YES/ });
    const no = form.getByRole('button', { name: /^NO/ });
    await expectVisible(form.getByText('100% · 1 vote'), 15_000);
    expect(await form.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }).count()).toBe(0);
    await no.click();
    await yes.click();
    expect(await yes.getAttribute('aria-pressed')).toBe('true');
    expect(await no.getAttribute('aria-pressed')).toBe('false');
    await expectVisible(form.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
    await screenshot(page, 'vote-form');

    // Submit: 'Vote Recorded!' and the toast, then the results panel.
    await form.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }).click();
    const done = page.locator('.vq--done');
    await expectVisible(done.getByRole('heading', { name: 'Vote Recorded!' }));
    await expectVisible(done.getByText(`Your prediction for "${text}?" has been submitted.`));
    await expectVisible(done.getByText('Results will appear in a few seconds...'));
    await expectVisible(page.getByRole('status').filter({ hasText: 'Answer Submitted' }));
    await screenshot(page, 'vote-recorded');

    const results = page.locator('section.results', { has: page.getByRole('heading', { name: `${text}?` }) });
    await expectVisible(results.getByText(/^Day \d+ Results$/), 10_000);
    expect(await done.count()).toBe(0);
    await expectVisible(results.getByText('Your answer submitted'));
    await expectVisible(results.getByText('2 South Africans voted'), 15_000);
    await expectVisible(results.getByRole('list', { name: 'National results' }).getByText('100%'));
    await showResultsBelow(results);
    await expectVisible(results.getByText('No friends have answered yet'));
    // Nothing of this user's has resolved yet: no made-up accuracy (a "0%" would read as a verdict).
    await expectVisible(results.getByText('No resolved predictions yet this month'));
    await closeToasts(page);
    await scrollToTop(results);
    await screenshot(page, 'results-panel');

    // The invite-friends action and the result share control.
    await results.getByRole('button', { name: 'Invite Friends' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Friends' });
    await expectVisible(invite);
    await invite.getByRole('button', { name: 'Close' }).first().click();
    await results.getByRole('button', { name: 'Share Your Result' }).click();
    const share = page.getByRole('dialog', { name: 'Share Your Result' });
    await expectVisible(share.getByText(`I predicted ${text} would be YES! YES 100% NO 0% 🇿🇦`, { exact: false }));
    await share.getByRole('button', { name: 'Close' }).click();

    // /profile: the answer is Pending.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Lindiwe Vote' }));
    const item = page.locator('.history-item', { hasText: `${text}?` });
    await reloadUntilVisible(page, item.getByText('Pending', { exact: true }));
    await expectVisible(item.getByText('Your answer: Yes'));
    await expectVisible(page.locator('.profile-stat', { hasText: 'Questions Answered' }).getByText('1', { exact: true }));
    await screenshot(page, 'profile-stats-pending');

    // The admin resolves it as Yes: the prediction turns Correct.
    const resolve = await admin.api.put(`/api/admin/questions/${questionId}/resolve`, { data: resolveBody('yes') });
    expect(resolve.status()).toBe(200);
    await reloadUntilVisible(page, item.getByText('Correct', { exact: true }));
    expect(await item.getByText('Pending', { exact: true }).count()).toBe(0);
    await reloadUntilVisible(page, page.locator('.profile-stat', { hasText: 'Accuracy Rate' }).getByText('100%'));
    await expectVisible(page.locator('.profile-stat', { hasText: 'National Rank' }).getByText('#1'));
    await screenshot(page, 'profile-stats');

    // The leaderboard: real figures, the user with a gold medal (tied with the admin).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaders' }).click();
    await expectVisible(page.getByRole('heading', { name: 'National Leaderboard' }));
    const standings = page.getByRole('list', { name: 'National standings' });
    const me = standings.locator('.lb-entry--you');
    await reloadUntilVisible(page, me);
    await expectVisible(me.getByRole('img', { name: 'Rank 1, gold medal' }));
    await expectVisible(me.getByText('Lindiwe Vote'));
    await expectVisible(page.getByRole('tab', { name: 'Friends (0)' }));
    await expectVisible(page.locator('.lb-summary__tile', { hasText: 'Questions resolved' }).getByText('1', { exact: true }));
    await screenshot(page, 'leaderboard');
  } finally {
    await context.close();
    await admin.close();
  }
});
