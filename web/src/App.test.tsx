import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from './App';
import { createQueryClient } from './lib/queryClient';
import { USER_STORAGE_KEY } from './features/auth/session';
import type { User } from './features/auth/types';
import { resetToasts } from './ui/toast';
import { loadScreens, makeUser } from './test/fixtures';

const thandi: User = makeUser({
  id: 'u1',
  username: 'thandi_m',
  name: 'Thandi Mokoena',
  joinDate: '2025-03-14T09:00:00Z',
  isAdmin: false,
});

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let handler: Handler;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init)));

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => String(u) === url);

beforeAll(loadScreens(() => import('./features/profile/ProfilePage'), () => import('./features/admin/AdminPage')));

beforeEach(() => {
  resetToasts();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  handler = (url) => (url === '/api/auth/me' ? json(401, { message: 'Not signed in' }) : json(404, { message: 'Not found' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signed out', () => {
  test('every route shows the landing page', async () => {
    renderAt('/vote');
    expect(screen.getByRole('button', { name: 'Start Predicting' })).toBeTruthy();
    expect(screen.getAllByText('Make one political prediction a day').length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    // No stored user, no signed-in hint: nobody to ask about (no request bound to answer 401).
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(calls('/api/auth/me')).toHaveLength(0);
  });

  test('with the signed-in hint cookie it asks /api/auth/me; a 401 clears a stale hint', async () => {
    document.cookie = 'signed-in=1; Path=/';
    renderAt('/');
    await waitFor(() => expect(calls('/api/auth/me')).toHaveLength(1));
    await waitFor(() => expect(document.cookie).not.toContain('signed-in='));
    // The landing follows the answer in a transition (the session is set in one).
    expect(await screen.findByRole('button', { name: 'Start Predicting' })).toBeTruthy();
  });

  test('with the hint and no stored user, a spinner (not the landing) until /api/auth/me answers', async () => {
    document.cookie = 'signed-in=1; Path=/';
    let answer: (res: Response) => void = () => undefined;
    handler = (url) => (url === '/api/auth/me' ? new Promise<Response>((resolve) => (answer = resolve)) : json(404, { message: 'Not found' }));
    renderAt('/');
    await waitFor(() => expect(calls('/api/auth/me')).toHaveLength(1));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Predicting' })).toBeNull();
    answer(json(401, { message: 'Not signed in' }));
    await screen.findByRole('button', { name: 'Start Predicting' });
  });

  test('with the hint, a signed-in answer signs the visitor in', async () => {
    document.cookie = 'signed-in=1; Path=/';
    handler = () => json(200, thandi);
    renderAt('/');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(document.cookie).toContain('signed-in=1');
    document.cookie = 'signed-in=; Path=/; Max-Age=0';
  });

  test('with the hint, /me answering a user goes from the spinner straight to the signed-in app (no landing between)', async () => {
    document.cookie = 'signed-in=1; Path=/';
    handler = (url) => (url === '/api/auth/me' ? json(200, thandi) : json(404, { message: 'Not found' }));
    renderAt('/vote');
    await screen.findByRole('navigation', { name: 'Main' });
    // The landing's archive list is asked for only if the landing rendered.
    expect(calls('/api/questions/public')).toHaveLength(0);
    document.cookie = 'signed-in=; Path=/; Max-Age=0';
  });

  test('login with missing fields shows the validation toast and sends nothing', async () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const dialog = await screen.findByRole('dialog');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Username'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Missing Information');
    expect(alert.textContent).toContain('Please enter both username and password');
    expect(calls('/api/auth/login')).toHaveLength(0);
  });

  test('signup with missing full name', async () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Start Predicting' }));
    const dialog = await screen.findByRole('dialog');
    // Three fields and the consent box: e-mail, phone and province come after the first vote.
    expect(within(dialog).queryByLabelText(/Email|Phone|Province/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'thandi_m' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'longenough' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    // The spec's words above the button; the empty field (and the unticked consent) marked, each under itself.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('Please fill in all required fields');
    expect(within(dialog).getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
    expect(calls('/api/auth/signup')).toHaveLength(0);
  });

  test('signup without ticking the (unticked) consent box is stopped with the notice link at hand', async () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Start Predicting' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: /I agree that Mzansi Predicts may keep my predictions/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(within(dialog).getByRole('link', { name: /privacy notice/ }).getAttribute('href')).toBe('/privacy');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'thandi_m' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'longenough' } });
    fireEvent.change(within(dialog).getByLabelText('Full Name'), { target: { value: 'Thandi Mokoena' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Please accept the privacy notice to continue'));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(calls('/api/auth/signup')).toHaveLength(0);
    fireEvent.click(box);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  test('/privacy is open to signed-out visitors', async () => {
    handler = (url) =>
      url === '/api/privacy-notice'
        ? json(200, { version: '1.0', informationOfficer: { name: 'Nomsa Khumalo', email: 'io@mzansi.example' } })
        : json(401, { message: 'Not signed in' });
    renderAt('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy notice', level: 1 })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'io@mzansi.example' })).getAttribute('href')).toBe('mailto:io@mzansi.example');
    expect(screen.getByText('Version 1.0')).toBeTruthy();
    for (const h of ['What we collect', 'Why we use it', 'Who sees what', 'How long we keep it', 'Your rights', 'Contact our information officer']) {
      expect(screen.getByRole('heading', { name: h, level: 2 })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Start Predicting' })).toBeNull();
  });

  test('login failure shows the server message', async () => {
    handler = (url) =>
      url === '/api/auth/login'
        ? json(429, { message: 'Too many attempts. Please try again in 15 minutes.' })
        : json(401, { message: 'Not signed in' });
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'thandi_m' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login Failed');
    expect(alert.textContent).toContain('Too many attempts. Please try again in 15 minutes.');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  test('signup succeeds: user stored, signed-in chrome shown', async () => {
    handler = (url, init) => {
      if (url === '/api/auth/signup') {
        expect(JSON.parse(String(init?.body))).toEqual({
          username: 'thandi_m',
          password: 'longenough',
          name: 'Thandi Mokoena',
          consent: true,
          language: 'en',
        });
        return json(201, thandi);
      }
      return json(401, { message: 'Not signed in' });
    };
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: ' thandi_m ' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'longenough' } });
    fireEvent.change(within(dialog).getByLabelText('Full Name'), { target: { value: 'Thandi Mokoena' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByText('TIME:')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Account created');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!)).toEqual(thandi);
  });
});

describe('signed in', () => {
  test('restores the stored user; header, nav and feed heading', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(thandi));
    handler = () => json(200, thandi);
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/', '/vote', '/leaderboard', '/research', '/friends', '/profile']);
    expect(screen.getByRole('timer').textContent).toMatch(/^TIME: \d{2}:\d{2}:\d{2}$/);
    expect(screen.getByRole('heading', { name: 'Political Prediction Feed' })).toBeTruthy();
    expect(screen.getByText('Previous daily questions and community predictions')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Profile \(Thandi Mokoena\)/ }).getAttribute('href')).toBe('/profile');
  });

  test('admins also get /newadmin', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...thandi, isAdmin: true }));
    handler = () => json(200, { ...thandi, isAdmin: true });
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/newadmin');
  });

  test('a 401 from /api/auth/me signs out and clears storage', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(thandi));
    renderAt('/vote');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Start Predicting' });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  test('a network failure of /api/auth/me keeps the stored user', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(thandi));
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    renderAt('/');
    await waitFor(() => expect(calls('/api/auth/me')).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  test('unknown routes show the 404 card', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(thandi));
    handler = () => json(200, thandi);
    renderAt('/no-such-page');
    expect(screen.getByText('404 Page Not Found')).toBeTruthy();
  });

  test('/dashboard denies non-admins', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(thandi));
    handler = () => json(200, thandi);
    renderAt('/dashboard');
    expect(await screen.findByText('Access Denied')).toBeTruthy();
  });

  test('profile shows name, join month and logs out', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(thandi));
    let signedIn = true;
    handler = (url) => {
      if (url === '/api/auth/logout') {
        signedIn = false;
        return new Response(null, { status: 204 });
      }
      return signedIn ? json(200, thandi) : json(401, { message: 'Not signed in' });
    };
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Thandi Mokoena' })).toBeTruthy();
    expect(screen.getByText('Predicting since March 2025')).toBeTruthy();
    // Logout lives in the Settings tab (spec §2 Profile).
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Start Predicting' });
    expect(calls('/api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});
