import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { resetToasts } from '../../ui/toast';
import { json, makeComments, makeQuestion, stubFetch, type Handler } from '../../test/fixtures';

const resolved = makeQuestion({
  id: 'q-old',
  text: 'Will petrol drop below R20 a litre',
  isResolved: true,
  correctOptionId: 'yes',
  commentCount: 5,
  isSample: true,
});
const today = makeQuestion({ id: 'q-today', text: 'Will the Reserve Bank cut rates today', context: 'MPC statement at 15:00.' });

let fetch: ReturnType<typeof stubFetch>;
const routes = (extra: Record<string, () => Response> = {}): Handler => (url) => {
  if (extra[url]) return extra[url]();
  if (url === '/api/auth/me') return json(401, { message: 'Not signed in' });
  if (url === '/api/questions/today') return json(200, [today]);
  if (url === '/api/questions/public') return json(200, [resolved]);
  if (url === '/api/comments/public') return json(200, { 'q-old': makeComments('q-old', 5) });
  return json(404, { message: 'Not found' });
};

beforeEach(() => {
  resetToasts();
  fetch = stubFetch(routes());
  window.history.pushState({}, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

const renderApp = () => render(<App queryClient={createQueryClient()} />);

test("today's first question with YES / NO opening the sign-in dialog, and a live badge", async () => {
  renderApp();
  const heading = await screen.findByRole('heading', { name: 'Will the Reserve Bank cut rates today?' });
  const hero = heading.closest('section')!;
  expect(within(hero).getByText('MPC statement at 15:00.')).toBeTruthy();
  expect(within(hero).getByText('LIVE')).toBeTruthy();
  expect(within(hero).getByText(/^Day \d+ - \d{1,2} \w+$/)).toBeTruthy();
  fireEvent.click(within(hero).getByRole('button', { name: 'YES' }));
  expect(await screen.findByRole('dialog')).toBeTruthy();
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
  fireEvent.click(within(hero).getByRole('button', { name: 'NO' }));
  expect(await screen.findByRole('dialog')).toBeTruthy();
});

test('no question today', async () => {
  fetch.setHandler(routes({ '/api/questions/today': () => json(200, []) }));
  renderApp();
  expect(await screen.findByRole('heading', { name: 'No Questions Today' })).toBeTruthy();
  expect(screen.getByText('Check back tomorrow for new questions!')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'YES' })).toBeNull();
});

test('public archive: one-decimal results, correct badge, 3 comments, join link, sample badge', async () => {
  renderApp();
  const title = await screen.findByRole('heading', { name: 'Will petrol drop below R20 a litre?' });
  const card = title.closest('.qcard') as HTMLElement;
  const c = within(card);
  expect(c.getByText('Resolved')).toBeTruthy();
  expect(c.getByText('Sample data')).toBeTruthy();
  expect(c.getByText('20 November 2025')).toBeTruthy();
  expect(c.getByText('3 predictions')).toBeTruthy();
  expect(c.getByText('5 comments', { selector: '.qcard__stats span' })).toBeTruthy();
  expect(c.getByText('66.7%')).toBeTruthy();
  // The comments are folded, in a closed disclosure named by its summary (this question has no provinces).
  const folds = [...card.querySelectorAll('details')];
  expect(folds.map((d) => [d.querySelector('summary')!.textContent, d.open])).toEqual([['5 comments', false]]);
  expect(c.getByText('33.3%')).toBeTruthy();
  expect(c.getByText('2 votes')).toBeTruthy();
  const correct = c.getByText('✓ Correct');
  expect(correct.closest('li')!.textContent).toContain('Yes');
  expect(c.getAllByRole('listitem').filter((li) => li.classList.contains('comment'))).toHaveLength(3);
  expect(c.getByText('Person 1')).toBeTruthy();
  expect(c.getByText('@person1')).toBeTruthy();
  expect(c.getByText('1h ago')).toBeTruthy();
  expect(c.getByRole('img', { name: 'Image shared by Person 1' })).toBeTruthy();
  expect(c.queryByText('Person 4')).toBeNull();
  fireEvent.click(c.getByRole('button', { name: 'Join to see all 5 comments' }));
  expect(await screen.findByRole('dialog')).toBeTruthy();
});

test('an empty comments map is fine', async () => {
  fetch.setHandler(routes({ '/api/comments/public': () => json(200, {}) }));
  renderApp();
  const title = await screen.findByRole('heading', { name: 'Will petrol drop below R20 a litre?' });
  expect(within(title.closest('.qcard') as HTMLElement).queryByText('Person 1')).toBeNull();
});

test('newsletter: email required, then subscribe; 404 shows the failure toast', async () => {
  renderApp();
  const subscribe = screen.getByRole('button', { name: 'Subscribe' });
  fireEvent.click(subscribe);
  let alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Email required');
  expect(alert.textContent).toContain('Please enter your email address');
  expect(fetch.calls('/api/newsletter/subscribe')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  lindi@example.co.za ' } });
  fireEvent.click(subscribe);
  await waitFor(() => expect(fetch.calls('/api/newsletter/subscribe')).toHaveLength(1));
  expect(JSON.parse(String(fetch.calls('/api/newsletter/subscribe')[0]![1]!.body))).toEqual({
    email: 'lindi@example.co.za',
    source: 'landing',
    language: 'en',
  });
  alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Subscription failed');

  fetch.setHandler(
    routes({
      '/api/newsletter/subscribe': () => json(202, { success: true, email: 'lindi@example.co.za', message: 'Check your inbox: …' }),
    }),
  );
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Lindi' } });
  fireEvent.click(subscribe);
  // The same toast for a new and a known address, in the reader's language.
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Check your inbox'));
  expect(screen.getByRole('status').textContent).toContain('If lindi@example.co.za still needs confirming, we sent it a link.');
  expect(JSON.parse(String(fetch.calls('/api/newsletter/subscribe')[1]![1]!.body))).toEqual({
    email: 'lindi@example.co.za',
    name: 'Lindi',
    source: 'landing',
    language: 'en',
  });
});

test('notifications card: browser notification status and a sign-up offer', async () => {
  renderApp();
  const card = screen.getByRole('heading', { name: 'Never miss a question' }).closest('.card') as HTMLElement;
  // jsdom has no Notification API.
  expect(within(card).getByText('Not Supported')).toBeTruthy();
  fireEvent.click(within(card).getByRole('button', { name: 'Create a free account' }));
  expect(await screen.findByRole('dialog')).toBeTruthy();
});

test('the archive shows five cards, then ten more with each "Show more"', async () => {
  const many = Array.from({ length: 17 }, (_, i) => makeQuestion({ id: `q-${i}`, text: `Archive question number ${i + 1}` }));
  fetch.setHandler(routes({ '/api/questions/public': () => json(200, many) }));
  renderApp();
  const archive = (await screen.findByRole('heading', { name: 'Archive question number 1?' })).closest('section.archive') as HTMLElement;
  const cards = () => within(archive).getAllByRole('heading', { level: 3, name: /^Archive question number/ }).length;
  expect(cards()).toBe(5);
  fireEvent.click(within(archive).getByRole('button', { name: 'Show more' }));
  expect(cards()).toBe(15);
  fireEvent.click(within(archive).getByRole('button', { name: 'Show more' }));
  expect(cards()).toBe(17);
  expect(within(archive).queryByRole('button', { name: 'Show more' })).toBeNull();
});
