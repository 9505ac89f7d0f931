// Signs up through the real SPA served by the real gateway and services, at 360 × 800 and 390 × 844: three fields
// and the consent box, every mistake under its field at once, the show-password toggle, /vote with today's
// question in view, and the "complete your profile" step after the first vote (a local phone number saved as
// E.164; skipping it for good). The 360 px pass runs in English and in isiZulu (the browser's language, which a
// first visit follows), every word looked for taken from the language's catalogue.
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
import { LOCALES, startingWith, translator } from './messages';

startBrowserStack();

const PASSWORD = 'correct-horse-battery';
type Language = 'en' | 'zu';
const words = { en: translator('en'), zu: translator('zu') };
const run = Date.now().toString(36);
/** Today's question as each language shows it: the admin gave its isiZulu text, the options in the interface's words. */
const questionText = { en: `Will the sign-up e2e ${run} pass`, zu: `Ngabe ukuhlolwa kokubhalisa ${run} kuzophumelela` };
let published = false;

/** Today's question, published (as the admin) before the sign-ups. */
async function publishTodaysQuestion(): Promise<void> {
  if (published) return;
  const context = await stackContext();
  try {
    expect((await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } })).status()).toBe(200);
    const zu = { text: questionText.zu, options: { yes: words.zu('live.yes'), no: words.zu('live.no') } };
    const id = await createQuestion(context.request, questionText.en, 'Created by the sign-up browser test.', { zu });
    expect((await context.request.post(`/api/admin/questions/${id}/publish`)).status()).toBe(200);
    published = true;
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

async function openSignup(page: Page, language: Language = 'en'): Promise<Locator> {
  const t = words[language];
  await page.goto('/');
  await page.waitForFunction((lang) => document.documentElement.lang === lang, LOCALES[language]);
  await page.getByRole('button', { name: t('landing.login'), exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: t('auth.tabSignup') }).click();
  await dialog.getByLabel(t('auth.fullName')).waitFor();
  return dialog;
}

