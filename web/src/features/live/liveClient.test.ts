import { createLiveNews } from './liveBanner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import {
  type Notify,
  FRIEND_ANSWERS_REFRESH_MS,
  LIVE_RECONNECT_MS,
  LIVE_RECONNECT_MAX_MS,
  LIVE_REFUSED_RECONNECT_MS,
  NEW_QUESTION_TITLE,
  RECONNECT_JITTER,
  RESOLVED_TITLE,
  RESYNC_WINDOW_MS,
  answerLabel,
  liveUrl,
  parseLiveMessage,
  startLiveClient,
} from './liveClient';
import { createLiveStatus, type LiveStatus } from './liveStatus';
import { setLanguage } from '../../i18n';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event?: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  emit(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }
}

let queryClient: QueryClient;
let invalidate: { mock: { calls: unknown[][] } };
const called = () => invalidate.mock.calls.length;
let notify: ReturnType<typeof vi.fn<Notify>>;
let logger: { warn: ReturnType<typeof vi.fn<(...args: unknown[]) => void>> };
let status: LiveStatus;
/** The jitter's draw: 0 gives the shortest waits (the base delays). */
let draw: number;

const start = () =>
  startLiveClient({
    queryClient,
    url: 'ws://app.test/ws',
    notify,
    logger,
    status,
    random: () => draw,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });

const invalidatedKeys = (): unknown[][] =>
  invalidate.mock.calls.map(([filters]) => (filters as { queryKey: unknown[] }).queryKey);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  queryClient = new QueryClient();
  invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  notify = vi.fn<Notify>();
  logger = { warn: vi.fn<(...args: unknown[]) => void>() };
  status = createLiveStatus();
  draw = 0;
});
afterEach(() => vi.useRealTimers());

test('the url follows the page protocol', () => {
  expect(liveUrl({ protocol: 'https:', host: 'mzansi.example' })).toBe('wss://mzansi.example/ws');
  expect(liveUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
});

test('reconnects 3 s after the socket closes, and not after stop()', () => {
  const client = start();
  expect(FakeSocket.instances).toHaveLength(1);
  expect(FakeSocket.instances[0]!.url).toBe('ws://app.test/ws');

  FakeSocket.instances[0]!.drop();
  vi.advanceTimersByTime(LIVE_RECONNECT_MS - 1);
  expect(FakeSocket.instances).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(FakeSocket.instances).toHaveLength(2);

  client.stop();
  expect(FakeSocket.instances[1]!.closed).toBe(true);
  FakeSocket.instances[1]!.drop();
  vi.advanceTimersByTime(10 * LIVE_RECONNECT_MS);
  expect(FakeSocket.instances).toHaveLength(2);
});

test('failed reconnects back off exponentially up to LIVE_RECONNECT_MAX_MS; an open socket starts again from LIVE_RECONNECT_MS', () => {
  start();
  const waits: number[] = [];
  for (let i = 0; i < 7; i++) {
    const before = FakeSocket.instances.length;
    FakeSocket.instances[before - 1]!.drop(1006, '');
    let waited = 0;
    while (FakeSocket.instances.length === before) {
      vi.advanceTimersByTime(100);
      waited += 100;
    }
    waits.push(waited);
  }
  expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30].map((s) => Math.min(s * 1000, LIVE_RECONNECT_MAX_MS)));
  FakeSocket.instances.at(-1)!.open();
  FakeSocket.instances.at(-1)!.drop(1012, 'Server restarting');
  vi.advanceTimersByTime(LIVE_RECONNECT_MS);
  expect(FakeSocket.instances).toHaveLength(9);
});

test('refused by the gateway (1008 too many from this address, 1013 busy): says why and waits a minute', () => {
  start();
  FakeSocket.instances[0]!.drop(1008, 'Too many connections from your address');
  expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('Too many connections from your address'));
  vi.advanceTimersByTime(LIVE_REFUSED_RECONNECT_MS - 1);
  expect(FakeSocket.instances).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(FakeSocket.instances).toHaveLength(2);

  FakeSocket.instances[1]!.drop(1013, 'The server is busy. Please try again later');
  vi.advanceTimersByTime(LIVE_RECONNECT_MS);
  expect(FakeSocket.instances).toHaveLength(2);
  vi.advanceTimersByTime(LIVE_REFUSED_RECONNECT_MS - LIVE_RECONNECT_MS);
  expect(FakeSocket.instances).toHaveLength(3);

  // Any other close (1006 network, 1012 server restart) of a socket that had opened retries after LIVE_RECONNECT_MS.
  FakeSocket.instances[2]!.open();
  FakeSocket.instances[2]!.drop(1012, 'Server restarting');
  vi.advanceTimersByTime(LIVE_RECONNECT_MS);
  expect(FakeSocket.instances).toHaveLength(4);
});

