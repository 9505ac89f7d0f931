import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, makeQuestion, stubFetch, routeTable } from '../../test/fixtures';
import { DailyQuestion, POST_VOTE_DELAY_MS } from './DailyQuestion';
import { voteOutbox } from './outbox';
import { deferred, renderSignedIn } from './testing';

const q = makeQuestion({ id: 'q1', text: 'Will the Springboks win the next test', publishedAt: '2025-11-22T06:00:00.000Z' });
const answer = { id: 'a1', userId: 'u1', questionId: 'q1', optionId: 'no', submittedAt: '2025-11-22T08:00:00.000Z' };

let fetch: ReturnType<typeof stubFetch>;
const routes = routeTable((key) => {
  if (key === 'GET /api/questions/q1/public-results')
    return json(200, { results: [{ optionId: 'yes', percentage: 66.67, votes: 2 }, { optionId: 'no', percentage: 33.33, votes: 1 }], totalVotes: 3 });
  if (key === 'POST /api/answers') return json(201, answer);
  return json(404, { message: 'Not found' });
});

beforeEach(() => {
  resetToasts();
  fetch = stubFetch(routes());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const option = (name: 'YES' | 'NO') => screen.getByRole('button', { name: new RegExp(`^${name}`) });

test('day label, question with "?", context, upper-case options with live figures; no submit until chosen', async () => {
  renderSignedIn(<DailyQuestion question={q} />);
  expect(screen.getByRole('heading', { name: 'Will the Springboks win the next test?' })).toBeTruthy();
  expect(screen.getByText('Day 631 - 22 November')).toBeTruthy();
  expect(screen.getByText('They play France on Saturday.')).toBeTruthy();
  expect(option('YES')).toBeTruthy();
  expect(option('NO')).toBeTruthy();
  expect(await screen.findByText('67% · 2 votes')).toBeTruthy();
  expect(screen.getByText('33% · 1 vote')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '[ SUBMIT PREDICTION ]' })).toBeNull();
});

test('no live figures while nobody has voted', async () => {
  fetch.setHandler(routes({ 'GET /api/questions/q1/public-results': () => json(200, { results: [], totalVotes: 0 }) }));
  renderSignedIn(<DailyQuestion question={q} />);
  await waitFor(() => expect(fetch.calls('/api/questions/q1/public-results')).toHaveLength(1));
  expect(screen.queryByText(/votes?$/)).toBeNull();
  expect(option('YES').textContent).toBe('YES');
});

test('choose, change, submit: SUBMITTING..., Vote Recorded!, share, then the callback after 3 s', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const post = deferred<Response>();
  fetch.setHandler(routes({ 'POST /api/answers': () => post.promise }));
  const onSubmitted = vi.fn();
  const onComplete = vi.fn();
  renderSignedIn(<DailyQuestion question={q} onSubmitted={onSubmitted} onComplete={onComplete} />);

  fireEvent.click(option('YES'));
  expect(option('YES').getAttribute('aria-pressed')).toBe('true');
  const submit = screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' });
  fireEvent.click(option('NO'));
  expect(option('YES').getAttribute('aria-pressed')).toBe('false');
  expect(option('NO').getAttribute('aria-pressed')).toBe('true');

  fireEvent.click(submit);
  expect(await screen.findByRole('button', { name: 'SUBMITTING...' })).toBeTruthy();
  expect((screen.getByRole('button', { name: 'SUBMITTING...' }) as HTMLButtonElement).disabled).toBe(true);
  expect((option('YES') as HTMLButtonElement).disabled).toBe(true);
  const calls = fetch.mock.mock.calls.filter(([u, init]) => u === '/api/answers' && init?.method === 'POST');
  expect(calls).toHaveLength(1);
  expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ userId: 'u1', questionId: 'q1', optionId: 'no', confidence: 75 });

  await act(async () => post.resolve(json(201, answer)));
  expect(await screen.findByRole('heading', { name: 'Vote Recorded!' })).toBeTruthy();
  expect(screen.getByText('Your prediction for "Will the Springboks win the next test?" has been submitted.')).toBeTruthy();
  expect(screen.getByText('Results will appear in a few seconds...')).toBeTruthy();
  const toast = screen.getByRole('status');
  expect(toast.textContent).toContain('Answer Submitted');
  expect(toast.textContent).toContain('Your prediction has been recorded!');
  expect(onSubmitted).toHaveBeenCalledWith(answer);

  await act(async () => {
    await vi.advanceTimersByTimeAsync(POST_VOTE_DELAY_MS - 100);
  });
  expect(onComplete).not.toHaveBeenCalled();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(100);
  });
  expect(onComplete).toHaveBeenCalledTimes(1);
  expect(onComplete).toHaveBeenCalledWith(answer);
  expect(POST_VOTE_DELAY_MS).toBe(3000);
});

