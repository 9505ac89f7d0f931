import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, loadScreens, makeComments, makeQuestion, stubFetch, type Handler, makeUser } from '../../test/fixtures';

const thandi: User = makeUser({ id: 'u1', username: 'thandi_m', name: 'Thandi Mokoena', joinDate: '2025-03-14T09:00:00Z', isAdmin: false });
const q = makeQuestion({ id: 'q1', commentCount: 5, isResolved: true, correctOptionId: 'yes' });

let fetch: ReturnType<typeof stubFetch>;
const routes = (extra: Record<string, () => Response> = {}): Handler => (url) => {
  if (extra[url]) return extra[url]();
  if (url === '/api/auth/me') return json(200, thandi);
  if (url === '/api/questions/public') return json(200, [q]);
  if (url === '/api/comments/public') return json(200, { q1: makeComments('q1', 5) });
  return json(404, { message: 'Not found' });
};

beforeAll(loadScreens());

beforeEach(() => {
  resetToasts();
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(thandi));
  fetch = stubFetch(routes());
  window.history.pushState({}, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderApp = (client = createQueryClient()) => render(<App queryClient={client} />);

test('public tab: loading, then cards with rounded percentages, coloured bars, 3 comments and +N more', async () => {
  renderApp();
  expect(await screen.findByText('Loading public feed...')).toBeTruthy();
  const title = await screen.findByRole('heading', { name: 'Will the Springboks win the next test?' });
  const card = within(title.closest('.qcard') as HTMLElement);
  expect(card.getByText('67%')).toBeTruthy();
  expect(card.getByText('33%')).toBeTruthy();
  expect(card.getByText('Resolved')).toBeTruthy();
  expect(card.getByText('20 November 2025')).toBeTruthy();
  expect(card.getByText('3 predictions')).toBeTruthy();
  expect(card.getByText('5 comments')).toBeTruthy();
  const fills = (title.closest('.qcard') as HTMLElement).querySelectorAll<HTMLElement>('.bar__fill');
  expect([...fills].map((f) => f.className)).toEqual(['bar__fill bar__fill--green', 'bar__fill bar__fill--blue']);
  expect(fills[0]!.style.width).toMatch(/^66\.66/);
  expect(card.getByText('Person 3')).toBeTruthy();
  expect(card.queryByText('Person 4')).toBeNull();
  expect(card.getByText('+2 more comments')).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Friends (0)' })).toBeTruthy();
});

test('public feed is polled every 30 s (± 25 %) while the live channel is down, and stale after 10 s', async () => {
  const client = createQueryClient();
  renderApp(client);
  await screen.findByRole('heading', { name: 'Will the Springboks win the next test?' });
  const query = client.getQueryCache().find({ queryKey: ['/api/questions/public'] })!;
  const options = query.observers[0]!.options;
  expect(options.refetchInterval).toBeGreaterThanOrEqual(22_500);
  expect(options.refetchInterval).toBeLessThanOrEqual(37_500);
  expect(options.staleTime).toBe(10_000);
});

test('empty public feed', async () => {
  fetch.setHandler(routes({ '/api/questions/public': () => json(200, []) }));
  renderApp();
  expect(await screen.findByText('No questions available yet. Check back soon!')).toBeTruthy();
});

test('friends tab: a failing friends call counts as no friends', async () => {
  renderApp();
  fireEvent.click(screen.getByRole('tab', { name: 'Friends (0)' }));
  expect(await screen.findByText('No Friends Yet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Find Friends' }).getAttribute('href')).toBe('/friends');
});

test('share panel: neutral text, 600x400 windows, copy with Copied! for 2 s', async () => {
  const open = vi.fn();
  vi.stubGlobal('open', open);
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderApp();
  const title = await screen.findByRole('heading', { name: 'Will the Springboks win the next test?' });
  fireEvent.click(within(title.closest('.qcard') as HTMLElement).getByRole('button', { name: 'Share' }));
  const dialog = screen.getByRole('dialog', { name: 'Share Your Result' });
  const text = 'Will the Springboks win the next test? YES 67% / NO 33% 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote';
  expect(within(dialog).getByText(text)).toBeTruthy();

  fireEvent.click(within(dialog).getByRole('button', { name: 'Twitter' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Facebook' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'WhatsApp' }));
  // The link is the question's own page (/q/{id}), whose preview card shows the question and the split.
  const id = (title.closest('.qcard') as HTMLElement).dataset.questionId!;
  const origin = `${window.location.origin}/q/${id}`;
  expect(open.mock.calls.map((c) => c[0])).toEqual([
    `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(origin)}`,
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(origin)}&quote=${encodeURIComponent(text)}`,
    `https://wa.me/?text=${encodeURIComponent(`${text} ${origin}`)}`,
  ]);
  expect(open.mock.calls.every((c) => String(c[2]).includes('width=600,height=400'))).toBe(true);

  vi.useFakeTimers({ shouldAdvanceTime: true });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy to Clipboard' }));
  });
  expect(writeText).toHaveBeenCalledWith(text);
  expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toContain('Copied to clipboard!');
  await act(async () => {
    vi.advanceTimersByTime(2000);
  });
  expect(within(dialog).getByRole('button', { name: 'Copy to Clipboard' })).toBeTruthy();

  // The embed code: the question's iframe, as oEmbed gives it to news sites.
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy embed code' }));
  });
  expect(writeText).toHaveBeenLastCalledWith(
    `<iframe src="${window.location.origin}/embed/q/${id}" width="390" height="480" title="Will the Springboks win the next test?" loading="lazy" style="border:0;max-width:100%" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>`,
  );
  expect(screen.getAllByRole('status').at(-1)?.textContent).toContain("The embed code has been copied. Paste it into your site's page.");
});

