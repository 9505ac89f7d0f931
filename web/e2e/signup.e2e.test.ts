// Signs up through the real SPA served by the real gateway and services.
import { expect, test } from 'vitest';

import { expectVisible, newMobilePage, randomUsername, screenshot, browser, stack, startBrowserStack } from './browser';

startBrowserStack();

test('a visitor signs up and lands in the signed-in app', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    await page.goto('/');

    // Landing page (signed out).
    await expectVisible(page.getByRole('button', { name: 'Start Predicting' }));
    await expectVisible(page.getByText('Make one political prediction a day').first());
    await screenshot(page, 'landing');

    // Sign-in dialog, login mode first.
    await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').waitFor();
    await screenshot(page, 'signin-dialog-login');

    // Switch to signup.
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByLabel('Full Name').waitFor();
    await screenshot(page, 'signin-dialog-signup');

    const username = randomUsername();
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill('correct-horse-battery');
    await dialog.getByLabel('Full Name').fill('Thandi E2E');
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    // Signed-in chrome: header tagline + ticking countdown, bottom navigation.
    const header = page.getByRole('banner');
    await header.getByText('TIME:').waitFor({ timeout: 15_000 });
    await expectVisible(header.getByText('Make one political prediction a day'));
    expect(await header.getByRole('timer').textContent()).toMatch(/TIME:\s*\d{2}:\d{2}:\d{2}/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectVisible(nav);
    for (const name of ['Home', 'Vote', 'Leaders', 'Research', 'Friends', 'Profile']) {
      await expectVisible(nav.getByRole('link', { name }));
    }
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await expectVisible(page.getByRole('heading', { name: 'Political Prediction Feed' }));
    expect(await dialog.count()).toBe(0);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Account created' }));
    await screenshot(page, 'signup-toast');
    await page.getByRole('status').getByRole('button', { name: 'Close' }).click();
    await screenshot(page, 'feed-signed-in');

    // The session survives a reload (cookie + stored user, confirmed by /api/auth/me).
    await page.reload();
    await header.getByText('TIME:').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('mzansi.user'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ username });
  } finally {
    await context.close();
  }
});
