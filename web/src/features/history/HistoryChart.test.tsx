import { afterEach, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json, makeQuestion, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { HistoryChart } from './HistoryChart';

// The chart library draws on a canvas jsdom lacks: the text parts are what is checked here (e2e/history looks at the canvas).
vi.mock('./TimeChart', () => ({ default: () => <div data-testid="time-chart" /> }));

const q = makeQuestion({ id: 'q1', text: 'Will the rand strengthen' });
const point = (at: string, yes: number, no: number) => ({
  at,
  results: [
    { optionId: 'yes', votes: yes, percentage: yes + no ? (yes / (yes + no)) * 100 : 0 },
    { optionId: 'no', votes: no, percentage: yes + no ? (no / (yes + no)) * 100 : 0 },
  ],
  totalVotes: yes + no,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the chart with its summary, the publishing moment named, and the figures as a table', async () => {
  stubFetch((url) =>
    url === '/api/questions/q1/history'
      ? json(200, {
          publishedAt: '2026-11-28T04:00:00.000Z',
          resolvedAt: null,
          points: [point('2026-11-28T04:00:00.000Z', 0, 0), point('2026-11-28T06:00:00.000Z', 3, 1), point('2026-11-28T08:00:00.000Z', 5, 5)],
        })
      : json(404, {}),
  );
  renderWithProviders(<HistoryChart question={q} />);
  const chart = await screen.findByRole('img', { name: /^Chart of the national split since the question was published\. Yes: 75% → 50% · No: 25% → 50%$/ });
  expect(await screen.findByTestId('time-chart')).toBeTruthy();
  expect(chart).toBeTruthy();
  expect(screen.getByText(/^Published 28 Nov/)).toBeTruthy();
  expect(screen.getByText('Since it was published: Yes: 75% → 50% · No: 25% → 50%')).toBeTruthy();
  expect(screen.getAllByRole('row')).toHaveLength(4);
});

test('nothing for a blind question the reader may not see yet (hidden, or refused)', async () => {
  const fetch = stubFetch(() =>
    json(200, { publishedAt: '2026-11-28T04:00:00.000Z', resolvedAt: null, isBlind: true, resultsHidden: true, points: [{ at: '2026-11-28T04:00:00.000Z', results: [], totalVotes: 0 }] }),
  );
  const { container, unmount } = renderWithProviders(<HistoryChart question={q} />);
  await waitFor(() => expect(fetch.calls('/api/questions/q1/history')).toHaveLength(1));
  await waitFor(() => expect(container.querySelector('.history-card')).toBeNull());
  unmount();

  stubFetch(() => json(403, { message: 'Answer to see the results' }));
  const refused = renderWithProviders(<HistoryChart question={q} />);
  await waitFor(() => expect(refused.container.querySelector('.history-card')).toBeNull());
  expect(screen.queryByRole('img')).toBeNull();
});
