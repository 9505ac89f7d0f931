import { afterEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsDay, DayAnalytics as Day } from '@mzansi/api';
import { json, stubFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import '../../../i18n/later';
import DayAnalytics from './DayAnalytics';
import { barWidths, breakAfterFirstWord, countRange, dayXs, hourXs, sastDaySeconds } from './dayData';

// The chart library draws on a canvas jsdom lacks: the text parts (labels, tables, lists) are what is checked here
// (web/e2e/day-analytics looks at the canvases).
vi.mock('../../history/TimeChart', () => ({ default: () => <div data-testid="time-chart" /> }));

afterEach(() => vi.unstubAllGlobals());

const zero = (day: string): AnalyticsDay => ({ day, answers: 0, players: 0, newPlayers: 0, returningPlayers: 0, signups: 0, comments: 0, reports: 0, push: { sent: 0, failed: 0, clicks: 0 }, email: { sent: 0, failed: 0 } });
const days = Array.from({ length: 15 }, (_, i) => `2026-05-${String(i + 1).padStart(2, '0')}`);

function analytics(over: Partial<Day> = {}): Day {
  return {
    timeZone: 'Africa/Johannesburg',
    today: '2026-05-15',
    firstDay: '2026-05-01',
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, today: hour === 9 ? 12 : 0, typical: hour === 9 ? 4.5 : 0 })),
    days: days.map((d) => (d === '2026-05-15' ? { ...zero(d), answers: 12, players: 10, newPlayers: 4, returningPlayers: 6, signups: 3, comments: 2, reports: 1, push: { sent: 40, failed: 2, clicks: 7 }, email: { sent: 5, failed: 1 } } : zero(d))),
    retention: days.slice(0, -1).map((day) => ({
      day,
      newPlayers: day === '2026-05-14' ? 4 : 0,
      day1: { returned: day === '2026-05-14' ? 1 : 0, rate: day === '2026-05-14' ? 25 : null, complete: day !== '2026-05-14' },
      day7: day <= '2026-05-08' ? { returned: 0, rate: null, complete: day < '2026-05-08' } : null,
    })),
    provinces: { national: 120, shown: [{ province: 'GP', answers: 60 }, { province: 'KZN', answers: 30 }], notShown: 30 },
    topQuestions: [{ id: 'q1', text: 'Will the rand strengthen', publishedAt: '2026-05-10T11:00:00.000Z', answers: 90 }],
    ...over,
  };
}

const show = (body: () => Response) => {
  const fetch = stubFetch((url) => (url === '/api/admin/analytics/day' ? body() : json(404, { message: 'Not found' })));
  renderWithProviders(<DayAnalytics />);
  return fetch;
};

test('every chart with its text alternative and table; provinces, top questions and totals as text', async () => {
  show(() => json(200, analytics()));
  expect(screen.getByText('Loading how the day went...')).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'How the day went' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Predictions per hour: 12 today so far, 5 on a typical day. Every hour is in the table.' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Predictions, players and sign-ups per day: 12 predictions in these 15 days. Every day is in the table.' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Comments and reports per day: 2 comments, 1 reports in these 15 days. Every day is in the table.' })).toBeTruthy();
  // The hours' table: 24 rows, the typical hour to one decimal.
  const hours = within(screen.getByRole('region', { name: 'Predictions per hour' }));
  expect(hours.getAllByRole('row')).toHaveLength(25);
  expect(hours.getByRole('row', { name: /09:00/ }).textContent).toMatch(/09:00.*12.*4[.,]5/);
  // Retention: yesterday's newcomers, a quarter back today so far; days without newcomers a dash.
  const retention = within(screen.getByRole('region', { name: 'Do new players come back?' }));
  expect(retention.getByText('25% (1 of 4) so far')).toBeTruthy();
  expect(retention.getAllByText('—').length).toBeGreaterThan(10);
  const provinces = within(screen.getByRole('list', { name: 'Predictions by province' }));
  expect(provinces.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Gauteng60', 'KwaZulu-Natal30']);
  expect(screen.getByText('Not shown (smaller provinces and players without a province): 30 of 120')).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Top questions' })).getByText('90 predictions')).toBeTruthy();
  const delivery = screen.getByRole('heading', { name: 'Notifications' }).closest('.day-card')!;
  expect(within(delivery as HTMLElement).getByText('Push clicks', { selector: '.stat-tile__label' }).previousSibling!.textContent).toBe('7');
  expect(screen.queryByText('No predictions yet today')).toBeNull();
});

test('no predictions today: the hours say so; the other cards their own empty states', async () => {
  const quiet = analytics({
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, today: 0, typical: 0 })),
    days: days.map(zero),
    retention: days.slice(0, -1).map((day) => ({ day, newPlayers: 0, day1: { returned: 0, rate: null, complete: true }, day7: null })),
    provinces: { national: 0, shown: [], notShown: 0 },
    topQuestions: [],
  });
  show(() => json(200, quiet));
  expect(await screen.findByText('No predictions yet today')).toBeTruthy();
  expect(screen.queryByRole('img', { name: /Predictions per hour/ })).toBeNull();
  for (const text of ['No new players before today in these 15 days: their returns show from the day after they join.', 'Not enough predictions to show any province yet.', 'No questions published in these 15 days.', 'No pushes or e-mails in these 15 days.', 'No comments or reports in these 15 days.'])
    expect(screen.getByText(text)).toBeTruthy();
});

test('an error (or an answer it cannot draw) is an error with a way to try again, never zeros', async () => {
  let answer = () => json(503, { message: 'Service unavailable' });
  const fetch = show(() => answer());
  expect(await screen.findByText('How the day went could not be loaded.')).toBeTruthy();
  answer = () => json(200, { hours: [] });
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(fetch.mock.mock.calls.length).toBeGreaterThanOrEqual(2));
  expect(await screen.findByText('How the day went could not be loaded.')).toBeTruthy();
  answer = () => json(200, analytics());
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'How the day went' })).toBeTruthy();
});

test('chart positions: SAST hours and noons, count axes with room, bars in proportion', () => {
  expect(sastDaySeconds('2026-05-15')).toBe(Date.parse('2026-05-14T22:00:00Z') / 1000);
  expect(hourXs('2026-05-15')[9]).toBe(Date.parse('2026-05-15T07:00:00Z') / 1000);
  expect(dayXs([{ day: '2026-05-15' }])).toEqual([Date.parse('2026-05-15T10:00:00Z') / 1000]);
  expect(countRange([0, 1], [null])).toEqual([0, 4]);
  expect(countRange([100, 20])).toEqual([0, 110]);
  expect(barWidths([60, 30, 0])).toEqual([100, 50, 0]);
  expect(barWidths([0, 0])).toEqual([0, 0]);
  expect(breakAfterFirstWord('Thu, 19 Nov')).toBe('Thu, 19\u00a0Nov');
});
