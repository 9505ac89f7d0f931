import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ModerationItem } from '@mzansi/api';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, loadScreens, stubFetch, routeTable, makeUser } from '../../test/fixtures';

const admin: User = makeUser({ id: 'a1', username: 'admin', name: 'Admin', joinDate: '2025-01-01T00:00:00Z', isAdmin: true });
const AUTHOR = { id: '7a1b2c3d-aaaa-4bbb-8ccc-ddddeeeeffff', username: 'troll', name: 'Troll', isAdmin: false };
const item = (authorSuspension: ModerationItem['authorSuspension']): ModerationItem => ({
  comment: {
    id: 'c1',
    questionId: 'q1',
    userId: AUTHOR.id,
    content: 'You lot are all idiots',
    imageUrl: null,
    imageWidth: null,
    imageHeight: null,
    thumbUrl: null,
    thumbWidth: null,
    thumbHeight: null,
    createdAt: '2025-11-20T08:00:00Z',
    user: AUTHOR,
    moderation: 'hidden',
    moderationReason: null,
    parentId: null,
    replyCount: 0,
    agreeCount: 0,
    agreedByMe: false,
  },
  reports: [],
  authorHistory: [],
  authorReports: 0,
  authorSuspension,
});

let suspended = true;
const routes = routeTable((key, url) => {
  if (url === '/api/auth/me') return json(200, admin);
  if (key === 'GET /api/admin/moderation') return json(200, { items: [item(suspended ? { until: null, reason: 'Hate speech' } : null)] });
  if (key === `DELETE /api/admin/users/${AUTHOR.id}/suspension`) {
    suspended = false;
    return json(200, { userId: AUTHOR.id, suspended: false, until: null, reason: null });
  }
  if (key === 'GET /api/admin/analytics') return json(200, { users: { total: 1, newThisWeek: 0 }, answersToday: 0, questions: { draft: 0, published: 0, resolved: 0, archived: 0 }, suggestionsPending: 0 });
  return json(404, { message: 'Not found' });
});

beforeAll(loadScreens(() => import('./AdminPage')));
beforeEach(() => {
  resetToasts();
  suspended = true;
  stubFetch(routes());
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(admin));
  window.history.pushState({}, '', '/admin');
});
afterEach(() => vi.unstubAllGlobals());

test('a suspended author shows the suspension and "Lift suspension" instead of the suspend buttons; lifting brings them back', async () => {
  render(<App queryClient={createQueryClient()} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Moderation' }));
  const entry = (await screen.findByText('You lot are all idiots')).closest('li.suggestion') as HTMLElement;
  expect(within(entry).getByText('Suspended permanently')).toBeTruthy();
  expect(within(entry).getByText('Reason: Hate speech')).toBeTruthy();
  expect(within(entry).queryByRole('button', { name: 'Suspend 7 days' })).toBeNull();

  fireEvent.click(within(entry).getByRole('button', { name: 'Lift suspension of @troll' }));
  expect(await screen.findByText('Suspension lifted')).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Suspend 7 days' })).toBeTruthy());
  expect(screen.queryByText('Suspended permanently')).toBeNull();
});
