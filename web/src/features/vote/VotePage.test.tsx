import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, makeQuestion, stubFetch, type Handler } from '../../test/fixtures';
import { VotePage } from './VotePage';
import { renderWithApp } from './testing';

const q1 = makeQuestion({ id: 'q1', text: 'Will the Springboks win the next test', publishedAt: '2025-11-22T06:00:00.000Z' });
const q2 = makeQuestion({ id: 'q2', text: 'Will petrol drop below R20', context: null, publishedAt: '2025-11-22T06:00:00.000Z' });
const answerTo = (questionId: string, optionId: string) => ({ id: `a-${questionId}`, userId: 'u1', questionId, optionId, submittedAt: '2025-11-22T08:00:00Z' });

let answered: Record<string, string> = {};
let fetch: ReturnType<typeof stubFetch>;
const routes =
  (extra: Record<string, Handler> = {}): Handler =>
  (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (extra[key]) return extra[key](url, init);
    if (key === 'GET /api/questions/today') return json(200, [q1, q2]);
    const m = /^GET \/api\/users\/u1\/answers\/(\w+)$/.exec(key);
    if (m) return answered[m[1]!] ? json(200, answerTo(m[1]!, answered[m[1]!]!)) : json(404, { message: 'Not answered' });
    if (/public-results$/.test(url)) return json(200, { results: [{ optionId: 'yes', percentage: 50, votes: 1 }, { optionId: 'no', percentage: 50, votes: 1 }], totalVotes: 2 });
    if (/\/results\?userId=u1$/.test(url))
      return json(200, {
        results: [{ optionId: 'yes', text: 'Yes', percentage: 50, votes: 1 }, { optionId: 'no', text: 'No', percentage: 50, votes: 1 }],
        totalVotes: 2,
        friendAnswers: [],
        userAnswer: null,
      });
    if (key === 'POST /api/answers') {
      const body = JSON.parse(String(init!.body)) as { questionId: string; optionId: string };
      answered[body.questionId] = body.optionId;
      return json(201, answerTo(body.questionId, body.optionId));
    }
    return json(404, { message: 'Not found' });
  };

beforeEach(() => {
  resetToasts();
  answered = { q2: 'yes' };
  fetch = stubFetch(routes());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('heading with the count, subtitle, a ticking countdown; unanswered → form, answered → results', async () => {
  renderWithApp(<VotePage />);
  expect(await screen.findByRole('heading', { name: "Today's Questions (2)" })).toBeTruthy();
  expect(screen.getByText('Answer all questions to see full results')).toBeTruthy();
  expect(screen.getByRole('timer').textContent).toMatch(/\d{2}:\d{2}:\d{2}/);
  expect(await screen.findByRole('heading', { name: 'Will the Springboks win the next test?' })).toBeTruthy();
  expect(screen.getByRole('button', { name: /^YES/ })).toBeTruthy();
  expect(await screen.findByText('Day 631 Results')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Will petrol drop below R20?' })).toBeTruthy();
  expect(screen.getByText('Your answer submitted')).toBeTruthy();
  expect(fetch.calls('/api/users/u1/answers/q1')).toHaveLength(1);
  expect(fetch.calls('/api/users/u1/answers/q2')).toHaveLength(1);
});

test("today's questions: refetched every 60 s, stale after 30 s", async () => {
  const { client } = renderWithApp(<VotePage />);
  await screen.findByRole('heading', { name: "Today's Questions (2)" });
  const options = client.getQueryCache().find({ queryKey: ['/api/questions/today'] })!.observers[0]!.options;
  expect(options.refetchInterval).toBe(60_000);
  expect(options.staleTime).toBe(30_000);
});

test('empty state', async () => {
  fetch.setHandler(routes({ 'GET /api/questions/today': () => json(200, []) }));
  renderWithApp(<VotePage />);
  expect(await screen.findByRole('heading', { name: 'No Questions Today' })).toBeTruthy();
  expect(screen.getByText('Check back tomorrow for new questions!')).toBeTruthy();
  expect(screen.getByRole('heading', { name: "Today's Questions (0)" })).toBeTruthy();
});

test('answering: Vote Recorded! stays 3 s, the queries are refreshed, then the results panel', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { client } = renderWithApp(<VotePage />);
  fireEvent.click(await screen.findByRole('button', { name: /^YES/ }));
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  expect(await screen.findByRole('heading', { name: 'Vote Recorded!' })).toBeTruthy();
  const keys = invalidate.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey));
  expect(keys).toEqual(
    expect.arrayContaining([
      '["/api/questions/public"]',
      '["/api/questions","q1","results"]',
      '["/api/questions","q1","public-results"]',
      '["/api/questions/today"]',
      '["/api/users","u1","answers","q1"]',
    ]),
  );
  // The answer refresh lands during the confirmation: it stays on screen.
  await waitFor(() => expect(fetch.calls('/api/users/u1/answers/q1').length).toBeGreaterThan(1));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(2500);
  });
  expect(screen.getByRole('heading', { name: 'Vote Recorded!' })).toBeTruthy();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(600);
  });
  expect(screen.queryByRole('heading', { name: 'Vote Recorded!' })).toBeNull();
  expect(screen.getAllByText('Your answer submitted')).toHaveLength(2);
});

test('the invite-friends action opens the Invite Friends dialog', async () => {
  renderWithApp(<VotePage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Invite Friends' }));
  expect(screen.getByRole('dialog', { name: 'Invite Friends' })).toBeTruthy();
});
