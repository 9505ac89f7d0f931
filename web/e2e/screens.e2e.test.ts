// Every screen, signed out, as a user with a long name and friends with long names, and as the admin (each admin
// tab), in every language and the pseudo-locale, at 360 × 800 and 390 × 844, light and dark (the phones and modes our
// users have): axe-core reports no serious or critical violation (in the four languages; the pseudo-locale's colours
// are the English ones), no screen is wider than the viewport, no text is clipped or cut by an ellipsis and no label
// is broken inside a word (screens-audit.ts). One stack, one page per
// role: each screen is opened once and then looked at in each variant (language, viewport and colour scheme switched
// in place). Screenshots land in test-results/screenshots/screens-<language>-<width>-<scheme>-<screen>.png.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiPost,
  createQuestion,
  eventually,
  loginApi,
  narrowPage,
  publishQuestion,
  randomUsername,
  SCREENSHOT_DIR,
  signUpApi,
  stack,
  stackContext,
  startBrowserStack,
  showResultsBelow,
  resolveBody,
} from './browser';
import { allowPseudoLocale, audit, firstVariant } from './screens-audit';

// The longest a username may be (30) and long South African names.
const LONG_NAME = 'Nomvuyiswa Ntombizodwa Mahlangu-Dlamini-Ramaphosa';
const FRIENDS = [
  'Thandiwe Nokuthula Mokoena-Vilakazi-Ngcobo',
  'Johannes Petrus Janse van Rensburg-Oosthuizen',
  'Mmabatho Keitumetse Motsepe-Mashaba-Sithole',
];
const COMMENT = 'Abantu bazovota kakhulu kulo nyaka, ngiyethemba imiphumela izophuma ngokushesha okukhulu.';
const PASSWORD = 'correct-horse-battery';
const longUsername = (prefix: string) => randomUsername(prefix).padEnd(30, 'x').slice(0, 30);

const user = { username: longUsername('e2eu_') };
const PAST = 'Will load-shedding stay suspended for the whole winter';
/** The resolved question, whose shared link (/q/{id}) opens the landing on it. */
const past = { id: '' };

startBrowserStack();