test('new-question: persistent notification with the question text; refreshes today and public', () => {
  start();
  FakeSocket.instances[0]!.emit({ type: 'new-question', question: { id: 'q9', text: 'Will load shedding return this winter', options: [] } });
  expect(notify).toHaveBeenCalledWith(NEW_QUESTION_TITLE, expect.objectContaining({ body: 'Will load shedding return this winter?', persistent: true }));
  expect(NEW_QUESTION_TITLE).toBe('Mzansi Predicts Question!');
  expect(invalidatedKeys()).toEqual(expect.arrayContaining([['/api/questions/today'], ['/api/questions/public']]));
});

test('new-question in isiZulu: the notification shows the translated text the message carries', async () => {
  await setLanguage('zu', { remember: false });
  try {
    start();
    FakeSocket.instances[0]!.emit({
      type: 'new-question',
      question: { id: 'q8', text: 'Will it rain', options: [], translations: { zu: { text: 'Ngabe lizona', options: {} }, af: { text: 'Sal dit reën' } } },
    });
    expect(notify).toHaveBeenCalledWith(NEW_QUESTION_TITLE, expect.objectContaining({ body: 'Ngabe lizona?' }));
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
  const news = createLiveNews();
  startLiveClient({ queryClient, url: 'ws://app.test/ws', notify, logger, status, news, random: () => draw, WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
  const socket = FakeSocket.instances[0]!;
  expect(news.current()).toBeNull();
  socket.emit({ type: 'new-question', question: { id: 'q9', text: 'Will it rain', options: [] } });
  expect(news.current()).toEqual({ kind: 'new-question', questionId: 'q9' });
  socket.emit({ type: 'question-resolved', questionId: 'q1', correctOptionId: 'no' });
  expect(news.current()).toEqual({ kind: 'resolved', questionId: 'q1' });
  socket.emit({ type: 'results-updated', questionId: 'q1', totalVotes: 1, results: [] });
  expect(news.current()).toEqual({ kind: 'resolved', questionId: 'q1' });
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

test('reconnects are spread over up to half the delay again', () => {
  draw = 0.999;
  start();
  FakeSocket.instances[0]!.drop();
  vi.advanceTimersByTime(LIVE_RECONNECT_MS * (1 + RECONNECT_JITTER) - 10);
  expect(FakeSocket.instances).toHaveLength(1);
  vi.advanceTimersByTime(10);
  expect(FakeSocket.instances).toHaveLength(2);
});

test('the live status follows the socket: open → connected; closed, refused or stopped → not', () => {
  const client = start();
  expect(status.connected()).toBe(false);
  FakeSocket.instances[0]!.open();
  expect(status.connected()).toBe(true);
  FakeSocket.instances[0]!.drop();
  expect(status.connected()).toBe(false);
  vi.advanceTimersByTime(LIVE_RECONNECT_MS);
  FakeSocket.instances[1]!.open();
  expect(status.connected()).toBe(true);
  // Accepted, then refused (too many sockets from this address): polling resumes for the minute's wait.
  FakeSocket.instances[1]!.drop(1008, 'Too many connections from your address');
  expect(status.connected()).toBe(false);
  vi.advanceTimersByTime(LIVE_REFUSED_RECONNECT_MS);
  FakeSocket.instances[2]!.open();
  expect(status.connected()).toBe(true);
  client.stop();
  expect(status.connected()).toBe(false);
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

test('after a reconnect (messages were lost) the public figures are fetched once, at a random moment', () => {
  start();
  FakeSocket.instances[0]!.open();
  // The first open follows the page's own fetches: nothing to catch up.
  vi.advanceTimersByTime(RESYNC_WINDOW_MS);
  expect(called()).toBe(0);

  draw = 0.5;
  FakeSocket.instances[0]!.drop();
  vi.advanceTimersByTime(LIVE_RECONNECT_MS * (1 + RECONNECT_JITTER * draw));
  FakeSocket.instances[1]!.open();
  vi.advanceTimersByTime(RESYNC_WINDOW_MS * draw - 1);
  expect(called()).toBe(0);
  vi.advanceTimersByTime(1);
  const keys = invalidatedKeys();
  expect(keys).toEqual(expect.arrayContaining([['/api/questions/today'], ['/api/questions/public']]));
  const predicate = (invalidate.mock.calls.find(([f]) => (f as { predicate?: unknown }).predicate)![0] as {
    predicate: (q: { queryKey: unknown[] }) => boolean;
  }).predicate;
  expect(predicate({ queryKey: ['/api/questions', 'q1', 'public-results'] })).toBe(true);
  expect(predicate({ queryKey: ['/api/questions', 'q1', 'results'] })).toBe(false);

  // Dropped again before the resync ran: polling covers the gap, the pending resync is dropped with the socket.
  invalidate.mock.calls.length = 0;
  FakeSocket.instances[1]!.drop();
  vi.advanceTimersByTime(LIVE_RECONNECT_MS * 2);
  FakeSocket.instances[2]!.open();
  FakeSocket.instances[2]!.drop();
  vi.advanceTimersByTime(RESYNC_WINDOW_MS);
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

    draw = 0.5;
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
