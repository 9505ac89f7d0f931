import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, makeQuestion, stubFetch, routeTable } from '../../test/fixtures';
import { liveConnectedAtom } from '../live/liveStatus';
import { appStore } from '../../lib/appStore';
import { VotePage } from './VotePage';
import { deferred, renderSignedIn } from './testing';

const q1 = makeQuestion({ id: 'q1', text: 'Will the Springboks win the next test', publishedAt: '2025-11-22T06:00:00.000Z' });
const q2 = makeQuestion({ id: 'q2', text: 'Will petrol drop below R20', context: null, publishedAt: '2025-11-22T06:00:00.000Z' });
const answerTo = (questionId: string, optionId: string) => ({ id: `a-${questionId}`, userId: 'u1', questionId, optionId, submittedAt: '2025-11-22T08:00:00Z' });

let answered: Record<string, string> = {};
let fetch: ReturnType<typeof stubFetch>;
const routes = routeTable((key, url, init) => {
  if (key === 'GET /api/questions/today') return json(200, [q1, q2]);
  const m = /^GET \/api\/users\/u1\/answers\/(\w+)$/.exec(key);
  if (m) return answered[m[1]!] ? json(200, answerTo(m[1]!, answered[m[1]!]!)) : json(404, { message: 'Not answered' });
  if (/public-results$/.test(url)) return json(200, { results: [{ optionId: 'yes', percentage: 50, votes: 1 }, { optionId: 'no', percentage: 50, votes: 1 }], totalVotes: 2 });
  if (/\/results\?userId=u1$/.test(url))
    return json(200, {
      results: [{ optionId: 'yes', optionText: 'Yes', percentage: 50, votes: 1 }, { optionId: 'no', optionText: 'No', percentage: 50, votes: 1 }],
      totalVotes: 2,
      friendAnswers: [],
      userAnswer: null,
    });
  if (key === 'POST /api/answers') {
    const body = JSON.parse(String(init!.body)) as { questionId: string; optionId: string };
    answered[body.questionId] = body.optionId;
    // The figures the gateway last heard on the live channel come with the answer.
    const results = [{ optionId: 'yes', optionText: 'Yes', percentage: 71.4, votes: 5 }, { optionId: 'no', optionText: 'No', percentage: 28.6, votes: 2 }];
    return json(201, { ...answerTo(body.questionId, body.optionId), results: { results, totalVotes: 7, provinces: [] } });
  }
  return json(404, { message: 'Not found' });
});

beforeEach(() => {
  resetToasts();
  answered = { q2: 'yes' };
  fetch = stubFetch(routes());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  appStore.set(liveConnectedAtom, false);
});

