// Resolving with a source in the admin's Questions tab, and correcting it once within 24 hours: the dialog asks for the
// correct answer, the source's address and title and an optional note, marks each problem under its field
// (a javascript: address is refused before anything is sent), and a correction asks for a reason. The source then
// shows as a link (rel="nofollow ugc noopener") on the admin's card, the results panel, the feed card, the share page
// (a visitor's: the hero) and the landing archive, "Corrected on …" once corrected. At 390 px (light) and 360 px (dark); axe clean, no
// sideways scrolling; screenshots in test-results/screenshots.
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  adminApi,
  answerApi,
  closeToasts,
  expectAccessible,
  expectFitsNarrowScreen,
  expectNoHorizontalOverflow,
  expectVisible,
  narrowPage,
  publishNewQuestion,
  randomUsername,
  reloadUntilVisible,
  screenshot,
  signInAsAdmin,
  signUpApi,
  stackPage,
  startBrowserStack,
} from './browser';

startBrowserStack();
const admin = adminApi();
const PASSWORD = 'correct-horse-battery';
const run = Date.now().toString(36);
const SOURCE = { url: 'https://www.elections.org.za/results', title: 'IEC results' };

/** The source link inside `scope`: its text, address and rel. */
async function expectSourceLink(scope: Locator, title: string, url: string) {
  const link = scope.locator('.resolution a.resolution__source').first();
  await expectVisible(link);
  expect((await link.innerText()).startsWith(title)).toBe(true);
  expect(await link.getAttribute('href')).toBe(url);
  expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
  expect(await link.getAttribute('target')).toBe('_blank');
}

async function openResolve(page: Page, id: string) {
  await page.goto('/admin');
  const item = page.locator(`[data-question-id="${id}"]`).first();
  await expectVisible(item);
  await item.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve question' });
  await expectVisible(dialog);
  return { item, dialog };
}

