import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch, type Handler } from '../../test/fixtures';
import { renderSignedIn } from '../vote/testing';
import { LeaderboardPage } from './LeaderboardPage';

const entry = (rank: number | null, n: number, correct: number, extra: Record<string, unknown> = {}) => ({
  rank,
  userId: `u${n}`,
  name: `Player ${n}`,
  username: `player${n}`,
  isAdmin: false,
  correct,
  resolved: 5,
  answered: 6,
  accuracy: correct * 20,
  streak: n,
  ...extra,
});

const board = (scope: 'national' | 'friends', entries: unknown[], friendCount = 2, listedNationally = true) => ({
  scope,
  monthStart: '2025-10-31T22:00:00.000Z',
  summary: { players: 42, questionsResolved: 7, yourAccuracy: 60 },
  you: { userId: 'u1', nationalRank: 1, friendsRank: 1, accuracy: 60, correct: 3, resolved: 5, totalAnswers: 6, streak: 1, listedNationally },
  friendCount,
  entries,
});

const national = [entry(1, 1, 5, { name: 'Thandi Mokoena', username: 'thandi_m' }), entry(1, 2, 5), entry(3, 3, 4), entry(4, 4, 2, { isAdmin: true })];
const friends = [entry(1, 1, 5, { name: 'Thandi Mokoena', username: 'thandi_m' }), entry(2, 3, 4), entry(null, 5, 0, { answered: 0, resolved: 0, accuracy: 0 })];

let fetch: ReturnType<typeof stubFetch>;
const routes =
  (extra: Record<string, () => Response> = {}): Handler =>
  (url) => {
    if (extra[url]) return extra[url]();
    if (url === '/api/leaderboard?scope=national') return json(200, board('national', national));
    if (url === '/api/leaderboard?scope=friends') return json(200, board('friends', friends));
    if (url === '/api/leaderboard?scope=calibration')
      return json(200, {
        scope: 'calibration',
        crowdSkill: 0.2,
        shrinkage: 5,
        minResolved: 3,
        you: { rank: 2, userId: 'u1', resolved: 4, correct: 3, meanSkill: 0.0196, score: 0.1198 },
        entries: [
          { rank: 1, userId: 'u2', name: 'Lerato Dlamini', username: 'lerato', isAdmin: false, resolved: 4, correct: 3, meanSkill: 0.25, score: 0.2222 },
          { rank: 2, userId: 'u1', name: 'Thandi Mokoena', username: 'thandi_m', isAdmin: false, resolved: 4, correct: 3, meanSkill: 0.0196, score: 0.1198 },
        ],
      });
    return json(404, { message: 'Not found' });
  };

beforeEach(() => {
  fetch = stubFetch(routes());
});
afterEach(() => vi.unstubAllGlobals());

const tile = (label: string) => screen.getByText(label).parentElement as HTMLElement;

test('signed out: Sign In Required', () => {
  renderSignedIn(<LeaderboardPage />, { user: null });
  expect(screen.getByText('Sign In Required')).toBeTruthy();
  expect(fetch.mock).not.toHaveBeenCalled();
});

