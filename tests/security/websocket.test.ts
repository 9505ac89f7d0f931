// The live channel (/ws) — foreign Origin refused at the handshake, frames over 64 KiB close
// the socket (1009), a signed-out session's socket is closed (heartbeat check, LIVE_HEARTBEAT_MS).
// Connections: sockets per address (WS_MAX_PER_IP, default 20) and per process (WS_MAX_TOTAL) refused
// with a close code and reason; slow request bodies cut off by HTTP_REQUEST_TIMEOUT_MS (2 s here); /readyz and
// another client's latency unaffected throughout.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PUBLIC_URL, startGatewayForTest, until } from '../api/helpers.js';
import { metricValue, startSystem, type SecUser, type System } from './system.js';

const HEARTBEAT_MS = 250;
const REQUEST_TIMEOUT_MS = 2_000;
let sys: System;
let u: SecUser;
let wsUrl: string;

beforeAll(async () => {
  sys = await startSystem({ gatewayEnv: { LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
  u = await sys.user('Ws');
  wsUrl = sys.base.replace('http:', 'ws:') + '/ws';
});

afterAll(async () => {
  await sys?.stop();
});

function connect(opts: { origin?: string; cookie?: string; localAddress?: string; headers?: Record<string, string>; url?: string } = {}) {
  const headers = { ...opts.headers, ...(opts.cookie ? { cookie: opts.cookie } : {}) };
  const ws = new WebSocket(opts.url ?? wsUrl, { origin: opts.origin, headers, handshakeTimeout: 10_000, localAddress: opts.localAddress });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake ${res.statusCode}`)));
    ws.once('error', reject);
  });
  opened.catch(() => undefined);
  return { ws, opened, closed };
}

describe('scenario 19: websocket', () => {
  it('a foreign Origin is refused at the handshake (403); the app origin and no Origin are accepted', async () => {
    for (const origin of ['https://evil.example', 'null', `${PUBLIC_URL}.evil.example`, 'http://localhost:8081']) {
      const c = connect({ origin, cookie: u.b.cookieHeader });
      await expect(c.opened, origin).rejects.toThrow(/handshake 403/);
    }
    for (const origin of [PUBLIC_URL, undefined]) {
      const c = connect({ origin });
      await c.opened;
      c.ws.close();
      await c.closed;
    }
  });

  it('a frame over 64 KiB closes the socket with 1009; 64 KiB exactly is fine', async () => {
    const c = connect({ origin: PUBLIC_URL, cookie: u.b.cookieHeader });
    await c.opened;
    c.ws.send(Buffer.alloc(64 * 1024, 0x61));
    // The server reads frames in order: once a ping sent after the frame has its pong, the frame was read and accepted
    // (one over the limit would have closed the socket before the pong).
    await new Promise<void>((resolve) => {
      c.ws.once('pong', () => resolve());
      c.ws.once('close', () => resolve());
      c.ws.ping();
    });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.send(Buffer.alloc(64 * 1024 + 1, 0x61));
    const { code } = await c.closed;
    expect(code).toBe(1009);
  });

  it("a signed-out session's socket is closed within a couple of heartbeats; a signed-in one stays open", async () => {
    const other = await sys.user('WsStay');
    const leaving = connect({ origin: PUBLIC_URL, cookie: u.b.cookieHeader });
    const staying = connect({ origin: PUBLIC_URL, cookie: other.b.cookieHeader });
    await Promise.all([leaving.opened, staying.opened]);
    const started = Date.now();
    expect((await u.b.post('/api/auth/logout')).status).toBe(200);
    const closed = await Promise.race([leaving.closed, new Promise<null>((r) => setTimeout(() => r(null), 10 * HEARTBEAT_MS))]);
    expect(closed).not.toBeNull();
    expect(closed!.code).toBe(4001);
    const ms = Date.now() - started;
    console.log(`[security] websocket: signed-out socket closed ${ms} ms after logout (heartbeat ${HEARTBEAT_MS} ms)`);
    expect(staying.ws.readyState).toBe(WebSocket.OPEN);
    staying.ws.close();
    await staying.closed;
  });
});

/** A client that is not the attacker: sequential requests (today's questions, /readyz) timed until stopped. */
function bystander(base: string) {
  const today: number[] = [];
  const readyz: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      for (const [path, into] of [
        ['/api/questions/today', today],
        ['/readyz', readyz],
      ] as const) {
        const t0 = performance.now();
        try {
          const res = await fetch(base + path);
          const text = await res.text();
          into.push(performance.now() - t0);
          if (res.status !== 200) failures.push(`${path} ${res.status} ${text.slice(0, 100)}`);
          else if (path === '/readyz' && text !== '{"status":"ready"}') failures.push(`/readyz said ${text.slice(0, 100)}`);
        } catch (err) {
          failures.push(`${path} ${(err as Error).message}`);
        }
      }
    }
  })();
  return {
    failures,
    count: () => today.length + readyz.length,
    async stop() {
      running = false;
      await done;
      return { today: stats(today), readyz: stats(readyz), n: today.length + readyz.length };
    },
  };
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: s[Math.floor(s.length / 2)] ?? 0, max: s[s.length - 1] ?? 0 };
}

const fmt = (x: { p50: number; max: number }) => `p50 ${x.p50.toFixed(1)} ms, max ${x.max.toFixed(0)} ms`;

/** A POST whose body never finishes: a byte every 250 ms. Resolves when the server closes it, with what it said. */
function slowBody(port: number) {
  const started = performance.now();
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"');
    });
    const drip = setInterval(() => s.writable && s.write('a'), 250);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearInterval(drip);
      resolve({ ms: performance.now() - started, answer: Buffer.concat(chunks).toString() });
    });
  });
}

describe('connection limits', () => {
  it('500 sockets and 300 slow bodies from one address: 20 sockets accepted, 480 refused with the reason, slow bodies cut at the timeout; /readyz 200 and a bystander unaffected', async () => {
    const metricsPort = sys.gw.gateway.metricsPort;
    const port = Number(new URL(sys.base).port);
    // Earlier tests' sockets are gone.
    await until(async () => ((await metricValue(metricsPort, 'ws_connections', [])) === 0 ? true : undefined));
    const refusedBefore = await metricValue(metricsPort, 'ws_connections_refused_total', ['address']);

    // The bystander's normal: 100 requests on a quiet gateway.
    const calm = bystander(sys.base);
    await until(async () => (calm.count() >= 100 ? true : undefined), 30_000);
    const baseline = await calm.stop();
    expect(calm.failures).toEqual([]);

    const during = bystander(sys.base);
    // 500 sockets at once from 127.0.0.1.
    const t0 = performance.now();
    const sockets = Array.from({ length: 500 }, () => connect({ origin: PUBLIC_URL }));
    const closes: { code: number; reason: string }[] = [];
    for (const s of sockets) void s.closed.then((c) => closes.push(c));
    // Every socket is either held (counted by the gateway) or refused and closed.
    await until(async () => {
      const open = await metricValue(metricsPort, 'ws_connections', []);
      return open + closes.length === 500 ? true : undefined;
    }, 30_000);
    const socketsMs = performance.now() - t0;
    const held = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN);
    expect(held).toHaveLength(20);
    expect(closes).toHaveLength(480);
    const refused = closes.length;
    expect(new Set(closes.map((c) => `${c.code} ${c.reason}`))).toEqual(new Set(['1008 Too many connections from your address']));
    expect((await metricValue(metricsPort, 'ws_connections_refused_total', ['address'])) - refusedBefore).toBe(480);

    // Another address is not affected by this one's cap.
    const neighbour = connect({ origin: PUBLIC_URL, localAddress: '127.0.0.2' });
    await neighbour.opened;

    // 300 slow bodies, while the 20 sockets stay open.
    const t1 = performance.now();
    const slow = await Promise.all(Array.from({ length: 300 }, () => slowBody(port)));
    const slowMs = performance.now() - t1;
    const cut = stats(slow.map((x) => x.ms));
    const answered408 = slow.filter((x) => x.answer.startsWith('HTTP/1.1 408 ') && x.answer.endsWith('{"message":"The request took too long to arrive"}')).length;
    // Each was closed at the request timeout, give or take the server's check period (a quarter of it) and load.
    expect(slow.every((x) => x.ms >= REQUEST_TIMEOUT_MS - 100)).toBe(true);
    expect(cut.max).toBeLessThan(REQUEST_TIMEOUT_MS * 1.25 + 1_500);
    expect(answered408).toBe(300);

    const attacked = await during.stop();
    expect(during.failures).toEqual([]);
    // The held sockets outlived the request timeout (websockets are not requests) and still answer pings.
    expect(held.every((s) => s.ws.readyState === WebSocket.OPEN)).toBe(true);
    expect(neighbour.ws.readyState).toBe(WebSocket.OPEN);
    // Closing one frees its place for the same address.
    held[0]!.ws.close();
    await held[0]!.closed;
    const again = await until(async () => {
      const c = connect({ origin: PUBLIC_URL });
      const r = await Promise.race([c.opened.then(() => c), c.closed.then(() => undefined)]);
      if (r && r.ws.readyState === WebSocket.OPEN) return r;
      return undefined;
    });
    expect(again.ws.readyState).toBe(WebSocket.OPEN);

    console.log(
      `[security] websocket caps: 500 sockets from one address in ${socketsMs.toFixed(0)} ms → ${held.length} held, ${refused} closed 1008 "Too many connections from your address"; 127.0.0.2 still accepted`,
    );
    console.log(
      `[security] slow bodies: 300 trickled POSTs all closed with 408 after ${fmt(cut)} (HTTP_REQUEST_TIMEOUT_MS ${REQUEST_TIMEOUT_MS}); all 300 in ${slowMs.toFixed(0)} ms`,
    );
    console.log(
      `[security] bystander: quiet ${baseline.n} requests today ${fmt(baseline.today)}, /readyz ${fmt(baseline.readyz)}; under attack ${attacked.n} requests today ${fmt(attacked.today)}, /readyz ${fmt(attacked.readyz)}, 0 failures, /readyz always 200 "ready"`,
    );
    // "Normal": the median stays within a few milliseconds of the quiet one, nothing waits a second.
    expect(attacked.today.p50).toBeLessThan(baseline.today.p50 * 3 + 20);
    expect(attacked.readyz.p50).toBeLessThan(baseline.readyz.p50 * 3 + 20);
    expect(Math.max(attacked.today.max, attacked.readyz.max)).toBeLessThan(1_000);

    for (const c of [...held, neighbour, again]) c.ws.close();
    await Promise.all([...held, neighbour, again].map((c) => c.closed));
  });

  it('the per-process cap (WS_MAX_TOTAL) closes with 1013; behind a trusted proxy each X-Forwarded-For address has its own cap', async () => {
    const gw = await startGatewayForTest(sys.services.identityAddress, { ...sys.services.gatewayEnv, TRUST_PROXY: '1', WS_MAX_PER_IP: '2', WS_MAX_TOTAL: '5' });
    const url = gw.base.replace('http:', 'ws:') + '/ws';
    const from = (ip: string) => connect({ url, origin: PUBLIC_URL, headers: { 'x-forwarded-for': ip } });
    /** A refused socket is closed right after its handshake (the close frame comes first); a held one answers a ping. */
    const outcome = async (c: ReturnType<typeof connect>) => {
      await c.opened;
      const pong = new Promise<string>((resolve) => c.ws.once('pong', () => resolve('open')));
      c.ws.ping();
      return Promise.race([c.closed.then((x) => `${x.code} ${x.reason}`), pong]);
    };
    const held: ReturnType<typeof connect>[] = [];
    try {
      for (const ip of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.3']) {
        const c = from(ip);
        held.push(c);
        expect(await outcome(c), ip).toBe('open');
      }
      expect(await outcome(from('203.0.113.1'))).toBe('1008 Too many connections from your address');
      expect(await outcome(from('203.0.113.4'))).toBe('1013 The server is busy. Please try again later');
      held[0]!.ws.close();
      await held[0]!.closed;
      const next = await until(async () => {
        const c = from('203.0.113.4');
        return (await outcome(c)) === 'open' ? c : undefined;
      });
      held.push(next);
    } finally {
      for (const c of held) c.ws.terminate();
      await gw.stop();
    }
  });
});
