// How a prediction spreads, as one journey in Chromium at 360 × 800: a user shares their prediction to WhatsApp; a
// newcomer opens the link that message carries and records a prediction on that question in three taps — YES on the
// landing page, Create Account (after the sign-up form: three fields and the consent box PRODUCT.md requires), and
// SUBMIT PREDICTION with the YES already picked.
import { expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import {
  closeToasts,
  expectNoHorizontalOverflow,
  expectVisible,
  narrowPage,
  publishBeforeAll,
  randomUsername,
  screenshot,
  signUpApi,
  stack,
  startBrowserStack,
} from './browser';

const tag = Date.now().toString(36);
const first = { id: '', text: `Will the journey test ${tag} lead the day` };
const shared = { id: '', text: `Will the journey test ${tag} travel by WhatsApp` };

startBrowserStack();
// Today's first question is another one: the link, not the default, decides what the newcomer sees.
publishBeforeAll('Created by the journey browser test.', first, shared);

/** The message a user's WhatsApp button hands over (window.open is recorded: tests stay on localhost). */
async function whatsAppMessage(): Promise<string> {
  const { context, page } = await narrowPage();
  try {
    await page.addInitScript(() => {
      (window as unknown as { opened: string[] }).opened = [];
      window.open = (url?: string | URL) => {
        (window as unknown as { opened: string[] }).opened.push(String(url));
        return null;
      };
    });
    await signUpApi(context.request, { name: 'Journey Sharer' });
    await page.goto('/vote');
    const card = page.locator(`[data-question-id="${shared.id}"]`);
    await card.getByRole('button', { name: /^NO/ }).click();
    await card.getByRole('button', { name: /SUBMIT PREDICTION/ }).click();
    await card.getByRole('button', { name: 'Share Your Prediction' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'WhatsApp' }).click();
    const [opened] = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    const url = new URL(opened!);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
    return url.searchParams.get('text')!;
  } finally {
    await context.close();
  }
}

test('from a shared WhatsApp link to a recorded prediction in three taps on a 360 px phone', async () => {
  const message = await whatsAppMessage();
  const link = message.split(' ').at(-1)!;
  expect(link).toBe(`${stack.baseUrl}/q/${shared.id}`);

  const { context, page } = await narrowPage();
  let taps = 0;
  const tap = async (target: Locator) => {
    taps++;
    await target.tap();
  };
  try {
    await page.goto(link);
    const hero = page.locator('.hero');
    await expectVisible(hero.getByRole('heading', { name: `${shared.text}?` }), 15_000);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'journey-1-shared-link');
    await tap(hero.getByRole('button', { name: 'YES' }));

    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await dialog.getByLabel('Username').fill(randomUsername('e2ejny_'));
    await dialog.getByLabel('Password').fill('correct-horse-battery');
    await dialog.getByLabel('Full Name').fill('Journey Newcomer');
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'journey-2-sign-up');
    await tap(dialog.getByRole('button', { name: 'Create Account' }));

    await page.waitForURL('**/vote', { timeout: 15_000 });
    const card = page.locator(`[data-question-id="${shared.id}"]`);
    const yes = card.getByRole('button', { name: /^YES/ });
    await expectVisible(yes, 15_000);
    expect(await yes.getAttribute('aria-pressed')).toBe('true');
    await closeToasts(page);
    // The picked question is scrolled into view, its submit above the bottom navigation: no scrolling needed.
    const submit = card.getByRole('button', { name: /SUBMIT PREDICTION/ });
    await expectVisible(submit);
    const onScreen = () =>
      submit.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const nav = document.querySelector('.bottom-nav')?.getBoundingClientRect().top ?? window.innerHeight;
        return r.top >= 0 && r.bottom <= nav;
      });
    // (Once the cards have their results: the page keeps it centred while they arrive.)
    await expect.poll(onScreen, { message: 'SUBMIT PREDICTION on screen without scrolling', timeout: 8_000 }).toBe(true);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'journey-3-preselected');
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/answers' && res.request().method() === 'POST');
    await tap(submit);
    expect((await answered).status()).toBe(201);
    expect(taps).toBe(3);

    // Recorded on the shared question as YES, and on nothing else (today's first question stays unanswered).
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
    const answer = await page.request.get(`/api/users/${me.id}/answers/${shared.id}`);
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { optionId: string }).optionId).toBe('yes');
    expect((await page.request.get(`/api/users/${me.id}/answers/${first.id}`)).status()).toBe(404);
    await expectVisible(card.getByRole('button', { name: 'Share Your Prediction' }));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'journey-4-recorded');
  } finally {
    await context.close();
  }
});
