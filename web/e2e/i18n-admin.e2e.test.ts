// Four languages, the admin and privacy side: the admin dashboard (every tab) in isiZulu at 360 px, with a
// question's translations edited after create; the research screen and the privacy notice in Afrikaans at 360 px.
// No sideways scrolling, no serious axe findings, a screenshot of each.
import { expect, test } from 'vitest';
import {
  NARROW_VIEWPORT,
  closeToasts,
  expectAccessible,
  expectFitsNarrowScreen,
  expectVisible,
  narrowPage,
  screenshot,
  signInAsAdmin,
  stackContext,
  startBrowserStack,
} from './browser';

startBrowserStack();

test('the admin dashboard in isiZulu at 360 px: every tab, and a question’s languages edited after create', async () => {
  const { context, page } = await narrowPage();
  try {
    await signInAsAdmin(page);
    const text = `Will the admin languages e2e ${Date.now().toString(36)} pass`;
    const created = await context.request.post('/api/admin/questions', {
      data: { text, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;

    await page.goto('/admin');
    await page.getByRole('banner').getByRole('combobox').selectOption('zu');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Ideshibhodi Yomphathi' }));
    await expectVisible(page.getByRole('heading', { name: 'Dala Umbuzo' }));
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin questions (zu)');
    await screenshot(page, 'i18n-admin-zu-360');

    // The question's languages, after create: its Afrikaans text.
    const item = page.locator(`[data-question-id="${id}"]`).first();
    await item.getByRole('button', { name: 'Izilimi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Umbuzo ngezinye izilimi' });
    await dialog.getByLabel('Umbhalo we-Afrikaans').fill('Sal die admin-taaltoets slaag?');
    await dialog.getByLabel('Inketho yokuqala ye-Afrikaans').fill('Ja');
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin languages dialog (zu)');
    await screenshot(page, 'i18n-admin-languages-zu-360');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/questions/${id}/translations`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Gcina Izilimi' }).click();
    expect((await saved).status()).toBe(200);
    await expectVisible(page.getByText('Ukuhumusha kugciniwe'));
    await closeToasts(page);
    const all = (await (await context.request.get('/api/admin/questions')).json()) as { id: string; translations?: unknown }[];
    expect(all.find((q) => q.id === id)?.translations).toEqual({ af: { text: 'Sal die admin-taaltoets slaag', context: null, options: { yes: 'Ja' }, resolutionCriteria: null } });
    await expectVisible(item.getByText(/Futhi ngo: af/));

    // Every other tab, in isiZulu, fits and passes axe.
    for (const [tab, heading] of [
      ['Izibalo', 'Ukubamba iqhaza'],
      ['Abasebenzisi', /Bonke Abasebenzisi/],
      ['Iziphakamiso', /Iziphakamiso/],
      ['Phatha', /Izikhulu/],
      ['Ukuhlola', /Irekhodi lokuhlola/],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expectVisible(page.getByRole('heading', { level: 2, name: heading }).first());
      await expectFitsNarrowScreen(page);
      await expectAccessible(page, `/admin ${tab} (zu)`);
      await screenshot(page, `i18n-admin-${tab.toLowerCase()}-zu-360`);
    }
    // The audit log names the edit in isiZulu.
    await expectVisible(page.getByText('Uhlele izilimi zombuzo').first());

    // Research in Afrikaans.
    // Signed in, the choice is saved to the profile, which wins on the next load: wait for that save, or a slow
    // machine loads /research with the profile's previous language.
    const languageSaved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/users/') && (r.request().postData() ?? '').includes('"af"'), { timeout: 30_000 });
    await page.getByRole('banner').getByRole('combobox').selectOption('af');
    // Remembered once its catalogue has loaded (then <html lang> changes).
    await page.waitForFunction(() => document.documentElement.lang === 'af-ZA');
    expect((await languageSaved).ok()).toBe(true);
    await page.goto('/research');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Navorsing' }));
    await expectVisible(page.getByRole('tab', { name: 'Onderwerpe' }));
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/research (af)');
    await screenshot(page, 'i18n-research-af-360');
  } finally {
    await context.close();
  }
});

test('the privacy notice in Afrikaans at 360 px, signed out', async () => {
  const context = await stackContext({ locale: 'af-ZA', viewport: NARROW_VIEWPORT, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto('/privacy');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Privaatheidskennisgewing' }), 15_000);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Jou regte' }));
    // Emphasis survives translation as elements, never as visible tags.
    await expectVisible(page.locator('strong', { hasText: 'Almal' }));
    expect(await page.locator('.privacy-notice').textContent()).not.toContain('<strong>');
    expect(await page.title()).toMatch(/^Privaatheidskennisgewing · /);
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/privacy (af)');
    await screenshot(page, 'i18n-privacy-af-360');
  } finally {
    await context.close();
  }
});
