// Blind questions, confidence and provinces in the browser at 360 px: a blind question shows only the number of
// predictions until you answer; the confidence slider works from the keyboard and travels with the answer; the results
// panel then shows the figures and the province breakdown; the Calibration tab and "How scoring works" load. axe: no
// serious/critical issues.
import { expect, test } from 'vitest';

import { expectAccessible, expectNoHorizontalOverflow, expectVisible, newMobilePage, randomUsername, screenshot, signUpInBrowser, browser, stack, startBrowserStack } from './browser';

startBrowserStack();

test('blind question, confidence slider, province breakdown, Calibration tab and How scoring works', async () => {
  const admin = await browser.newContext({ baseURL: stack.baseUrl });
  const login = await admin.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
  expect(login.status()).toBe(200);
  const adminId = ((await login.json()) as { id: string }).id;
  const created = await admin.request.post('/api/admin/questions', {
    data: {
      text: `Will the blind e2e ${Date.now().toString(36)} pass`,
      context: 'A blind question from the browser test.',
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      isBlind: true,
    },
  });
  expect(created.status()).toBe(201);
  const questionId = ((await created.json()) as { id: string }).id;
  expect((await admin.request.post(`/api/admin/questions/${questionId}/publish`)).status()).toBe(200);
  let answered = await admin.request.post('/api/answers', { data: { userId: adminId, questionId, optionId: 'no' } });
  for (let i = 0; i < 50 && answered.status() === 404; i++) {
    await new Promise((r) => setTimeout(r, 100));
    answered = await admin.request.post('/api/answers', { data: { userId: adminId, questionId, optionId: 'no' } });
  }
  expect(answered.status()).toBe(201);

  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  await page.setViewportSize({ width: 360, height: 800 });
  try {
    // Sign up with a province.
    await signUpInBrowser(page, randomUsername('e2eblind_'), 'Naledi Blind', 'correct-horse-battery', 'GP');

    // Before answering: the Blind badge and the number of predictions, no percentages.
    await page.goto('/vote');
    const card = page.locator(`[data-question-id="${questionId}"]`).first();
    await expectVisible(card.getByText('Results are hidden until you answer'));
    await expectVisible(card.getByText('1 prediction so far'));
    await expectVisible(card.getByText('Blind', { exact: true }));
    expect(await card.getByRole('button', { name: /^YES/ }).textContent()).toBe('YES');
    expect(await card.textContent()).not.toMatch(/%/);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'blind vote screen');
    await screenshot(page, 'issue20-blind-before-answer-360');

    // The confidence slider, from the keyboard: 75 → 80.
    await card.getByRole('button', { name: /^YES/ }).click();
    const slider = card.getByRole('slider', { name: /How sure are you\?/ });
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuetext')).toBe('80%');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'confidence slider');
    await screenshot(page, 'issue20-confidence-slider-360');
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/answers') && r.method() === 'POST'),
      card.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }).click(),
    ]);
    expect(JSON.parse(post.postData() ?? '{}')).toMatchObject({ questionId, optionId: 'yes', confidence: 80 });

    // After answering: the figures (1 yes, 1 no) and the province breakdown.
    const results = page.locator(`section.results[data-question-id="${questionId}"]`);
    await expectVisible(results.getByRole('list', { name: 'National results' }), 15_000);
    await expectVisible(results.getByText('2 South Africans voted'));
    await expectVisible(results.getByRole('progressbar', { name: 'Yes' }));
    expect(await results.getByRole('progressbar', { name: 'Yes' }).getAttribute('aria-valuenow')).toBe('50');
    const gauteng = results.getByRole('region', { name: 'By province' }).getByRole('listitem').filter({ hasText: 'Gauteng' });
    await expectVisible(gauteng.getByText('Not enough predictions yet'));
    await results.getByRole('region', { name: 'By province' }).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'results with provinces');
    await screenshot(page, 'issue20-results-provinces-360');

    // The Calibration tab and How scoring works.
    await page.goto('/leaderboard');
    await page.getByRole('tab', { name: 'Calibration' }).click();
    await expectVisible(page.getByText('Nobody is ranked yet'));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'calibration tab');
    await screenshot(page, 'issue20-calibration-tab-360');
    await page.getByRole('link', { name: 'How scoring works' }).click();
    await expectVisible(page.getByRole('heading', { name: 'How scoring works' }));
    await expectVisible(page.getByRole('table'));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'how scoring works');
    await screenshot(page, 'issue20-scoring-360');
  } finally {
    await context.close();
    await admin.close();
  }
}, 120_000);
