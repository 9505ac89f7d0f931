/** Many websocket clients in this process; each remembers when each message type/id first arrived. */
import { WebSocket } from 'ws';

export interface Fleet {
  sockets: WebSocket[];
  /** arrival time (performance.now()) per client of a message matching key */
  arrivals: Map<string, number[]>;
  /** count of messages per type (all clients) */
  counts: Map<string, number>;
  /** resolves when every open client has seen `key` (or the timeout passes); the arrival times. */
  waitAll(key: string, timeoutMs: number): Promise<number[]>;
  closeAll(): Promise<void>;
  failed: number;
  /** Every message the first client received: [time, raw]. */
  firstLog: [number, string][];
}

/** `keyOf` turns a message into a key (e.g. `new-question:<id>`), or undefined to ignore it. */
export async function connectFleet(
  url: string,
  n: number,
  headersOf: (i: number) => Record<string, string>,
  keyOf: (msg: string) => string | undefined,
  concurrency = 100,
): Promise<Fleet> {
  const sockets: WebSocket[] = [];
  const arrivals = new Map<string, number[]>();
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();
  const firstLog: [number, string][] = [];
  let failed = 0;
  // Kept as a count: waiters run on every message, so they must not walk the whole fleet (10,000 × 10,000 checks
  // would make the load generator, not the server, the slow side of a broadcast).
  let openCount = 0;
  let next = 0;
  const open = async () => {
    while (next < n) {
      const i = next++;
      await new Promise<void>((resolve) => {
        const ws = new WebSocket(url, { headers: headersOf(i), perMessageDeflate: false });
        ws.once('open', () => {
          sockets.push(ws);
          openCount++;
          ws.once('close', () => openCount--);
          resolve();
        });
        ws.once('error', () => {
          failed++;
          resolve();
        });
        ws.on('message', (data) => {
          const t = performance.now();
          const s = data.toString();
          if (i === 0) firstLog.push([t, s]);
          const type = /"type":"([^"]+)"/.exec(s)?.[1] ?? '?';
          counts.set(type, (counts.get(type) ?? 0) + 1);
          const key = keyOf(s);
          if (!key) return;
          let list = arrivals.get(key);
          if (!list) arrivals.set(key, (list = []));
          list.push(t);
          for (const w of waiters) w();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, open));
  return {
    sockets,
    arrivals,
    counts,
    firstLog,
    get failed() {
      return failed;
    },
    waitAll(key, timeoutMs) {
      return new Promise((resolve) => {
        const done = () => {
          if ((arrivals.get(key)?.length ?? 0) >= openCount) finish();
        };
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve(arrivals.get(key) ?? []);
        };
        const timer = setTimeout(finish, timeoutMs);
        waiters.add(done);
        done();
      });
    },
    async closeAll() {
      await Promise.all(
        sockets.map(
          (s) =>
            new Promise<void>((r) => {
              if (s.readyState === WebSocket.CLOSED) return r();
              s.once('close', () => r());
              s.terminate();
            }),
        ),
      );
    },
  } as Fleet;
}
