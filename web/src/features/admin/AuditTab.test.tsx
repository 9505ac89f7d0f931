import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, loadScreens, stubFetch, makeUser } from '../../test/fixtures';
import type { AuditEntry } from './AuditTab';

const admin: User = makeUser({ id: 'a1', username: 'admin', name: 'Admin', joinDate: '2025-01-01T00:00:00Z', isAdmin: true });

const entry = (i: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `e${i}`,
  at: new Date(Date.UTC(2026, 2, 10, 12, 0) - i * 60_000).toISOString(),
  actor: { id: '0f9c2d4e-1111-4222-8333-944455556666', username: 'admin', name: 'Site Admin' },
  action: 'question.publish',
  target: { type: 'question', id: '7a1b2c3d-aaaa-4bbb-8ccc-ddddeeeeffff', label: `Question ${i}` },
  outcome: 'success',
  detail: null,
  source: 'questions',
  ...over,
});

let fetch: ReturnType<typeof stubFetch>;

beforeAll(loadScreens(() => import('./AdminPage')));

beforeEach(() => {
  resetToasts();
  const page1 = [
    entry(0, { action: 'user.delete', target: { type: 'user', id: 'sha256:00112233445566778899aabbccddeeff', label: null }, source: 'identity' }),
    entry(1, { outcome: 'failure', detail: 'This question is already published' }),
    entry(2, { actor: { id: '9e8d7c6b-0000-4000-8000-000000000000', username: null, name: null }, action: 'comment.delete', target: { type: 'comment', id: '11111111-2222-4333-8444-555555555555', label: 'on question q1' } }),
    ...Array.from({ length: 47 }, (_, i) => entry(i + 3)),
  ];
  fetch = stubFetch((url) => {
    if (url === '/api/auth/me') return json(200, admin);
    if (url === '/api/admin/audit?page=1') return json(200, { page: 1, pageSize: 50, total: 51, entries: page1 });
    if (url === '/api/admin/audit?page=2') return json(200, { page: 2, pageSize: 50, total: 51, entries: [entry(60, { action: 'official.update', target: { type: 'official', id: 'o1', label: 'Minister of Health' } })] });
    if (url === '/api/admin/drafts' || url === '/api/admin/questions') return json(200, []);
    return json(404, { message: 'Not found' });
  });
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(admin));
  window.history.pushState({}, '', '/admin');
});
afterEach(() => vi.unstubAllGlobals());

test('audit: newest first, readable actions, failures with their reason, deleted actors, paging', async () => {
  render(<App queryClient={createQueryClient()} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Audit' }));
  const list = await screen.findByRole('list', { name: 'Admin actions' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows).toHaveLength(50);
  expect(screen.getByRole('heading', { name: 'Audit log (51)' })).toBeTruthy();
  expect(rows[0]!.textContent).toContain('Deleted a user');
  expect(rows[0]!.textContent).toContain('user 00112233');
  expect(rows[1]!.textContent).toContain('Failed');
  expect(rows[1]!.textContent).toContain('This question is already published');
  expect(rows[1]!.getAttribute('data-outcome')).toBe('failure');
  expect(rows[2]!.textContent).toContain('deleted account 9e8d7c6b');
  expect(rows[3]!.textContent).toContain('@admin');
  expect(rows[3]!.textContent).toContain('Published a question');
  expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Older' }));
  expect(await screen.findByText('Edited an official')).toBeTruthy();
  expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  expect(fetch.calls('/api/admin/audit?page=2')).toHaveLength(1);
});