test('heading with the count, subtitle, a ticking countdown; unanswered → form, answered → results', async () => {
  renderSignedIn(<VotePage />);
  // The file's first render: on a loaded 2-core box it can take more than findBy's default second.
  expect(await screen.findByRole('heading', { name: "Today's Questions (2)" }, { timeout: 5000 })).toBeTruthy();
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

test('while the answered check runs: the question with its options waiting, then the form in the same card or the results', async () => {
  const checks = { q1: deferred<Response>(), q2: deferred<Response>() };
  fetch = stubFetch(
    routes({
      'GET /api/users/u1/answers/q1': () => checks.q1.promise,
      'GET /api/users/u1/answers/q2': () => checks.q2.promise,
    }),
  );
  renderSignedIn(<VotePage />);
  const first = await screen.findByRole('group', { name: 'Will the Springboks win the next test?' }, { timeout: 5000 });
  const second = screen.getByRole('group', { name: 'Will petrol drop below R20?' });
  expect(first.getAttribute('aria-busy')).toBe('true');
  expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Checking your answer');
  for (const button of [...first.querySelectorAll('button'), ...second.querySelectorAll('button')]) expect(button.disabled).toBe(true);
  fireEvent.click(screen.getAllByRole('button', { name: /^YES/ })[0]!);
  expect(screen.queryByRole('button', { name: /SUBMIT PREDICTION/ })).toBeNull();

  await act(async () => {
    checks.q1.resolve(json(404, { message: 'Not answered' }));
    checks.q2.resolve(json(200, answerTo('q2', 'yes')));
  });
  // Unanswered: the same card takes the options; answered: the results replace it.
  await vi.waitFor(() => expect(first.getAttribute('aria-busy')).toBeNull());
  expect(first.isConnected).toBe(true);
  expect([...first.querySelectorAll('button')].every((b) => !b.disabled)).toBe(true);
  expect(await screen.findByText('Day 631 Results')).toBeTruthy();
  expect(second.isConnected).toBe(false);
});

test('an answered card swapped for its results while its public figures are on the way: they are asked for once', async () => {
  const check = deferred<Response>();
  const figures = deferred<Response>();
  const live = { results: [{ optionId: 'yes', percentage: 50, votes: 1 }, { optionId: 'no', percentage: 50, votes: 1 }], totalVotes: 2 };
  fetch = stubFetch(
    routes({
      'GET /api/users/u1/answers/q2': () => check.promise,
      'GET /api/questions/q2/public-results': () => figures.promise,
    }),
  );
  renderSignedIn(<VotePage />);
  await screen.findByRole('group', { name: 'Will petrol drop below R20?' }, { timeout: 5000 });
  await vi.waitFor(() => expect(fetch.calls('/api/questions/q2/public-results')).toHaveLength(1));
  // The answered check comes back first: the question's form gives way to its results…
  await act(async () => {
    check.resolve(json(200, answerTo('q2', 'yes')));
  });
  expect(await screen.findByText('Day 631 Results')).toBeTruthy();
  // …which wait for the same request rather than starting another.
  await act(async () => {
    figures.resolve(json(200, live));
  });
  expect(await screen.findByText('2 South Africans voted')).toBeTruthy();
  expect(fetch.calls('/api/questions/q2/public-results')).toHaveLength(1);
});

test("today's questions and results: polled (60 s / 5 s ± 25 %) only while the live channel is down", async () => {
  const { client } = renderSignedIn(<VotePage />);
  await screen.findByRole('heading', { name: "Today's Questions (2)" });
  await screen.findByText('Day 631 Results');
  const options = (key: unknown[]) => client.getQueryCache().find({ queryKey: key })!.observers[0]!.options;
  const today = () => options(['/api/questions/today']).refetchInterval;
  const live = () => options(['/api/questions', 'q2', 'public-results']).refetchInterval;
  expect(today()).toBeGreaterThanOrEqual(45_000);
  expect(today()).toBeLessThanOrEqual(75_000);
  expect(live()).toBeGreaterThanOrEqual(3_750);
  expect(live()).toBeLessThanOrEqual(6_250);
  expect(options(['/api/questions/today']).staleTime).toBe(30_000);

  act(() => appStore.set(liveConnectedAtom, true));
  expect(today()).toBe(false);
  expect(live()).toBe(false);
  const friends = client.getQueryCache().findAll({ predicate: (q) => String(q.queryKey[0]).includes('/friend-answers') });
  expect(friends.map((q) => q.observers[0]!.options.refetchInterval)).toEqual([false]);

  act(() => appStore.set(liveConnectedAtom, false));
  expect(today()).toBeGreaterThanOrEqual(45_000);
  expect(live()).toBeGreaterThanOrEqual(3_750);
});

test('empty state', async () => {
  fetch.setHandler(routes({ 'GET /api/questions/today': () => json(200, []) }));
  renderSignedIn(<VotePage />);
  expect(await screen.findByRole('heading', { name: 'No Questions Today' })).toBeTruthy();
  expect(screen.getByText('Check back tomorrow for new questions!')).toBeTruthy();
  expect(screen.getByRole('heading', { name: "Today's Questions (0)" })).toBeTruthy();
});

test('answering: Vote Recorded! stays 3 s; nothing the vote\'s response or the live channel carries is asked again, then the results panel', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { client } = renderSignedIn(<VotePage />);
  fireEvent.click(await screen.findByRole('button', { name: /^YES/ }));
  // Everything the page asked for before the vote has answered (its public results among them).
  await act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });
  const before = fetch.mock.mock.calls.length;
  const requestsSince = () => fetch.mock.mock.calls.slice(before).map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  expect(await screen.findByRole('heading', { name: 'Vote Recorded!' })).toBeTruthy();
  // The answer is the POST's response: in the cache at once, not fetched again; the confirmation stays on screen.
  expect(client.getQueryData(['/api/users', 'u1', 'answers', 'q1'])).toMatchObject({ questionId: 'q1', optionId: 'yes' });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(2500);
  });
  expect(screen.getByRole('heading', { name: 'Vote Recorded!' })).toBeTruthy();
  // Until the results panel shows, the vote's only request is the POST itself.
  expect(requestsSince()).toEqual(['POST /api/answers']);
  // Nothing is refetched: the figures come over the live channel; stats, history and leaderboards load when next shown.
  expect(invalidate.mock.calls.filter((c) => c[0]?.refetchType !== 'none')).toEqual([]);
  const markedStale = invalidate.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey));
  expect(markedStale.sort()).toEqual(['["/api/leaderboard"]', '["/api/users","u1","history"]', '["/api/users","u1","stats"]']);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(600);
  });
  expect(screen.queryByRole('heading', { name: 'Vote Recorded!' })).toBeNull();
  expect(screen.getAllByText('Your answer submitted')).toHaveLength(2);
  // The panel shows the figures the answer carried: its own view is not asked for, nor the public results it had.
  expect(await screen.findByText('7 South Africans voted')).toBeTruthy();
  expect(requestsSince().filter((r) => /\/results\?|\/public-results$|\/answers\/|\/today$/.test(r))).toEqual([]);
});

test('the invite-friends action opens the Invite Friends dialog', async () => {
  renderSignedIn(<VotePage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Invite Friends' }));
  expect(screen.getByRole('dialog', { name: 'Invite Friends' })).toBeTruthy();
});

test("the vote's own live totals may overtake its answer: the panel keeps the larger total, not the answer's older one", async () => {
  const newer = { results: [{ optionId: 'yes', optionText: 'Yes', percentage: 66.7, votes: 6 }, { optionId: 'no', optionText: 'No', percentage: 33.3, votes: 3 }], totalVotes: 9 };
  fetch.setHandler(routes({ 'GET /api/questions/q1/public-results': () => json(200, newer) }));
  renderSignedIn(<VotePage />);
  fireEvent.click(await screen.findByRole('button', { name: /^YES/ }));
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  // The answer carried 7 votes; the live channel's 9 were already here.
  expect(await screen.findByText('9 South Africans voted', {}, { timeout: 6000 })).toBeTruthy();
  expect(screen.queryByText('7 South Africans voted')).toBeNull();
});
