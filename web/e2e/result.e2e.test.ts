// The vote → result moment and the first visit's length, at 360 and 390 px: the landing page at 360 × 640 stays
// within 3,200 px (five archive cards and "Show more", provinces folded), the confidence a player chose comes back on
// the results card and in profile history, and a rank reads the same on the leaderboard, the results card and the
// profile — "—" with the same reason on all three for a player with nothing resolved this month. The confidence and
// the rank also in isiZulu at 360 px (the browser's language: the players chose none), each word from zu.json.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminApi,
  apiPost,
  browser,
  eventually,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectVisible,
  newMobilePage,
  publishNewQuestion,
  randomUsername,
  screenshot,
  SCREENSHOT_DIR,
  showResultsBelow,
  signUpApi,
  stack,
  startBrowserStack,
  stackContext,
  resolveBody,
} from './browser';
import { LOCALES, translator, type CatalogueLanguage } from './messages';

const WIDTHS = [
  [360, { width: 360, height: 640 }],
  [390, { width: 390, height: 844 }],
] as const;
/** The confidence and rank tests: in English at both widths, in isiZulu at 360 px (the label names the screenshots). */
const PASSES = [
  ['360', WIDTHS[0][1], 'en'],
  ['390', WIDTHS[1][1], 'en'],
  ['360-zu', WIDTHS[0][1], 'zu'],
] as const satisfies readonly (readonly [string, unknown, CatalogueLanguage])[];
const PASSWORD = 'correct-horse-battery';
const run = Date.now().toString(36);

startBrowserStack();
const admin = adminApi();

const ranked = { username: randomUsername('e2e_rk'), name: 'Ranked Rethabile', id: '' };
const newcomer = { username: randomUsername('e2e_nw'), name: 'Newcomer Nandi', id: '' };
// A third voice in the comments (each person may post 10 a minute).
const commenter = { username: randomUsername('e2e_cm'), name: 'Commenter Kagiso', id: '' };
let openQuestion = '';
const contexts: Awaited<ReturnType<typeof stackContext>>[] = [];

beforeAll(async () => {
  const users = [ranked, newcomer, commenter];
  const apis = await Promise.all(users.map(() => stackContext()));
  contexts.push(...apis);
  await Promise.all(users.map(async (u, i) => (u.id = await signUpApi(apis[i]!.request, { username: u.username, name: u.name, password: PASSWORD }))));
  const [rk, nw, cm] = apis as [(typeof apis)[0], (typeof apis)[0], (typeof apis)[0]];
  // The archive: eight questions of a realistic length, each with three comments; six of them resolved.
  const archive: string[] = [];
  for (let i = 0; i < 8; i++) {
    archive.push(
      await publishNewQuestion(admin.request, `Will the national budget ${run} item ${i} include a basic income grant for unemployed adults`, 'Published by the result browser test.'),
    );
  }
  for (const id of archive) {
    await eventually(() => apiPost(rk.request, '/api/answers', { userId: ranked.id, questionId: id, optionId: 'yes', confidence: 85 }));
    for (const [api, text] of [
      [rk, 'I think the Treasury will find the money somehow, it has before.'],
      [nw, 'Hayi, the numbers do not add up this year.'],
      [cm, 'We will see in February when the minister speaks.'],
    ] as const) {
      await eventually(() => apiPost(api.request, `/api/questions/${id}/comments`, { content: text }));
    }
  }
  for (const id of archive.slice(0, 6)) await apiPost(admin.request, `/api/admin/questions/${id}/resolve`, resolveBody('yes'), 'put');
  // Today's open question: both answer it, the ranked player at 85 %, the newcomer at 60 % (nothing of theirs resolves).
  openQuestion = await publishNewQuestion(admin.request, `Will load shedding return before winter ${run}`, 'Published by the result browser test.');
  await eventually(() => apiPost(rk.request, '/api/answers', { userId: ranked.id, questionId: openQuestion, optionId: 'yes', confidence: 85 }));
  await eventually(() => apiPost(nw.request, '/api/answers', { userId: newcomer.id, questionId: openQuestion, optionId: 'no', confidence: 60 }));
  // Friends, so both ranks show on both screens.
  const request = await apiPost(rk.request, '/api/friendships', { userId: ranked.id, friendId: newcomer.id });
  await apiPost(nw.request, `/api/friend-requests/${request.id as string}/accept`, { userId: newcomer.id }, 'put');
}, 240_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function signedInPage(user: { username: string }, viewport: { width: number; height: number }, language: CatalogueLanguage): Promise<Page> {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport, locale: LOCALES[language] });
  contexts.push(context);
  await eventually(() => apiPost(context.request, '/api/auth/login', { username: user.username, password: PASSWORD }));
  return page;
}

