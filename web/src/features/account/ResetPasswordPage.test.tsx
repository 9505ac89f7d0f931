import { afterEach, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { json, stubFetch } from '../../test/fixtures';
import { renderSignedIn, thandi } from '../../test/render';
import { ResetPasswordPage } from './ResetPasswordPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  await setLanguage('en', { remember: false });
});

/** Opens the page with a token and types a new password (and its repeat). */
function open(password: string, repeat = password) {
  window.history.replaceState(null, '', '/reset-password?token=t0k3n');
  renderSignedIn(<ResetPasswordPage />, { user: null });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

test('a short or mistyped password is caught before anything is sent', async () => {
  const fetch = stubFetch(() => json(200, thandi));
  open('short');
  expect((await screen.findByRole('alert')).textContent).toBe('Password must be at least 8 characters');
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-long-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  expect((await screen.findByRole('alert')).textContent).toBe('The two passwords do not match');
  expect(fetch.mock).not.toHaveBeenCalled();
});

test('the token and the new password go to the gateway; success says the person is signed in', async () => {
  const fetch = stubFetch(() => json(200, thandi));
  open('a-long-password-1');
  expect((await screen.findByRole('status')).textContent).toBe('Your password is changed and you are signed in.');
  const [url, init] = fetch.mock.mock.calls[0]!;
  expect(String(url)).toMatch(/\/api\/auth\/password-reset\/confirm$/);
  expect(JSON.parse(String(init?.body))).toEqual({ token: 't0k3n', password: 'a-long-password-1' });
});

test('an expired link is said so in the reader’s language, with how to get a new one', async () => {
  await setLanguage('af', { remember: false });
  stubFetch(() => json(400, { message: 'This password reset link has expired. Please ask for a new one.', code: 'resetExpiredLink' }));
  window.history.replaceState(null, '', '/reset-password?token=t0k3n');
  renderSignedIn(<ResetPasswordPage />, { user: null });
  fireEvent.change(screen.getByLabelText('Nuwe wagwoord'), { target: { value: 'a-long-password-1' } });
  fireEvent.change(screen.getByLabelText('Herhaal die nuwe wagwoord'), { target: { value: 'a-long-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Stel nuwe wagwoord' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Hierdie wagwoord-herstelskakel het verval.');
  expect(alert.textContent).toContain('Wagwoord vergeet?');
});
