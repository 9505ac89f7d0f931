// The bench's websocket fleet, in a worker thread of its own (wsclients.ts starts it): 10,000 sockets receiving a
// results-updated every second are 10,000 messages a second to parse, and on the load generator's thread that work
// stalled the open loop, whose latencies then included the generator's own delay. Times sent back are epoch
// milliseconds (performance.timeOrigin + now()), which the main thread turns into its own performance.now().
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { WebSocket } from 'ws';
// The web's own reconnect rules (the worker runs under tsx, which loads TypeScript).
import { reconnectDelay, RESYNC_WINDOW_MS } from '../../web/src/features/live/backoff.ts';

const { url, headers, mode, concurrency } = workerData;
/**
 * What a message is waited for by: `new-question` by its id and `results-updated` by its question and total (the
 * app), a broadcast by its number (bare ws).
 */
const keyOf =
  mode === 'bcast'
    ? (s) => (s.includes('"bcast"') ? /"bcast":(\d+)/.exec(s)?.[1] : undefined)
    : (s) => {
        if (s.startsWith('{"type":"new-question"')) return `nq:${/"question":\{"id":"([^"]+)"/.exec(s)?.[1]}`;
        if (s.startsWith('{"type":"results-updated"')) {
          const m = /"questionId":"([^"]+)","totalVotes":(\d+)/.exec(s);
          return m ? `ru:${m[1]}:${m[2]}` : undefined;
        }
        return undefined;
      };
const now = () => performance.timeOrigin + performance.now();

/** The open socket of each client (by index), or undefined. */
const sockets = new Array(headers.length);
const arrivals = new Map();
const firstLog = [];
const waiters = new Set();
let failed = 0;
// Kept as a count: waiters run on every keyed message, so they must not walk the whole fleet.
let openCount = 0;

function onMessage(i, data) {
  const t = now();
  const s = data.toString();
  if (i === 0) firstLog.push([t, s]);
  const key = keyOf(s);
  if (!key) return;
  let list = arrivals.get(key);
  if (!list) arrivals.set(key, (list = []));
  list.push(t);
  for (const w of waiters) w();
}

/**
 * One attempt to open client i's socket: 'open', or how it failed (the HTTP status of a refused handshake, or the
 * close code of a socket closed before or right after it opened).
 */
function connectOne(i, settleMs = 0) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: headers[i], perMessageDeflate: false });
    let settled = false;
    const settle = (r) => {
      if (!settled) resolve(r);
      settled = true;
    };
    ws.once('open', () => {
      sockets[i] = ws;
      openCount++;
      ws.once('close', (code) => {
        openCount--;
        if (sockets[i] === ws) sockets[i] = undefined;
        // Refused over a cap: the handshake completes and the close frame follows at once.
        settle({ code });
      });
      // In a storm, a socket counts as back once it has stayed open a moment (a refusal's close frame follows the
      // handshake at once).
      if (settleMs) setTimeout(() => settle('open'), settleMs);
      else settle('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      settle({ status: res.statusCode });
      ws.terminate();
    });
    ws.once('error', () => settle({ code: 1006 }));
    ws.on('message', (data) => onMessage(i, data));
  });
}

async function openAll() {
  let next = 0;
  const one = async () => {
    while (next < headers.length) if ((await connectOne(next++)) !== 'open') failed++;
  };
  await Promise.all(Array.from({ length: concurrency }, one));
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

/** Per keyed message whose key starts with `prefix`: [sockets reached, first arrival, last arrival]; then forgotten. */
function spreads(prefix) {
  const out = [];
  for (const [key, list] of arrivals) {
    if (!key.startsWith(prefix)) continue;
    out.push([list.length, Math.min(...list), Math.max(...list)]);
    arrivals.delete(key);
  }
  return out;
}

/**
 * Every socket dropped at once, then each client comes back as the web's live client does: the web's jittered
 * backoff before each try (reconnectDelay), and once open, its resync (a GET of each of `resync`) at a random
 * moment in the web's window. Gives up on a client after `timeoutMs`.
 */
async function storm({ timeoutMs, resync }) {
  const http = new Pool(url.replace(/^ws/, 'http').replace(/\/ws$/, ''), { connections: 64 });
  const out = { dropped: 0, attempts: 0, refusedHttp: {}, closeCodes: {}, back: 0, backAt: [], resync: {}, resyncErrors: 0 };
  const resyncs = [];
  const t0 = now();
  for (const ws of sockets) {
    if (!ws) continue;
    out.dropped++;
    ws.terminate();
  }
  const comeBack = async (i) => {
    for (let failures = 0, code = 1006; now() - t0 < timeoutMs; failures++) {
      await new Promise((r) => setTimeout(r, reconnectDelay(failures, code, Math.random)));
      out.attempts++;
      const r = await connectOne(i, 200);
      if (r === 'open') {
        out.back++;
        out.backAt.push(now() - 200);
        resyncs.push(
          new Promise((r) => setTimeout(r, Math.random() * RESYNC_WINDOW_MS)).then(() =>
            Promise.all(
              resync.map((path) =>
                http.request({ path, method: 'GET', headers: { cookie: headers[i].cookie } }).then(
                  async (res) => {
                    await res.body.dump();
                    out.resync[res.statusCode] = (out.resync[res.statusCode] ?? 0) + 1;
                  },
                  () => out.resyncErrors++,
                ),
              ),
            ),
          ),
        );
        return;
      }
      if (r.status) out.refusedHttp[r.status] = (out.refusedHttp[r.status] ?? 0) + 1;
      else out.closeCodes[r.code] = (out.closeCodes[r.code] ?? 0) + 1;
      code = r.code ?? 1006;
    }
  };
  // Wait for the drop to be complete on this side before anyone comes back.
  while (openCount > 0) await new Promise((r) => setTimeout(r, 5));
  await Promise.all(headers.map((_, i) => comeBack(i)));
  await Promise.all(resyncs);
  await http.close();
  const back = out.backAt.map((t) => t - t0).sort((a, b) => a - b);
  const q = (p) => back[Math.min(back.length - 1, Math.floor((p / 100) * back.length))] ?? NaN;
  return { ...out, backAt: undefined, backP50Ms: q(50), backP99Ms: q(99), backMaxMs: back.at(-1) ?? NaN };
}

async function closeAll() {
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise((r) => {
          if (!s || s.readyState === WebSocket.CLOSED) return r();
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
  else if (op === 'spreads') result = spreads(args.prefix);
  else if (op === 'openNow') result = openCount;
  else if (op === 'storm') result = await storm(args);
  else if (op === 'closeAll') result = await closeAll();
  parentPort.postMessage({ id, result });
});

await openAll();
parentPort.postMessage({ id: 0, result: { open: openCount, failed } });
