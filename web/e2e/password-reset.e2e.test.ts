// Forgot password in the real SPA against the whole stack, at 360 × 800 and 390 × 844: the profile reminds a user
// without a verified address; "Forgot password?" on the sign-in dialog → the neutral confirmation → the link from the
// mail the notification service wrote → a new password → signed in (the old session is signed out, a used link says
// so); the admin sends a link from the Users tab. No sideways scrolling, no serious axe findings, screenshots.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiPost,
  closeToasts,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectVisible,
  NARROW_VIEWPORT,
  randomUsername,
  screenshot,
  signUpInBrowser,
  stack,
  stackPage,
  startBrowserStack,
  VIEWPORT,
} from './browser';

startBrowserStack();
const PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'a-fresh-password-7';

/** The `count`-th mail to `to` whose text holds `link`, once it is there (headers unfolded, quoted-printable joined). */
async function mailTo(to: string, link: string, count = 1): Promise<string> {
  const dir = stack.processes!.notification.env.MAIL_DIR!;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    const texts = (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).map((t) => t.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    const mine = texts.filter((t) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(t) && t.includes(link));
    if (mine.length >= count) return mine[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${link}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const tokenIn = (mail: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail)![1]!;

async function fitsAndPasses(page: Page, what: string) {
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, what);
}

describe.each([
  ['360', NARROW_VIEWPORT],
  ['390', VIEWPORT],
])('forgot password at %s px', (width, viewport) => {
  test('the dialog, the neutral answer, the mailed link, a new password, signed in', async () => {
    const username = randomUsername('e2erp_');
    const email = `${username}@example.co.za`;
    const first = await stackPage({ viewport });
    const second = await stackPage({ viewport });
    try {
      // A new user is reminded to add a verified address; they add one and confirm it.
      await signUpInBrowser(first.page, username, 'Lindiwe Reset', PASSWORD);
      await first.page.goto('/profile');
      await expectVisible(first.page.getByRole('note').filter({ hasText: 'Add a verified e-mail address' }));
      await fitsAndPasses(first.page, `profile reminder ${width}`);
      await screenshot(first.page, `reset-profile-reminder-${width}`);
      const me = (await (await first.context.request.get('/api/auth/me')).json()) as { id: string };
      await first.context.request.patch(`/api/users/${me.id}`, { data: { email } });
      await apiPost(first.context.request, '/api/auth/verify-email', { token: tokenIn(await mailTo(email, '/verify-email?'), 'verify-email') });
      await first.page.reload();
      await expectVisible(first.page.getByRole('heading', { name: 'Lindiwe Reset' }));
      expect(await first.page.getByRole('note').filter({ hasText: 'Add a verified e-mail address' }).count()).toBe(0);

      // Signed out, on another device: "Forgot password?".
      const { page } = second;
      await page.goto('/');
      await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Forgot password?' }).click();
      await expectVisible(dialog.getByRole('heading', { name: 'Reset your password' }));
      await fitsAndPasses(page, `forgot form ${width}`);
      await screenshot(page, `reset-forgot-form-${width}`);
      await dialog.getByLabel('Username').fill(username);
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await expectVisible(dialog.getByRole('status').filter({ hasText: 'If the account has a verified e-mail address, we have sent a link to it.' }));
      await expectVisible(dialog.getByText(/No verified e-mail address\?/));
      await fitsAndPasses(page, `forgot sent ${width}`);
      await screenshot(page, `reset-forgot-sent-${width}`);

      // The link from the mail: a new password, then signed in here and out on the first device.
      const token = tokenIn(await mailTo(email, '/reset-password?'), 'reset-password');
      await page.goto(`/reset-password?token=${token}`);
      await expectVisible(page.getByRole('heading', { name: 'Choose a new password' }));
      await fitsAndPasses(page, `reset page ${width}`);
      await screenshot(page, `reset-page-${width}`);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Repeat the new password').fill('something-else-1');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expectVisible(page.getByText('The two passwords do not match'));
      await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expectVisible(page.getByRole('status').filter({ hasText: 'Your password is changed and you are signed in.' }));
      await screenshot(page, `reset-done-${width}`);
      await page.getByRole('button', { name: 'Continue to Mzansi Predicts' }).click();
      await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
      expect((await first.context.request.get('/api/auth/me')).status()).toBe(401);

      // The same link again says it was used.
      await closeToasts(page);
      await page.goto(`/reset-password?token=${token}`);
      await page.getByLabel('New password', { exact: true }).fill('yet-another-pass-3');
      await page.getByLabel('Repeat the new password').fill('yet-another-pass-3');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expectVisible(page.getByRole('alert').filter({ hasText: 'already been used' }));
      await fitsAndPasses(page, `used link ${width}`);
      await screenshot(page, `reset-used-link-${width}`);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});

test('the admin sends a password reset link from the Users tab (360 px)', async () => {
  const username = randomUsername('e2era_');
  const email = `${username}@example.co.za`;
  const user = await stackPage({ viewport: NARROW_VIEWPORT });
  const admin = await stackPage({ viewport: NARROW_VIEWPORT });
  try {
    const id = (await apiPost(user.context.request, '/api/auth/signup', { username, password: PASSWORD, name: 'Sipho Admin-Reset', email, consent: true })).id as string;
    await apiPost(user.context.request, '/api/auth/verify-email', { token: tokenIn(await mailTo(email, '/verify-email?'), 'verify-email') });
    await apiPost(admin.context.request, '/api/auth/login', { username: 'admin', password: 'admin-dev-password' });
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Users' }).click();
    const row = admin.page.locator(`li[data-user-id="${id}"]`);
    await row.getByRole('button', { name: `Send password reset link to ${username}` }).click();
    await expectVisible(admin.page.getByText(`Password reset link sent to ${email}`));
    expect(tokenIn(await mailTo(email, '/reset-password?'), 'reset-password')).toHaveLength(43);
    await fitsAndPasses(admin.page, 'admin users 360');
    await screenshot(admin.page, 'reset-admin-users-360');
  } finally {
    await user.context.close();
    await admin.context.close();
  }
});
