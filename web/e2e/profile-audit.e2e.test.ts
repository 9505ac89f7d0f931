// The account's own data in the real SPA against the whole stack: a user edits their profile (name, e-mail, phone),
// confirms the new address from the link in the mail the notification service wrote, changes the password (another
// browser signed in as them is signed out, this one stays), unsubscribes from a question mail signed out; the admin
// reads the Audit tab at 360 px.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createQuestion, expectVisible, newMobilePage, randomUsername, screenshot, closeToasts, signUpInBrowser, browser, stack, startBrowserStack } from './browser';

startBrowserStack();
const PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'a-fresh-password-2';


const signUp = (page: Page, username: string, name: string) => signUpInBrowser(page, username, name, PASSWORD);

/** The newest .eml to `to` in the notification service's mail folder, once it is there (headers unfolded). */
async function mailTo(to: string, count = 1): Promise<string> {
  const dir = stack.processes!.notification.env.MAIL_DIR!;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
    const mine = texts.filter((t) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(t));
    if (mine.length >= count) return mine.at(-1)!.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** No horizontal scrolling: the page is no wider than the screen. */
async function expectNoOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('a user edits the profile, confirms the new address, changes the password and unsubscribes; the admin sees it in the Audit tab', async () => {
  const username = randomUsername('e2ep_');
  const email = `${username}@example.co.za`;
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const other = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const anonymous = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const admin = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    await signUp(page, username, 'Ayanda Edit');

    // ---- Edit my profile.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByLabel('Name').fill('  Ayanda Mokoena ');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Phone').fill('+27 82 555 0142');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: `We sent a link to ${email}` }));
    await expectVisible(page.getByText('Not verified yet'));
    await expectVisible(page.getByRole('heading', { name: 'Ayanda Mokoena' }));
    await expectNoOverflow(page);
    await screenshot(page, 'profile-account-edit');
    await closeToasts(page);

    // ---- The verification link, from the mail itself, opened in the same browser.
    const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(await mailTo(email))![1]!;
    await page.goto(`/verify-email?token=${token}`);
    await expectVisible(page.getByRole('heading', { name: 'Confirm your e-mail address' }));
    await screenshot(page, 'verify-email-page');
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: `${email} is verified.` }));
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Account' }).click();
    await expectVisible(page.getByTestId('email-status').getByText('Verified'));

    // ---- Change the password: the other browser is signed out, this one stays.
    await other.page.goto('/');
    expect((await other.context.request.post('/api/auth/login', { data: { username, password: PASSWORD } })).status()).toBe(200);
    expect((await other.context.request.get('/api/auth/me')).status()).toBe(200);
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }));
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: '1 other session was signed out' }));
    await screenshot(page, 'profile-password-changed');
    expect((await other.context.request.get('/api/auth/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);

    // ---- An admin publishes a question: the verified address gets it, with an unsubscribe link that needs no sign-in.
    expect((await admin.context.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } })).status()).toBe(200);
    const questionId = await createQuestion(admin.context.request, `Will the e2e profile ${Date.now().toString(36)} work`, 'Written by the browser test.');
    expect((await admin.context.request.post(`/api/admin/questions/${questionId}/publish`)).status()).toBe(200);
    const mail = await mailTo(email, 2);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const visible = /Unsubscribe: (http:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mail)![1]!;
    const url = new URL(visible);
    await anonymous.page.goto(`${url.pathname}${url.search}`);
    await anonymous.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expectVisible(anonymous.page.getByRole('status').filter({ hasText: 'You will no longer get question e-mails' }));
    await expectNoOverflow(anonymous.page);
    await screenshot(anonymous.page, 'unsubscribe-page');
    expect((await (await page.request.get('/api/auth/me')).json()).emailNotifications).toBe(false);

    // ---- The admin's Audit tab, at 360 px.
    await admin.page.setViewportSize({ width: 360, height: 780 });
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Audit' }).click();
    const rows = admin.page.getByRole('list', { name: 'Admin actions' }).getByRole('listitem');
    await expectVisible(rows.filter({ hasText: 'Published a question' }).first());
    const published = rows.filter({ hasText: 'Published a question' }).first();
    expect(await published.textContent()).toContain('@admin');
    expect(await published.textContent()).toContain('Will the e2e profile');
    await expectVisible(rows.filter({ hasText: 'Created a question' }).first());
    await expectNoOverflow(admin.page);
    await screenshot(admin.page, 'admin-audit-360');
  } finally {
    await Promise.all([context.close(), other.context.close(), anonymous.context.close(), admin.context.close()]);
  }
});
