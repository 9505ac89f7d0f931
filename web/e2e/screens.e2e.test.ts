// Every screen, signed out, as a user and as the admin, at 360 × 800 and 390 × 844, with long names, a friend who
// has answered and commented: axe-core reports no serious or critical violation, and no screen is wider than the
// viewport (issue 19). Screenshots of each land in test-results/screenshots/screens-<width>-<screen>.png.
import { afterAll, beforeAll, expect, test } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { startStack } from '../../scripts/stack.ts';
import { NARROW_VIEWPORT, VIEWPORT, closeToasts, createQuestion, launchBrowser, newMobilePage, randomUsername, screenshot } from './browser';

const VIEWPORTS = [NARROW_VIEWPORT, VIEWPORT] as const;

// The longest a username may be (30) and a long South African name.
const LONG_NAME = 'Nomvuyiswa Ntombizodwa Mahlangu-Dlamini-Ramaphosa';
const LONG_FRIEND = 'Thandiwe Nokuthula Mokoena-Vilakazi-Ngcobo';
const longUsername = (prefix: string) => randomUsername(prefix).padEnd(30, 'x').slice(0, 30);

let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;
let user: { username: string };
let questionId: string;

async function post(request: APIRequestContext, url: string, data?: unknown, method: 'post' | 'put' = 'post') {
  const res = await request[method](url, { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Repeats a write the services learn of through events (a new user, a published question) until it is accepted. */
async function eventually<T>(write: () => Promise<T>, tries = 100): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await write();
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function apiContext(): Promise<BrowserContext> {
  return browser.newContext({ baseURL: stack.baseUrl });
}

async function signUp(context: BrowserContext, username: string, name: string): Promise<string> {
  const created = await post(context.request, '/api/auth/signup', {
    username,
    password: 'correct-horse-battery',
    name,
    consent: true,
  });
  return created.id as string;
}

beforeAll(async () => {
  stack = await startStack({ mode: 'test' });
  browser = await launchBrowser();
  const admin = await apiContext();
  await post(admin.request, '/api/auth/login', { username: 'admin', password: 'admin-dev-password' });
  questionId = await createQuestion(
    admin.request,
    'Will the Independent Electoral Commission announce the final national and provincial results within seven days',
    'Long text on purpose: the card must wrap, not widen the screen.',
  );
  await post(admin.request, `/api/admin/questions/${questionId}/publish`);
  const past = await createQuestion(admin.request, 'Will load-shedding stay suspended for the whole winter', 'Resolved.');
  await post(admin.request, `/api/admin/questions/${past}/publish`);

  // The user and a friend with long names; the friend answers and comments on both questions.
  const mine = await apiContext();
  const friend = await apiContext();
  user = { username: longUsername('e2eu_') };
  const userId = await signUp(mine, user.username, LONG_NAME);
  const friendUsername = longUsername('e2ef_');
  const friendId = await signUp(friend, friendUsername, LONG_FRIEND);
  const request = await eventually(() => post(mine.request, '/api/friendships', { userId, friendId }));
  await post(friend.request, `/api/friend-requests/${request.id as string}/accept`, { userId: friendId }, 'put');
  for (const id of [questionId, past]) {
    await eventually(() => post(friend.request, '/api/answers', { userId: friendId, questionId: id, optionId: 'yes' }));
    await eventually(() =>
      post(friend.request, `/api/questions/${id}/comments`, {
        content: 'Abantu bazovota kakhulu kulo nyaka, ngiyethemba imiphumela izophuma ngokushesha okukhulu.',
      }),
    );
  }
  await post(admin.request, `/api/admin/questions/${past}/resolve`, { correctOptionId: 'yes' }, 'put');
  // A pending request the user sent, so /friends shows every list.
  const third = await apiContext();
  const thirdId = await signUp(third, longUsername('e2et_'), 'Pieter van der Merwe-Oosthuizen');
  await eventually(() => post(mine.request, '/api/friendships', { userId, friendId: thirdId }));
  await Promise.all([admin.close(), mine.close(), friend.close(), third.close()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const newPage = (viewport: { width: number; height: number }) => newMobilePage(browser, { baseURL: stack.baseUrl, viewport });

async function signIn(page: Page, username: string, password: string) {
  // A loaded CI box can answer 504 (a gRPC deadline) now and then: try again.
  await eventually(async () => {
    const res = await page.context().request.post('/api/auth/login', { data: { username, password } });
    if (res.status() !== 200) throw new Error(`login: ${res.status()}`);
  }, 20);
}

/** Opens the first discussion on the screen (the button may sit under the bottom navigation). */
async function openDiscussion(page: Page) {
  const button = page.getByRole('button', { name: /View Discussion/ }).first();
  await button.waitFor({ state: 'attached', timeout: 15_000 });
  await button.evaluate((el) => (el as HTMLButtonElement).click());
  await page.getByText('Abantu bazovota').first().waitFor({ timeout: 15_000 });
}

/** What is wrong with the screen as it is now: serious/critical axe violations and horizontal overflow. */
async function audit(page: Page, name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  await closeToasts(page);
  const problems: string[] = [];
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !el.closest('[data-scrolls]'))
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
    return `${document.documentElement.scrollWidth}px > ${width}px (${wide.join(', ')})`;
  });
  if (overflow) problems.push(`${name}: wider than the viewport: ${overflow}`);
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    problems.push(`${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  }
  await screenshot(page, `screens-${page.viewportSize()?.width}-${name}`);
  return problems;
}

async function tabs(page: Page, prefix: string, names: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const tab of names) {
    // A tab's name may carry a count: "Friends (1)".
    await page.getByRole('tab', { name: new RegExp(`^${tab}( \\(\\d+\\))?$`) }).click();
    problems.push(...(await audit(page, `${prefix}-${tab.toLowerCase()}`)));
  }
  return problems;
}

for (const viewport of VIEWPORTS) {
  test(`signed out at ${viewport.width}: landing, sign-up and privacy pass axe and fit`, async () => {
    const { context, page } = await newPage(viewport);
    try {
      const problems: string[] = [];
      await page.goto('/');
      await page.getByRole('button', { name: 'Log In', exact: true }).first().waitFor();
      problems.push(...(await audit(page, 'landing')));
      await page.getByRole('button', { name: 'Log In', exact: true }).first().click();
      problems.push(...(await audit(page, 'login')));
      await page.getByRole('dialog').getByRole('tab', { name: 'Sign Up' }).click();
      problems.push(...(await audit(page, 'signup')));
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'privacy-public')));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  test(`as a user at ${viewport.width}: every screen passes axe and fits, with long names and a friend`, async () => {
    const { context, page } = await newPage(viewport);
    try {
      await signIn(page, user.username, 'correct-horse-battery');
      const problems: string[] = [];
      await page.goto('/');
      await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
      problems.push(...(await tabs(page, 'feed', ['Public', 'Friends'])));
      // The public feed's card opens its discussion.
      await page.getByRole('tab', { name: 'Public' }).click();
      await openDiscussion(page);
      problems.push(...(await audit(page, 'feed-discussion')));
      await page.goto('/vote');
      await page.getByRole('button', { name: 'YES' }).first().waitFor({ timeout: 15_000 });
      problems.push(...(await audit(page, 'vote')));
      await page.getByRole('button', { name: 'YES' }).first().click();
      await page.getByRole('button', { name: /SUBMIT PREDICTION/ }).first().click();
      // The results, with the friend's answer (long name, @username, badge), once the confirmation is over.
      await page.getByText(LONG_FRIEND).first().waitFor({ timeout: 15_000 });
      await openDiscussion(page);
      problems.push(...(await audit(page, 'vote-answered')));
      await page.goto('/leaderboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'leaderboard')));
      await page.goto('/research');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'research')));
      await page.goto('/friends');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'friends')));
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await tabs(page, 'profile', ['Stats', 'Settings', 'Account', 'Privacy'])));
      await page.goto('/notifications');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'notifications')));
      await page.goto('/my-suggestions');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'my-suggestions')));
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'privacy')));
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'not-found')));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  test(`as the admin at ${viewport.width}: every admin tab passes axe and fits`, async () => {
    const { context, page } = await newPage(viewport);
    try {
      await signIn(page, 'admin', 'admin-dev-password');
      const problems: string[] = [];
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 15_000 });
      problems.push(...(await tabs(page, 'admin', ['Analytics', 'Users', 'Questions', 'Suggestions', 'Manage', 'Audit'])));
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await audit(page, 'dashboard')));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
}