beforeAll(async () => {
  const contexts: BrowserContext[] = [];
  const apiContext = async () => {
    const context = await stackContext();
    contexts.push(context);
    return context.request;
  };
  try {
    const admin = await apiContext();
    await loginApi(admin, 'admin', 'admin-dev-password');
    const today = await publishQuestion(
      admin,
      await createQuestion(
        admin,
        'Will the Independent Electoral Commission announce the final national and provincial results within seven days',
        'Long text on purpose: the card must wrap, not widen the screen.',
      ),
    );
    past.id = await publishQuestion(admin, await createQuestion(admin, PAST, 'Resolved.'));

    // The user and three friends with long names; each friend answers and comments on both questions.
    const mine = await apiContext();
    const userId = await signUpApi(mine, { username: user.username, name: LONG_NAME, password: PASSWORD });
    for (const [i, name] of FRIENDS.entries()) {
      const friend = await apiContext();
      const friendId = await signUpApi(friend, { username: longUsername(`e2ef${i}_`), name, password: PASSWORD });
      const request = await eventually(() => apiPost(mine, '/api/friendships', { userId, friendId }));
      await apiPost(friend, `/api/friend-requests/${request.id as string}/accept`, { userId: friendId }, 'put');
      for (const questionId of [today, past.id]) {
        await eventually(() => apiPost(friend, '/api/answers', { userId: friendId, questionId, optionId: i % 2 ? 'no' : 'yes' }));
      }
      if (i === 0) {
        for (const questionId of [today, past.id]) {
          await eventually(() => apiPost(friend, `/api/questions/${questionId}/comments`, { content: COMMENT }));
        }
      }
    }
    await apiPost(admin, `/api/admin/questions/${past.id}/resolve`, resolveBody('yes'), 'put');
    // A request the user sent and one the user received, so /friends shows every list (and /inbox an item).
    const sent = await apiContext();
    const sentId = await signUpApi(sent, { username: longUsername('e2es_'), name: 'Pieter van der Merwe-Oosthuizen', password: PASSWORD });
    await eventually(() => apiPost(mine, '/api/friendships', { userId, friendId: sentId }));
    const asker = await apiContext();
    const askerId = await signUpApi(asker, { username: longUsername('e2er_'), name: 'Nompumelelo Zanele Khumalo-Radebe', password: PASSWORD });
    await eventually(() => apiPost(asker, '/api/friendships', { userId: askerId, friendId: userId }));
    // Strangers (the search lists neither friends nor pending requests), enough for its list of users to scroll.
    for (let i = 0; i < 7; i++) {
      await signUpApi(await apiContext(), { username: longUsername(`e2eo${i}_`), name: `Stranger ${i} Mokoena-Dlamini`, password: PASSWORD });
    }
    // A suggestion of the user's, so /my-suggestions and the admin's Suggestions tab have one.
    await eventually(() =>
      apiPost(mine, '/api/question-suggestions', {
        title: 'Will the Springboks win the Rugby Championship again next year with the same captain',
        description: 'A long suggestion from a user with a long name.',
      }),
    );
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}, 180_000);

/** Opens a path and audits it once `ready` shows. */
async function visit(page: Page, path: string, ready: Locator, name: string): Promise<string[]> {
  await firstVariant(page);
  await page.goto(path);
  await ready.waitFor({ state: 'visible', timeout: 15_000 });
  return audit(page, name);
}

async function tabs(page: Page, prefix: string, names: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const tab of names) {
    // A tab's name may carry a count: "Friends (1)".
    const button = page.getByRole('tab', { name: new RegExp(`^${tab}( \\(\\d+\\))?$`) });
    await firstVariant(page);
    await button.click();
    await page.waitForFunction((el) => el?.getAttribute('aria-selected') === 'true', await button.elementHandle());
    problems.push(...(await audit(page, `${prefix}-${tab.toLowerCase()}`)));
  }
  return problems;
}

/** Opens the first discussion on the screen and waits for the friend's comment. */
async function openDiscussion(page: Page) {
  const button = page.getByRole('button', { name: /View Discussion/ }).first();
  await button.waitFor({ state: 'attached', timeout: 15_000 });
  // It may sit under the bottom navigation.
  await button.evaluate((el) => (el as HTMLButtonElement).click());
  await page.getByText(COMMENT).first().waitFor({ timeout: 15_000 });
}

/**
 * A fresh page at 360 × 800, signed in through the API as `login` (or signed out); `look` opens screens on it and
 * collects what axe and the width checks find there, which must be nothing.
 */
