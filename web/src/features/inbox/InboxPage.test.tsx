import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { json, makeUser, routeTable, stubFetch } from '../../test/fixtures';

const user: User = makeUser({ id: 'u1', username: 'thandi_m', name: 'Thandi Mokoena', joinDate: '2025-03-14T09:00:00Z', isAdmin: false });
const at = '2025-11-20T08:00:00.000Z';
const question = { id: 'q1', text: 'Will the rand close below R18', translations: { zu: 'Ingabe i-rand izovala ngaphansi kuka-R18' } };
const ITEMS = [
  { id: 'i1', kind: 'comment-agreed', createdAt: at, read: false, commentId: 'c1', questionId: 'q1', latest: { name: 'Sipho' }, others: 4 },
  { id: 'i2', kind: 'comment-agreed', createdAt: at, read: true, commentId: 'c2', questionId: 'q1', latest: { name: 'Lerato' }, others: 0 },
  { id: 'i3', kind: 'question-resolved', createdAt: at, read: false, question, correctOptionId: 'yes', source: null, resolvedAt: null, outcome: 'called-it' },
  {
    id: 'i4',
    kind: 'resolution-corrected',
    createdAt: at,
    read: false,
    question,
    correctOptionId: 'no',
    source: { url: 'https://www.resbank.co.za/', title: 'SARB rates' },
    resolvedAt: '2025-11-19T22:30:00.000Z',
    outcome: 'not-this-time',
  },
  { id: 'i5', kind: 'question-resolved', createdAt: at, read: true, question, correctOptionId: 'yes', source: { url: 'https://www.resbank.co.za/', title: 'SARB rates' }, resolvedAt: at },
  { id: 'i6', kind: 'friend-request', createdAt: at, read: false, requestId: 'r1', from: { id: 'u2', name: 'Ayanda' } },
];

let fetch: ReturnType<typeof stubFetch>;
let items: unknown[] = [];
let unread = 0;
const routes = routeTable((key, url, init) => {
  if (url === '/api/auth/me') return json(200, user);
  if (key === 'GET /api/users/u1/inbox') return json(200, { items, nextBefore: null });
  if (key === 'GET /api/users/u1/inbox/unread') return json(200, { count: unread });
  if (key === 'PUT /api/users/u1/inbox/read') {
    unread = 'all' in JSON.parse(String(init?.body)) ? 0 : unread - 1;
    return json(200, { unread });
  }
  return json(404, { message: 'Not found' });
});

beforeEach(() => {
  items = ITEMS;
  unread = 4;
  fetch = stubFetch(routes());
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  window.history.pushState({}, '', '/inbox');
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => render(<App queryClient={createQueryClient()} />);
const puts = () => fetch.calls('/api/users/u1/inbox/read').map(([, i]) => JSON.parse(String(i?.body)));

test('the bell says how many are unread; agrees grouped, outcomes, unread marks', async () => {
  renderPage();
  expect(await screen.findByRole('link', { name: 'Inbox, 4 unread items' })).toBeTruthy();
  const list = within(await screen.findByRole('list', { name: 'Inbox' }));
  const texts = list.getAllByRole('listitem').map((li) => li.textContent);
  expect(texts[0]).toMatch(/^Sipho and 4 others agreed with your comment/);
  expect(texts[1]).toMatch(/^Lerato agreed with your comment/);
  expect(texts[2]).toMatch(/^Resolved: Will the rand close below R18You called it/);
  // The source and the resolution's SAST day (22:30 UTC on 19 November is 20 November in South Africa).
  expect(texts[3]).toMatch(/^Resolution corrected: Will the rand close below R18Corrected: now NO — SARB rates, 20 November.*Not this time/);
  expect(texts[4]).toMatch(/Resolved YES — SARB rates, 20 November/);
  expect(texts[4]).not.toMatch(/You called it|Not this time/);
  expect(texts[5]).toMatch(/^Ayanda sent you a friend request/);
  expect(list.getByText(/Ayanda/).closest('a')?.getAttribute('href')).toBe('/friends');
  expect(document.querySelectorAll('.inbox-item--unread')).toHaveLength(4);
});

test('opening an unread item marks it read; Mark all read marks the rest', async () => {
  renderPage();
  const list = within(await screen.findByRole('list', { name: 'Inbox' }));
  fireEvent.click(list.getByText(/Sipho and 4 others/));
  await waitFor(() => expect(puts()).toEqual([{ ids: ['i1'] }]));
  window.history.pushState({}, '', '/inbox');
  fireEvent.popState(window);
  fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
  await waitFor(() => expect(puts()).toEqual([{ ids: ['i1'] }, { all: true }]));
  expect(await screen.findByRole('link', { name: 'Inbox, no unread items' })).toBeTruthy();
});

test('empty state', async () => {
  items = [];
  unread = 0;
  renderPage();
  expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
});
