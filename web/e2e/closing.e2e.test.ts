// Resolution criteria and close times in the browser: today's questions carry criteria (shown under them); two close
// a few seconds after the page opens — the vote screen turns them closed by itself ("Answering closed at HH:MM", no
// answer buttons, the results as the blind rule allows: a blind one only its count), the countdown runs to the close
// while it is sooner than midnight, and the server refuses a late answer with the same words. At 390 px (light) and
// 360 px (dark, and the signed-out landing); the admin's create form and edit dialog at 360 px. Axe clean, no
// sideways scrolling; screenshots in test-results/screenshots/closing-*.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adminApi,
  answerApi,
  apiPost,
  closeToasts,
  expectAccessible,
  expectFitsNarrowScreen,
  expectNoHorizontalOverflow,
  expectVisible,
  narrowPage,
  reloadUntilVisible,
  screenshot,
  signInAsAdmin,
  signUpApi,
  stackContext,
  stackPage,
  startBrowserStack,
} from './browser';

startBrowserStack();
const admin = adminApi();

const HOUR = 3600_000;
/** The SAST wall clock of an instant, HH:MM. */
const sast = (iso: string) => new Date(Date.parse(iso) + 2 * HOUR).toISOString().slice(11, 16);
/** Milliseconds to the end of today's SAST day (22:00 UTC). */
const toSastMidnight = () => {
  const now = Date.now();
  const end = Math.floor((now + 2 * HOUR) / (24 * HOUR)) * 24 * HOUR + 24 * HOUR - 2 * HOUR;
  return end - now;
};

const run = Date.now().toString(36);
const CRITERIA = 'Resolves YES if Eskom announces stage 0 on its website before 22:00 tonight.';
const closing = { id: '', text: `Will the closing e2e ${run} close on time`, closesAt: '' };
const blind = { id: '', text: `Will the blind closing e2e ${run} keep its figures hidden`, closesAt: '' };
const open = { id: '', text: `Will the open e2e ${run} stay open`, closesAt: '' };

async function publish(q: { id: string; text: string; closesAt: string }, extra: Record<string, unknown>) {
  const created = await apiPost(admin.request, '/api/admin/questions', {
    text: q.text,
    context: 'Made by the closing browser test.',
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    resolutionCriteria: CRITERIA,
    closesAt: q.closesAt,
    ...extra,
  });
  q.id = created.id as string;
  await apiPost(admin.request, `/api/admin/questions/${q.id}/publish`);
}

beforeAll(async () => {
  // Two close 35 s from now; the third half-way to midnight (at most in 2 hours), so sooner than midnight.
  closing.closesAt = blind.closesAt = new Date(Date.now() + 35_000).toISOString();
  open.closesAt = new Date(Date.now() + Math.min(2 * HOUR, toSastMidnight() / 2)).toISOString();
  await publish(closing, {});
  await publish(blind, { isBlind: true });
  await publish(open, {});
  // Another player answers both closing questions while they are open.
  const other = await stackContext();
  try {
    const otherId = await signUpApi(other.request, { name: 'Early Bird' });
    await answerApi(other.request, otherId, closing.id, 'yes');
    await answerApi(other.request, otherId, blind.id, 'no');
  } finally {
    await other.close();
  }
}, 120_000);

const card = (page: Page, text: string) => page.locator('.vq', { has: page.getByRole('heading', { name: `${text}?` }) });

async function openVote(page: Page) {
  await signUpApi(page.request, { name: 'Late Comer' });
  await page.goto('/vote');
  await reloadUntilVisible(page, page.getByRole('heading', { name: "Today's Questions (3)" }));
}

