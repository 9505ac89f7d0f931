import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, loadScreens, stubFetch, routeTable, makeUser } from '../../test/fixtures';
import { shortId } from './UsersTab';

const admin: User = makeUser({ id: 'a1', username: 'admin', name: 'Admin', joinDate: '2025-01-01T00:00:00Z', isAdmin: true });
const users = [
  { id: '0f9c2d4e-1111-4222-8333-944455556666', username: 'admin', name: 'Site Admin', isAdmin: true, joinDate: '2025-01-01T00:00:00Z' },
  { id: '7a1b2c3d-aaaa-4bbb-8ccc-ddddeeeeffff', username: 'thandi_m', name: 'Thandi Mokoena', isAdmin: false, joinDate: '2025-03-14T09:00:00Z' },
];
const suggestion = {
  id: 's1',
  title: 'Will Eskom avoid load shedding all December',
  description: null,
  status: 'pending',
  adminNotes: null,
  user: { id: 'u1', name: 'Thandi Mokoena', username: 'thandi_m' },
  createdAt: '2025-11-20T08:00:00Z',
  updatedAt: '2025-11-20T08:00:00Z',
};

let fetch: ReturnType<typeof stubFetch>;
const routes = routeTable((key, url) => {
  if (url === '/api/auth/me') return json(200, admin);
  if (key === 'GET /api/users/search?q=_all') return json(200, users);
  if (key === 'GET /api/question-suggestions') return json(200, [suggestion]);
  if (key === 'GET /api/question-suggestions?status=approved') return json(200, []);
  if (key === 'GET /api/admin/analytics')
    return json(200, { users: { total: 1234, newThisWeek: 56 }, answersToday: 789, questions: { draft: 2, published: 10, resolved: 7, archived: 1 }, suggestionsPending: 3 });
  if (key === 'GET /api/officials') return json(200, []);
  if (key === 'GET /api/tags') return json(200, []);
  if (key === 'GET /api/admin/drafts' || key === 'GET /api/admin/questions') return json(200, []);
  return json(404, { message: 'Not found' });
});

beforeAll(loadScreens(() => import('./AdminPage')));

beforeEach(() => {
  resetToasts();
  fetch = stubFetch(routes());
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(admin));
  window.history.pushState({}, '', '/admin');
});
afterEach(() => vi.unstubAllGlobals());

async function openTab(name: string) {
  render(<App queryClient={createQueryClient()} />);
  fireEvent.click(await screen.findByRole('tab', { name }));
}

test('analytics: the real figures', async () => {
  await openTab('Analytics');
  expect(screen.getByText('Loading analytics...')).toBeTruthy();
  expect((await screen.findByText('789')).closest('.stat-tile')!.textContent).toContain('Answers today');
  const usersTile = screen.getByText('Users', { selector: '.stat-tile__label' }).closest('.stat-tile')!;
  expect(usersTile.querySelector('.stat-tile__value')!.textContent!.replace(/\s/g, '')).toBe('1234');
  expect(usersTile.textContent).toContain('+56 this week');
  const q = within(screen.getByRole('region', { name: 'Questions by state' }));
  expect(q.getByText('Draft').previousSibling!.textContent).toBe('2');
  expect(q.getByText('Published').previousSibling!.textContent).toBe('10');
  expect(q.getByText('Resolved').previousSibling!.textContent).toBe('7');
  expect(q.getByText('Archived').previousSibling!.textContent).toBe('1');
  expect(screen.getByText('Pending review').previousSibling!.textContent).toBe('3');
});

