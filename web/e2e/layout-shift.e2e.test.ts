// Lighthouse's CLS ≤ 0.1 (a page that jumps under the thumb loses taps), measured in the browser: the landing page (the
// app taking over the static first paint) and /vote (the results panel filling in: national figures, provinces, a
// friend's answer, the discussion), on a slowed phone (4× CPU, a slow line) so the steps that shift show apart. The
// shifts are the browser's own (PerformanceObserver 'layout-shift'), summed as CLS does: the worst session window (gaps
// < 1 s, ≤ 5 s long). Also the signed-in hint cookie: a signed-out visitor does not ask GET /api/auth/me.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  answerApi,
  apiPost,
  browser,
  createQuestion,
  eventually,
  expectVisible,
  loginApi,
  newMobilePage,
  publishQuestion,
  randomUsername,
  screenshot,
  stack,
  startBrowserStack,
  showResultsBelow,
} from './browser';

const PASSWORD = 'correct-horse-battery';
const reader = { username: randomUsername('e2els_'), name: 'Lindiwe Shift' };
const friend = { username: randomUsername('e2elf_'), name: 'Sipho Friend' };
let questionId = '';

startBrowserStack();

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
});

async function apiContext() {
  const context = await browser.newContext({ baseURL: stack.baseUrl });
  contexts.push(context);
  return context.request;
}

/** Signs a user up with a province (so the results carry the province list). */
async function signUpWithProvince(request: Awaited<ReturnType<typeof apiContext>>, user: { username: string; name: string }, province: string) {
  const body = { username: user.username, password: PASSWORD, name: user.name, email: '', phoneNumber: '', province, consent: true };
  return (await apiPost(request, '/api/auth/signup', body)).id as string;
}

beforeAll(async () => {
  const admin = await apiContext();
  await loginApi(admin, 'admin', 'admin-dev-password');
  questionId = await publishQuestion(
    admin,
    await createQuestion(admin, `Will the layout hold still ${Date.now().toString(36)}`, 'Published by the layout-shift browser test.'),
  );
  const mine = await apiContext();
  const readerId = await signUpWithProvince(mine, reader, 'GP');
  const theirs = await apiContext();
  const friendId = await signUpWithProvince(theirs, friend, 'WC');
  const request = await eventually(() => apiPost(mine, '/api/friendships', { userId: readerId, friendId }));
  await apiPost(theirs, `/api/friend-requests/${request.id as string}/accept`, { userId: friendId }, 'put');
  await answerApi(theirs, friendId, questionId, 'no');
  await answerApi(mine, readerId, questionId, 'yes');
});

