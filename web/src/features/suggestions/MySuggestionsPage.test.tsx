import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, stubFetch, routeTable, makeUser } from '../../test/fixtures';

const user: User = makeUser({ id: 'u1', username: 'thandi_m', name: 'Thandi Mokoena', joinDate: '2025-03-14T09:00:00Z', isAdmin: false });
const mine = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  title: 'Will Eskom avoid load shedding all December',
  description: 'Holiday season demand is lower.',
  status: 'pending',
  adminNotes: null,
  user: { id: 'u1', name: 'Thandi Mokoena', username: 'thandi_m' },
  createdAt: '2025-11-20T08:00:00Z',
  updatedAt: '2025-11-20T08:00:00Z',
  ...over,
});

let fetch: ReturnType<typeof stubFetch>;
let list: unknown[] = [];
const routes = routeTable((key, url) => {
  if (url === '/api/auth/me') return json(200, user);
  if (key === 'GET /api/question-suggestions?user=me') return json(200, list);
  return json(404, { message: 'Not found' });
});

beforeEach(() => {
  resetToasts();
  list = [];
  fetch = stubFetch(routes());
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  window.history.pushState({}, '', '/my-suggestions');
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => render(<App queryClient={createQueryClient()} />);
const posts = () => fetch.calls('/api/question-suggestions').filter(([, i]) => i?.method === 'POST');

test("empty state and the suggest button", async () => {
  renderPage();
  expect(await screen.findByText('No suggestions yet')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Suggest a Question' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Suggest a Question' }));
  expect((dialog.getByLabelText(/Description/) as HTMLTextAreaElement).rows).toBe(3);
});

test('statuses and admin notes; no delete button, not even while pending (deletion is admin-only)', async () => {
  list = [
    mine(),
    mine({ id: 's2', title: 'Will the budget speech mention VAT', status: 'approved', adminNotes: 'Scheduled for Friday' }),
    mine({ id: 's3', title: 'Will a new party register this week', status: 'rejected' }),
    mine({ id: 's4', title: 'Will the rand close below R18', status: 'used' }),
  ];
  renderPage();
  const items = within(await screen.findByRole('list', { name: 'Your suggestions' })).getAllByRole('listitem');
  expect(items.map((li) => li.querySelector('.suggestion-status')?.textContent)).toEqual(['pending', 'approved', 'rejected', 'used']);
  expect(within(items[1]!).getByText('Scheduled for Friday')).toBeTruthy();
  for (const item of items) expect(within(item).queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(fetch.calls('/api/question-suggestions/s1')).toHaveLength(0);
});

async function openDialog() {
  renderPage();
  await screen.findByText('No suggestions yet');
  fireEvent.click(screen.getByRole('button', { name: 'Suggest a Question' }));
  return within(screen.getByRole('dialog', { name: 'Suggest a Question' }));
}

test.each([
  [9, 'Question must be at least 10 characters'],
  [201, 'Question must be less than 200 characters'],
])('%i characters: the validation toast, nothing sent', async (n, message) => {
  const dialog = await openDialog();
  fireEvent.change(dialog.getByLabelText('Question'), { target: { value: 'x'.repeat(n) } });
  fireEvent.click(dialog.getByRole('button', { name: 'Submit Suggestion' }));
  expect((await screen.findByRole('alert')).textContent).toContain(message);
  expect(posts()).toHaveLength(0);
});

test.each([10, 200])('%i characters: sent, toast, dialog closes, list refreshes', async (n) => {
  let body: unknown;
  fetch.setHandler(
    routes({
      'POST /api/question-suggestions': (init) => {
        body = JSON.parse(String(init?.body));
        list = [mine({ title: 'x'.repeat(n) })];
        return json(201, list[0]);
      },
    }),
  );
  const dialog = await openDialog();
  fireEvent.change(dialog.getByLabelText('Question'), { target: { value: 'x'.repeat(n) } });
  fireEvent.change(dialog.getByLabelText(/Description/), { target: { value: ' Some context ' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Submit Suggestion' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Question Suggested!'));
  expect(body).toEqual({ title: 'x'.repeat(n), description: 'Some context' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(await screen.findByText('x'.repeat(n))).toBeTruthy();
});

test('submit failure: the server message, else Please try again', async () => {
  fetch.setHandler(routes({ 'POST /api/question-suggestions': () => json(400, { message: 'Question must be at least 10 characters' }) }));
  const dialog = await openDialog();
  fireEvent.change(dialog.getByLabelText('Question'), { target: { value: 'Will this be refused by the server' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Submit Suggestion' }));
  let alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Failed to Submit');
  expect(alert.textContent).toContain('Question must be at least 10 characters');

  fetch.setHandler(routes({ 'POST /api/question-suggestions': () => new Response('<html>bad gateway</html>', { status: 502 }) }));
  fireEvent.click(dialog.getByRole('button', { name: 'Submit Suggestion' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Please try again'));
  alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Failed to Submit');
});
