// The live channel's messages: parsed defensively, then turned into notifications, banner news and cache updates.
import { expect, test, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { liveNewsAtom } from './liveBanner';
import { createAppStore } from '../../lib/appStore';
import { FRIEND_ANSWERS_REFRESH_MS, NEW_QUESTION_TITLE, RESOLVED_TITLE, startLiveClient } from './liveClient';
import { answerLabel, parseLiveMessage } from './liveMessages';
import { FakeSocket, called, draw, invalidatedKeys, logger, notify, queryClient, setDraw, start, setUpLiveClientTests } from './liveTesting';
import { setLanguage } from '../../i18n';

setUpLiveClientTests();

test('new-question: persistent notification with the question text; refreshes today and public', () => {
  start();
  FakeSocket.instances[0]!.emit({ type: 'new-question', question: { id: 'q9', text: 'Will load shedding return this winter', options: [] } });
  expect(notify).toHaveBeenCalledWith(NEW_QUESTION_TITLE, expect.objectContaining({ body: 'Will load shedding return this winter?', persistent: true }));
  expect(NEW_QUESTION_TITLE).toBe('Mzansi Predicts Question!');
  expect(invalidatedKeys()).toEqual(expect.arrayContaining([['/api/questions/today'], ['/api/questions/public']]));
});

test('new-question and question-resolved in isiZulu: the notification words and the translated text the message carries', async () => {
  await setLanguage('zu', { remember: false });
  try {
    start();
    FakeSocket.instances[0]!.emit({
      type: 'new-question',
      question: { id: 'q8', text: 'Will it rain', options: [], translations: { zu: { text: 'Ngabe lizona', options: {} }, af: { text: 'Sal dit reën' } } },
    });
    expect(notify).toHaveBeenCalledWith('Umbuzo we-Mzansi Predicts!', expect.objectContaining({ body: 'Ngabe lizona?' }));
    // A resolution: its title and the answer's words in isiZulu too.
    FakeSocket.instances[0]!.emit({ type: 'question-resolved', questionId: 'q-unknown', correctOptionId: 'yes' });
    expect(notify).toHaveBeenCalledWith('Umbuzo Uxazululiwe!', expect.objectContaining({ body: 'Impendulo efanele: Yebo' }));
  } finally {
    await setLanguage('en', { remember: false });
  }
});

test('question-resolved: "Question Resolved!" with Yes / No; refreshes public questions', () => {
  queryClient.setQueryData(['/api/questions/public'], [{ id: 'q1', text: 'Will it rain', options: [] }]);
  start();
  FakeSocket.instances[0]!.emit({ type: 'question-resolved', questionId: 'q1', correctOptionId: 'no' });
  expect(RESOLVED_TITLE).toBe('Question Resolved!');
  const [title, options] = notify.mock.calls[0]!;
  expect(title).toBe('Question Resolved!');
  expect(options.body).toContain('Will it rain?');
  expect(options.body).toContain('No');
  expect(options.persistent).toBeFalsy();
  expect(invalidatedKeys()).toEqual(expect.arrayContaining([['/api/questions/public']]));

  notify.mockClear();
  FakeSocket.instances[0]!.emit({ type: 'question-resolved', questionId: 'unknown', correctOptionId: 'yes' });
  expect(notify.mock.calls[0]![1].body).toContain('Yes');
});

test('a new question and a resolution also reach the in-app banner store', () => {
  const news = createAppStore();
  startLiveClient({ queryClient, url: 'ws://app.test/ws', notify, logger, store: news, random: () => draw, WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
  const socket = FakeSocket.instances[0]!;
  expect(news.get(liveNewsAtom)).toBeNull();
  socket.emit({ type: 'new-question', question: { id: 'q9', text: 'Will it rain', options: [] } });
  expect(news.get(liveNewsAtom)).toEqual({ kind: 'new-question', questionId: 'q9' });
  socket.emit({ type: 'question-resolved', questionId: 'q1', correctOptionId: 'no' });
  expect(news.get(liveNewsAtom)).toEqual({ kind: 'resolved', questionId: 'q1' });
  socket.emit({ type: 'results-updated', questionId: 'q1', totalVotes: 1, results: [] });
  expect(news.get(liveNewsAtom)).toEqual({ kind: 'resolved', questionId: 'q1' });
  socket.emit({ type: 'question-resolved', questionId: 'q1', correctOptionId: 'yes', corrected: true });
  expect(news.get(liveNewsAtom)).toEqual({ kind: 'corrected', questionId: 'q1' });
});

test('a corrected resolution: "Resolution Corrected!" with the new answer, and the figures read again', () => {
  queryClient.setQueryData(['/api/questions/public'], [{ id: 'q1', text: 'Will it rain', options: [] }]);
  start();
  FakeSocket.instances[0]!.emit({ type: 'question-resolved', questionId: 'q1', correctOptionId: 'yes', corrected: true });
  const [title, options] = notify.mock.calls[0]!;
  expect(title).toBe('Resolution Corrected!');
  expect(options.body).toContain('Will it rain?');
  expect(options.body).toContain('Yes');
  expect(invalidatedKeys()).toEqual(expect.arrayContaining([['/api/questions/public']]));
});

test('unparseable or unknown messages are only logged', () => {
  start();
  const socket = FakeSocket.instances[0]!;
  socket.emit('{not json');
  socket.emit({ type: 'something-else' });
  socket.emit({ type: 'new-question' });
  vi.advanceTimersByTime(1000);
  expect(logger.warn).toHaveBeenCalledTimes(3);
  expect(called()).toBe(0);
  expect(notify).not.toHaveBeenCalled();
  expect(FakeSocket.instances).toHaveLength(1);
});

test('message parsing and answer labels', () => {
  expect(parseLiveMessage(42)).toBeNull();
  expect(parseLiveMessage('null')).toBeNull();
  expect(parseLiveMessage(JSON.stringify({ type: 'question-resolved', questionId: 'q', correctOptionId: 'yes' }))).toEqual({
    type: 'question-resolved',
    questionId: 'q',
    correctOptionId: 'yes',
  });
  expect(answerLabel('option1')).toBe('Yes');
  expect(answerLabel('option2')).toBe('No');
  expect(answerLabel('x', [{ id: 'x', text: 'Maybe' }])).toBe('Maybe');
});

test('results-updated is written into the cache: no invalidation, no refetch', () => {
  queryClient.setQueryData(['/api/questions', 'q1', 'public-results'], {
    results: [
      { optionId: 'yes', percentage: 100, votes: 1 },
      { optionId: 'no', percentage: 0, votes: 0 },
    ],
    totalVotes: 1,
  });
  start();
  FakeSocket.instances[0]!.open();
  FakeSocket.instances[0]!.emit({
    type: 'results-updated',
    questionId: 'q1',
    totalVotes: 4,
    results: [
      { optionId: 'yes', votes: 1, percentage: 25 },
      { optionId: 'no', votes: 3, percentage: 75 },
    ],
  });
  expect(queryClient.getQueryData(['/api/questions', 'q1', 'public-results'])).toEqual({
    results: [
      { optionId: 'yes', percentage: 25, votes: 1 },
      { optionId: 'no', percentage: 75, votes: 3 },
    ],
    totalVotes: 4,
  });
  vi.advanceTimersByTime(60_000);
  expect(called()).toBe(0);
});

test("friends' answers: refetched once after the question's counts change, within the window; idle, never", async () => {
  const friendKey = ['/api/questions/q1/friend-answers?userId=u1'];
  const queryFn = vi.fn(async () => ({ friendAnswers: [] }));
  queryClient.setQueryData(friendKey, { friendAnswers: [] });
  const observer = new QueryObserver(queryClient, { queryKey: friendKey, queryFn, staleTime: Infinity });
  const unsubscribe = observer.subscribe(() => undefined);
  try {
    start();
    FakeSocket.instances[0]!.open();
    vi.advanceTimersByTime(10 * FRIEND_ANSWERS_REFRESH_MS);
    expect(queryFn).not.toHaveBeenCalled();

    setDraw(0.5);
    const update = (total: number) =>
      FakeSocket.instances[0]!.emit({ type: 'results-updated', questionId: 'q1', totalVotes: total, results: [{ optionId: 'yes', votes: total, percentage: 100 }] });
    update(1);
    update(2);
    // Another question's votes do not touch q1's friends.
    FakeSocket.instances[0]!.emit({ type: 'results-updated', questionId: 'q2', totalVotes: 1, results: [{ optionId: 'yes', votes: 1, percentage: 100 }] });
    vi.advanceTimersByTime(FRIEND_ANSWERS_REFRESH_MS * draw - 1);
    expect(queryFn).not.toHaveBeenCalled();
    update(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * FRIEND_ANSWERS_REFRESH_MS);
    expect(queryFn).toHaveBeenCalledTimes(1);
  } finally {
    unsubscribe();
  }
});

test("friends' answers not on screen: nothing is scheduled", () => {
  queryClient.setQueryData(['/api/questions/q1/friend-answers?userId=u1'], { friendAnswers: [] });
  start();
  FakeSocket.instances[0]!.emit({ type: 'results-updated', questionId: 'q1', totalVotes: 1, results: [{ optionId: 'yes', votes: 1, percentage: 100 }] });
  vi.advanceTimersByTime(FRIEND_ANSWERS_REFRESH_MS);
  expect(called()).toBe(0);
});

test('results-updated parsing: rows checked, optionText only when sent, total from the rows when missing', () => {
  expect(
    parseLiveMessage(
      JSON.stringify({
        type: 'results-updated',
        questionId: 'q',
        results: [{ optionId: 'yes', votes: 2, percentage: 66.7, optionText: 'Yes' }, { optionId: 'no', votes: 1, percentage: 33.3 }, { votes: 4 }, { optionId: 'x' }],
      }),
    ),
  ).toEqual({
    type: 'results-updated',
    questionId: 'q',
    totalVotes: 3,
    results: [
      { optionId: 'yes', optionText: 'Yes', votes: 2, percentage: 66.7 },
      { optionId: 'no', votes: 1, percentage: 33.3 },
    ],
  });
});
