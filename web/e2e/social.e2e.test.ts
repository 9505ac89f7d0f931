// Social end to end: two new users become friends through the SPA (search, send, accept); the admin publishes a
// question; B answers and comments on it; A sees B's prediction and comment in the feed's Friends tab, then uses
// the discussion panel and the Invite Friends dialog on /vote.
import { expect, test } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { expectVisible, newMobilePage, randomUsername, screenshot, browser, closeToasts, stack, startBrowserStack, showResultsBelow } from './browser';

startBrowserStack();

interface Player {
  id: string;
  username: string;
  name: string;
  context: BrowserContext;
  page: Page;
}

/** A new user signed up through the API in their own browser context (the session cookie is shared with the page). */
async function newPlayer(name: string): Promise<Player> {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  const username = randomUsername('e2es_');
  const res = await context.request.post('/api/auth/signup', {
    data: { username, password: 'correct-horse-battery', name, email: '', phoneNumber: '', consent: true },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto('/');
  await page.getByRole('banner').getByText('TIME:').waitFor({ timeout: 15_000 });
  return { id, username, name, context, page };
}

async function toast(page: Page, text: string) {
  const status = page.getByRole('status').filter({ hasText: text });
  await expectVisible(status, 15_000);
  return status;
}


async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Like `post`, retrying while the services catch up with the publish event (404 until they have it). */
async function postEventually(request: APIRequestContext, url: string, data: unknown, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request.post(url, { data });
    if (res.ok()) return res.json() as Promise<Record<string, unknown>>;
    if (res.status() !== 404 || Date.now() > deadline) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** My screens must fit the 390 px viewport. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Clicks with the target in the middle of the screen (clear of the fixed header and bottom navigation). */
async function clickCentered(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await locator.click();
}

/** Polled / briefly cached lists: reload until the change shows. */
async function reloadUntilVisible(page: Page, locator: Locator, before?: () => Promise<void>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await before?.();
      await locator.waitFor({ state: 'visible', timeout: 4_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

test('two users become friends in the UI and see each other in the friends feed', async () => {
  const a = await newPlayer('Amahle Ndlovu');
  const b = await newPlayer('Bongani Zulu');
  const admin = await browser.newContext({ baseURL: stack.baseUrl });
  try {
    // --- A searches for B and sends a request ---
    const pa = a.page;
    await pa.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' }).click();
    await expectVisible(pa.getByRole('heading', { name: 'Friends', exact: true }));
    await expectVisible(pa.getByText('No friends yet'));
    const search = pa.getByRole('combobox', { name: 'Search for users' });
    await search.click();
    await expectVisible(pa.getByText('Type at least 2 characters to search'));
    await search.fill('zz_nobody_here');
    await expectVisible(pa.getByText('No users found'));
    await search.fill(b.username.slice(0, 9));
    const option = pa.getByRole('option', { name: new RegExp(b.username) });
    await expectVisible(option);
    await screenshot(pa, 'friends-search');
    await expectNoHorizontalOverflow(pa);
    // Outside click closes the dropdown.
    await pa.getByRole('heading', { name: 'Friends', exact: true }).click();
    await pa.getByRole('listbox').waitFor({ state: 'detached' });
    await search.click();
    await option.click();
    const selected = pa.getByRole('group', { name: 'Selected user' });
    await expectVisible(selected.getByText(b.name));
    await pa.getByRole('button', { name: 'Send Friend Request' }).click();
    await toast(pa, 'Friend request sent');
    expect(await search.inputValue()).toBe('');
    await expectVisible(pa.getByRole('tab', { name: 'Sent (1)' }));
    await pa.getByRole('tab', { name: 'Sent (1)' }).click();
    await expectVisible(pa.getByText('Pending', { exact: true }));
    await closeToasts(pa);

    // --- B accepts ---
    const pb = b.page;
    await pb.goto('/friends');
    const requestsTab = pb.getByRole('tab', { name: 'Requests (1)' });
    await reloadUntilVisible(pb, requestsTab);
    await requestsTab.click();
    await expectVisible(pb.getByRole('heading', { name: 'Friend Requests (1)' }));
    await expectVisible(pb.getByText(`@${a.username}`));
    await expectVisible(pb.getByText(/^Sent \d{1,2} \w+ \d{4}$/));
    await screenshot(pb, 'friends-requests');
    await expectNoHorizontalOverflow(pb);
    await pb.getByRole('button', { name: `Accept friend request from ${a.name}` }).click();
    await toast(pb, 'Friend Request Accepted');
    await expectVisible(pb.getByText('No pending requests'));
    await expectVisible(pb.getByRole('tab', { name: 'Friends (1)' }));

    // --- The admin publishes a question ---
    const login = await admin.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
    expect(login.status()).toBe(200);
    const text = `Will the social e2e ${Date.now().toString(36)} find its friends`;
    const draft = await post(admin.request, '/api/admin/questions', {
      text,
      context: 'Created by the social browser test.',
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    const questionId = String(draft.id);
    await post(admin.request, `/api/admin/questions/${questionId}/publish`, {});

    // --- B answers and comments through the API ---
    await postEventually(b.context.request, '/api/answers', { userId: b.id, questionId, optionId: 'yes' });
    await postEventually(b.context.request, `/api/questions/${questionId}/comments`, { content: 'Sharp sharp, I say yes!' });

    // --- A sees B's prediction and comment in the Friends tab of the feed ---
    await pa.goto('/');
    await expectVisible(pa.getByRole('heading', { name: 'Political Prediction Feed' }));
    const friendsTab = pa.getByRole('tab', { name: 'Friends (1)' });
    const card = pa.locator('.qcard', { has: pa.getByRole('heading', { name: `${text}?` }) });
    await reloadUntilVisible(pa, card, async () => {
      await friendsTab.click({ timeout: 4_000 });
    });
    await expectVisible(card.getByText('Friends', { exact: true }));
    await expectVisible(card.locator('.friend-answer', { hasText: b.name }).getByText('Yes', { exact: true }));
    await expectVisible(card.getByText(`@${b.username}`).first());
    await expectVisible(card.getByText('Sharp sharp, I say yes!'));
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(pa, 'feed-friends');
    await expectNoHorizontalOverflow(pa);

    // --- A answers on /vote, opens the discussion and posts ---
    await postEventually(a.context.request, '/api/answers', { userId: a.id, questionId, optionId: 'no' });
    await pa.goto('/vote');
    const open = pa.getByRole('button', { name: 'View Discussion (1 comment)' });
    await reloadUntilVisible(pa, pa.locator('.results').getByRole('list', { name: 'National results' }));
    await showResultsBelow(pa);
    await expectVisible(open, 15_000);
    await clickCentered(open);
    const discussion = pa.locator('.discussion');
    await expectVisible(discussion.getByRole('heading', { name: 'Discussion (1)' }));
    await expectVisible(discussion.getByText('Sharp sharp, I say yes!'));
    expect(await discussion.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
    const box = discussion.getByPlaceholder('Share your thoughts on this prediction...');
    await box.fill('Eish, I went with no.');
    await clickCentered(discussion.getByRole('button', { name: 'Post' }));
    await toast(pa, 'Comment added!');
    await expectVisible(discussion.getByRole('heading', { name: 'Discussion (2)' }));
    expect(await box.inputValue()).toBe('');
    await expectVisible(discussion.getByRole('button', { name: 'Delete comment' }));
    await closeToasts(pa);
    await discussion.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(pa, 'discussion');

    // --- Invite Friends dialog ---
    await clickCentered(pa.getByRole('button', { name: /^Invite (more )?friends$/i }).first());
    const dialog = pa.getByRole('dialog', { name: 'Invite Friends' });
    await expectVisible(dialog.getByText('Share Mzansi Predicts with your friends to compare predictions'));
    await dialog.getByRole('button', { name: 'Send friend request' }).click();
    await expectVisible(pa.getByRole('alert').filter({ hasText: 'Please enter a username' }));
    await screenshot(pa, 'invite-dialog');
    await dialog.getByRole('textbox', { name: 'Username' }).fill(b.username);
    await dialog.getByRole('textbox', { name: 'Username' }).press('Enter');
    await expectVisible(pa.getByRole('alert').filter({ hasText: /already friends/i }));
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  } finally {
    await admin.close();
    await a.context.close();
    await b.context.close();
  }
});
