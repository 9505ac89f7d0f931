// A patchy connection, in Chromium at 360 × 800: navigation recovers from a lost connection (a lazy screen that cannot
// load shows "You're offline — Try again", and Try again works once the network is back); a vote made offline waits on
// the phone, shown as pending, and is sent when the connection returns; YES tapped on the landing page survives sign-up
// (preselected, one tap confirms); a question published while /vote is open shows the live banner; and the signed-in
// shell paints from the cached user without waiting for /api/auth/me.
import { expect, test } from 'vitest';
import {
  closeToasts,
  expectVisible,
  narrowPage,
  publishBeforeAll,
  publishNewQuestion,
  randomUsername,
  screenshot,
  signUpApi,
  signUpInBrowser,
  startBrowserStack,
} from './browser';

const tag = Date.now().toString(36);
const today = { id: '', text: `Will the resilience test ${tag} keep its head` };

startBrowserStack();
const admin = publishBeforeAll('Created by the resilience browser test.', today);

/** A new signed-in user on a page at 360 × 800 (service workers blocked: the network alone decides what loads). */
async function signedIn(name: string) {
  const { context, page } = await narrowPage({ serviceWorkers: 'block' });
  const userId = await signUpApi(context.request, { name });
  return { context, page, userId };
}

test('a screen that cannot load shows "You’re offline — Try again"; back online, Try again loads it', async () => {
  const { context, page } = await signedIn('Offline Navigator');
  try {
    await page.goto('/');
    await expectVisible(page.getByRole('banner').getByText('TIME:'), 15_000);
    // The leaderboard's chunk is not loaded yet; the connection drops and the user taps Leaders.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Leaders' }).click();
    const offline = page.getByRole('heading', { name: 'You’re offline' });
    // Each try hits the network: the first load and its retries, then it stops (it once tried without end).
    let chunkRequests = 0;
    page.on('request', (req) => void (/\/assets\/LeaderboardPage-[^/]+\.js$/.test(req.url()) && chunkRequests++));
    await expectVisible(offline, 15_000);
    await expectVisible(page.getByRole('button', { name: 'Try again' }));
    await page.waitForTimeout(1_000);
    expect(chunkRequests).toBeLessThanOrEqual(3);
    // The app is not blank: the shell and its navigation are still there.
    await expectVisible(page.getByRole('link', { name: 'Leaders' }));
    await screenshot(page, 'offline-navigation');

    // The chunk is blocked while the network comes back, so it is the button that loads the screen.
    await page.route(/\/assets\/LeaderboardPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    // Coming back online tries again by itself (against the blocked chunk, retried after 0.5 and 1.5 s): wait until
    // those tries are over and the offline screen is back, or a later try could load the screen after the unroute.
    await expect
      .poll(async () => {
        const before = chunkRequests;
        await page.waitForTimeout(2_500);
        return chunkRequests === before && (await offline.count()) > 0;
      }, { timeout: 30_000 })
      .toBe(true);
    await page.unroute(/\/assets\/LeaderboardPage-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Leaderboard', level: 1 }), 15_000);
    expect(await offline.count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('a vote made offline is shown as waiting and is sent when the connection returns', async () => {
  const { context, page, userId } = await signedIn('Offline Voter');
  try {
    await page.goto('/vote');
    const card = page.locator(`[data-question-id="${today.id}"]`);
    await card.getByRole('button', { name: /^YES/ }).click({ timeout: 15_000 });
    await context.setOffline(true);
    await card.getByRole('button', { name: /SUBMIT PREDICTION/ }).click();
    await expectVisible(page.getByRole('heading', { name: 'Waiting for a connection' }), 15_000);
    await expectVisible(page.getByText(/Your prediction \(YES\) for .* is saved on\s+this phone/));
    expect(await page.evaluate(() => localStorage.getItem('mzansi.pendingVotes'))).toContain(today.id);
    await screenshot(page, 'offline-vote-pending');

    const sent = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/answers' && res.request().method() === 'POST');
    await context.setOffline(false);
    expect([200, 201]).toContain((await sent).status());
    await page.getByRole('heading', { name: 'Waiting for a connection' }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('mzansi.pendingVotes'))).toBeNull();
    // The server has it.
    const answer = await context.request.get(`/api/users/${userId}/answers/${today.id}`);
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { optionId: string }).optionId).toBe('yes');
  } finally {
    await context.close();
  }
});

test('YES tapped on the landing page survives sign-up: preselected on that question, one tap confirms', async () => {
  const { context, page } = await narrowPage();
  try {
    await page.goto('/');
    const hero = page.locator('.hero');
    await expectVisible(hero.getByRole('heading', { name: `${today.text}?` }), 15_000);
    await hero.getByRole('button', { name: 'YES' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await dialog.getByLabel('Username').fill(randomUsername('e2eint_'));
    await dialog.getByLabel('Password').fill('correct-horse-battery');
    await dialog.getByLabel('Full Name').fill('Landing Intent');
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/vote', { timeout: 15_000 });
    const card = page.locator(`[data-question-id="${today.id}"]`);
    const yes = card.getByRole('button', { name: /^YES/ });
    await expectVisible(yes, 15_000);
    expect(await yes.getAttribute('aria-pressed')).toBe('true');
    await expectVisible(card.getByText('Your pick from before you signed up. Tap submit to confirm it.'));
    await closeToasts(page);
    await screenshot(page, 'landing-intent-preselected');
    // One tap records it.
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/answers' && res.request().method() === 'POST');
    await card.getByRole('button', { name: /SUBMIT PREDICTION/ }).click();
    const res = await answered;
    expect(res.status()).toBe(201);
    expect(((await res.json()) as { optionId: string }).optionId).toBe('yes');
    expect(await page.evaluate(() => localStorage.getItem('mzansi.intent'))).toBeNull();
  } finally {
    await context.close();
  }
});

test('a question published while /vote is open shows the live banner, which leads to it', async () => {
  const { context, page } = await signedIn('Banner Watcher');
  try {
    await page.goto('/vote');
    await expectVisible(page.locator(`[data-question-id="${today.id}"]`), 15_000);
    // The live channel is open before the publish.
    await page.waitForLoadState('networkidle');
    const text = `Will the live banner ${tag} show up`;
    const id = await publishNewQuestion(admin.request, text, 'Published while /vote is open.');
    const banner = page.getByRole('status').filter({ hasText: 'New question — tap to answer' });
    await expectVisible(banner, 15_000);
    await screenshot(page, 'live-banner');
    await banner.getByRole('link').click();
    await expectVisible(page.locator(`[data-question-id="${id}"]`), 15_000);
    expect(await banner.count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('signed in, the shell and the cached user paint at once (first contentful paint ≤ 1 s), /api/auth/me revalidates behind', async () => {
  const { context, page } = await narrowPage();
  try {
    await signUpInBrowser(page, randomUsername('e2efp_'), 'Fast Starter', 'correct-horse-battery');
    await page.goto('/vote');
    await expectVisible(page.locator(`[data-question-id="${today.id}"]`), 15_000);

    // /api/auth/me held back for 3 s: the shell with the user must not wait for it. Each load is judged by its own
    // /me (the signed-in page asks for it from index.html, so an earlier load's may well be answered meanwhile).
    let load = 0;
    const answeredIn = new Set<number>();
    await page.route('**/api/auth/me', async (route) => {
      const mine = load;
      await new Promise((r) => setTimeout(r, 3_000));
      await route.continue().catch(() => undefined);
      answeredIn.add(mine);
    });
    const paints: number[] = [];
    // The best of three loads: a shared, loaded test machine adds noise, not the app.
    for (let i = 0; i < 3; i++) {
      load = i;
      await page.goto('/vote');
      await expectVisible(page.getByRole('link', { name: 'Profile (Fast Starter)' }), 2_500);
      await expectVisible(page.getByRole('banner').getByText('TIME:'), 2_500);
      expect(answeredIn.has(i), 'the shell showed before /api/auth/me answered').toBe(false);
      const fcp = await page.evaluate(
        () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? Infinity,
      );
      paints.push(fcp);
    }
    console.log(`signed-in /vote first contentful paint (ms): ${paints.map((p) => Math.round(p)).join(', ')}`);
    expect(Math.min(...paints)).toBeLessThanOrEqual(1_000);
    await screenshot(page, 'signed-in-first-paint');
  } finally {
    await context.close();
  }
});