/** Signs up (valid) and checks /vote opens at its top with today's question in view and no toast over it. */
async function signUpToVote(page: Page, dialog: Locator, tag: string, language: Language = 'en'): Promise<void> {
  const t = words[language];
  const vp = page.viewportSize()!;
  await dialog.getByLabel(t('auth.username')).fill(randomUsername());
  await dialog.getByLabel(t('auth.password')).fill(PASSWORD);
  await dialog.getByLabel(t('auth.fullName')).fill('Thandi E2E');
  await dialog.getByRole('checkbox', { name: t('auth.consent') }).check();
  await dialog.getByRole('button', { name: t('auth.createAccount') }).click();
  await page.waitForURL('**/vote', { timeout: 15_000 });
  // The vote form's question (while the app swaps the landing out, its hero may briefly still hold the same text).
  const question = page.locator('.vq').getByRole('heading', { name: `${questionText[language]}?` });
  await expectVisible(question, 15_000);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await question.boundingBox();
  expect(inside(box, vp), `question at ${JSON.stringify(box)} in ${vp.width}×${vp.height}`).toBe(true);
  const toast = page.getByRole('status').filter({ hasText: t('auth.accountCreated') });
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
async function vote(page: Page, language: Language = 'en'): Promise<Locator> {
  const t = words[language];
  const form = page.locator('.vq', { has: page.getByRole('heading', { name: `${questionText[language]}?` }) });
  await form.getByRole('button', { name: startingWith(t('live.yes').toUpperCase()) }).click();
  await form.getByRole('button', { name: t('vote.submit') }).click();
  const step = page.locator('.profile-step');
  await expectVisible(page.locator('.results').first(), 15_000);
  // The step comes at the end of the page, once the reader has scrolled there and the cards above have loaded.
  const heading = step.getByRole('heading', { name: t('account.stepTitle') });
  for (let i = 0; i < 30 && !(await heading.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(500);
  }
  await expectVisible(heading, 5_000);
  await closeToasts(page);
  return step;
}

const me = async (page: Page) => (await (await page.request.get('/api/auth/me')).json()) as Record<string, unknown>;

for (const language of ['en', 'zu'] as const) test(`360 px (${language}): three fields; every mistake under its field at once; the password toggle; the profile step saves 082 555 1234 as +27825551234`, async () => {
  const t = words[language];
  const tag = language === 'en' ? '360' : `360-${language}`;
  await publishTodaysQuestion();
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport: NARROW_VIEWPORT, locale: LOCALES[language] });
  try {
    const dialog = await openSignup(page, language);
    const field = (key: string) => dialog.getByLabel(t(key));
    // Only the spec's three fields and the consent box; each rule shown before typing.
    expect(await dialog.locator('input:not([type=checkbox])').count()).toBe(3); // username, password, full name
    for (const key of ['auth.email', 'auth.phone', 'prov.field']) expect(await field(key).count(), key).toBe(0);
    expect(await description(field('auth.username'))).toContain(t('auth.usernameHint'));
    expect(await description(field('auth.password'))).toContain(t('auth.passwordHint'));
    await screenshot(page, `signin-dialog-signup-${tag}`);

    // Submit empty: every field and the consent say what is wrong, at once, under themselves; no toast.
    const create = dialog.getByRole('button', { name: t('auth.createAccount') });
    await create.click();
    for (const [label, error] of [
      ['auth.username', 'auth.rule.usernameMissing'],
      ['auth.password', 'auth.rule.passwordMissing'],
      ['auth.fullName', 'auth.rule.nameMissing'],
    ] as const) {
      expect(await field(label).getAttribute('aria-invalid'), label).toBe('true');
      expect(await description(field(label))).toContain(t(error));
    }
    await expectVisible(dialog.getByText(t('auth.consentMissing')));
    await expectVisible(dialog.getByText(t('auth.fillRequired')));
    expect(await page.locator('.toast').count()).toBe(0);
    expect(await field('auth.username').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, `signup-errors-${tag}`);
    await expectAccessible(page, `sign-up errors (${tag})`);

    // A bad username and a short password together; the other fields' errors go once they are right.
    await field('auth.username').fill('ab');
    await field('auth.password').fill('short');
    await field('auth.fullName').fill('Thandi E2E');
    await create.click();
    expect(await description(field('auth.username'))).toContain(t('auth.rule.username'));
    expect(await description(field('auth.password'))).toContain(t('auth.rule.passwordShort'));
    expect(await field('auth.fullName').getAttribute('aria-invalid')).toBeNull();

    // The show-password toggle: a named button that says whether it is pressed.
    const toggle = dialog.getByRole('button', { name: t('auth.showPassword') });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await field('auth.password').getAttribute('type')).toBe('password');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await field('auth.password').getAttribute('type')).toBe('text');
    expect(await field('auth.password').inputValue()).toBe('short');
    await screenshot(page, `signup-password-shown-${tag}`);
    await toggle.click();

    await signUpToVote(page, dialog, tag, language);
    expect(await me(page)).toMatchObject({ email: null, phoneNumber: null, province: null, profilePromptDone: false });

    // After the first vote: the profile step. An unreadable number is named under the field; the local form saves.
    const step = await vote(page, language);
    await step.scrollIntoViewIfNeeded();
    const phone = step.getByLabel(t('auth.phone'));
    expect(await description(phone)).toContain(t('auth.phoneHint'));
    await phone.fill('082 555');
    const save = step.getByRole('button', { name: t('account.stepSave') });
    await save.click();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await description(phone)).toContain(t('auth.rule.phone'));
    await screenshot(page, `profile-step-error-${tag}`);
    await expectAccessible(page, `profile step (${tag})`);
    await expectNoHorizontalOverflow(page);
    await phone.fill('082 555 1234');
    await step.getByLabel(t('prov.field')).selectOption('KZN');
    await save.click();
    await step.waitFor({ state: 'detached' });
    expect(await me(page)).toMatchObject({ phoneNumber: '+27825551234', province: 'KZN', profilePromptDone: true });
    // Not again, here or after a reload.
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: `${questionText[language]}?` }), 15_000);
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
    await step.getByRole('button', { name: words.en('account.stepSkip') }).click();
    await step.waitFor({ state: 'detached' });
    expect(await me(page)).toMatchObject({ phoneNumber: null, email: null, profilePromptDone: true });

    // Another device (a fresh context, signed in with the same account) does not ask again either.
    const username = (await me(page)).username as string;
    const other = await newMobilePage(browser, { baseURL: stack.baseUrl, viewport: VIEWPORT });
    try {
      expect((await other.page.request.post('/api/auth/login', { data: { username, password: PASSWORD } })).status()).toBe(200);
      await other.page.goto('/vote');
      await expectVisible(other.page.getByRole('heading', { name: `${questionText.en}?` }), 15_000);
      await expectVisible(other.page.getByText(words.en('vote.resultsSoon')).or(other.page.locator('section.results')).first(), 15_000);
      await atTheEnd(other.page);
      expect(await other.page.locator('.profile-step').count()).toBe(0);
    } finally {
      await other.context.close();
    }
  } finally {
    await context.close();
  }
});
