// The bench's websocket fleet, in a worker thread of its own (wsclients.ts starts it): 10,000 sockets receiving a
// results-updated every second are 10,000 messages a second to parse, and on the load generator's thread that work
// stalled the open loop, whose latencies then included the generator's own delay. Times sent back are epoch
// milliseconds (performance.timeOrigin + now()), which the main thread turns into its own performance.now().
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

const { url, headers, mode, concurrency } = workerData;
/** What a message is waited for by: `new-question` by its id (the app), a broadcast by its number (bare ws). */
const keyOf =
  mode === 'bcast'
    ? (s) => (s.includes('"bcast"') ? /"bcast":(\d+)/.exec(s)?.[1] : undefined)
    : (s) => (s.startsWith('{"type":"new-question"') ? `nq:${/"question":\{"id":"([^"]+)"/.exec(s)?.[1]}` : undefined);
const now = () => performance.timeOrigin + performance.now();

const sockets = [];
const arrivals = new Map();
const firstLog = [];
const waiters = new Set();
let failed = 0;
// Kept as a count: waiters run on every keyed message, so they must not walk the whole fleet.
let openCount = 0;
let next = 0;

async function open() {
  while (next < headers.length) {
    const i = next++;
    await new Promise((resolve) => {
      const ws = new WebSocket(url, { headers: headers[i], perMessageDeflate: false });
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
        const t = now();
        const s = data.toString();
        if (i === 0) firstLog.push([t, s]);
        const key = keyOf(s);
        if (!key) return;
        let list = arrivals.get(key);
        if (!list) arrivals.set(key, (list = []));
        list.push(t);
        for (const w of waiters) w();
      });
    });
  }
}

function waitAll(key, timeoutMs) {
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
}

async function closeAll() {
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise((r) => {
          if (s.readyState === WebSocket.CLOSED) return r();
          s.once('close', () => r());
          s.terminate();
        }),
    ),
  );
}

parentPort.on('message', async ({ id, op, args }) => {
  let result;
  if (op === 'waitAll') result = await waitAll(args.key, args.timeoutMs);
  else if (op === 'firstLog') result = firstLog.slice(args.from);
  else if (op === 'closeAll') result = await closeAll();
  parentPort.postMessage({ id, result });
});

await Promise.all(Array.from({ length: concurrency }, open));
parentPort.postMessage({ id: 0, result: { open: sockets.length, failed } });