describe.each(WIDTHS)('at %i px', (width, viewport) => {
  test('landing: at most 3,200 px tall at 360 × 640 — five cards and "Show more", provinces folded; both work by keyboard', async () => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport });
    contexts.push(context);
    await page.goto('/');
    const cards = page.locator('.archive .qcard');
    await expectVisible(cards.nth(4), 30_000);
    // Public reads are briefly cached: wait for the comments and the resolutions to show.
    await expect.poll(async () => page.locator('.archive .qcard .comment').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Comments are folded too, each card's behind its own disclosure.
    expect(await page.locator('.archive details.qcard__fold[open]').count()).toBe(0);
    expect(await cards.count()).toBe(5);
    const more = page.getByRole('button', { name: 'Show more' });
    await expectVisible(more);
    const folded = page.locator('.archive details.prov--folded');
    expect(await folded.count()).toBe(5);
    expect(await folded.evaluateAll((all) => all.filter((d) => (d as HTMLDetailsElement).open).length)).toBe(0);
    // The cards below the fold are laid out when near the viewport (content-visibility): scroll through them so the
    // height measured is theirs, not a stand-in's.
    for (let i = 0; i < 5; i++) await cards.nth(i).scrollIntoViewIfNeeded();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.evaluate(() => window.scrollTo(0, 0));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/result-landing-full-${width}.png`, fullPage: true, animations: 'disabled' });
    // On failure, what takes the room: each part of the page and each archive card.
    const parts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.landing > *, .landing-main > *, .archive .qcard, .qcard__section, .hero > *, .hero *[class]'))
        .map((e) => `${e.tagName.toLowerCase()}.${e.className.toString().split(' ')[0]}: ${Math.round(e.getBoundingClientRect().height)}`)
        .filter((s) => Number(s.split(': ')[1]) > 60)
        .join('\n'),
    );
    expect(height, `landing is ${height} px tall:\n${parts}`).toBeLessThanOrEqual(3_200);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `landing ${width}`);
    await screenshot(page, `result-landing-${width}`);

    // A province table opens from the keyboard (its summary is the disclosure's button).
    const summary = folded.first().locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await folded.first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expectVisible(folded.first().locator('.prov__list'));
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, `result-landing-provinces-${width}`);

    // "Show more" from the keyboard: the next cards appear and focus moves to the first of them.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThan(5);
    const sixth = await cards.nth(5).getAttribute('data-question-id');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-question-id'))).toBe(sixth);
    await expectAccessible(page, `landing after Show more ${width}`);
  });
});

describe.each(PASSES)('at %s px', (width, viewport, language) => {
  const t = translator(language);
  const reason = t('lb.noResolvedThisMonth');

  test('the confidence chosen shows on the results card and in each profile history row', async () => {
    const page = await signedInPage(ranked, viewport, language);
    await page.goto('/vote');
    const panel = page.locator(`.results[data-question-id="${openQuestion}"]`);
    await expectVisible(panel.locator('.results__confidence'), 30_000);
    const sure = t('confidence.chosen', { confidence: '85' });
    await page.waitForFunction((lang) => document.documentElement.lang === lang, LOCALES[language]);
    expect(await panel.locator('.results__confidence').textContent()).toBe(sure);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `result-confidence-card-${width}`);

    await page.goto('/profile');
    const rows = page.locator('.history-item');
    await expectVisible(rows.first(), 20_000);
    const shown = await rows.locator('.history-item__confidence').allTextContents();
    expect(shown.length).toBe(await rows.count());
    expect(new Set(shown)).toEqual(new Set([sure]));
    await rows.first().locator('.history-item__confidence').scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `profile history ${width}`);
    await screenshot(page, `result-confidence-history-${width}`);
  });

  test('one rank everywhere: the same on the leaderboard, the results card and the profile; "—" with the same reason when unranked', async () => {
    for (const [user, expected] of [
      [ranked, null],
      [newcomer, '—'],
    ] as const) {
      const page = await signedInPage(user, viewport, language);
      const tag = `${user === ranked ? 'ranked' : 'newcomer'}-${width}`;

      await page.goto('/leaderboard');
      const you = page.getByRole('region', { name: t('lb.yourRanking') });
      await expectVisible(you, 30_000);
      const board = {
        national: await you.locator('dt', { hasText: t('lb.nationalRank') }).locator('xpath=following-sibling::dd').textContent(),
        friends: await you.locator('dt', { hasText: t('lb.amongFriends') }).locator('xpath=following-sibling::dd').textContent(),
      };
      if (expected) expect(board).toEqual({ national: expected, friends: expected });
      else expect(board.national).toMatch(/^#\d+$/);
      expect(await you.getByText(reason).count()).toBe(expected ? 1 : 0);
      await expectAccessible(page, `leaderboard ${tag}`);
      await screenshot(page, `result-rank-leaderboard-${tag}`);

      await page.goto('/vote');
      const panel = page.locator(`.results[data-question-id="${openQuestion}"]`);
      await expectVisible(panel.locator('.results-card').first(), 30_000);
      await showResultsBelow(panel);
      const ranks = panel.locator('.results-ranks');
      await expectVisible(ranks, 30_000);
      await expect.poll(async () => (await ranks.locator('dd').allTextContents()).join(' '), { timeout: 20_000 }).not.toContain('…');
      expect(await ranks.locator('dd').allTextContents()).toEqual([board.national, board.friends]);
      expect(await panel.getByText(reason).count()).toBe(expected ? 1 : 0);
      await ranks.scrollIntoViewIfNeeded();
      await expectAccessible(page, `results card ${tag}`);
      await screenshot(page, `result-rank-card-${tag}`);

      await page.goto('/profile');
      const tile = page.locator('.profile-stat', { hasText: t('stats.rank') }).locator('dd');
      await expect.poll(() => tile.textContent(), { timeout: 20_000 }).not.toBe('…');
      expect(await tile.textContent()).toBe(board.national);
      expect(await page.getByText(reason).count()).toBe(expected ? 1 : 0);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page, `profile ${tag}`);
      await screenshot(page, `result-rank-profile-${tag}`);
    }
  });
});
