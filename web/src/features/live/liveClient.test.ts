import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { type Notify, LIVE_RECONNECT_MS, LIVE_REFUSED_RECONNECT_MS, NEW_QUESTION_TITLE, RESOLVED_TITLE, answerLabel, liveUrl, parseLiveMessage, startLiveClient } from './liveClient';

class FakeSocket {
  static instances: FakeSocket[] = [];
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

const start = () =>
  startLiveClient({
    queryClient,
    url: 'ws://app.test/ws',
    notify,
    logger,
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

  // Any other close (1006 network, 1001 server restart) retries after 3 s as before.
  FakeSocket.instances[2]!.drop(1001, 'Server shutting down');
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

test('results-updated: debounced invalidation of the results, public results and public questions', () => {
  start();
  const socket = FakeSocket.instances[0]!;
  socket.emit({ type: 'results-updated', questionId: 'q1', totalVotes: 3, results: [] });
  socket.emit({ type: 'results-updated', questionId: 'q2', totalVotes: 1, results: [] });
  socket.emit({ type: 'results-updated', questionId: 'q1', totalVotes: 4, results: [] });
  expect(called()).toBe(0);
  vi.advanceTimersByTime(300);
  const keys = invalidatedKeys();
  expect(keys).toEqual(
    expect.arrayContaining([
      ['/api/questions', 'q1', 'public-results'],
      ['/api/questions', 'q1', 'results'],
      ['/api/questions', 'q2', 'public-results'],
      ['/api/questions', 'q2', 'results'],
      ['/api/questions/public'],
    ]),
  );
  expect(keys.filter((k) => k[1] === 'q1')).toHaveLength(2);
  expect(keys.filter((k) => k[0] === '/api/questions/public')).toHaveLength(1);
  expect(notify).not.toHaveBeenCalled();
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
