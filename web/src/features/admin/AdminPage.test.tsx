import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, loadScreens, makeQuestion, stubFetch, routeTable, makeUser } from '../../test/fixtures';

const admin: User = makeUser({ id: 'a1', username: 'admin', name: 'Admin', joinDate: '2025-01-01T00:00:00Z', isAdmin: true });
const draft = makeQuestion({ id: 'd1', text: 'Will the draft go live', isPublished: false, isActive: false, publishedAt: null });
const live = makeQuestion({ id: 'p1', text: 'Will the live one resolve' });

let fetch: ReturnType<typeof stubFetch>;
const routes = routeTable((key, url) => {
  if (url === '/api/auth/me') return json(200, admin);
  if (key === 'GET /api/admin/drafts') return json(200, [draft]);
  if (key === 'GET /api/admin/questions') return json(200, [draft, live]);
  return json(404, { message: 'Not found' });
});

beforeAll(loadScreens(() => import('./AdminPage')));

beforeEach(() => {
  resetToasts();
  fetch = stubFetch(routes());
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, user: User = admin) {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  window.history.pushState({}, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

// The admin screen is loaded on first visit: wait for it.
const form = () => screen.findByRole('form', { name: 'Create question' });

test.each(['/admin', '/admin/testing', '/newadmin'])('%s: non-admins are denied', async (path) => {
  const user = { ...admin, isAdmin: false };
  fetch.setHandler(routes({ 'GET /api/auth/me': () => json(200, user) }));
  renderAt(path, user);
  expect(await screen.findByText('Access Denied')).toBeTruthy();
});

test('tabs: questions is the default; the other tabs load their own data', async () => {
  renderAt('/newadmin');
  const tabs = (await screen.findAllByRole('tab')).map((t) => t.textContent);
  expect(tabs).toEqual(['Analytics', 'Users', 'Questions', 'Suggestions', 'Moderation', 'Manage', 'Audit']);
  expect(screen.getByRole('tab', { name: 'Questions' }).getAttribute('aria-selected')).toBe('true');
  fireEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
  expect(screen.queryByText('Coming soon')).toBeNull();
  expect(await screen.findByText('Analytics could not be loaded.')).toBeTruthy();
});

test('create: defaults, validation message, then the payload', async () => {
  renderAt('/admin');
  const f = within(await form());
  expect((f.getByLabelText('Option 1') as HTMLInputElement).value).toBe('Yes');
  expect((f.getByLabelText('Option 2') as HTMLInputElement).value).toBe('No');
  expect((f.getByLabelText('Time (UTC)') as HTMLInputElement).value).toBe('13:00');
  expect((f.getByLabelText('Date (UTC)') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  fireEvent.click(f.getByRole('button', { name: 'Create Draft' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Please fill in all required fields');
  expect(fetch.calls('/api/admin/questions').filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

  let body: unknown;
  fetch.setHandler(
    routes({
      'POST /api/admin/questions': (init) => {
        body = JSON.parse(String(init?.body));
        return json(201, makeQuestion({ id: 'new', isPublished: false }));
      },
    }),
  );
  fireEvent.change(f.getByLabelText('Question'), { target: { value: 'Will Eskom keep the lights on' } });
  fireEvent.change(f.getByLabelText('Date (UTC)'), { target: { value: '2025-12-01' } });
  fireEvent.change(f.getByLabelText('Time (UTC)'), { target: { value: '08:30' } });
  const blind = f.getByRole('checkbox', { name: /Hide results until people answer/ }) as HTMLInputElement;
  expect(blind.checked).toBe(false);
  fireEvent.click(blind);
  fireEvent.click(f.getByRole('button', { name: 'Create Draft' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Question created as draft'));
  expect(body).toEqual({
    text: 'Will Eskom keep the lights on',
    context: null,
    date: '2025-12-01T08:30:00.000Z',
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    isBlind: true,
  });
  expect((f.getByLabelText('Question') as HTMLTextAreaElement).value).toBe('');
  expect((f.getByRole('checkbox', { name: /Hide results until people answer/ }) as HTMLInputElement).checked).toBe(false);
});

test('create failure shows the server message', async () => {
  fetch.setHandler(routes({ 'POST /api/admin/questions': () => json(400, { message: 'The date must be between 2024 and 2100' }) }));
  renderAt('/admin');
  const f = within(await form());
  fireEvent.change(f.getByLabelText('Question'), { target: { value: 'Will it work' } });
  fireEvent.click(f.getByRole('button', { name: 'Create Draft' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Failed to create question');
  expect(alert.textContent).toContain('The date must be between 2024 and 2100');
});

test('lists with status badges and the right actions', async () => {
  renderAt('/admin');
  const drafts = await screen.findByRole('region', { name: 'Drafts (1)' });
  const d = within(drafts);
  expect(d.getByText('Draft')).toBeTruthy();
  expect(d.getByText('Will the draft go live?')).toBeTruthy();
  expect(d.getByRole('button', { name: 'Publish' })).toBeTruthy();
  expect(d.queryByRole('button', { name: 'Resolve' })).toBeNull();

  const all = within(await screen.findByRole('region', { name: 'All Questions (2)' }));
  const liveItem = within(all.getByText('Will the live one resolve?').closest('li')!);
  expect(liveItem.getByText('Published')).toBeTruthy();
  expect(liveItem.queryByRole('button', { name: 'Publish' })).toBeNull();
  expect(liveItem.getByRole('button', { name: 'Resolve' })).toBeTruthy();
});

test('publish conflict shows the server message; resolve sends the choice', async () => {
  const sent: Array<[string, unknown]> = [];
  fetch.setHandler(
    routes({
      'POST /api/admin/questions/d1/publish': () => json(409, { message: 'This question is already published' }),
      'PUT /api/admin/questions/p1/resolve': (init) => {
        sent.push(['resolve', JSON.parse(String(init?.body))]);
        return json(200, { ...live, isResolved: true, correctOptionId: 'yes' });
      },
    }),
  );
  renderAt('/admin');
  const drafts = within(await screen.findByRole('region', { name: 'Drafts (1)' }));
  fireEvent.click(drafts.getByRole('button', { name: 'Publish' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Failed to publish question');
  expect(alert.textContent).toContain('This question is already published');

  const all = within(screen.getByRole('region', { name: 'All Questions (2)' }));
  fireEvent.click(within(all.getByText('Will the live one resolve?').closest('li')!).getByRole('button', { name: 'Resolve' }));
  const dialog = within(screen.getByRole('dialog'));
  fireEvent.click(dialog.getByRole('radio', { name: 'Yes' }));
  fireEvent.change(dialog.getByLabelText('Source link'), { target: { value: 'https://www.elections.org.za/' } });
  fireEvent.change(dialog.getByLabelText('Source title'), { target: { value: 'IEC results' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Question resolved successfully'));
  expect(sent).toEqual([['resolve', { correctOptionId: 'yes', source: { url: 'https://www.elections.org.za/', title: 'IEC results' } }]]);
});

test('archive and delete ask for confirmation first', async () => {
  const methods: string[] = [];
  fetch.setHandler(
    routes({
      'PUT /api/admin/questions/d1/archive': () => (methods.push('archive'), json(200, { ...draft, isArchived: true })),
      'DELETE /api/admin/questions/d1': () => (methods.push('delete'), json(200, { success: true })),
    }),
  );
  renderAt('/admin');
  const drafts = within(await screen.findByRole('region', { name: 'Drafts (1)' }));
  fireEvent.click(drafts.getByRole('button', { name: 'Archive' }));
  expect(screen.getByRole('dialog', { name: 'Archive this question?' })).toBeTruthy();
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(methods).toEqual([]);
  fireEvent.click(drafts.getByRole('button', { name: 'Archive' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Archive' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Question archived'));

  fireEvent.click(drafts.getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete permanently' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Question deleted permanently'));
  expect(methods).toEqual(['archive', 'delete']);
});

test('/dashboard is a simple placeholder for admins', async () => {
  renderAt('/dashboard');
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
});
