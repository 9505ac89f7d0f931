import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, stubFetch } from '../../test/fixtures';
import { ME_QUERY_KEY } from '../auth/api';
import { readStoredUser } from '../auth/session';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { renderWithUser, testUser } from './testUtils';

const USER_URL = `/api/users/${testUser.id}`;
let fetch: ReturnType<typeof stubFetch>;

beforeEach(() => {
  resetToasts();
  fetch = stubFetch((url, init) => {
    if (url === USER_URL && init?.method === 'PATCH') return json(200, { ...testUser, ...JSON.parse(String(init.body)) });
    if (url === '/api/notifications/test') return json(200, { success: true, message: 'Test alert sent to thandi@example.co.za' });
    return json(404, { message: 'Not found' });
  });
});
afterEach(() => vi.unstubAllGlobals());

test('prefilled from the signed-in user; Save Settings PATCHes the user and says "Settings Saved"', async () => {
  const { queryClient } = renderWithUser(<NotificationSettingsPage />);
  const email = screen.getByLabelText('Email address') as HTMLInputElement;
  const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
  expect(email.value).toBe('thandi@example.co.za');
  expect(phone.value).toBe('+27821234567');
  expect(screen.getByText(/country code/)).toBeTruthy();
  expect(screen.getByText(/lunchtime/)).toBeTruthy();
  expect(screen.getByRole('switch', { name: 'Email alerts' }).getAttribute('aria-checked')).toBe('true');
  expect(screen.getByRole('switch', { name: 'WhatsApp alerts' }).getAttribute('aria-checked')).toBe('false');

  fireEvent.change(email, { target: { value: ' new@example.co.za ' } });
  fireEvent.change(phone, { target: { value: '+27 82 555 0000' } });
  fireEvent.click(screen.getByRole('switch', { name: 'Email alerts' }));
  fireEvent.click(screen.getByRole('switch', { name: 'WhatsApp alerts' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  await waitFor(() => expect(fetch.calls(USER_URL)).toHaveLength(1));
  const [, init] = fetch.calls(USER_URL)[0]!;
  expect(init!.method).toBe('PATCH');
  expect(JSON.parse(String(init!.body))).toEqual({
    email: 'new@example.co.za',
    phoneNumber: '+27 82 555 0000',
    emailNotifications: false,
    whatsappNotifications: true,
  });
  expect((await screen.findByRole('status')).textContent).toContain('Settings Saved');
  expect(readStoredUser()).toMatchObject({ email: 'new@example.co.za', whatsappNotifications: true, emailNotifications: false });
  expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ email: 'new@example.co.za' });
  expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('new@example.co.za');
});

test('a failed save: "Error" / "Failed to save settings" with the server message', async () => {
  fetch.setHandler(() => json(400, { message: 'email: Invalid email' }));
  renderWithUser(<NotificationSettingsPage />);
  fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Error');
  expect(alert.textContent).toContain('Failed to save settings');
  expect(alert.textContent).toContain('email: Invalid email');
});

test('Send Test Alert posts the test flag and shows the server message', async () => {
  renderWithUser(<NotificationSettingsPage />);
  fireEvent.click(screen.getByRole('button', { name: 'Send Test Alert' }));
  await waitFor(() => expect(fetch.calls('/api/notifications/test')).toHaveLength(1));
  expect(JSON.parse(String(fetch.calls('/api/notifications/test')[0]![1]!.body))).toEqual({ test: true });
  expect((await screen.findByRole('status')).textContent).toContain('Test alert sent to thandi@example.co.za');
});
