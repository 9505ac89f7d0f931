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

/** The text of what the input is described by (its hint and its error), or throws when it is not marked invalid. */
function errorUnder(label: string): string {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' | ');
}

test('a short and a mistyped password are named at once, each under its field, before anything is sent', async () => {
  const fetch = stubFetch(() => json(200, thandi));
  open('short', 'other');
  expect(errorUnder('New password')).toContain('Password must be at least 8 characters');
  expect(errorUnder('Repeat the new password')).toContain('The two passwords do not match');
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-long-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
  expect(errorUnder('Repeat the new password')).toContain('The two passwords do not match');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(fetch.mock).not.toHaveBeenCalled();
});

test('the show-password toggle shows what was typed and says whether it is pressed', () => {
  stubFetch(() => json(200, thandi));
  window.history.replaceState(null, '', '/reset-password?token=t0k3n');
  renderSignedIn(<ResetPasswordPage />, { user: null });
  const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
  expect(toggle!.getAttribute('aria-pressed')).toBe('false');
  fireEvent.click(toggle!);
  expect(toggle!.getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByLabelText('New password').getAttribute('type')).toBe('text');
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