/** Records every layout shift from the start of the page (buffered), with what moved. */
const OBSERVE_SHIFTS = () => {
  const w = window as unknown as { __shifts: { value: number; at: number; sources: string[] }[] };
  const where = (r: DOMRectReadOnly | undefined) => (r ? `y${Math.round(r.y)} h${Math.round(r.height)}` : '');
  w.__shifts = [];
  const name = (node: Node | null | undefined) => {
    if (!node) return '?';
    const el = node instanceof Element ? node : node.parentElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).join('.')}` : '?';
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[] })[]) {
      if (entry.hadRecentInput) continue;
      w.__shifts.push({ value: entry.value, at: entry.startTime, sources: (entry.sources ?? []).map((s) => `${name(s.node)} ${where(s.previousRect)} → ${where(s.currentRect)}`) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

type Shift = { value: number; at: number; sources: string[] };

/** CLS as the browser's metric defines it: the largest session window of shifts (< 1 s apart, ≤ 5 s long). */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.at - last > 1000 || s.at - start > 5000) {
      sum = 0;
      start = s.at;
    }
    sum += s.value;
    last = s.at;
    worst = Math.max(worst, sum);
  }
  return worst;
}

/** A phone-like page: 4× slower CPU and a slow line (Lighthouse's mobile preset, roughly). */
async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

/** Waits until no new shift for `quietMs`, then returns them all. */
async function settledShifts(page: Page, quietMs = 2_000): Promise<Shift[]> {
  let count = -1;
  for (;;) {
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    if (shifts.length === count) return shifts;
    count = shifts.length;
    await page.waitForTimeout(quietMs);
  }
}

const report = (shifts: Shift[]) => shifts.map((s) => `${s.value.toFixed(4)} @${Math.round(s.at)}ms ${s.sources.join(', ')}`).join('\n');

describe('layout shift (CLS ≤ 0.1)', () => {
  test('landing, signed out: the app hydrates the server-rendered first paint without moving it', async () => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, serviceWorkers: 'block' });
    contexts.push(context);
    await page.addInitScript(OBSERVE_SHIFTS);
    await slowPhone(page);
    // A slow line for the API: the page carries today's question, so nothing waits for it or moves when it comes.
    await page.route('**/api/questions/today', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await route.continue();
    });
    await page.goto('/');
    // The app's own hero (its buttons work) and the archive's cards.
    await expectVisible(page.locator('.hero .vote-btn:not([aria-disabled])').first(), 30_000);
    await expectVisible(page.locator('.archive .qcard').first(), 30_000);
    const shifts = await settledShifts(page);
    await screenshot(page, 'layout-shift-landing');
    if (shifts.length > 0) console.log(report(shifts));
    expect(cumulativeLayoutShift(shifts), report(shifts)).toBeLessThanOrEqual(0.1);
  });

  test("/vote, signed in: the results panel settles in one step (figures, provinces, a friend's answer), the profile step comes at the end", async () => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl, serviceWorkers: 'block' });
    contexts.push(context);
    await loginApi(context.request, reader.username, PASSWORD);
    await page.addInitScript(OBSERVE_SHIFTS);
    await slowPhone(page);
    await page.goto('/vote');
    const panel = page.locator(`.results[data-question-id="${questionId}"]`);
    await expectVisible(panel.locator('.prov__list'), 30_000);
    await showResultsBelow(panel);
    await expectVisible(panel.locator('.results-friends').getByText(friend.name), 30_000);
    await expectVisible(panel.locator('.results-ranks dd').first(), 30_000);
    // Read on to the end: the profile step (the reader has no e-mail or phone) comes there without moving anything.
    const step = page.locator('.profile-step');
    for (let i = 0; i < 30 && !(await step.isVisible()); i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(500);
    }
    await expectVisible(step, 5_000);
    const shifts = await settledShifts(page);
    await screenshot(page, 'layout-shift-vote');
    if (shifts.length > 0) console.log(report(shifts));
    expect(cumulativeLayoutShift(shifts), report(shifts)).toBeLessThanOrEqual(0.1);
  });
});

describe('the signed-in hint cookie', () => {
  const meRequests = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/me') calls.push(req.url());
    });
    return calls;
  };

  test('a signed-out visitor makes no /api/auth/me request; signed in it is asked where the browser renders; logging out clears the hint', async () => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
    contexts.push(context);
    const calls = meRequests(page);
    await page.goto('/');
    await expectVisible(page.locator('.hero .vote-btn:not([aria-disabled])').first(), 20_000);
    await expectVisible(page.locator('.archive .qcard').first(), 20_000);
    expect(calls).toEqual([]);

    // Signed in (through the API: the context's cookie jar now has the session and the hint).
    await loginApi(context.request, reader.username, PASSWORD);
    const hint = () => context.cookies().then((all) => all.find((c) => c.name === 'signed-in'));
    expect((await hint())?.httpOnly).toBe(false);
    // /vote comes rendered on the server for the session's user: nothing to ask. A page the browser renders asks.
    await page.goto('/vote');
    await expectVisible(page.getByRole('navigation', { name: 'Main' }), 20_000);
    expect(calls).toEqual([]);
    await page.goto('/leaderboard');
    await expectVisible(page.getByRole('navigation', { name: 'Main' }), 20_000);
    expect(calls.length).toBeGreaterThanOrEqual(1);

    // Log out in the app: the hint goes with the session, and the next visit asks nothing again.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await expectVisible(page.locator('.landing'), 20_000);
    await expect.poll(hint).toBeUndefined();
    calls.length = 0;
    await page.reload();
    await expectVisible(page.locator('.hero .vote-btn:not([aria-disabled])').first(), 20_000);
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
  });

  test('a stale hint (no session behind it): the landing shows, rendered signed out, and the hint is gone', async () => {
    const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
    contexts.push(context);
    await context.addCookies([{ name: 'signed-in', value: '1', url: stack.baseUrl }]);
    const calls = meRequests(page);
    await page.goto('/');
    await expectVisible(page.locator('.hero .vote-btn:not([aria-disabled])').first(), 20_000);
    // The server rendered the page knowing there is no session: the app need not ask.
    expect(calls).toEqual([]);
    await expect.poll(() => context.cookies().then((all) => all.some((c) => c.name === 'signed-in'))).toBe(false);
  });
});