test('the vote share text, and the flow waits while the share dialog is open', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const onComplete = vi.fn();
  renderSignedIn(<DailyQuestion question={q} onComplete={onComplete} />);
  fireEvent.click(option('NO'));
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Share Your Prediction' }));
  const dialog = screen.getByRole('dialog', { name: 'Share Your Prediction' });
  expect(
    within(dialog).getByText(
      "I just voted NO on: Will the Springboks win the next test? What's your prediction? 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote",
    ),
  ).toBeTruthy();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5000);
  });
  expect(onComplete).not.toHaveBeenCalled();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(POST_VOTE_DELAY_MS);
  });
  expect(onComplete).toHaveBeenCalledTimes(1);
});

test('failure toast: the server message, else "Failed to submit answer"; the form stays', async () => {
  fetch.setHandler(routes({ 'POST /api/answers': () => json(409, { message: 'This question is closed' }) }));
  renderSignedIn(<DailyQuestion question={q} />);
  fireEvent.click(option('YES'));
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  let alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Error');
  expect(alert.textContent).toContain('This question is closed');
  expect(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' })).toBeTruthy();
  expect(screen.queryByText('Vote Recorded!')).toBeNull();

  resetToasts();
  fetch.setHandler(routes({ 'POST /api/answers': () => json(503, {}) }));
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to submit answer'));
  alert = screen.getByRole('alert');
  expect(alert).toBeTruthy();
  expect(voteOutbox.list()).toEqual([]);
});

test('no connection: the vote is queued on the phone (sent when the connection returns), no error toast', async () => {
  fetch.setHandler(routes({ 'POST /api/answers': () => Promise.reject(new TypeError('Failed to fetch')) }));
  renderSignedIn(<DailyQuestion question={q} />);
  fireEvent.click(option('NO'));
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  await waitFor(() => expect(voteOutbox.pendingFor('u1', 'q1')).toEqual({ userId: 'u1', questionId: 'q1', optionId: 'no', confidence: 75 }));
  expect(screen.queryByRole('alert')).toBeNull();
  // Back online: the queued vote goes out and leaves the queue.
  fetch.setHandler(routes());
  await voteOutbox.flush((vote) => fetch.mock(`/api/answers`, { method: 'POST', body: JSON.stringify(vote) }));
  expect(voteOutbox.list()).toEqual([]);
});

test('nothing is sent without a signed-in user', async () => {
  renderSignedIn(<DailyQuestion question={q} />, { user: null });
  fireEvent.click(option('YES'));
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  await act(async () => {
    await Promise.resolve();
  });
  expect(fetch.mock.mock.calls.some(([u]) => u === '/api/answers')).toBe(false);
});

test('a blind question before answering: the Blind badge and the number of predictions, no percentages or vote counts', async () => {
  fetch.setHandler(
    routes({ 'GET /api/questions/q1/public-results': () => json(200, { results: [], totalVotes: 3, isBlind: true, resultsHidden: true }) }),
  );
  renderSignedIn(<DailyQuestion question={{ ...q, isBlind: true, resultsHidden: true, results: [] }} />);
  expect(await screen.findByText('3 predictions so far')).toBeTruthy();
  expect(screen.getByText('Results are hidden until you answer')).toBeTruthy();
  expect(screen.getByText('Blind')).toBeTruthy();
  expect(option('YES').textContent).toBe('YES');
  expect(option('NO').textContent).toBe('NO');
  expect(screen.queryByText(/%/)).toBeNull();
});

test('confidence: a slider (50–99, default 75) once an option is chosen, moved with the keyboard, sent with the answer', async () => {
  renderSignedIn(<DailyQuestion question={q} />);
  expect(screen.queryByRole('slider')).toBeNull();
  fireEvent.click(option('YES'));
  const slider = screen.getByRole('slider', { name: /How sure are you\?/ }) as HTMLInputElement;
  expect([slider.min, slider.max, slider.value]).toEqual(['50', '99', '75']);
  expect(slider.getAttribute('aria-valuetext')).toBe('75%');
  // A native range input: the browser moves it on arrow keys and fires change (here, as the browser would).
  fireEvent.change(slider, { target: { value: '88' } });
  expect(slider.getAttribute('aria-valuetext')).toBe('88%');
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  await screen.findByRole('heading', { name: 'Vote Recorded!' });
  const calls = fetch.mock.mock.calls.filter(([u, init]) => u === '/api/answers' && init?.method === 'POST');
  expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ userId: 'u1', questionId: 'q1', optionId: 'yes', confidence: 88 });
});