test('summary tiles, your ranking, tabs with the friend count, styled medals for ranks 1–3 (ties share)', async () => {
  renderSignedIn(<LeaderboardPage />);
  expect(screen.getByRole('heading', { name: 'National Leaderboard' })).toBeTruthy();
  const list = await screen.findByRole('list', { name: 'National standings' });
  expect(screen.getByText('Most correct predictions in November 2025')).toBeTruthy();
  expect(within(tile('Players this month')).getByText('42')).toBeTruthy();
  expect(within(tile('Questions resolved')).getByText('7')).toBeTruthy();
  expect(within(tile('Your accuracy')).getByText('60%')).toBeTruthy();

  const you = screen.getByRole('region', { name: 'Your Ranking' });
  expect(within(you).getByText('National rank').nextElementSibling!.textContent).toBe('#1');
  expect(within(you).getByText('Among friends').nextElementSibling!.textContent).toBe('#1');
  expect(within(you).getByText('Correct this month').nextElementSibling!.textContent).toBe('3');
  expect(within(you).getByText('Accuracy').nextElementSibling!.textContent).toBe('60%');
  expect(within(you).getByText('Day streak').nextElementSibling!.textContent).toBe('1');

  expect(screen.getByRole('tab', { name: 'National' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tab', { name: 'Friends (2)' })).toBeTruthy();

  const rows = within(list).getAllByRole('listitem');
  expect(rows).toHaveLength(4);
  expect(within(rows[0]!).getByRole('img', { name: 'Rank 1, gold medal' }).className).toContain('lb-medal--gold');
  expect(within(rows[1]!).getByRole('img', { name: 'Rank 1, gold medal' })).toBeTruthy();
  expect(within(rows[2]!).getByRole('img', { name: 'Rank 3, bronze medal' }).className).toContain('lb-medal--bronze');
  expect(within(rows[3]!).queryByRole('img')).toBeNull();
  expect(within(rows[3]!).getByLabelText('Rank 4').textContent).toBe('4');
  expect(within(rows[0]!).getByText('You')).toBeTruthy();
  expect(within(rows[0]!).getByText('@thandi_m')).toBeTruthy();
  expect(within(rows[3]!).getByText('Admin')).toBeTruthy();
  expect(rows[2]!.textContent).toContain('4 correct');
  expect(rows[2]!.textContent).toContain('80% · 3d streak');
});

test('friends tab: scope=friends with a silver medal', async () => {
  renderSignedIn(<LeaderboardPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Friends (2)' }));
  const list = await screen.findByRole('list', { name: 'Standings among friends' });
  expect(fetch.calls('/api/leaderboard?scope=friends')).toHaveLength(1);
  const rows = within(list).getAllByRole('listitem');
  expect(rows).toHaveLength(3);
  expect(within(rows[1]!).getByRole('img', { name: 'Rank 2, silver medal' }).className).toContain('lb-medal--silver');
  // Nothing resolved this month: no rank, no medal — "—" with the reason read out.
  expect(within(rows[2]!).queryByRole('img')).toBeNull();
  const mark = rows[2]!.querySelector('.lb-rank')!;
  expect(mark.textContent).toBe('—No resolved predictions yet this month');
  expect(mark.querySelector('.visually-hidden')!.textContent).toBe('No resolved predictions yet this month');
});

test('unranked (nothing resolved this month): "—" for both ranks and accuracy, with the reason the API gives', async () => {
  const unranked = { ...board('national', national), you: { ...board('national', national).you, nationalRank: null, friendsRank: null, rankReason: 'noResolvedThisMonth' } };
  fetch.setHandler(routes({ '/api/leaderboard?scope=national': () => json(200, unranked) }));
  renderSignedIn(<LeaderboardPage />);
  const you = await screen.findByRole('region', { name: 'Your Ranking' });
  expect(within(you).getByText('National rank').nextElementSibling!.textContent).toBe('—');
  expect(within(you).getByText('Among friends').nextElementSibling!.textContent).toBe('—');
  expect(within(you).getByText('Accuracy').nextElementSibling!.textContent).toBe('—');
  expect(within(you).getByText('No resolved predictions yet this month')).toBeTruthy();
});

test('empty states: nobody answered this month; no friends', async () => {
  fetch.setHandler(
    routes({
      '/api/leaderboard?scope=national': () => json(200, { ...board('national', [], 0), summary: { players: 0, questionsResolved: 0, yourAccuracy: 0 } }),
      '/api/leaderboard?scope=friends': () => json(200, board('friends', [entry(1, 1, 0, { answered: 0 })], 0)),
    }),
  );
  renderSignedIn(<LeaderboardPage />);
  expect(await screen.findByText('No predictions this month yet')).toBeTruthy();
  expect(within(tile('Players this month')).getByText('0')).toBeTruthy();
  fireEvent.click(screen.getByRole('tab', { name: 'Friends (0)' }));
  expect(await screen.findByText('No friends yet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Find Friends' }).getAttribute('href')).toBe('/friends');
});

test('the Calibration tab: ranked by shrunk Brier skill, with a link to How scoring works', async () => {
  renderSignedIn(<LeaderboardPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Calibration' }));
  const list = await screen.findByRole('list', { name: 'Calibration standings' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringContaining('Lerato Dlamini'),
    expect.stringContaining('Thandi Mokoena'),
  ]);
  expect(rows[0]!.textContent).toContain('+0.22 score');
  expect(rows[0]!.textContent).toContain('3/4 correct · skill +0.25');
  expect(within(rows[1]!).getByText('You')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'How scoring works' }).getAttribute('href')).toBe('/scoring');
});

test('a player not listed nationally is told only they see their place there, with a link to the setting', async () => {
  fetch = stubFetch(routes({ '/api/leaderboard?scope=national': () => json(200, board('national', national, 2, false)) }));
  renderSignedIn(<LeaderboardPage />);
  await screen.findByRole('list', { name: 'National standings' });
  expect(screen.getByText(/Only you see your place on this list/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Privacy settings' }).getAttribute('href')).toBe('/profile?tab=privacy');
});

test('a listed player gets no such note', async () => {
  renderSignedIn(<LeaderboardPage />);
  await screen.findByRole('list', { name: 'National standings' });
  expect(screen.queryByText(/Only you see your place on this list/)).toBeNull();
});
