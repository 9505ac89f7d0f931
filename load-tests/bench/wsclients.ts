/**
 * Many websocket clients, held by a worker thread (wsfleet-worker.mjs) so that their messages do not stall the load
 * generator's event loop; each remembers when each keyed message first arrived. Times are this thread's
 * performance.now().
 */
import { Worker } from 'node:worker_threads';

export interface Fleet {
  /** Sockets that opened. */
  open: number;
  failed: number;
  /** Resolves when every open client has seen `key` (or the timeout passes): the arrival times. */
  waitAll(key: string, timeoutMs: number): Promise<number[]>;
  /** Every message the first client received since entry `from` ([time, raw]), and the log's new length. */
  firstLog(from: number): Promise<{ entries: [number, string][]; length: number }>;
  /** Per keyed message whose key starts with `prefix` (e.g. `ru:<question id>:`): sockets reached, and first to last arrival (ms). */
  spreads(prefix: string): Promise<{ reached: number; spreadMs: number }[]>;
  /** Sockets open now. */
  openNow(): Promise<number>;
  /** Drops every socket at once and brings each back with the web's backoff and resync (wsfleet-worker.mjs). */
  storm(args: { timeoutMs: number; resync: string[] }): Promise<StormResult>;
  closeAll(): Promise<void>;
}

export interface StormResult {
  dropped: number;
  back: number;
  attempts: number;
  /** Handshakes answered with an HTTP status, by status; sockets closed right after opening, by close code. */
  refusedHttp: Record<string, number>;
  closeCodes: Record<string, number>;
  /** From the drop to each socket's reopening. */
  backP50Ms: number;
  backP99Ms: number;
  backMaxMs: number;
  /** The returning pages' resync GETs, by status. */
  resync: Record<string, number>;
  resyncErrors: number;
}

/**
 * `mode` says which messages are waited for: 'new-question' (the app's, keyed `nq:<question id>`) or 'bcast' (the bare
 * ws baseline's, keyed by its number).
 */
export async function connectFleet(url: string, headers: Record<string, string>[], mode: 'new-question' | 'bcast', concurrency = 100): Promise<Fleet> {
  const worker = new Worker(new URL('./wsfleet-worker.mjs', import.meta.url), { workerData: { url, headers, mode, concurrency } });
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  const toLocal = (epochMs: number) => epochMs - performance.timeOrigin;
  const ready = new Promise<{ open: number; failed: number }>((resolve, reject) => {
    pending.set(0, resolve as (r: unknown) => void);
    worker.once('error', reject);
  });
  worker.on('message', ({ id, result }: { id: number; result: unknown }) => {
    pending.get(id)?.(result);
    pending.delete(id);
  });
  const call = <T>(op: string, args: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (r: unknown) => void);
      worker.postMessage({ id, op, args });
    });
  const { open, failed } = await ready;
  return {
    open,
    failed,
    async waitAll(key, timeoutMs) {
      return (await call<number[]>('waitAll', { key, timeoutMs })).map(toLocal);
    },
    async firstLog(from) {
      const entries = (await call<[number, string][]>('firstLog', { from })).map(([t, s]) => [toLocal(t), s] as [number, string]);
      return { entries, length: from + entries.length };
    },
    async spreads(prefix) {
      return (await call<[number, number, number][]>('spreads', { prefix })).map(([reached, first, last]) => ({ reached, spreadMs: last - first }));
    },
    openNow: () => call<number>('openNow'),
    storm: (args) => call<StormResult>('storm', args),
    async closeAll() {
      await call('closeAll');
      await worker.terminate();
    },
  };
}
