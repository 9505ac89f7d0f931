// Daily questions end to end: the admin creates, publishes and resolves a question through the real SPA;
// a signed-out visitor then finds it, resolved, in the landing page's public archive.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { closeToasts, expectVisible, randomUsername, reloadUntilVisible, screenshot, signInAsAdmin, stackContext, stackPage, startBrowserStack } from './browser';

startBrowserStack();

async function toast(page: Page, text: string) {
  const status = page.getByRole('status').filter({ hasText: text });
  await expectVisible(status, 15_000);
  return status;
}

test('admin creates, publishes and resolves a question; visitors see it resolved in the archive', async () => {
  const text = `Will the e2e run ${Date.now().toString(36)} pass first time`;
  const admin = await stackPage();
  try {
    const { page } = admin;
    await signInAsAdmin(page);

    // Admin dashboard, questions tab.
    await page.goto('/admin');
    await expectVisible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(await page.getByRole('tab', { name: 'Questions' }).getAttribute('aria-selected')).toBe('true');
    const form = page.getByRole('form', { name: 'Create question' });
    expect(await form.getByLabel('Option 1').inputValue()).toBe('Yes');
    expect(await form.getByLabel('Option 2').inputValue()).toBe('No');
    expect(await form.getByLabel('Time (UTC)', { exact: true }).inputValue()).toBe('13:00');
    await screenshot(page, 'admin-create-form');

    // Missing text: the validation toast, nothing created.
    await form.getByRole('button', { name: 'Create Draft' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }));
    await closeToasts(page);

    await form.getByLabel('Question').fill(text);
    await form.getByLabel(/Context/).fill('Created by the browser test.');
    await form.getByRole('button', { name: 'Create Draft' }).click();
    await toast(page, 'Question created as draft');
    await closeToasts(page);

    // Draft -> published.
    const drafts = page.getByRole('region', { name: /^Drafts/ });
    const draft = drafts.locator('li.admin-q', { hasText: text });
    await expectVisible(draft);
    await expectVisible(draft.getByText('Draft', { exact: true }));
    await draft.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Question published! Notifications sent to all users.');
    await closeToasts(page);

    // Published -> resolved as Yes.
    const all = page.getByRole('region', { name: /^All Questions/ });
    const item = all.locator('li.admin-q', { hasText: text });
    await expectVisible(item.getByText('Published', { exact: true }));

    // Some predictions, so the results have figures: the admin says Yes, two new players say No.
    const questionId = (await item.getAttribute('data-question-id'))!;
    const me = JSON.parse((await page.evaluate(() => localStorage.getItem('mzansi.user'))) ?? 'null') as { id: string };
    const mine = await page.request.post('/api/answers', { data: { userId: me.id, questionId, optionId: 'yes' } });
    expect(mine.status()).toBe(201);
    for (let i = 0; i < 2; i++) {
      const voter = await stackContext();
      try {
        const signup = await voter.request.post('/api/auth/signup', {
          data: { username: randomUsername('e2ev_'), password: 'correct-horse-battery', name: `Voter ${i + 1}`, email: '', phoneNumber: '', consent: true },
        });
        expect(signup.status()).toBe(201);
        const { id } = (await signup.json()) as { id: string };
        const answer = await voter.request.post('/api/answers', { data: { userId: id, questionId, optionId: 'no' } });
        expect(answer.status()).toBe(201);
      } finally {
        await voter.close();
      }
    }

    await expect(drafts.locator('li.admin-q', { hasText: text }).count()).resolves.toBe(0);
    await item.getByRole('button', { name: 'Resolve' }).click();
    const resolveDialog = page.getByRole('dialog', { name: 'Resolve question' });
    await expectVisible(resolveDialog);
    await screenshot(page, 'admin-resolve-dialog');
    // The correct answer and the source it was judged on (the dialog refuses a resolve without one).
    await resolveDialog.getByRole('radio', { name: 'Yes' }).check();
    await resolveDialog.getByLabel('Source link').fill('https://www.elections.org.za/');
    await resolveDialog.getByLabel('Source title').fill('IEC results');
    await resolveDialog.getByRole('button', { name: 'Resolve' }).click();
    await toast(page, 'Question resolved successfully');
    await expectVisible(item.getByText('Resolved', { exact: true }));
    await expect(item.getByRole('button', { name: 'Resolve' }).count()).resolves.toBe(0);
    await closeToasts(page);
    await scrollToTop(item);
    await screenshot(page, 'admin-questions');

    // The signed-in feed shows it too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Political Prediction Feed' }));
    const feedCard = page.locator('.qcard', { has: page.getByRole('heading', { name: `${text}?` }) });
    await reloadUntilVisible(page, feedCard.getByText('Resolved', { exact: true }));
    await reloadUntilVisible(page, feedCard.getByText('3 predictions'));
    await expectVisible(feedCard.getByText('33%', { exact: true }));
    await expectVisible(feedCard.getByText('67%', { exact: true }));
    await scrollToTop(feedCard);
    await screenshot(page, 'feed-public');
    await feedCard.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share Your Result' });
    await expectVisible(share.getByText(`${text}? YES 33% / NO 67%`, { exact: false }));
    await screenshot(page, 'feed-share-panel');
    await share.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: /^Friends/ }).click();
    await expectVisible(page.getByText('No Friends Yet'));
    await screenshot(page, 'feed-friends-empty');
  } finally {
    await admin.context.close();
  }

  // A new signed-out visitor.
  const visitor = await stackPage();
  try {
    const { page } = visitor;
    await page.goto('/');
    await expectVisible(page.getByRole('button', { name: 'Start Predicting' }));
    await expectVisible(page.locator('.hero').getByRole('heading'));
    await screenshot(page, 'landing-today');

    const card = page.locator('.archive .qcard', { has: page.getByRole('heading', { name: `${text}?` }) });
    await reloadUntilVisible(page, card.getByText('Resolved', { exact: true }));
    await expectVisible(card.getByText('Created by the browser test.'));
    await expectVisible(card.getByText('✓ Correct'));
    expect(await card.locator('.result-row--correct').textContent()).toContain('Yes');
    await reloadUntilVisible(page, card.getByText('66.7%'));
    await expectVisible(card.getByText('33.3%'));
    await expectVisible(card.getByText('2 votes'));
    await scrollToTop(card);
    await screenshot(page, 'landing-archive');

    // The rest of the landing page.
    // The newsletter's form is folded under its title.
    await page.locator('summary', { hasText: 'Get the newsletter' }).click();
    const newsletter = page.getByRole('button', { name: 'Subscribe' });
    await newsletter.scrollIntoViewIfNeeded();
    await newsletter.click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Email required' }));
    await screenshot(page, 'landing-newsletter');
    await page.getByRole('button', { name: 'Create an account' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'landing-bottom');
  } finally {
    await visitor.context.close();
  }
});

async function scrollToTop(locator: ReturnType<Page['locator']>) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

