import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, loadScreens, makeQuestion, stubFetch, routeTable, makeUser } from '../../test/fixtures';
import { canCorrect, resolveFormErrors, resolvePayload } from './resolveForm';

const admin: User = makeUser({ id: 'a1', username: 'admin', name: 'Admin', joinDate: '2025-01-01T00:00:00Z', isAdmin: true });
const live = makeQuestion({ id: 'p1', text: 'Will the live one resolve' });
const resolvedAt = new Date(Date.now() - 3600_000).toISOString();
const resolved = makeQuestion({
  id: 'r1',
  text: 'Will the resolved one be corrected',
  isResolved: true,
  correctOptionId: 'yes',
  resolution: { source: { url: 'https://www.elections.org.za/', title: 'IEC results' }, note: null, resolvedAt, correctedAt: null },
});
const old = makeQuestion({
  id: 'o1',
  text: 'Was this resolved long ago',
  isResolved: true,
  correctOptionId: 'no',
  resolution: { source: { url: 'https://www.gov.za/', title: 'Gazette' }, note: null, resolvedAt: '2025-01-01T10:00:00.000Z', correctedAt: null },
});

const sent: [string, unknown][] = [];
const routes = routeTable((key, url, init) => {
  if (url === '/api/auth/me') return json(200, admin);
  if (key === 'GET /api/admin/drafts') return json(200, []);
  if (key === 'GET /api/admin/questions') return json(200, [live, resolved, old]);
  if (key === 'PUT /api/admin/questions/p1/resolve' || key === 'PUT /api/admin/questions/r1/resolution') {
    sent.push([key, JSON.parse(String(init?.body))]);
    return json(200, live);
  }
  return json(404, { message: 'Not found' });
});

beforeAll(loadScreens(() => import('./AdminPage')));
beforeEach(() => {
  resetToasts();
  sent.length = 0;
  stubFetch(routes());
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(admin));
  window.history.pushState({}, '', '/admin');
});
afterEach(() => vi.unstubAllGlobals());

const itemOf = async (text: string) => within((await screen.findByText(text)).closest('li')!);

test('the form’s checks are the server’s: every field at once, in its words', () => {
  const empty = { correctOptionId: '', url: '', title: '', note: '', reason: '' };
  expect(resolveFormErrors(empty, 'resolve')).toEqual({ correctOptionId: 'admin.rsChooseAnswer', url: 'error.resolutionSourceRequired', title: 'error.resolutionTitleRequired' });
  expect(resolveFormErrors({ ...empty, correctOptionId: 'yes', url: 'javascript:alert(1)', title: 'x' }, 'resolve')).toEqual({ url: 'error.resolutionUrlScheme' });
  expect(resolveFormErrors({ ...empty, correctOptionId: 'yes', url: 'www.iec.org.za', title: 'x', note: 'n'.repeat(281) }, 'resolve')).toEqual({
    url: 'error.resolutionUrlInvalid',
    note: 'error.resolutionNoteTooLong',
  });
  expect(resolveFormErrors({ ...empty, correctOptionId: 'no', url: 'https://x.example/', title: 'x' }, 'correct')).toEqual({ reason: 'error.resolutionReasonRequired' });
  expect(resolvePayload({ correctOptionId: 'no', url: ' https://x.example/ ', title: ' X ', note: ' ', reason: ' Why ' }, 'correct')).toEqual({
    correctOptionId: 'no',
    source: { url: 'https://x.example/', title: 'X' },
    reason: 'Why',
  });
  expect(canCorrect(resolved, new Date())).toBe(true);
  expect(canCorrect(old, new Date())).toBe(false);
  expect(canCorrect({ ...resolved, resolution: { ...resolved.resolution!, correctedAt: resolvedAt } }, new Date())).toBe(false);
  expect(canCorrect({ isResolved: true, resolution: null }, new Date())).toBe(false);
});

test('resolve: a refused submit marks each field and focuses the first; fixed, it sends the source and note', async () => {
  render(<App queryClient={createQueryClient()} />);
  fireEvent.click((await itemOf('Will the live one resolve?')).getByRole('button', { name: 'Resolve' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Resolve question' }));
  fireEvent.change(dialog.getByLabelText('Source link'), { target: { value: 'javascript:alert(1)' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
  expect(dialog.getByText('Please choose the correct answer')).toBeTruthy();
  expect(dialog.getByText('The source address must start with http:// or https://')).toBeTruthy();
  expect(dialog.getByText('Please give the source a title')).toBeTruthy();
  expect(dialog.getByLabelText('Source link').getAttribute('aria-invalid')).toBe('true');
  await waitFor(() => expect(document.activeElement).toBe(dialog.getAllByRole('radio')[0]));
  expect(sent).toEqual([]);

  fireEvent.click(dialog.getByRole('radio', { name: 'No' }));
  fireEvent.change(dialog.getByLabelText('Source link'), { target: { value: 'https://www.elections.org.za/results' } });
  fireEvent.change(dialog.getByLabelText('Source title'), { target: { value: 'IEC results' } });
  fireEvent.change(dialog.getByLabelText('Note (optional)'), { target: { value: 'Final count' } });
  expect(dialog.queryByText('The source address must start with http:// or https://')).toBeNull();
  fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual(['PUT /api/admin/questions/p1/resolve', { correctOptionId: 'no', source: { url: 'https://www.elections.org.za/results', title: 'IEC results' }, note: 'Final count' }]);
});

test('a resolved question shows its source; "Correct resolution" only within 24 hours, with the reason', async () => {
  render(<App queryClient={createQueryClient()} />);
  const item = await itemOf('Will the resolved one be corrected?');
  const link = item.getByRole('link', { name: /IEC results/ });
  expect(link.getAttribute('href')).toBe('https://www.elections.org.za/');
  expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
  expect((await itemOf('Was this resolved long ago?')).queryByRole('button', { name: 'Correct resolution' })).toBeNull();

  fireEvent.click(item.getByRole('button', { name: 'Correct resolution' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Correct the resolution' }));
  expect((dialog.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
  expect((dialog.getByLabelText('Source link') as HTMLInputElement).value).toBe('https://www.elections.org.za/');
  fireEvent.click(dialog.getByRole('radio', { name: 'No' }));
  fireEvent.click(dialog.getByRole('button', { name: 'Save correction' }));
  expect(dialog.getByText('Please say why the resolution is being corrected')).toBeTruthy();
  fireEvent.change(dialog.getByLabelText('Reason for the correction'), { target: { value: 'The count was wrong' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Save correction' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual([
    'PUT /api/admin/questions/r1/resolution',
    { correctOptionId: 'no', source: { url: 'https://www.elections.org.za/', title: 'IEC results' }, reason: 'The count was wrong' },
  ]);
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Resolution corrected'));
});