// A question with resolution criteria and a close time: its criteria and close time shown; once closed (its close
// time came), no answer buttons, the time it closed and the results as the blind rule allows.
const CRITERIA = 'Resolves YES if SA Rugby confirms the result on its website.';
// 16:00 UTC is 18:00 SAST.
const closesAt = '2025-11-22T16:00:00.000Z';
const closing = { ...q, resolutionCriteria: CRITERIA, closesAt };

test('an open question shows its criteria and when it closes (SAST)', () => {
  vi.useFakeTimers({ now: new Date('2025-11-22T10:00:00.000Z'), shouldAdvanceTime: true });
  renderSignedIn(<DailyQuestion question={closing} />);
  expect(screen.getByText(CRITERIA)).toBeTruthy();
  expect(screen.getByText('How it resolves:')).toBeTruthy();
  expect(screen.getByText('Answering closes at 18:00')).toBeTruthy();
  expect(screen.getByRole('button', { name: /^YES/ })).toBeTruthy();
});

test('closed: no answer buttons, "Answering closed at 18:00", the criteria and the national results', async () => {
  renderSignedIn(<DailyQuestion question={{ ...closing, isClosed: true }} />);
  expect(screen.getByText('Answering closed at 18:00')).toBeTruthy();
  expect(screen.getByText(CRITERIA)).toBeTruthy();
  expect(screen.getByText('Closed')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^YES/ })).toBeNull();
  expect(screen.queryByRole('button', { name: '[ SUBMIT PREDICTION ]' })).toBeNull();
  const bars = await screen.findByRole('list', { name: 'National results' });
  expect(bars.textContent).toContain('67%');
  expect(bars.textContent).toContain('33%');
  expect(screen.getByText('3 predictions so far')).toBeTruthy();
});

test('a closed blind question shows only its number of predictions', async () => {
  fetch.setHandler(routes({ 'GET /api/questions/q1/public-results': () => json(200, { results: [], totalVotes: 4, isBlind: true, resultsHidden: true }) }));
  renderSignedIn(<DailyQuestion question={{ ...closing, isBlind: true, isClosed: true, resultsHidden: true, results: [] }} />);
  expect(await screen.findByText('4 predictions so far')).toBeTruthy();
  expect(screen.getByText('Results are hidden until the question resolves')).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'National results' })).toBeNull();
});

test('the form turns closed at the close time on this device’s clock, without a reload', async () => {
  vi.useFakeTimers({ now: new Date(Date.parse(closesAt) - 2000), shouldAdvanceTime: true });
  renderSignedIn(<DailyQuestion question={closing} />);
  fireEvent.click(screen.getByRole('button', { name: /^YES/ }));
  expect(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' })).toBeTruthy();
  await act(async () => vi.advanceTimersByTimeAsync(2500));
  expect(screen.getByText('Answering closed at 18:00')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '[ SUBMIT PREDICTION ]' })).toBeNull();
});

test('a refusal as closed (a clock behind the server’s) shows the server’s words and turns the form closed', async () => {
  vi.useFakeTimers({ now: new Date(Date.parse(closesAt) - 60_000), shouldAdvanceTime: true });
  fetch.setHandler(
    routes({ 'POST /api/answers': () => json(409, { message: 'Answering closed at 18:00', code: 'voteClosedAt', params: { hour: 18, minute: 0 } }) }),
  );
  renderSignedIn(<DailyQuestion question={closing} />);
  fireEvent.click(screen.getByRole('button', { name: /^NO/ }));
  fireEvent.click(screen.getByRole('button', { name: '[ SUBMIT PREDICTION ]' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Answering closed at 18:00'));
  expect(await screen.findByText('Answering closed at 18:00', { selector: '.qclosed' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^NO/ })).toBeNull();
});