test('at 390 px: the criteria show, the countdown runs to the close, the questions close by themselves, a late answer is refused', async () => {
  const { context, page } = await stackPage();
  try {
    await openVote(page);
    const first = card(page, closing.text);
    await expectVisible(first.getByText(CRITERIA));
    await expectVisible(first.getByText('How it resolves:'));
    await expectVisible(first.getByText(`Answering closes at ${sast(closing.closesAt)}`));
    await expectVisible(card(page, open.text).getByText(`Answering closes at ${sast(open.closesAt)}`));
    // The countdown runs to the soonest close (seconds away), not to midnight.
    const countdown = page.locator('.vote-countdown');
    await expect.poll(() => countdown.getAttribute('aria-label')).toBe('Closes in');
    expect(await countdown.locator('.vote-countdown__value').textContent()).toMatch(/^00:00:[0-3]\d$/);
    await expectAccessible(page, '/vote open with criteria');
    await screenshot(page, 'closing-vote-open-390');

    // At the close time the two turn closed on this screen, without a reload.
    await expectVisible(first.getByText(`Answering closed at ${sast(closing.closesAt)}`), 60_000);
    expect(await first.getByRole('button', { name: /^(YES|NO)/ }).count()).toBe(0);
    await expectVisible(first.getByText('Closed', { exact: true }));
    await expectVisible(first.getByRole('list', { name: 'National results' }).getByText('100%'));
    await expectVisible(first.getByText('1 prediction so far'));
    const hidden = card(page, blind.text);
    await expectVisible(hidden.getByText(`Answering closed at ${sast(blind.closesAt)}`));
    await expectVisible(hidden.getByText('Results are hidden until the question resolves'));
    expect(await hidden.getByRole('list', { name: 'National results' }).count()).toBe(0);
    // The one still open keeps its buttons, and the countdown now runs to its close.
    await expectVisible(card(page, open.text).getByRole('button', { name: /^YES/ }));
    await expect.poll(() => countdown.locator('.vote-countdown__value').textContent()).not.toMatch(/^00:00:/);
    expect(await countdown.getAttribute('aria-label')).toBe('Closes in');

    // The server says the same to a late answer.
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
    const late = await page.request.post('/api/answers', { data: { userId: me.id, questionId: closing.id, optionId: 'no' } });
    expect(late.status()).toBe(409);
    expect(await late.json()).toMatchObject({ message: `Answering closed at ${sast(closing.closesAt)}`, code: 'voteClosedAt' });

    await first.scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/vote closed');
    await screenshot(page, 'closing-vote-closed-390');
    await hidden.getByText('Results are hidden until the question resolves').scrollIntoViewIfNeeded();
    await screenshot(page, 'closing-vote-blind-390');
  } finally {
    await context.close();
  }
});

test('at 360 px in the dark: the closed and open questions fit, axe clean; signed out, the landing shows the closed one', async () => {
  const { context, page } = await narrowPage({ colorScheme: 'dark' });
  try {
    await openVote(page);
    const first = card(page, closing.text);
    await expectVisible(first.getByText(`Answering closed at ${sast(closing.closesAt)}`), 60_000);
    await expectVisible(first.getByText(CRITERIA));
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/vote closed (360, dark)');
    await screenshot(page, 'closing-vote-closed-360-dark');
    await card(page, open.text).scrollIntoViewIfNeeded();
    await expectVisible(card(page, open.text).getByText(CRITERIA));
    await screenshot(page, 'closing-vote-open-360-dark');
  } finally {
    await context.close();
  }
  const signedOut = await narrowPage();
  try {
    await signedOut.page.goto('/');
    const hero = signedOut.page.locator('.hero');
    await expectVisible(hero.getByText(`Answering closed at ${sast(closing.closesAt)}`));
    await expectVisible(hero.getByText(CRITERIA));
    expect(await hero.getByRole('button', { name: /^(YES|NO)$/ }).count()).toBe(0);
    await expectFitsNarrowScreen(signedOut.page);
    await expectAccessible(signedOut.page, '/ landing closed (360)');
    await screenshot(signedOut.page, 'closing-landing-360');
  } finally {
    await signedOut.context.close();
  }
});

test('at 360 px: the admin gives a draft criteria and a close time (UTC, SAST beside it), then moves the close later', async () => {
  const { context, page } = await narrowPage();
  try {
    await signInAsAdmin(page);
    await page.goto('/admin');
    const form = page.getByRole('form', { name: 'Create question' });
    await expectVisible(form);
    const text = `Will the admin closing e2e ${run} keep its details`;
    await form.getByLabel('Question', { exact: true }).fill(text);
    await form.getByLabel(/^Resolution criteria/).fill(CRITERIA);
    const day = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    await form.getByLabel('Date (UTC)', { exact: true }).fill(day);
    await form.getByLabel('Close date (UTC)', { exact: true }).fill(day);
    await form.getByLabel('Close time (UTC)', { exact: true }).fill('16:00');
    await expectVisible(form.getByText('South African time: 18:00 SAST'));
    await form.getByLabel('Close time (UTC)', { exact: true }).scrollIntoViewIfNeeded();
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin create with criteria (360)');
    await screenshot(page, 'closing-admin-create-360');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/questions') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Create Draft' }).click();
    const body = (await (await created).json()) as { id: string; resolutionCriteria: string; closesAt: string };
    expect(body).toMatchObject({ resolutionCriteria: CRITERIA, closesAt: `${day}T16:00:00.000Z` });
    await closeToasts(page);

    const item = page.locator(`[data-question-id="${body.id}"]`).first();
    await expectVisible(item.getByText(CRITERIA));
    await expectVisible(item.getByText(/Answering closes .*, 16:00 UTC \(18:00 SAST\)/));
    await item.getByRole('button', { name: 'Criteria & close' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolution criteria and close time' });
    await expectVisible(dialog);
    await dialog.getByLabel('Close time (UTC)', { exact: true }).fill('19:30');
    await expectVisible(dialog.getByText('South African time: 21:30 SAST'));
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin details dialog (360)');
    await screenshot(page, 'closing-admin-dialog-360');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/questions/${body.id}`) && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
    await expectVisible(item.getByText(/Answering closes .*, 19:30 UTC \(21:30 SAST\)/));
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'closing-admin-card-360');
  } finally {
    await context.close();
  }
});
