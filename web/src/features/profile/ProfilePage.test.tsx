import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch, type Handler } from '../../test/fixtures';
import { renderSignedIn } from '../vote/testing';
import { ProfilePage } from './ProfilePage';
import { historyStatus, statsView } from './api';

const item = (n: number, isPending: boolean, isCorrect: boolean) => ({
  questionId: `q${n}`,
  questionText: `Question number ${n}`,
  submittedAt: `2025-11-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
  selectedOption: n % 2 ? 'Yes' : 'No',
  selectedOptionId: n % 2 ? 'yes' : 'no',
  isPending,
  isCorrect,
  confidence: 50 + n * 7,
});

const history = [item(6, true, false), item(5, false, true), item(4, false, false), item(3, false, true), item(2, true, false), item(1, false, true)];

let fetch: ReturnType<typeof stubFetch>;
const routes =
  (extra: Record<string, () => Response> = {}): Handler =>
  (url) => {
    if (extra[url]) return extra[url]();
    if (url === '/api/users/u1/stats') return json(200, { totalAnswers: 6, accuracy: 75, nationalRank: 4, streak: 3, stats: { nationalRank: 4, accuracy: 75 } });
    if (url === '/api/users/u1/history') return json(200, history);
    return json(404, { message: 'Not found' });
  };

beforeEach(() => {
  fetch = stubFetch(routes());
});
afterEach(() => vi.unstubAllGlobals());

const tile = (label: string) => screen.getByText(label).parentElement as HTMLElement;

test('name, predicting since, tabs; four stat tiles', async () => {
  renderSignedIn(<ProfilePage />);
  expect(screen.getByRole('heading', { name: 'Thandi Mokoena' })).toBeTruthy();
  expect(screen.getByText('Predicting since March 2025')).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Stats' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tab', { name: 'Settings' })).toBeTruthy();
  await screen.findByText('#4');
  expect(within(tile('Questions Answered')).getByText('6')).toBeTruthy();
  expect(within(tile('Accuracy Rate')).getByText('75%')).toBeTruthy();
  expect(within(tile('National Rank')).getByText('#4')).toBeTruthy();
  expect(within(tile('Day Streak')).getByText('3')).toBeTruthy();
});

test('recent predictions: the latest 5 with date, answer and Pending / Correct / Incorrect', async () => {
  renderSignedIn(<ProfilePage />);
  const heading = screen.getByRole('heading', { name: 'Recent Predictions' });
  const card = heading.closest('.card') as HTMLElement;
  await within(card).findByText('Question number 6?');
  const rows = within(card).getAllByRole('listitem');
  expect(rows).toHaveLength(5);
  expect(within(card).queryByText('Question number 1?')).toBeNull();
  expect(rows.map((r) => r.querySelector('.badge')!.textContent)).toEqual(['Pending', 'Correct', 'Incorrect', 'Correct', 'Pending']);
  expect(within(rows[0]!).getByText('16 November 2025')).toBeTruthy();
  expect(rows[0]!.textContent).toContain('Your answer: No');
  expect(rows[1]!.textContent).toContain('Your answer: Yes');
  // Each row shows the confidence chosen with the answer.
  expect(rows.map((r) => r.querySelector('.history-item__confidence')!.textContent)).toEqual(['92% sure', '85% sure', '78% sure', '71% sure', '64% sure']);
});

test('empty history and an unranked user', async () => {
  fetch.setHandler(
    routes({
      '/api/users/u1/history': () => json(200, []),
      '/api/users/u1/stats': () => json(200, { totalAnswers: 0, accuracy: 0, nationalRank: 0, streak: 0, resolvedThisMonth: 0, rankReason: 'noResolvedThisMonth' }),
    }),
  );
  renderSignedIn(<ProfilePage />);
  expect(await screen.findByText('No predictions yet')).toBeTruthy();
  expect(screen.getByText('Start answering daily questions to see your history!')).toBeTruthy();
  // Nothing resolved this month: no rank and no "0%", but a dash and the reason.
  expect(await within(tile('National Rank')).findByText('—')).toBeTruthy();
  expect(within(tile('Accuracy Rate')).getByText('—')).toBeTruthy();
  // The reason the API gives, in the same words as on the leaderboard and the results card.
  expect(screen.getByText('No resolved predictions yet this month')).toBeTruthy();
});

test('the Settings tab shows the settings', async () => {
  renderSignedIn(<ProfilePage />);
  fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.queryByText('Recent Predictions')).toBeNull();
  // /notifications (e-mail address, WhatsApp) is reachable from here.
  expect(screen.getByRole('link', { name: 'Email and WhatsApp alert settings' }).getAttribute('href')).toBe('/notifications');
});

test('a spinner without a signed-in user', () => {
  renderSignedIn(<ProfilePage />, { user: null });
  expect(screen.getByRole('status')).toBeTruthy();
  expect(screen.queryByRole('tab')).toBeNull();
});

test('status and stats mapping', () => {
  expect(historyStatus({ isPending: true, isCorrect: false })).toBe('Pending');
  expect(historyStatus({ isPending: false, isCorrect: true })).toBe('Correct');
  expect(historyStatus({ isPending: false, isCorrect: false })).toBe('Incorrect');
  expect(statsView({ stats: { nationalRank: 2, accuracy: 66.6 } })).toEqual({ totalAnswers: 0, accuracy: 67, nationalRank: 2, rankReason: null, streak: 0 });
});
