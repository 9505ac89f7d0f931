// Live updates and notification settings end to end: a signed-in user keeps /vote open while the admin
// publishes a question; the open page shows it without a reload (websocket /ws). Also the notification settings
// screens against the real gateway, and the service worker in the built app.
import { expect, test } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { createQuestion, expectVisible, newMobilePage, randomUsername, screenshot, browser, closeToasts, stack, startBrowserStack } from './browser';

startBrowserStack();

interface SignedUpUser {
  id: string;
  username: string;
}

/** Signs a new user up through the API; the context's pages share the session cookie. */
async function signUp(context: BrowserContext, name: string): Promise<SignedUpUser> {
  const username = randomUsername('e2el_');
  const res = await context.request.post('/api/auth/signup', {
    data: { username, password: 'correct-horse-battery', name, email: `${username}@example.co.za`, phoneNumber: '', consent: true },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as SignedUpUser;
}

async function toast(page: Page, text: string) {
  await expectVisible(page.getByRole('status').filter({ hasText: text }), 15_000);
}


async function adminRequest(): Promise<APIRequestContext> {
  const admin = await browser.newContext({ baseURL: stack.baseUrl });
  const login = await admin.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin-dev-password' } });
  expect(login.status()).toBe(200);
  return admin.request;
}

test('an open /vote page shows a newly published question without a reload', async () => {
  const { context, page: first } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    await signUp(context, 'Live Tester');
    await first.goto('/');
    await expectVisible(first.getByRole('banner').getByText('TIME:'), 15_000);

    // A second tab on /vote.
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto('/vote');
    await expectVisible(page.getByRole('heading', { name: "Today's Questions" }), 15_000);
    await page.waitForLoadState('networkidle');
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { __liveMarker: number }).__liveMarker = 42;
    });
    expect(sockets.some((url) => url.endsWith('/ws'))).toBe(true);
    await screenshot(page, 'live-before');

    const text = `Will the live e2e ${Date.now().toString(36)} update the open page`;
    const admin = await adminRequest();
    const id = await createQuestion(admin, text, 'Published while the page was open.');
    expect(await page.getByText(text, { exact: false }).count()).toBe(0);

    const published = await admin.post(`/api/admin/questions/${id}/publish`);
    expect(published.status()).toBe(200);
    const started = Date.now();

    // Polling would take up to 60 s; the live channel brings it within a few seconds.
    await expectVisible(page.getByRole('heading', { name: `${text}?` }), 8_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(8_000);
    expect(await page.evaluate(() => (window as unknown as { __liveMarker?: number }).__liveMarker)).toBe(42);
    await page.getByRole('heading', { name: `${text}?` }).scrollIntoViewIfNeeded();
    await screenshot(page, 'live-after');
  } finally {
    await context.close();
  }
});

test('notification settings: /notifications saves to the user; the profile Settings tab toggles email alerts', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    await context.grantPermissions(['notifications'], { origin: stack.baseUrl });
    const user = await signUp(context, 'Settings Tester');
    await page.goto('/notifications');
    await expectVisible(page.getByRole('heading', { name: 'Notification Settings' }), 15_000);
    const form = page.getByRole('form', { name: 'Notification settings' });
    expect(await form.getByLabel('Email address').inputValue()).toBe(`${user.username}@example.co.za`);
    await form.getByLabel('Phone number').fill('+27 82 555 0101');
    await form.getByRole('switch', { name: 'WhatsApp alerts' }).click();
    await screenshot(page, 'notification-settings');
    await form.getByRole('button', { name: 'Send Test Alert' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'notification-settings-bottom');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings Saved');
    await closeToasts(page);

    const me = await context.request.get('/api/auth/me');
    // Stored as E.164, however it was typed.
    expect(await me.json()).toMatchObject({ phoneNumber: '+27825550101', whatsappNotifications: true });

    // Send Test Alert: the server's message, or the fallback while the notification service is not there.
    await form.getByRole('button', { name: 'Send Test Alert' }).click();
    await expectVisible(page.locator('.toast'), 10_000);
    await closeToasts(page);

    // Profile → Settings tab.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    const emailSwitch = page.getByRole('switch', { name: 'Email Notifications' });
    await expectVisible(emailSwitch);
    expect(await emailSwitch.getAttribute('aria-checked')).toBe('true');
    // Permission granted, no push subscription yet.
    await expectVisible(page.getByText('Need Subscribe'));
    await expectVisible(page.getByRole('button', { name: 'Logout' }));
    await screenshot(page, 'profile-settings');
    await emailSwitch.click();
    await toast(page, 'Settings Updated');
    expect(await emailSwitch.getAttribute('aria-checked')).toBe('false');
    const after = await context.request.get('/api/auth/me');
    expect(await after.json()).toMatchObject({ emailNotifications: false });
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('mzansi.user'))) ?? 'null') as {
      emailNotifications: boolean;
    };
    expect(stored.emailNotifications).toBe(false);
  } finally {
    await context.close();
  }
});

test('the built app serves /sw.js and registers it; the shell is cached', async () => {
  const { context, page } = await newMobilePage(browser, { baseURL: stack.baseUrl });
  try {
    const sw = await context.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toContain('no-cache');
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(await sw.text()).toContain("addEventListener('push'");

    await page.goto('/');
    const scriptURL = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(scriptURL).toBe(`${stack.baseUrl}/sw.js`);

    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return { names, urls };
    });
    expect(cached.names.some((n) => n.startsWith('mzansi-shell-'))).toBe(true);
    expect(cached.urls).toContain('/');
    expect(cached.urls.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
    expect(cached.urls.some((u) => u.startsWith('/api/'))).toBe(false);

    // The landing page's notifications card (permission not yet asked).
    const card = page.locator('.info-card--notify');
    await card.scrollIntoViewIfNeeded();
    // Folded under its title (the landing stays short on a phone).
    await card.locator('summary').click();
    await expectVisible(card.getByText('Click to Enable'));
    await screenshot(page, 'landing-notifications');

    // A repeat visit is controlled by the worker and still renders the landing page.
    await page.reload();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expectVisible(page.getByRole('button', { name: 'Start Predicting' }), 15_000);
  } finally {
    await context.close();
  }
});
