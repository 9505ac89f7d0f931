// "Use" on a suggestion: the admin makes a draft from a player's suggestion in /admin → Suggestions, finds
// it under Questions and publishes it; the suggestion is then used and links to the question, and its author's
// inbox says so with a link to it. At 390 px (light) and 360 px (dark); axe clean, no sideways scrolling.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiPost, closeToasts, eventually, expectAccessible, expectFitsNarrowScreen, expectVisible, narrowPage, screenshot, signInAsAdmin, signUpApi, stackPage, startBrowserStack } from './browser';

startBrowserStack();

/** A new player who suggests `title`; their signed-in page and the suggestion's id. */
async function playerSuggests(title: string, colorScheme: 'light' | 'dark', narrow: boolean) {
  const player = narrow ? await narrowPage({ colorScheme }) : await stackPage({ colorScheme });
  const userId = await signUpApi(player.context.request, { name: 'Naledi Suggests' });
  const suggestion = await apiPost(player.context.request, '/api/question-suggestions', { title, description: 'Asked by the browser test.' });
  return { ...player, userId, suggestionId: suggestion.id as string };
}

async function useInSuggestionsTab(page: Page, title: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Suggestions' }).click();
  const item = page.locator('li.suggestion', { hasText: title });
  await expectVisible(item);
  const made = page.waitForResponse((r) => r.url().endsWith('/use') && r.request().method() === 'POST');
  await item.getByRole('button', { name: 'Use', exact: true }).click();
  expect((await made).status()).toBe(201);
  await expectVisible(page.getByText('Draft made', { exact: true }));
  await expectVisible(item.getByText('A draft question was made from this suggestion (under Questions).'));
  await expectVisible(item.getByText('approved', { exact: true }));
  expect(await item.getByRole('button', { name: 'Use', exact: true }).count()).toBe(0);
  return item;
}

test('at 390 px: Use makes a draft; published, the suggestion is used and its author is told with a link', async () => {
  const title = `Will the suggestion e2e ${Date.now().toString(36)} become a question`;
  const player = await playerSuggests(title, 'light', false);
  const { context, page } = await stackPage();
  try {
    await signInAsAdmin(page);
    const item = await useInSuggestionsTab(page, title);
    await expectAccessible(page, '/admin suggestions after Use');
    await screenshot(page, 'suggestion-used-draft-390');
    await closeToasts(page);

    // Under Questions: the draft, with the suggestion's words; published from its card.
    await page.getByRole('tab', { name: 'Questions' }).click();
    const draft = page.locator('[data-question-id]', { hasText: `${title}?` }).first();
    await expectVisible(draft);
    await draft.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(async () => {
      const list = (await (await context.request.get('/api/question-suggestions')).json()) as { id: string; status: string }[];
      return list.find((s) => s.id === player.suggestionId)?.status;
    }).toBe('used');
    const { questionId } = ((await (await context.request.get('/api/question-suggestions')).json()) as { id: string; questionId: string }[]).find(
      (s) => s.id === player.suggestionId,
    )!;

    // Back under Suggestions: used, with a link to the question.
    await page.getByRole('tab', { name: 'Suggestions' }).click();
    await expectVisible(item.getByText('used', { exact: true }));
    expect(await item.getByRole('link', { name: 'Published as a question' }).getAttribute('href')).toBe(`/q/${questionId}`);

    // The author's inbox: the item leads to the question.
    await eventually(async () => {
      const res = await player.context.request.get(`/api/users/${player.userId}/inbox`);
      const items = ((await res.json()) as { items: { kind: string }[] }).items;
      if (!items.some((i) => i.kind === 'suggestion-used')) throw new Error('not yet in the inbox');
    });
    await player.page.goto('/inbox');
    const told = player.page.getByRole('link', { name: new RegExp(`Your suggestion was used: ${title}`) });
    await expectVisible(told);
    expect(await told.getAttribute('href')).toBe(`/q/${questionId}`);
    await expectAccessible(player.page, '/inbox with a used suggestion');
    await screenshot(player.page, 'suggestion-used-inbox-390');
  } finally {
    await context.close();
    await player.context.close();
  }
});

test('at 360 px in the dark: the suggestions tab with Use and a made draft fits, axe clean', async () => {
  const title = `Will the narrow suggestion e2e ${Date.now().toString(36)} fit on a small phone without scrolling sideways`;
  const player = await playerSuggests(title, 'dark', true);
  const { context, page } = await narrowPage({ colorScheme: 'dark' });
  try {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Suggestions' }).click();
    await expectVisible(page.locator('li.suggestion', { hasText: title }).getByRole('button', { name: 'Use', exact: true }));
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin suggestions (360, dark)');
    await screenshot(page, 'suggestion-use-360-dark');
    await useInSuggestionsTab(page, title);
    await closeToasts(page);
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin suggestions after Use (360, dark)');
    await screenshot(page, 'suggestion-used-draft-360-dark');
  } finally {
    await context.close();
    await player.context.close();
  }
});