test('analytics: an error is an error, not made-up figures', async () => {
  fetch.setHandler(routes({ 'GET /api/admin/analytics': () => json(503, { message: 'Service unavailable' }) }));
  await openTab('Analytics');
  expect(await screen.findByText('Analytics could not be loaded.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

test('users: ids truncated to 8 characters, Admin badges, join dates', async () => {
  expect(shortId('0f9c2d4e-1111-4222-8333-944455556666')).toBe('0f9c2d4e');
  await openTab('Users');
  expect(await screen.findByRole('heading', { name: 'All Users (2)' })).toBeTruthy();
  const rows = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
  expect(rows.map((r) => r.querySelector('.user-row__id')!.textContent)).toEqual(['0f9c2d4e', '7a1b2c3d']);
  expect(screen.queryByText('0f9c2d4e-1111-4222-8333-944455556666')).toBeNull();
  expect(within(rows[0]!).getByText('Admin')).toBeTruthy();
  expect(within(rows[1]!).queryByText('Admin')).toBeNull();
  expect(within(rows[1]!).getByText('14 March 2025')).toBeTruthy();

  fireEvent.change(screen.getByRole('searchbox', { name: 'Filter users' }), { target: { value: 'thandi' } });
  expect(within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem')).toHaveLength(1);
});

test('users: a suspension shows its end and reason; "Lift suspension" lifts it, says so and reloads the list', async () => {
  const suspended = [
    { ...users[1]!, suspension: { until: '2025-12-01T10:00:00Z', reason: 'Harassment' } },
    { id: '3c3c3c3c-aaaa-4bbb-8ccc-ddddeeeeffff', username: 'troll', name: 'Troll', isAdmin: false, joinDate: null, suspension: { until: null, reason: 'Hate speech' } },
  ];
  let lifted = false;
  fetch.setHandler(
    routes({
      'GET /api/users/search?q=_all': () => json(200, lifted ? [{ ...suspended[0]!, suspension: null }, suspended[1]] : suspended),
      [`DELETE /api/admin/users/${users[1]!.id}/suspension`]: () => {
        lifted = true;
        return json(200, { userId: users[1]!.id, suspended: false, until: null, reason: null });
      },
    }),
  );
  await openTab('Users');
  const rows = within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('listitem');
  expect(within(rows[0]!).getByText('Suspended until 1 December 2025')).toBeTruthy();
  expect(within(rows[0]!).getByText('Reason: Harassment')).toBeTruthy();
  expect(within(rows[1]!).getByText('Suspended permanently')).toBeTruthy();
  fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Lift suspension of @thandi_m' }));
  expect(await screen.findByText('Suspension lifted')).toBeTruthy();
  await waitFor(() => expect(screen.queryByText('Suspended until 1 December 2025')).toBeNull());
  expect(screen.getByText('Suspended permanently')).toBeTruthy();
  expect(fetch.calls(`/api/admin/users/${users[1]!.id}/suspension`)).toHaveLength(1);
});

test('suggestions: the review dialog needs a status; then sends status and notes', async () => {
  let body: unknown;
  fetch.setHandler(
    routes({
      'PUT /api/question-suggestions/s1': (init) => {
        body = JSON.parse(String(init?.body));
        return json(200, { ...suggestion, status: 'approved', adminNotes: 'Good one' });
      },
    }),
  );
  await openTab('Suggestions');
  const item = within((await screen.findByText(suggestion.title)).closest('li')!);
  expect(item.getByText('By Thandi Mokoena (@thandi_m)')).toBeTruthy();
  fireEvent.click(item.getByRole('button', { name: 'Review' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Review Suggestion' }));
  expect(dialog.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pending', 'approved', 'rejected', 'used']);
  expect(dialog.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  fireEvent.change(dialog.getByLabelText(/Admin notes/), { target: { value: 'Good one' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save Review' }));
  expect((await screen.findByRole('alert')).textContent).toContain('A review update needs a chosen status');
  expect(body).toBeUndefined();

  fireEvent.click(dialog.getByRole('radio', { name: 'approved' }));
  fireEvent.click(dialog.getByRole('button', { name: 'Save Review' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Suggestion Updated'));
  expect(body).toEqual({ status: 'approved', adminNotes: 'Good one' });
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('suggestions: update failure, status filter, delete with confirmation', async () => {
  const deleted: string[] = [];
  fetch.setHandler(
    routes({
      'PUT /api/question-suggestions/s1': () => json(500, { message: 'boom' }),
      'DELETE /api/question-suggestions/s1': () => (deleted.push('s1'), json(200, { success: true })),
    }),
  );
  await openTab('Suggestions');
  const item = within((await screen.findByText(suggestion.title)).closest('li')!);
  fireEvent.click(item.getByRole('button', { name: 'Review' }));
  const dialog = within(screen.getByRole('dialog'));
  fireEvent.click(dialog.getByRole('radio', { name: 'rejected' }));
  fireEvent.click(dialog.getByRole('button', { name: 'Save Review' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Update Failed');
  expect(alert.textContent).toContain('Failed to update the suggestion. Please try again.');
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));

  fireEvent.click(item.getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this suggestion?' })).getByRole('button', { name: 'Cancel' }));
  expect(deleted).toEqual([]);
  fireEvent.click(item.getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Suggestion Deleted'));
  expect(deleted).toEqual(['s1']);

  fireEvent.click(screen.getByRole('button', { name: 'approved' }));
  expect(await screen.findByText('No approved suggestions.')).toBeTruthy();
});

test('manage: official validation, then create with initials; server errors are shown', async () => {
  let body: unknown;
  fetch.setHandler(
    routes({
      'POST /api/admin/officials': (init) => {
        body = JSON.parse(String(init?.body));
        return json(201, { id: 'o9', ...(body as object), isSample: false });
      },
    }),
  );
  await openTab('Manage');
  expect(await screen.findByText('No officials yet.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Add Official' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Add Official' }));
  fireEvent.click(dialog.getByRole('button', { name: 'Add Official' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Please fill in all required fields');
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Kgosientsho Ramokgopa' } });
  fireEvent.change(dialog.getByLabelText('Title'), { target: { value: 'Minister of Electricity' } });
  fireEvent.change(dialog.getByLabelText(/Avatar/), { target: { value: 'https://x.example/a.png' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Add Official' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Avatar must be'));
  fireEvent.change(dialog.getByLabelText(/Avatar/), { target: { value: '' } });
  fireEvent.change(dialog.getByLabelText(/Tags/), { target: { value: 'Energy, load shedding' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Add Official' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Official added'));
  expect(body).toEqual({ name: 'Kgosientsho Ramokgopa', title: 'Minister of Electricity', bio: '', avatar: 'KR', tags: ['energy', 'load-shedding'] });
});

test('manage: prediction form validation and server error toast', async () => {
  fetch.setHandler(routes({ 'POST /api/admin/predictions': () => json(400, { message: 'Unknown tag: energy' }) }));
  await openTab('Manage');
  fireEvent.click(screen.getByRole('tab', { name: 'Media predictions' }));
  expect(await screen.findByText('No media predictions yet.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Add Prediction' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Add Media Prediction' }));
  fireEvent.change(dialog.getByLabelText('Statement'), { target: { value: 'Stage 6 is over' } });
  fireEvent.change(dialog.getByLabelText('Prediction'), { target: { value: 'No load shedding this winter' } });
  fireEvent.change(dialog.getByLabelText('Source title'), { target: { value: 'News24' } });
  fireEvent.change(dialog.getByLabelText('Source date'), { target: { value: '2025-06-01' } });
  fireEvent.change(dialog.getByLabelText('Source link'), { target: { value: 'ftp://news24.example' } });
  fireEvent.change(dialog.getByLabelText('Confidence (%)'), { target: { value: '120' } });
  fireEvent.change(dialog.getByLabelText('Tags'), { target: { value: 'energy' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Add Prediction' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Confidence must be a whole number from 0 to 100');
  fireEvent.change(dialog.getByLabelText('Confidence (%)'), { target: { value: '65' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Add Prediction' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Source link must start with http:// or https://'));
  fireEvent.change(dialog.getByLabelText('Source link'), { target: { value: 'https://news24.example/a' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Add Prediction' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Unknown tag: energy'));
  expect(screen.getByRole('alert').textContent).toContain('Failed to save prediction');
});