async function expectNoProblems(login: readonly [string, string] | null, look: (page: Page, problems: string[]) => Promise<void>) {
  const { context, page } = await narrowPage();
  try {
    await allowPseudoLocale(context);
    if (login) await loginApi(context.request, ...login);
    const problems: string[] = [];
    await look(page, problems);
    // The whole list where it can be read (the assertion's diff shows only the first 100).
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await writeFile(join(SCREENSHOT_DIR, `screens-problems-${expect.getState().currentTestName?.slice(0, 90).replace(/[^a-z0-9]+/gi, '-')}.txt`), problems.join('\n'));
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

// Each screen in nine variants with axe is long work on a loaded machine.
const SCREENS_TIMEOUT = 600_000;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();

test('signed out: landing, log-in, sign-up, a shared link and privacy pass axe and fit', async () => {
  await expectNoProblems(null, async (page, problems) => {
    const logIn = page.getByRole('button', { name: 'Log In', exact: true }).first();
    problems.push(...(await visit(page, '/', page.locator('.landing .hero h1, .landing .hero h2').first(), 'landing')));
    await logIn.click();
    await page.getByRole('dialog').waitFor();
    problems.push(...(await audit(page, 'login')));
    await page.getByRole('dialog').getByRole('tab', { name: 'Sign Up' }).click();
    problems.push(...(await audit(page, 'signup')));
    problems.push(...(await visit(page, `/q/${past.id}`, page.locator('.landing .hero').getByRole('heading', { name: `${PAST}?` }), 'shared-link')));
    problems.push(...(await visit(page, '/privacy', h1(page), 'privacy-public')));
  });
}, SCREENS_TIMEOUT);

test('as a user with a long name and friends: feed, discussion and vote pass axe and fit', async () => {
  await expectNoProblems([user.username, PASSWORD], async (page, problems) => {
    await page.goto('/');
    await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Public' }).waitFor();
    problems.push(...(await tabs(page, 'feed', ['Public', 'Friends'])));
    await page.getByRole('tab', { name: 'Public' }).click();
    await openDiscussion(page);
    problems.push(...(await audit(page, 'feed-discussion')));

    problems.push(...(await visit(page, '/vote', page.getByRole('button', { name: 'YES' }).first(), 'vote')));
    await page.getByRole('button', { name: 'YES' }).first().click();
    await page.getByRole('button', { name: /SUBMIT PREDICTION/ }).first().click();
    // The results with the friends' answers (long name, @username, badge), below the national results.
    await page.getByRole('list', { name: 'National results' }).first().waitFor({ timeout: 15_000 });
    await showResultsBelow(page);
    await page.getByText(FRIENDS[0]!).first().waitFor({ timeout: 15_000 });
    await openDiscussion(page);
    problems.push(...(await audit(page, 'vote-answered')));
  });
}, SCREENS_TIMEOUT);

// (Three tests: each screen in four variants with axe is long work on a loaded machine.)
test('as a user with a long name and friends: leaderboard, research, friends, notifications and the inbox pass axe and fit', async () => {
  await expectNoProblems([user.username, PASSWORD], async (page, problems) => {
    for (const [path, name] of [
      ['/leaderboard', 'leaderboard'],
      ['/research', 'research'],
      ['/friends', 'friends'],
      ['/notifications', 'notifications'],
    ] as const) {
      problems.push(...(await visit(page, path, h1(page), name)));
    }
    problems.push(...(await visit(page, '/inbox', page.getByTestId('inbox-item').first(), 'inbox')));
    // The search's list of users (the strangers: long enough to scroll), reached by keyboard.
    await page.goto('/friends');
    const search = page.locator('.user-search__input');
    await search.fill('e2eo');
    await page.getByRole('listbox').getByRole('option').first().waitFor({ timeout: 15_000 });
    await search.press('ArrowDown');
    problems.push(...(await audit(page, 'friends-search')));
  });
}, SCREENS_TIMEOUT);

test('as a user with a long name and friends: suggestions, scoring, privacy, not-found and the profile tabs pass axe and fit', async () => {
  await expectNoProblems([user.username, PASSWORD], async (page, problems) => {
    for (const [path, name] of [
      ['/my-suggestions', 'my-suggestions'],
      ['/scoring', 'scoring'],
      ['/privacy', 'privacy'],
      ['/guidelines', 'guidelines'],
    ] as const) {
      problems.push(...(await visit(page, path, h1(page), name)));
    }
    problems.push(...(await visit(page, '/no-such-page', page.getByText('404 Page Not Found'), 'not-found')));
    await page.goto('/profile');
    await h1(page).waitFor({ timeout: 15_000 });
    problems.push(...(await tabs(page, 'profile', ['Stats', 'Settings', 'Account', 'Privacy'])));
  });
}, SCREENS_TIMEOUT);

test('as the admin: every admin tab and the dashboard pass axe and fit', async () => {
  await expectNoProblems(['admin', 'admin-dev-password'], async (page, problems) => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 15_000 });
    problems.push(...(await tabs(page, 'admin', ['Analytics', 'Users', 'Questions', 'Suggestions', 'Moderation', 'Manage', 'Audit'])));
    problems.push(...(await visit(page, '/dashboard', h1(page), 'dashboard')));
  });
}, SCREENS_TIMEOUT);
