// Suggestions and research end to end: a new user suggests a question on /my-suggestions; the admin
// reviews it (approved, with notes) in /admin → Suggestions; the user sees the outcome. The admin's analytics,
// users and manage tabs show real data; the research tabs work on the seeded sample content.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { expectVisible, newMobilePage, randomUsername, screenshot, browser, closeToasts, stack, startBrowserStack, signInAsAdmin } from './browser';

startBrowserStack({ mode: 'test', env: { SEED_DEMO: 'true' } });

async function toast(page: Page, text: string) {
  const status = page.getByRole('status').filter({ hasText: text });
  await expectVisible(status, 15_000);
  return status;
}

async function alertToast(page: Page, text: string) {
  await expectVisible(page.getByRole('alert').filter({ hasText: text }), 15_000);
}


async function signUp(page: Page, username: string, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill('correct-horse-battery');
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
  await closeToasts(page);
}

/** The development admin, signed in with the toasts of the sign-in out of the way. */
async function signInAdmin(page: Page) {
  await signInAsAdmin(page);
  await closeToasts(page);
}

test('a user suggests a question, the admin approves it with notes, the user sees the outcome; research works', async () => {
  const stamp = Date.now().toString(36);
  const title = `Will the e2e suggestion ${stamp} be approved`;
  const notes = `Great idea, scheduled (${stamp})`;
  const username = randomUsername('e2eg_');

  const user = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const admin = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    // ---- The user suggests a question.
    const page = user.page;
    await signUp(page, username, 'Sipho Suggests');
    await page.goto('/my-suggestions');
    await expectVisible(page.getByRole('heading', { name: 'My Suggestions' }));
    await expectVisible(page.getByText('No suggestions yet'));
    await page.getByRole('button', { name: 'Suggest a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a Question' });
    await dialog.getByLabel('Question', { exact: true }).fill('Too short');
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await alertToast(page, 'Question must be at least 10 characters');
    await closeToasts(page);
    await dialog.getByLabel('Question', { exact: true }).fill(title);
    await dialog.getByLabel(/Description/).fill('Written by the browser test.');
    await screenshot(page, 'my-suggestions-dialog');
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await toast(page, 'Question Suggested!');
    expect(await dialog.count()).toBe(0);
    const mine = page.locator('li.suggestion', { hasText: title });
    await expectVisible(mine.getByText('pending', { exact: true }));
    await closeToasts(page);

    // ---- The admin: analytics, users, suggestions (review), manage.
    const a = admin.page;
    await signInAdmin(a);
    await a.goto('/admin');
    await expectVisible(a.getByRole('heading', { name: 'Admin Dashboard' }));

    await a.getByRole('tab', { name: 'Analytics' }).click();
    const pendingTile = a.locator('.stat-tile', { hasText: 'Pending review' });
    await expectVisible(pendingTile);
    expect(Number(await pendingTile.locator('.stat-tile__value').textContent())).toBeGreaterThanOrEqual(1);
    const usersTile = a.locator('.stat-tile', { hasText: 'Users' }).first();
    expect(Number((await usersTile.locator('.stat-tile__value').textContent())!.replace(/\s/g, ''))).toBeGreaterThanOrEqual(2);
    await screenshot(a, 'admin-analytics');

    await a.getByRole('tab', { name: 'Users' }).click();
    const row = a.locator('li.user-row', { hasText: `@${username}` });
    await expectVisible(row);
    const fullId = (await row.getAttribute('data-user-id'))!;
    expect(await row.locator('.user-row__id').textContent()).toBe(fullId.slice(0, 8));
    await expectVisible(a.locator('li.user-row', { hasText: '@admin' }).getByText('Admin', { exact: true }));
    await screenshot(a, 'admin-users');

    await a.getByRole('tab', { name: 'Suggestions' }).click();
    await a.getByRole('button', { name: 'pending', exact: true }).click();
    const item = a.locator('li.suggestion', { hasText: title });
    await expectVisible(item);
    await expectVisible(item.getByText('By Sipho Suggests'));
    await item.getByRole('button', { name: 'Review' }).click();
    const review = a.getByRole('dialog', { name: 'Review Suggestion' });
    await review.getByLabel(/Admin notes/).fill(notes);
    await review.getByRole('button', { name: 'Save Review' }).click();
    await alertToast(a, 'A review update needs a chosen status');
    await closeToasts(a);
    await review.getByRole('radio', { name: 'approved' }).check();
    await screenshot(a, 'admin-review-dialog');
    await review.getByRole('button', { name: 'Save Review' }).click();
    await toast(a, 'Suggestion Updated');
    await closeToasts(a);
    // Filtered on pending, it leaves the list; under "approved" it shows with the notes.
    await a.locator('li.suggestion', { hasText: title }).waitFor({ state: 'detached', timeout: 10_000 });
    await a.getByRole('button', { name: 'approved', exact: true }).click();
    const approved = a.locator('li.suggestion', { hasText: title });
    await expectVisible(approved.getByText(notes));
    await expectVisible(approved.getByText('approved', { exact: true }));
    await a.getByRole('button', { name: 'All', exact: true }).click();
    await expectVisible(a.locator('li.suggestion', { hasText: title }));
    await a.evaluate(() => window.scrollTo(0, 0));
    await screenshot(a, 'admin-suggestions');

    await a.getByRole('tab', { name: 'Manage' }).click();
    await expectVisible(a.locator('li.manage-item', { hasText: 'Enoch Godongwana' }));
    // Create an official (validation first), then delete it after confirming.
    await a.getByRole('button', { name: 'Add Official' }).click();
    const form = a.getByRole('dialog', { name: 'Add Official' });
    await form.getByRole('button', { name: 'Add Official' }).click();
    await alertToast(a, 'Please fill in all required fields');
    await closeToasts(a);
    const officialName = `E2E Official ${stamp}`;
    await form.getByLabel('Name', { exact: true }).fill(officialName);
    await form.getByLabel('Title', { exact: true }).fill('Minister of Browser Tests');
    await form.getByLabel(/Tags/).fill('economy');
    await form.getByRole('button', { name: 'Add Official' }).click();
    await toast(a, 'Official added');
    await closeToasts(a);
    const created = a.locator('li.manage-item', { hasText: officialName });
    await expectVisible(created);
    await expectVisible(created.getByText('EM', { exact: true })); // initials of the first and last words
    await created.getByRole('button', { name: 'Delete' }).click();
    await a.getByRole('dialog', { name: 'Delete this official?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(a, 'Official deleted');
    await created.waitFor({ state: 'detached', timeout: 10_000 });
    await closeToasts(a);
    await a.evaluate(() => window.scrollTo(0, 0));
    await screenshot(a, 'admin-manage');
    await a.getByRole('tab', { name: 'Media predictions' }).click();
    await expectVisible(a.locator('li.manage-item', { hasText: 'The Reserve Bank will cut the repo rate' }));
    await screenshot(a, 'admin-manage-predictions');

    // ---- The user reloads and sees the review.
    await page.reload();
    const reviewed = page.locator('li.suggestion', { hasText: title });
    await expectVisible(reviewed.getByText('approved', { exact: true }));
    await expectVisible(reviewed.getByText(notes));
    expect(await reviewed.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'my-suggestions');

    // ---- Research: topics, clear, officials' tag jump, predictions.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Research' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Research' }));
    const economy = page.getByRole('button', { name: /^Economy\b/ });
    await expectVisible(economy);
    expect(await economy.getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'research-topic-chips');
    await economy.click();
    expect(await economy.getAttribute('aria-pressed')).toBe('true');
    const detail = page.locator('.topic-detail');
    await expectVisible(detail.getByRole('heading', { name: 'Enoch Godongwana' }));
    await expectVisible(detail.getByText('“The Reserve Bank will cut the repo rate at its next meeting”'));
    await expectVisible(detail.locator('.research-q').first());
    await expectVisible(detail.getByText('Sample data').first());
    await page.waitForFunction(() => {
      const top = document.querySelector('.topic-detail')?.getBoundingClientRect().top ?? -1;
      return top > 80 && top < 200; // scrolled to just below the fixed header
    });
    await screenshot(page, 'research-topics');
    await detail.getByRole('button', { name: 'Clear' }).click();
    expect(await economy.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.topic-detail').count()).toBe(0);
    // Clicking the selected topic again deselects it.
    await economy.click();
    await expectVisible(page.locator('.topic-detail'));
    await economy.click();
    expect(await page.locator('.topic-detail').count()).toBe(0);

    // Predictions tab with no topic asks for one.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('tab', { name: 'Predictions' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Pick a topic' }));

    await page.getByRole('tab', { name: 'Officials' }).click();
    const minister = page.locator('.official', { has: page.getByRole('heading', { name: 'Kgosientsho Ramokgopa' }) });
    await expectVisible(minister);
    await expectVisible(minister.getByText('KR', { exact: true }));
    await screenshot(page, 'research-officials');
    await minister.getByRole('button', { name: 'Topic: Energy' }).click();
    expect(await page.getByRole('tab', { name: 'Topics' }).getAttribute('aria-selected')).toBe('true');
    const energy = page.getByRole('button', { name: /^Energy\b/ });
    expect(await energy.getAttribute('aria-pressed')).toBe('true');
    await expectVisible(page.locator('.topic-detail').getByText('“Eskom will keep load-shedding away for most of winter”'));

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('tab', { name: 'Predictions' }).click();
    const prediction = page.locator('.prediction', { hasText: 'Eskom will keep load-shedding away' });
    await expectVisible(prediction);
    await expectVisible(prediction.getByText('65%'));
    const link = prediction.getByRole('link', { name: /News24/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'research-predictions');
  } finally {
    await user.context.close();
    await admin.context.close();
  }
});
