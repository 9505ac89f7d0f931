// Issue 10, scenario 19: the live channel (/ws) — foreign Origin refused at the handshake, frames over 64 KiB close
// the socket (1009), a signed-out session's socket is closed (heartbeat check, LIVE_HEARTBEAT_MS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PUBLIC_URL } from '../../gateway/test/helpers.js';
import { startSystem, type SecUser, type System } from './system.js';

const HEARTBEAT_MS = 250;
let sys: System;
let u: SecUser;
let wsUrl: string;

beforeAll(async () => {
  sys = await startSystem({ gatewayEnv: { LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  u = await sys.user('Ws');
  wsUrl = sys.base.replace('http:', 'ws:') + '/ws';
});

afterAll(async () => {
  await sys?.stop();
});

function connect(opts: { origin?: string; cookie?: string } = {}) {
  const ws = new WebSocket(wsUrl, { origin: opts.origin, headers: opts.cookie ? { cookie: opts.cookie } : {}, handshakeTimeout: 3_000 });
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
    await new Promise((r) => setTimeout(r, 300));
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
