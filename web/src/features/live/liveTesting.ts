// The live client's tests' harness (imported by tests only): a fake WebSocket, a query client whose invalidations
// are counted, and the client started against them with an injected jitter draw. A test file calls
// setUpLiveClientTests() once; the exported bindings are fresh for each test.
import { afterEach, beforeEach, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { startLiveClient, type Notify } from './liveClient';
import { createAppStore, type AppStore } from '../../lib/appStore';
import { liveConnectedAtom } from './liveStatus';

export class FakeSocket {
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

export let queryClient: QueryClient;
export let invalidate: { mock: { calls: unknown[][] } };
export let notify: ReturnType<typeof vi.fn<Notify>>;
export let logger: { warn: ReturnType<typeof vi.fn<(...args: unknown[]) => void>> };
/** The store the live client under test writes (its open/closed state, the banner's news). */
export let store: AppStore;
/** Whether the client under test says the channel is open. */
export const connected = () => store.get(liveConnectedAtom);
/** The jitter's draw: 0 gives the shortest waits (the base delays). */
export let draw: number;
export const called = () => invalidate.mock.calls.length;
export const setDraw = (value: number) => {
  draw = value;
};

export const start = () =>
  startLiveClient({
    queryClient,
    url: 'ws://app.test/ws',
    notify,
    logger,
    store,
    random: () => draw,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });

export const invalidatedKeys = (): unknown[][] =>
  invalidate.mock.calls.map(([filters]) => (filters as { queryKey: unknown[] }).queryKey);

export function setUpLiveClientTests() {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    queryClient = new QueryClient();
    invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    notify = vi.fn<Notify>();
    logger = { warn: vi.fn<(...args: unknown[]) => void>() };
    store = createAppStore();
    draw = 0;
  });
  afterEach(() => vi.useRealTimers());
}
