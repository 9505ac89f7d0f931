// The live channel's socket: its URL, reconnects (backoff, refusal, jitter), the live status and the resync.
import { expect, test, vi } from 'vitest';
import { LIVE_RECONNECT_MS, LIVE_RECONNECT_MAX_MS, LIVE_REFUSED_RECONNECT_MS, RECONNECT_JITTER, RESYNC_WINDOW_MS, liveUrl } from './liveClient';
import { FakeSocket, called, draw, invalidate, invalidatedKeys, logger, setDraw, start, connected, setUpLiveClientTests } from './liveTesting';

setUpLiveClientTests();

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

test('reconnects are spread over up to half the delay again', () => {
  setDraw(0.999);
  start();
  FakeSocket.instances[0]!.drop();
  vi.advanceTimersByTime(LIVE_RECONNECT_MS * (1 + RECONNECT_JITTER) - 10);
  expect(FakeSocket.instances).toHaveLength(1);
  vi.advanceTimersByTime(10);
  expect(FakeSocket.instances).toHaveLength(2);
});

test('the live status follows the socket: open → connected; closed, refused or stopped → not', () => {
  const client = start();
  expect(connected()).toBe(false);
  FakeSocket.instances[0]!.open();
  expect(connected()).toBe(true);
  FakeSocket.instances[0]!.drop();
  expect(connected()).toBe(false);
  vi.advanceTimersByTime(LIVE_RECONNECT_MS);
  FakeSocket.instances[1]!.open();
  expect(connected()).toBe(true);
  // Accepted, then refused (too many sockets from this address): polling resumes for the minute's wait.
  FakeSocket.instances[1]!.drop(1008, 'Too many connections from your address');
  expect(connected()).toBe(false);
  vi.advanceTimersByTime(LIVE_REFUSED_RECONNECT_MS);
  FakeSocket.instances[2]!.open();
  expect(connected()).toBe(true);
  client.stop();
  expect(connected()).toBe(false);
});

test('after a reconnect (messages were lost) the public figures are fetched once, at a random moment', () => {
  start();
  FakeSocket.instances[0]!.open();
  // The first open follows the page's own fetches: nothing to catch up.
  vi.advanceTimersByTime(RESYNC_WINDOW_MS);
  expect(called()).toBe(0);

  setDraw(0.5);
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