test('copy failure toast', async () => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no')) }, configurable: true });
  renderApp();
  const title = await screen.findByRole('heading', { name: 'Will the Springboks win the next test?' });
  fireEvent.click(within(title.closest('.qcard') as HTMLElement).getByRole('button', { name: 'Share' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Copy to Clipboard' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to copy'));
  expect(screen.getByRole('alert').textContent).toContain('Please try selecting and copying the text manually.');
});

test('archive: a search asks the server and pages on; the latest list pages on from its last question', async () => {
  const latest = Array.from({ length: 30 }, (_, i) => makeQuestion({ id: `l${i}`, text: `Latest question ${i}` }));
  const older = makeQuestion({ id: 'o1', text: 'An older question' });
  const found = [makeQuestion({ id: 'f1', text: 'Eskom first' }), makeQuestion({ id: 'f2', text: 'Eskom second' })];
  fetch = stubFetch((url) => {
    if (url === '/api/questions/public') return json(200, latest);
    if (url === '/api/questions/archive?q=&cursor=l29&limit=20') return json(200, { questions: [latest[29], older], nextCursor: null });
    if (url === '/api/questions/archive?q=eskom&cursor=&limit=20') return json(200, { questions: [found[0]], nextCursor: 'f1' });
    if (url === '/api/questions/archive?q=eskom&cursor=f1&limit=20') return json(200, { questions: [found[1]], nextCursor: null });
    if (url.startsWith('/api/questions/archive')) return json(200, { questions: [], nextCursor: null });
    return routes()(url);
  });
  renderApp();
  await screen.findByRole('heading', { name: 'Latest question 29?' });
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await screen.findByRole('heading', { name: 'An older question?' }, { timeout: 5000 });
  // Already shown: not repeated.
  expect(screen.getAllByRole('heading', { name: 'Latest question 29?' })).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

  fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: ' eskom ' } });
  await screen.findByRole('heading', { name: 'Eskom first?' }, { timeout: 5000 });
  expect(screen.queryByRole('heading', { name: 'Latest question 0?' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await screen.findByRole('heading', { name: 'Eskom second?' }, { timeout: 5000 });

  fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: 'zzz' } });
  expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe('No questions match your search.');
  expect(fetch.mock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/questions/archive'))).toContain(
    '/api/questions/archive?q=zzz&cursor=&limit=20',
  );
}, 20_000);
