// Signs up through the real SPA served by the real gateway and services, at 360 × 800 and 390 × 844: three fields
// and the consent box, every mistake under its field at once, the show-password toggle, /vote with today's
// question in view, and the "complete your profile" step after the first vote (a local phone number saved as
// E.164; skipping it for good).
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  NARROW_VIEWPORT,
  VIEWPORT,
  browser,
  closeToasts,
  createQuestion,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectVisible,
  newMobilePage,
  randomUsername,
  screenshot,
  stack,
  stackContext,
  startBrowserStack,
} from './browser';

startBrowserStack();

const PASSWORD = 'correct-horse-battery';
let questionText = '';

/** Today's question, published (as the admin) before the sign-ups. */
async function publishTodaysQuestion(): Promise<void> {
  if (questionText) return;
  const context = await stackContext();
  try {
    expect((await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } })).status()).toBe(200);
    questionText = `Will the sign-up e2e ${Date.now().toString(36)} pass`;
    const id = await createQuestion(context.request, questionText, 'Created by the sign-up browser test.');
    expect((await context.request.post(`/api/admin/questions/${id}/publish`)).status()).toBe(200);
  } finally {
    await context.close();
  }
}

/** The text of everything an input is described by (its hint, then its error). */
const description = (input: Locator) =>
  input.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' | '));

const inside = (box: { x: number; y: number; width: number; height: number } | null, vp: { width: number; height: number }) =>
  !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height;

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openSignup(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByLabel('Full Name').waitFor();
  return dialog;
}

/** Signs up (valid) and checks /vote opens at its top with today's question in view and no toast over it. */
async function signUpToVote(page: Page, dialog: Locator, tag: string): Promise<void> {
  const vp = page.viewportSize()!;
  await dialog.getByLabel('Username').fill(randomUsername());
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel('Full Name').fill('Thandi E2E');
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/vote', { timeout: 15_000 });
  // The vote form's question (while the app swaps the landing out, its hero may briefly still hold the same text).
  const question = page.locator('.vq').getByRole('heading', { name: `${questionText}?` });
  await expectVisible(question, 15_000);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await question.boundingBox();
  expect(inside(box, vp), `question at ${JSON.stringify(box)} in ${vp.width}×${vp.height}`).toBe(true);
  const toast = page.getByRole('status').filter({ hasText: 'Account created' });
  await expectVisible(toast);
  const toastBox = (await toast.boundingBox())!;
  expect(overlaps(toastBox, box!), `toast ${JSON.stringify(toastBox)} over the question ${JSON.stringify(box)}`).toBe(false);
  await screenshot(page, `signup-vote-${tag}`);
  await expectNoHorizontalOverflow(page);
  await closeToasts(page);
}

/** Scrolls to the end of the page a few times, past the profile step's settling: a step that would come has come. */
async function atTheEnd(page: Page): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(500);
  }
}

/** Answers today's question on /vote and waits for the results (and the profile step after them). */
async function vote(page: Page): Promise<Locator> {
  const form = page.locator('.vq', { has: page.getByRole('heading', { name: `${questionText}?` }) });
  await form.getByRole('button', { name: /^YES/ }).click();
  await form.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }).click();
  const step = page.locator('.profile-step');
  await expectVisible(page.locator('.results').first(), 15_000);
  // The step comes at the end of the page, once the reader has scrolled there and the cards above have loaded.
  const heading = step.getByRole('heading', { name: 'Complete your profile' });
  for (let i = 0; i < 30 && !(await heading.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(500);
  }
  await expectVisible(heading, 5_000);
  await closeToasts(page);
  return step;
}

const me = async (page: Page) => (await (await page.request.get('/api/auth/me')).json()) as Record<string, unknown>;

