// POPIA in the browser: the consent checkbox at signup, the /privacy notice (signed out and in) and the
// profile's "Who sees my answers" settings (and whether the national leaderboard names me, also at 390 × 844), at 360 × 800 (the narrowest phone we design for), checked with axe-core.
import { expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { NARROW_VIEWPORT, VIEWPORT, expectAccessible, expectNoHorizontalOverflow, expectVisible, newMobilePage, randomUsername, screenshot, signUpApi, browser, stack, startBrowserStack } from './browser';

const OFFICER = { PRIVACY_OFFICER_EMAIL: 'popia@mzansipredicts.example', PRIVACY_OFFICER_NAME: 'Nomsa Khumalo' };

startBrowserStack({ mode: 'test', env: OFFICER });

function narrowPage(): Promise<{ context: BrowserContext; page: Page }> {
  return newMobilePage(browser, { baseURL: stack.baseUrl, viewport: NARROW_VIEWPORT });
}

test('signed out: the landing footer leads to /privacy, which names the configured information officer', async () => {
  const { context, page } = await narrowPage();
  try {
    await page.goto('/');
    await expectVisible(page.getByRole('button', { name: 'Start Predicting' }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await page.waitForURL('**/privacy');
    await expectVisible(page.getByRole('heading', { name: 'Privacy notice', level: 1 }));
    const mail = page.getByRole('link', { name: OFFICER.PRIVACY_OFFICER_EMAIL });
    await expectVisible(mail);
    expect(await mail.getAttribute('href')).toBe(`mailto:${OFFICER.PRIVACY_OFFICER_EMAIL}`);
    await expectVisible(page.getByText(`${OFFICER.PRIVACY_OFFICER_NAME}:`));
    await expectVisible(page.getByText('Version 1.1'));
    for (const h of ['What we collect', 'Why we use it', 'Who sees what', 'How long we keep it', 'Your rights']) {
      await expectVisible(page.getByRole('heading', { name: h, level: 2 }));
    }
    expect(await page.title()).toBe('Privacy notice · Mzansi Predicts');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/privacy signed out');
    await screenshot(page, 'privacy-notice-360');
    // Opened directly too (no sign-in needed), and back to the landing page.
    await page.goto('/privacy');
    await expectVisible(page.getByRole('heading', { name: 'Privacy notice', level: 1 }));
    await page.getByRole('link', { name: 'Back to Mzansi Predicts' }).click();
    await expectVisible(page.getByRole('button', { name: 'Start Predicting' }));
  } finally {
    await context.close();
  }
});

test('signup needs the unticked consent box; the profile shows the consent and saves who sees my answers', async () => {
  const { context, page } = await narrowPage();
  const signups: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/signup')) signups.push(r.postData() ?? '');
  });
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    const consent = dialog.getByRole('checkbox', { name: /I agree that Mzansi Predicts may keep my predictions/ });
    await expectVisible(consent);
    expect(await consent.isChecked()).toBe(false);
    const notice = dialog.getByRole('link', { name: /Read the privacy notice/ });
    expect(await notice.getAttribute('href')).toBe('/privacy');

    const username = randomUsername('e2epv_');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill('correct-horse-battery');
    await dialog.getByLabel('Full Name').fill('Palesa Private');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Please accept the privacy notice to continue' }));
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    expect(signups).toEqual([]);
    await consent.scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'signup dialog');
    await screenshot(page, 'signup-consent-360');

    // The notice opens in a new tab, keeping the form.
    const [tab] = await Promise.all([context.waitForEvent('page'), notice.click()]);
    await expectVisible(tab.getByRole('heading', { name: 'Privacy notice', level: 1 }));
    await tab.close();
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe('Palesa Private');

    await consent.check();
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
    expect(signups).toHaveLength(1);
    expect(JSON.parse(signups[0]!)).toMatchObject({ username, consent: true });

    // Profile → Privacy: the consent on record, then the settings.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const consentLine = page.getByText(/^You accepted the privacy notice v1\.1 on \d{1,2} \w+ \d{4}\.$/);
    await expectVisible(consentLine);
    const friends = page.getByRole('radio', { name: /Friends/ });
    const nobody = page.getByRole('radio', { name: /Nobody/ });
    const afterResolved = page.getByRole('switch', { name: 'Only after the question is resolved' });
    await expectVisible(friends);
    expect(await friends.isChecked()).toBe(true);
    expect(await afterResolved.getAttribute('aria-checked')).toBe('false');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'profile privacy tab');
    await screenshot(page, 'profile-privacy-360');
    await consentLine.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-privacy-consent-360');

    // A controlled radio: React checks it on its next render, so wait for that rather than use check().
    await nobody.click();
    await expect.poll(() => nobody.isChecked()).toBe(true);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Privacy settings saved' }));
    expect(await afterResolved.isDisabled()).toBe(true);
    await screenshot(page, 'profile-privacy-nobody-360');
    const me = (await (await context.request.get('/api/auth/me')).json()) as { id: string };
    expect(await (await context.request.get(`/api/users/${me.id}/privacy`)).json()).toMatchObject({ answerVisibility: 'nobody', hideUntilResolved: false });

    // Survives a reload; back to friends, then only after resolution.
    await page.reload();
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await expectVisible(nobody);
    expect(await nobody.isChecked()).toBe(true);
    await friends.click();
    await expect.poll(() => friends.isChecked()).toBe(true);
    await page.waitForFunction(() => !document.querySelector('fieldset.choice-group[disabled]'));
    await afterResolved.click();
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    await page.waitForFunction(() => !document.querySelector('[role="switch"][disabled]'));
    expect(await (await context.request.get(`/api/users/${me.id}/privacy`)).json()).toMatchObject({ answerVisibility: 'friends', hideUntilResolved: true });

    // The notice from the profile, inside the signed-in app.
    // By keyboard: at the foot of the page the fixed bottom navigation and the settling layout make a pointer tap
    // land beside it in headless Chromium; a keyboard user reaches it the same way.
    const profileNotice = page.getByRole('link', { name: 'Read the privacy notice' });
    await profileNotice.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/privacy');
    await expectVisible(page.getByRole('heading', { name: 'Privacy notice', level: 1 }));
    await expectVisible(page.getByRole('navigation', { name: 'Main' }));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/privacy signed in');
  } finally {
    await context.close();
  }
});