test('at 390 px: the dialog refuses what the server would, resolves with a source, and corrects once with a reason', async () => {
  const text = `Will the resolve e2e ${run} count every provincial ballot before Friday`;
  const id = await publishNewQuestion(admin.request, text, 'Published by the resolve browser test.');
  const player = { username: randomUsername('e2e_rs'), name: 'Resolve Refilwe' };
  const { context: playerContext, page: playerPage } = await stackPage();
  const { context, page } = await stackPage();
  try {
    const playerId = await signUpApi(playerContext.request, { ...player, password: PASSWORD });
    await answerApi(playerContext.request, playerId, id, 'yes');
    await signInAsAdmin(page);
    const { item, dialog } = await openResolve(page, id);

    // Nothing chosen or typed: each field says what it needs; nothing is sent.
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expectVisible(dialog.getByText('Please choose the correct answer'));
    await expectVisible(dialog.getByText('Please give the source: a web address and its title'));
    await expectVisible(dialog.getByText('Please give the source a title'));
    expect(await dialog.getByLabel('Source link').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, '/admin resolve dialog with errors (390)');
    await screenshot(page, 'resolve-dialog-errors-390');

    // A javascript: address is refused in the browser, before any request.
    let sent = 0;
    page.on('request', (r) => void (r.url().endsWith(`/api/admin/questions/${id}/resolve`) && sent++));
    await dialog.getByRole('radio', { name: 'No' }).check();
    await dialog.getByLabel('Source link').fill('javascript:alert(document.cookie)');
    await dialog.getByLabel('Source title').fill(SOURCE.title);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expectVisible(dialog.getByText('The source address must start with http:// or https://'));
    expect(sent).toBe(0);

    await dialog.getByLabel('Source link').fill(SOURCE.url);
    await dialog.getByLabel('Note (optional)').fill('Provisional count, all nine provinces.');
    await expect.poll(() => dialog.getByText('The source address must start with http:// or https://').count()).toBe(0);
    await expectAccessible(page, '/admin resolve dialog filled (390)');
    await screenshot(page, 'resolve-dialog-390');
    const resolved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/questions/${id}/resolve`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    expect((await resolved).status()).toBe(200);
    await expectVisible(page.getByText('Question resolved successfully', { exact: true }));
    await closeToasts(page);
    await expectSourceLink(item, SOURCE.title, SOURCE.url);
    await expectVisible(item.getByText(/^Resolved NO — IEC results/));

    // Correct it: the dialog starts from the resolution as it stands and asks why.
    await item.getByRole('button', { name: 'Correct resolution' }).click();
    const fix = page.getByRole('dialog', { name: 'Correct the resolution' });
    await expectVisible(fix);
    expect(await fix.getByLabel('Source link').inputValue()).toBe(SOURCE.url);
    await fix.getByRole('radio', { name: 'Yes' }).check();
    await fix.getByRole('button', { name: 'Save correction' }).click();
    await expectVisible(fix.getByText('Please say why the resolution is being corrected'));
    await fix.getByLabel('Source link').fill('https://www.elections.org.za/results/final');
    await fix.getByLabel('Source title').fill('IEC final results');
    await fix.getByLabel('Reason for the correction').fill('The provisional count left out two provinces.');
    await expectAccessible(page, '/admin correct-resolution dialog (390)');
    await screenshot(page, 'correct-resolution-dialog-390');
    const corrected = page.waitForResponse((r) => r.url().endsWith(`/api/admin/questions/${id}/resolution`) && r.request().method() === 'PUT');
    await fix.getByRole('button', { name: 'Save correction' }).click();
    expect((await corrected).status()).toBe(200);
    await expectVisible(page.getByText('Resolution corrected', { exact: true }));
    await closeToasts(page);
    await expectSourceLink(item, 'IEC final results', 'https://www.elections.org.za/results/final');
    await expectVisible(item.getByText(/^Corrected on /));
    expect(await item.getByRole('button', { name: 'Correct resolution' }).count()).toBe(0);
    await item.scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'resolution-admin-card-390');

    // The player's results panel and feed card, and the share page: the corrected source, as a link.
    await playerPage.goto('/vote');
    const results = playerPage.locator('.results').first();
    await reloadUntilVisible(playerPage, results.locator('.resolution__corrected'));
    await expectSourceLink(results, 'IEC final results', 'https://www.elections.org.za/results/final');
    await expectVisible(results.getByText(/^Resolved YES — IEC final results/));
    await results.locator('.resolution').scrollIntoViewIfNeeded();
    await expectAccessible(playerPage, 'results panel with its source (390)');
    await screenshot(playerPage, 'resolution-results-panel-390');
    await playerPage.goto('/');
    const card = playerPage.locator(`.qcard[data-question-id="${id}"]`).first();
    await reloadUntilVisible(playerPage, card.locator('.resolution__corrected'));
    await expectSourceLink(card, 'IEC final results', 'https://www.elections.org.za/results/final');
    await screenshot(playerPage, 'resolution-feed-card-390');
    // The share page as a visitor opens it (signed in, today's question opens the vote screen, checked above).
    const { context: visitorContext, page: visitor } = await stackPage();
    try {
      await visitor.goto(`/q/${id}`);
      const hero = visitor.locator('.hero');
      await expectSourceLink(hero, 'IEC final results', 'https://www.elections.org.za/results/final');
      await expectVisible(hero.getByText(/^Corrected on /));
      await expectAccessible(visitor, 'share page with its source (390)');
      await screenshot(visitor, 'resolution-share-page-390');
    } finally {
      await visitorContext.close();
    }
  } finally {
    await context.close();
    await playerContext.close();
  }
});

test('at 360 px in the dark: the resolve dialog fits and is axe clean; the landing archive shows the source', async () => {
  const text = `Will the narrow resolve e2e ${run} keep the source link readable on a small phone screen without scrolling sideways`;
  const id = await publishNewQuestion(admin.request, text, 'Published by the resolve browser test.');
  const { context, page } = await narrowPage({ colorScheme: 'dark' });
  const { context: visitorContext, page: visitor } = await narrowPage();
  try {
    await signInAsAdmin(page);
    const { item, dialog } = await openResolve(page, id);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expectVisible(dialog.getByText('Please choose the correct answer'));
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin resolve dialog with errors (360, dark)');
    await screenshot(page, 'resolve-dialog-errors-360-dark');
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByLabel('Source link').fill('https://www.statssa.gov.za/publications/P0211/a-very-long-address-of-a-quarterly-labour-force-survey-release-2026');
    await dialog.getByLabel('Source title').fill('Stats SA Quarterly Labour Force Survey, second quarter release');
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin resolve dialog (360, dark)');
    await screenshot(page, 'resolve-dialog-360-dark');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expectVisible(page.getByText('Question resolved successfully', { exact: true }));
    await closeToasts(page);
    await expectVisible(item.locator('.resolution'));
    await item.scrollIntoViewIfNeeded();
    await expectFitsNarrowScreen(page);
    await screenshot(page, 'resolution-admin-card-360-dark');

    // Signed out, the landing archive's card names the source (public lists are cached a moment: reload until it shows).
    await visitor.goto('/');
    const card = visitor.locator(`.archive .qcard[data-question-id="${id}"]`);
    await reloadUntilVisible(visitor, card.locator('.resolution'));
    await expectSourceLink(card, 'Stats SA Quarterly Labour Force Survey', 'https://www.statssa.gov.za/publications/P0211/a-very-long-address-of-a-quarterly-labour-force-survey-release-2026');
    await card.locator('.resolution').scrollIntoViewIfNeeded();
    await expectFitsNarrowScreen(visitor);
    await expectAccessible(visitor, 'landing archive with a source (360)');
    await screenshot(visitor, 'resolution-landing-archive-360');
  } finally {
    await context.close();
    await visitorContext.close();
  }
});
