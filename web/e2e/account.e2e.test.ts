// POPIA's "Download my data" and "Delete my account" in the real SPA against the whole stack: a new user comments
// and answers, downloads their data from Profile → Privacy (the file is the server's JSON under its file name), then
// deletes the account in the confirm dialog (a wrong password first) and lands signed out on the landing page, where
// the old credentials no longer work.
import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createQuestion, expectVisible, newMobilePage, randomUsername, screenshot, closeToasts, signUpInBrowser, browser, stack, startBrowserStack } from './browser';

startBrowserStack();
const PASSWORD = 'correct-horse-battery';


const signUp = (page: Page, username: string, name: string) => signUpInBrowser(page, username, name, PASSWORD);

test('a user downloads their data, then deletes the account and is signed out', async () => {
  const username = randomUsername('e2ed_');
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const admin = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    // Something to export: an answer and a comment on today's question.
    const login = await admin.context.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
    expect(login.status()).toBe(200);
    const questionId = await createQuestion(admin.context.request, `Will the e2e export ${Date.now().toString(36)} work`, 'Written by the browser test.');
    expect((await admin.context.request.post(`/api/admin/questions/${questionId}/publish`)).status()).toBe(200);

    await signUp(page, username, 'Ayanda Export');
    const me = await (await page.request.get('/api/auth/me')).json();
    const answered = await page.request.post('/api/answers', { data: { userId: me.id, questionId, optionId: 'yes' } });
    expect(answered.status(), await answered.text()).toBe(201);
    const commented = await page.request.post(`/api/questions/${questionId}/comments`, { data: { content: 'Exporting this' } });
    expect(commented.status(), await commented.text()).toBe(201);

    // ---- Download my data.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const card = page.locator('.your-data');
    await expectVisible(card.getByRole('heading', { name: 'Your data' }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-your-data');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^mzansi-predicts-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const doc = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(doc.format).toBe('mzansi-predicts-export/1');
    expect(doc.profile).toMatchObject({ id: me.id, username, name: 'Ayanda Export' });
    expect(doc.answers).toEqual([expect.objectContaining({ questionId, answer: 'Yes', outcome: 'pending' })]);
    expect(doc.comments).toEqual([expect.objectContaining({ questionId, content: 'Exporting this', imageUrl: null })]);
    for (const section of ['consents', 'settings', 'friends', 'friendRequests', 'suggestions', 'notifications', 'newsletter']) expect(doc).toHaveProperty(section);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Your data is downloading' }));
    await closeToasts(page);

    // ---- Delete my account: the dialog says what goes and what stays; a wrong password is refused.
    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expectVisible(dialog.getByText('What is deleted, at once and everywhere'));
    await expectVisible(dialog.getByText('What stays'));
    await expectVisible(dialog.getByText(/The national totals/));
    await screenshot(page, 'delete-account-dialog');
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Incorrect password' }));
    await dialog.getByLabel('Your password').scrollIntoViewIfNeeded();
    await screenshot(page, 'delete-account-wrong-password');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    // Signed out, on the landing page.
    await expectVisible(page.getByRole('button', { name: 'Start Predicting' }), 15_000);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Your account has been deleted' }));
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'account-deleted-landing');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // The old credentials no longer sign in.
    await closeToasts(page);
    await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
    const loginDialog = page.getByRole('dialog');
    await loginDialog.getByLabel('Username').fill(username);
    await loginDialog.getByLabel('Password').fill(PASSWORD);
    await loginDialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Invalid username or password' }), 15_000);
  } finally {
    await context.close();
    await admin.context.close();
  }
});
