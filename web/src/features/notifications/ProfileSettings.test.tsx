import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, stubFetch, type Handler } from '../../test/fixtures';
import { ME_QUERY_KEY } from '../auth/api';
import { readStoredUser } from '../auth/session';
import { ProfileSettings } from './ProfileSettings';
import { renderWithUser, testUser } from './testUtils';

const NOTIFY_URL = `/api/users/${testUser.id}/notifications`;
let fetch: ReturnType<typeof stubFetch>;

const ok: Handler = (url, init) => {
  if (url === NOTIFY_URL && init?.method === 'PUT') return json(200, { ...testUser, ...JSON.parse(String(init.body)) });
  if (url === '/api/auth/logout') return new Response(null, { status: 204 });
  if (url === '/api/notifications/vapid-public-key') return json(200, { publicKey: 'AQID' });
  if (url.startsWith('/api/notifications/')) return json(200, { success: true });
  return json(404, { message: 'Not found' });
};

beforeEach(() => {
  resetToasts();
  fetch = stubFetch(ok);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as unknown;

test('email notifications toggle: PUT, "Settings Updated", session user updated', async () => {
  const { queryClient } = renderWithUser(<ProfileSettings />);
  const toggle = screen.getByRole('switch', { name: 'Email Notifications' });
  expect(toggle.getAttribute('aria-checked')).toBe('true');

  fireEvent.click(toggle);
  await waitFor(() => expect(fetch.calls(NOTIFY_URL)).toHaveLength(1));
  expect(fetch.calls(NOTIFY_URL)[0]![1]!.method).toBe('PUT');
  expect(bodyOf(fetch.calls(NOTIFY_URL)[0]!)).toEqual({ emailNotifications: false });
  const status = await screen.findByRole('status');
  expect(status.textContent).toContain('Settings Updated');
  expect(status.textContent).toContain('Your notification preferences have been saved.');
  expect(readStoredUser()?.emailNotifications).toBe(false);
  expect(queryClient.getQueryData<{ emailNotifications: boolean }>(ME_QUERY_KEY)?.emailNotifications).toBe(false);
  expect(JSON.parse(localStorage.getItem('mzansi.user')!).emailNotifications).toBe(false);
  expect(screen.getByRole('switch', { name: 'Email Notifications' }).getAttribute('aria-checked')).toBe('false');
});

test('email notifications toggle failure: "Error" / "Failed to update notification preferences."', async () => {
  fetch.setHandler(() => json(500, { message: 'boom' }));
  renderWithUser(<ProfileSettings />);
  fireEvent.click(screen.getByRole('switch', { name: 'Email Notifications' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Error');
  expect(alert.textContent).toContain('Failed to update notification preferences.');
  expect(readStoredUser()?.emailNotifications).toBe(true);
  expect(screen.getByRole('switch', { name: 'Email Notifications' }).getAttribute('aria-checked')).toBe('true');
});

test('without browser support the control says so; Logout signs out', async () => {
  renderWithUser(<ProfileSettings />);
  expect(screen.getByText('Not Supported')).toBeTruthy();
  expect((screen.getByRole('switch', { name: 'Browser Notifications' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(readStoredUser()).toBeNull());
  expect(fetch.calls('/api/auth/logout')).toHaveLength(1);
});

/** A browser with notifications, a service worker and push. */
function stubBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const shown: string[] = [];
  const NotificationStub = vi.fn(function (this: unknown, title: string) {
    shown.push(title);
    return { close: vi.fn() };
  }) as unknown as typeof Notification & { permission: NotificationPermission };
  Object.assign(NotificationStub, {
    permission,
    requestPermission: vi.fn(async () => {
      NotificationStub.permission = answer;
      return answer;
    }),
  });
  let subscription: { endpoint: string; unsubscribe: ReturnType<typeof vi.fn>; toJSON: () => unknown; options: object } | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = {
        endpoint: 'https://push.example/abc',
        options: {},
        unsubscribe: vi.fn(async () => {
          subscription = null;
          return true;
        }),
        toJSON: () => ({ endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
      };
      return subscription;
    }),
  };
  const registration = { pushManager, active: null, showNotification: vi.fn(), getNotifications: vi.fn(async () => []) };
  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration), register: vi.fn(), ready: Promise.resolve(registration) },
  });
  return { shown, pushManager, NotificationStub };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

test('enabling browser notifications: permission, push subscription, test notification, browserNotifications true', async () => {
  const browser = stubBrowser('default');
  renderWithUser(<ProfileSettings />);
  const toggle = await screen.findByRole('switch', { name: 'Browser Notifications' });
  expect(screen.getByText('Click to Enable')).toBeTruthy();
  fireEvent.click(toggle);
  await waitFor(() => expect(screen.getByText('Enabled')).toBeTruthy());
  expect(browser.NotificationStub.requestPermission).toHaveBeenCalled();
  expect(browser.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
  expect(bodyOf(fetch.calls('/api/notifications/subscribe')[0]!)).toEqual({
    endpoint: 'https://push.example/abc',
    expirationTime: null,
    keys: { p256dh: 'p', auth: 'a' },
  });
  expect(browser.shown).toEqual(['Notifications Enabled!']);
  expect(bodyOf(fetch.calls(NOTIFY_URL)[0]!)).toEqual({ browserNotifications: true });
  expect(readStoredUser()?.browserNotifications).toBe(true);
  expect(screen.getByRole('switch', { name: 'Browser Notifications' }).getAttribute('aria-checked')).toBe('true');

  // Disabling: unsubscribe, tell the server, browserNotifications false.
  fireEvent.click(screen.getByRole('switch', { name: 'Browser Notifications' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Notifications Disabled'));
  expect(bodyOf(fetch.calls('/api/notifications/unsubscribe')[0]!)).toEqual({ endpoint: 'https://push.example/abc' });
  expect(bodyOf(fetch.calls(NOTIFY_URL)[1]!)).toEqual({ browserNotifications: false });
  expect(screen.getByText('Need Subscribe')).toBeTruthy();
});

test('permission refused: "Permission Required"; blocked: "Blocked" with instructions', async () => {
  stubBrowser('default', 'default');
  renderWithUser(<ProfileSettings />);
  fireEvent.click(await screen.findByRole('switch', { name: 'Browser Notifications' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Permission Required');
  expect(fetch.calls('/api/notifications/subscribe')).toHaveLength(0);
});

test('a server failure while enabling: the profile wording', async () => {
  stubBrowser('granted');
  fetch.setHandler((url, init) => (url === '/api/notifications/vapid-public-key' ? json(404, { message: 'Not found' }) : ok(url, init)));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWithUser(<ProfileSettings />);
  expect(await screen.findByText('Need Subscribe')).toBeTruthy();
  fireEvent.click(screen.getByRole('switch', { name: 'Browser Notifications' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Failed to enable notifications. Please try refreshing the page.');
});

test('blocked shows the unblock instructions', async () => {
  stubBrowser('denied');
  renderWithUser(<ProfileSettings />);
  expect(await screen.findByText('Blocked')).toBeTruthy();
  expect(screen.getByRole('note').textContent).toContain('set Notifications to Allow');
  fireEvent.click(screen.getByRole('switch', { name: 'Browser Notifications' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Notifications Blocked');
});
