// Login protection: past the login budget (and the per-address signup budget) the sign-in dialog shows the self-hosted
// ALTCHA widget, which solves the gateway's proof-of-work in a Web Worker under the gateway's CSP; the right password
// then gets in. Headless Chromium against the whole stack, default login thresholds.
import { copyFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { expectVisible, newMobilePage, randomUsername, screenshot, browser, stack, startBrowserStack } from './browser';

const PASSWORD = 'correct-horse-battery';

// Two signups per address and minute, so the signup test meets the challenge quickly.
startBrowserStack({ mode: 'test', gatewayEnv: { RATE_SIGNUP_PER_IP: '2' } });

/** Collects CSP violations, script errors and other console errors of a page (not the expected 401 / 429 answers). */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of (401|429)\b/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

/** Waits until the widget in the dialog has verified; returns how long it took from the first check. */
async function widgetVerified(page: Page): Promise<number> {
  const started = Date.now();
  await page.waitForFunction(() => (document.querySelector('altcha-widget') as (HTMLElement & { getState?: () => string }) | null)?.getState?.() === 'verified', undefined, {
    timeout: 60_000,
  });
  return Date.now() - started;
}

test('after 5 wrong passwords from this address the dialog asks for the check; the widget solves it and the right password gets in', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const problems = watch(page);
  try {
    const username = randomUsername();
    const api = context.request;
    expect((await api.post('/api/auth/signup', { data: { username, password: PASSWORD, name: 'Widget User', consent: true } })).status()).toBe(201);
    expect((await api.post('/api/auth/logout')).status()).toBe(200);
    // The (username, address) budget: 5 attempts.
    for (let i = 0; i < 5; i++) expect((await api.post('/api/auth/login', { data: { username, password: `wrong-${i}` } })).status()).toBe(401);

    await page.goto('/');
    await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();

    // Not refused: asked for the check, with the widget (loaded on demand) working on it at once.
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Too many attempts. Please complete the check to continue.' }));
    await dialog.locator('altcha-widget').waitFor();
    const solveMs = await widgetVerified(page);
    console.log(`[altcha figures] chromium login check verified in ${solveMs} ms`);
    const submit = dialog.getByRole('button', { name: 'Log In', exact: true });
    expect(await submit.isEnabled()).toBe(true);
    await expectVisible(dialog.getByRole('checkbox', { checked: true }));
    const shot = await screenshot(page, 'altcha-signin');
    await copyFile(shot, '/tmp/altcha-signin.png');

    await submit.click();
    const header = page.getByRole('banner');
    await header.getByText('TIME:').waitFor({ timeout: 15_000 });
    expect(await dialog.count()).toBe(0);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('signup from a busy address: the check appears instead of a flat refusal, then the account is created', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const problems = watch(page);
  try {
    // Use up this address's signup budget (2 a minute here; the first test used one).
    for (let i = 0; i < 2; i++) await context.request.post('/api/auth/signup', { data: { username: randomUsername(), password: PASSWORD, name: 'Neighbour', consent: true } });
    await context.clearCookies();

    await page.goto('/');
    await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    const username = randomUsername();
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Full Name').fill('Busy Network');
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Many sign-ups from your network' }));
    await widgetVerified(page);
    await screenshot(page, 'altcha-signup');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
    const stored = await page.evaluate(() => localStorage.getItem('mzansi.user'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ username });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