test.each([NARROW_VIEWPORT, VIEWPORT])('the national leaderboard setting at $width px: off by default, the leaderboard says so and leads to it', async (viewport) => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport });
  try {
    const id = await signUpApi(context.request, { name: 'Sipho Listed' });
    await page.goto('/leaderboard');
    await expectVisible(page.getByRole('heading', { name: 'National Leaderboard' }));
    await expectVisible(page.getByText(/^Only you see your place on this list\./));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `leaderboard, not listed, ${viewport.width}`);
    await screenshot(page, `leaderboard-not-listed-${viewport.width}`);

    await page.getByRole('link', { name: 'Privacy settings' }).click();
    await page.waitForURL('**/profile?tab=privacy');
    const listed = page.getByRole('switch', { name: 'Show me on the national leaderboard' });
    await expectVisible(listed);
    expect(await listed.getAttribute('aria-checked')).toBe('false');
    await listed.scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `profile privacy, national switch, ${viewport.width}`);
    await listed.click();
    await expect.poll(() => listed.getAttribute('aria-checked')).toBe('true');
    await expectVisible(page.getByRole('status').filter({ hasText: 'Privacy settings saved' }));
    await screenshot(page, `profile-privacy-listed-${viewport.width}`);
    expect(await (await context.request.get(`/api/users/${id}/privacy`)).json()).toMatchObject({ listOnNationalBoard: true, answerVisibility: 'friends' });

    // Nobody turns it off and disables it; back on the leaderboard the note shows again.
    // Its save answers before the check, so the toast it brings is on screen (and judged) whole.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/privacy'));
    await page.getByRole('radio', { name: /Nobody/ }).click();
    await saved;
    await expect.poll(() => listed.isDisabled()).toBe(true);
    expect(await listed.getAttribute('aria-checked')).toBe('false');
    await expectVisible(page.getByText('Not while nobody sees your predictions.'));
    await expectAccessible(page, `profile privacy, nobody, ${viewport.width}`);
    await page.goto('/leaderboard');
    await expectVisible(page.getByText(/^Only you see your place on this list\./));
  } finally {
    await context.close();
  }
});
