// The /open-data page: no sign-in, four languages, at 360 × 800 and 390 × 844, axe-clean, nothing wider than the screen.
import { expect, test } from 'vitest';
import { NARROW_VIEWPORT, VIEWPORT, expectAccessible, expectNoHorizontalOverflow, expectVisible, newMobilePage, screenshot, browser, stack, startBrowserStack } from './browser';
import { allowPseudoLocale, switchLanguage } from './screens-audit';

startBrowserStack({ mode: 'test' });

const TITLES = { en: 'Open data', zu: 'Idatha evulekile', af: 'Oop data', st: 'Data e bulehileng' } as const;

test('signed out: /open-data describes the columns, the licence and how to cite, in every language and width', async () => {
  for (const viewport of [NARROW_VIEWPORT, VIEWPORT]) {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport });
    try {
      // Lets the test switch the page's language in place (window.__mzansiLanguage).
      await allowPseudoLocale(context);
      await page.goto('/open-data');
      await expectVisible(page.getByRole('heading', { name: 'Open data', level: 1 }));
      for (const column of ['question_id', 'scope', 'province', 'at', 'option_id', 'option_text', 'votes', 'percentage', 'total_votes']) {
        await expectVisible(page.locator('dt code', { hasText: new RegExp(`^${column}$`) }));
      }
      expect(await page.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
      for (const [language, title] of Object.entries(TITLES) as [keyof typeof TITLES, string][]) {
        await switchLanguage(page, language);
        await expectVisible(page.getByRole('heading', { name: title, level: 1 }));
        await expectNoHorizontalOverflow(page);
        await expectAccessible(page, `/open-data ${language} ${viewport.width}`);
      }
      await screenshot(page, `open-data-${viewport.width}`);
    } finally {
      await context.close();
    }
  }
}, 180_000);
