// What we tell you about: a new player opens the notification settings, sees a push and an e-mail choice for each
// kind of alert (e-mail off for replies and agrees), turns e-mail on for replies and push off for friend requests,
// and finds both kept after a reload and on the server — at 390 and 360 px, light and dark, in English and isiZulu;
// axe finds nothing serious and nothing is wider than the screen.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectFitsNarrowScreen, expectNoHorizontalOverflow, expectVisible, narrowPage, randomUsername, screenshot, signUpInBrowser, stackPage, startBrowserStack } from './browser';

startBrowserStack();
const PASSWORD = 'correct-horse-battery';
const zu = JSON.parse(readFileSync(new URL('../src/i18n/locales/zu.json', import.meta.url), 'utf8')).messages as Record<string, string>;
const en = JSON.parse(readFileSync(new URL('../src/i18n/locales/en.json', import.meta.url), 'utf8')).messages as Record<string, string>;

const box = (page: Page, words: Record<string, string>, kind: string, channel: 'kindPush' | 'kindEmail') =>
  page.getByRole('checkbox', { name: `${words[`notif.${kind}`]} ${words[`notif.${channel}`]}`, exact: true });

async function choicesOnServer(page: Page) {
  const me = await (await page.request.get('/api/auth/me')).json();
  const res = await page.request.get(`/api/users/${me.id}/alert-preferences`);
  expect(res.status()).toBe(200);
  return Object.fromEntries(((await res.json()).preferences as { kind: string; push: boolean; email: boolean }[]).map((p) => [p.kind, p]));
}

for (const { width, words, code, scheme } of [
  { width: 390, words: en, code: 'en', scheme: 'light' as const },
  { width: 360, words: zu, code: 'zu', scheme: 'dark' as const },
]) {
  test(`${width} px, ${code}, ${scheme}: alert choices per kind, saved as they change`, async () => {
    const { context, page } = width === 360 ? await narrowPage({ colorScheme: scheme }) : await stackPage({ colorScheme: scheme });
    try {
      await signUpInBrowser(page, randomUsername('e2ea_'), 'Nomsa Alerts', PASSWORD);
      await page.goto('/notifications');
      if (code !== 'en') await page.getByRole('banner').getByRole('combobox').selectOption(code);
      const table = page.getByRole('table', { name: words['notif.kindsTitle'] });
      await expectVisible(table);
      expect(await table.getByRole('row').count()).toBe(9);
      expect(await box(page, words, 'kindCommentReplied', 'kindEmail').isChecked()).toBe(false);
      expect(await box(page, words, 'kindCommentAgreed', 'kindEmail').isChecked()).toBe(false);
      expect(await box(page, words, 'kindFriendRequest', 'kindPush').isChecked()).toBe(true);

      await box(page, words, 'kindCommentReplied', 'kindEmail').check();
      await box(page, words, 'kindFriendRequest', 'kindPush').uncheck();
      await expect.poll(async () => (await choicesOnServer(page))['friend-request'].push, { timeout: 10_000 }).toBe(false);
      expect((await choicesOnServer(page))['comment-replied']).toMatchObject({ push: true, email: true });

      await page.reload();
      await expectVisible(table);
      expect(await box(page, words, 'kindCommentReplied', 'kindEmail').isChecked()).toBe(true);
      expect(await box(page, words, 'kindFriendRequest', 'kindPush').isChecked()).toBe(false);
      await table.scrollIntoViewIfNeeded();
      await screenshot(page, `alert-choices-${width}-${code}-${scheme}`);
      await expectAccessible(page, `alert choices ${width} ${code} ${scheme}`);
      if (width === 360) await expectFitsNarrowScreen(page);
      else await expectNoHorizontalOverflow(page);
    } finally {
      await context.close();
    }
  });
}