test('360 px: three fields; every mistake under its field at once; the password toggle; the profile step saves 082 555 1234 as +27825551234', async () => {
  await publishTodaysQuestion();
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport: NARROW_VIEWPORT });
  try {
    const dialog = await openSignup(page);
    // Only the spec's three fields and the consent box; each rule shown before typing.
    expect(await dialog.locator('input:not([type=checkbox])').count()).toBe(3); // username, password, full name
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    expect(await dialog.getByLabel(/Phone/).count()).toBe(0);
    expect(await dialog.getByLabel(/Province/).count()).toBe(0);
    expect(await description(dialog.getByLabel('Username'))).toContain('3–30 letters, digits or underscores');
    expect(await description(dialog.getByLabel('Password'))).toContain('At least 8 characters');
    await screenshot(page, 'signin-dialog-signup-360');

    // Submit empty: every field and the consent say what is wrong, at once, under themselves; no toast.
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    for (const [label, error] of [
      ['Username', 'Please choose a username'],
      ['Password', 'Please enter a password'],
      ['Full Name', 'Please enter your full name'],
    ] as const) {
      const input = dialog.getByLabel(label);
      expect(await input.getAttribute('aria-invalid'), label).toBe('true');
      expect(await description(input)).toContain(error);
    }
    await expectVisible(dialog.getByText('Please accept the privacy notice to continue'));
    await expectVisible(dialog.getByText('Please fill in all required fields'));
    expect(await page.locator('.toast').count()).toBe(0);
    expect(await dialog.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'signup-errors-360');
    await expectAccessible(page, 'sign-up errors (360)');

    // A bad username and a short password together; the other fields' errors go once they are right.
    await dialog.getByLabel('Username').fill('ab');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByLabel('Full Name').fill('Thandi E2E');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    expect(await description(dialog.getByLabel('Username'))).toContain('Username must be 3–30 letters, digits or underscores');
    expect(await description(dialog.getByLabel('Password'))).toContain('Password must be at least 8 characters');
    expect(await dialog.getByLabel('Full Name').getAttribute('aria-invalid')).toBeNull();

    // The show-password toggle: a named button that says whether it is pressed.
    const toggle = dialog.getByRole('button', { name: 'Show password' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await dialog.getByLabel('Password').getAttribute('type')).toBe('password');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByLabel('Password').getAttribute('type')).toBe('text');
    expect(await dialog.getByLabel('Password').inputValue()).toBe('short');
    await screenshot(page, 'signup-password-shown-360');
    await toggle.click();

    await signUpToVote(page, dialog, '360');
    expect(await me(page)).toMatchObject({ email: null, phoneNumber: null, province: null, profilePromptDone: false });

    // After the first vote: the profile step. An unreadable number is named under the field; the local form saves.
    const step = await vote(page);
    await step.scrollIntoViewIfNeeded();
    const phone = step.getByLabel(/Phone Number/);
    expect(await description(phone)).toContain('082 555 1234');
    await phone.fill('082 555');
    await step.getByRole('button', { name: 'Save' }).click();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await description(phone)).toContain('Please enter a valid phone number, like 082 555 1234 or +27 82 555 1234');
    await screenshot(page, 'profile-step-error-360');
    await expectAccessible(page, 'profile step (360)');
    await expectNoHorizontalOverflow(page);
    await phone.fill('082 555 1234');
    await step.getByLabel(/Province/).selectOption('KZN');
    await step.getByRole('button', { name: 'Save' }).click();
    await step.waitFor({ state: 'detached' });
    expect(await me(page)).toMatchObject({ phoneNumber: '+27825551234', province: 'KZN', profilePromptDone: true });
    // Not again, here or after a reload.
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: `${questionText}?` }), 15_000);
    await atTheEnd(page);
    expect(await page.locator('.profile-step').count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('390 px: sign-up opens /vote with the question in view; skipping the profile step is remembered on the account', async () => {
  await publishTodaysQuestion();
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport: VIEWPORT });
  try {
    const dialog = await openSignup(page);
    await screenshot(page, 'signin-dialog-signup-390');
    await signUpToVote(page, dialog, '390');
    await expectAccessible(page, '/vote after sign-up (390)');

    const step = await vote(page);
    await step.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-step-390');
    await step.getByRole('button', { name: 'Skip for now' }).click();
    await step.waitFor({ state: 'detached' });
    expect(await me(page)).toMatchObject({ phoneNumber: null, email: null, profilePromptDone: true });

    // Another device (a fresh context, signed in with the same account) does not ask again either.
    const username = (await me(page)).username as string;
    const other = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport: VIEWPORT });
    try {
      expect((await other.page.request.post('/api/auth/login', { data: { username, password: PASSWORD } })).status()).toBe(200);
      await other.page.goto('/vote');
      await expectVisible(other.page.getByRole('heading', { name: `${questionText}?` }), 15_000);
      await expectVisible(other.page.getByText('Results will appear in a few seconds...').or(other.page.locator('section.results')).first(), 15_000);
      await atTheEnd(other.page);
      expect(await other.page.locator('.profile-step').count()).toBe(0);
    } finally {
      await other.context.close();
    }
  } finally {
    await context.close();
  }
});
