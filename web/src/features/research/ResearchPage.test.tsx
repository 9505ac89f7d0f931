import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../../App';
import { createQueryClient } from '../../lib/queryClient';
import { USER_STORAGE_KEY } from '../auth/session';
import type { User } from '../auth/types';
import { resetToasts } from '../../ui/toast';
import { json, loadScreens, makeQuestion, stubFetch, type Handler, makeUser } from '../../test/fixtures';
import { safeExternalUrl, localImagePath } from './api';

const user: User = makeUser({ id: 'u1', username: 'thandi_m', name: 'Thandi Mokoena', joinDate: '2025-03-14T09:00:00Z', isAdmin: false });
const tags = [
  { tag: 'economy', label: 'Economy', questionCount: 1, officialCount: 1, predictionCount: 1 },
  { tag: 'energy', label: 'Energy', questionCount: 0, officialCount: 1, predictionCount: 0 },
];
const finance = { id: 'o1', name: 'Enoch Godongwana', title: 'Minister of Finance', bio: 'Tables the budget.', avatar: 'EG', tags: ['economy', 'energy'], isSample: true };
const prediction = {
  id: 'p1',
  statement: 'Growth will pick up next year',
  prediction: 'GDP growth above 1.5%',
  confidence: 70,
  sourceTitle: 'Business Day',
  sourceDate: '2025-10-01',
  sourceUrl: 'https://example.org/growth',
  tags: ['economy'],
  isSample: true,
};
const question = makeQuestion({ id: 'q1', text: 'Will the repo rate be cut in November', tags: ['economy'], isSample: true });

const routes: Handler = (url) => {
  if (url === '/api/auth/me') return json(200, user);
  if (url === '/api/tags') return json(200, tags);
  if (url === '/api/officials') return json(200, [finance]);
  if (url === '/api/tags/economy/questions') return json(200, [question]);
  if (url === '/api/tags/economy/officials') return json(200, [finance]);
  if (url === '/api/tags/economy/predictions') return json(200, [prediction]);
  if (url.startsWith('/api/tags/energy/')) return json(200, url.endsWith('officials') ? [finance] : []);
  return json(404, { message: 'Not found' });
};

beforeAll(loadScreens(() => import('./ResearchPage')));

beforeEach(() => {
  resetToasts();
  stubFetch(routes);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  window.history.pushState({}, '', '/research');
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => render(<App queryClient={createQueryClient()} />);
const chip = (name: RegExp) => screen.getByRole('button', { name });

test('topics: chips with counts; select shows questions, officials and predictions; re-click deselects', async () => {
  renderPage();
  expect(await screen.findByText('Loading topics...')).toBeTruthy();
  const economy = await screen.findByRole('button', { name: /^Economy/ });
  expect(economy.textContent).toContain('1 question · 1 official · 1 prediction');
  expect(economy.getAttribute('aria-pressed')).toBe('false');

  fireEvent.click(economy);
  expect(economy.getAttribute('aria-pressed')).toBe('true');
  expect(await screen.findByRole('heading', { name: 'Will the repo rate be cut in November?' })).toBeTruthy();
  const questions = within(screen.getByRole('region', { name: /^Questions/ }));
  expect(questions.getByText('67%')).toBeTruthy();
  expect(questions.getByText('Sample data')).toBeTruthy();
  expect(within(screen.getByRole('region', { name: /^Official sources/ })).getByText('Enoch Godongwana')).toBeTruthy();
  expect(within(screen.getByRole('region', { name: /^Media predictions/ })).getByText('“Growth will pick up next year”')).toBeTruthy();

  fireEvent.click(economy);
  expect(economy.getAttribute('aria-pressed')).toBe('false');
  expect(screen.queryByRole('region', { name: /^Questions/ })).toBeNull();
});

test("Clear deselects the topic", async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: /^Economy/ }));
  await screen.findByRole('heading', { name: 'Will the repo rate be cut in November?' });
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  expect(chip(/^Economy/).getAttribute('aria-pressed')).toBe('false');
  expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
});

test("officials: cards with initials, title, bio and tags; a tag jumps to Topics with it selected", async () => {
  renderPage();
  await screen.findByRole('button', { name: /^Economy/ });
  fireEvent.click(screen.getByRole('tab', { name: 'Officials' }));
  const name = await screen.findByRole('heading', { name: 'Enoch Godongwana' });
  const card = within(name.closest('.official') as HTMLElement);
  expect(card.getByText('EG')).toBeTruthy();
  expect(card.getByText('Minister of Finance')).toBeTruthy();
  expect(card.getByText('Tables the budget.')).toBeTruthy();
  expect(card.getByText('Sample data')).toBeTruthy();

  fireEvent.click(card.getByRole('button', { name: 'Topic: Energy' }));
  expect(screen.getByRole('tab', { name: 'Topics' }).getAttribute('aria-selected')).toBe('true');
  expect(chip(/^Energy/).getAttribute('aria-pressed')).toBe('true');
  expect(chip(/^Economy/).getAttribute('aria-pressed')).toBe('false');
  expect(await screen.findByText('No questions on this topic yet.')).toBeTruthy();
});

test('predictions: asks for a topic first; with one, lists its predictions with a safe source link', async () => {
  renderPage();
  await screen.findByRole('button', { name: /^Economy/ });
  fireEvent.click(screen.getByRole('tab', { name: 'Predictions' }));
  expect(screen.getByRole('heading', { name: 'Pick a topic' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Choose a topic' }));
  expect(screen.getByRole('tab', { name: 'Topics' }).getAttribute('aria-selected')).toBe('true');

  fireEvent.click(chip(/^Economy/));
  fireEvent.click(screen.getByRole('tab', { name: 'Predictions' }));
  expect(await screen.findByText('“Growth will pick up next year”')).toBeTruthy();
  expect(screen.getByText('70%')).toBeTruthy();
  expect(screen.getByRole('meter', { name: 'Confidence' }).getAttribute('aria-valuenow')).toBe('70');
  const link = screen.getByRole('link', { name: /Business Day/ });
  expect(link.getAttribute('href')).toBe('https://example.org/growth');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(link.textContent).toContain('1 October 2025');
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  expect(screen.getByRole('heading', { name: 'Pick a topic' })).toBeTruthy();
});

test('empty topics', async () => {
  stubFetch((url) => (url === '/api/tags' ? json(200, []) : routes(url)));
  renderPage();
  expect(await screen.findByText('No research topics yet. Check back soon!')).toBeTruthy();
});

test('links and avatars: only http(s) links open; only local paths are images', () => {
  expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
  expect(safeExternalUrl('not a url')).toBeNull();
  expect(safeExternalUrl('https://news.example/a')).toBe('https://news.example/a');
  expect(localImagePath('/officials/eg.png')).toBe('/officials/eg.png');
  expect(localImagePath('//evil.example/x.png')).toBeNull();
  expect(localImagePath('EG')).toBeNull();
});
