import { WebSocket } from 'ws';
import { liveMessageProblem } from '../support/contract.js';

/** Helpers for the live channel's tests (/ws). */

export interface LiveMessage {
  type: string;
  /** When the test received it (ms since epoch). */
  at: number;
  [k: string]: any;
}

export interface LiveOptions {
  /** The Origin header a browser would send (none when omitted). */
  origin?: string;
  /** A Cookie header (the browser's session). */
  cookie?: string;
  /** Reconnect this long after every close, until `close()` (a browser's reconnecting client). */
  reconnectMs?: number;
}

/**
 * A websocket client of /ws that keeps every message it receives, with its arrival time, across reconnections,
 * and every close (code, reason) of the sockets it opened.
 */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  readonly closes: { code: number; reason: string; at: number }[] = [];
  /** Messages the contract (@mzansi/api LiveMessage) does not describe: any fails the next wait. */
  readonly contractProblems: string[] = [];
  /** How many times a socket opened. */
  opens = 0;
  ws: WebSocket | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private waiters = new Set<() => void>();

  constructor(
    readonly url: string,
    readonly opts: LiveOptions = {},
  ) {}

  /** Opens the first socket; resolves once it is open (rejects when the handshake fails and no reconnecting is asked). */
  open(): Promise<this> {
    return new Promise((resolve, reject) => {
      const ws = this.attempt();
      ws.once('open', () => resolve(this));
      ws.once('error', (err) => {
        if (!this.opts.reconnectMs) reject(err);
      });
      if (this.opts.reconnectMs) void this.waitFor(() => this.opens > 0, 10_000).then(() => resolve(this), reject);
    });
  }

  private attempt(): WebSocket {
    const headers: Record<string, string> = {};
    if (this.opts.cookie) headers.cookie = this.opts.cookie;
    const ws = new WebSocket(this.url, { origin: this.opts.origin, headers, handshakeTimeout: 2_000 });
    this.ws = ws;
    ws.on('open', () => {
      this.opens++;
      this.notify();
    });
    ws.on('message', (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        parsed = { type: '(unparseable)', raw: String(data) };
      }
      const problem = liveMessageProblem(parsed);
      if (problem) this.contractProblems.push(problem);
      this.messages.push({ ...(parsed as object), at: Date.now() } as LiveMessage);
      this.notify();
    });
    ws.on('error', () => undefined);
    ws.on('close', (code, reason) => {
      this.closes.push({ code, reason: reason.toString(), at: Date.now() });
      this.notify();
      if (this.opts.reconnectMs && !this.stopped) this.timer = setTimeout(() => this.attempt(), this.opts.reconnectMs);
    });
    return ws;
  }

  private notify() {
    for (const w of [...this.waiters]) w();
  }

  /** Resolves when `check()` holds (checked now and on every message, open and close), or rejects after `timeoutMs`. */
  waitFor(check: () => boolean, timeoutMs: number, what = 'condition'): Promise<void> {
    return new Promise((resolve, reject) => {
      const problem = () => this.contractProblems[0] && new Error(`contract: ${this.contractProblems[0]}`);
      if (problem()) return reject(problem());
      if (check()) return resolve();
      const done = () => {
        if (problem()) {
          this.waiters.delete(done);
          clearTimeout(t);
          return reject(problem());
        }
        if (!check()) return;
        this.waiters.delete(done);
        clearTimeout(t);
        resolve();
      };
      const t = setTimeout(() => {
        this.waiters.delete(done);
        reject(new Error(`${what} not met within ${timeoutMs} ms; received: ${JSON.stringify(this.messages.map((m) => m.type))}; closes: ${JSON.stringify(this.closes)}`));
      }, timeoutMs);
      this.waiters.add(done);
    });
  }

  /** The first message (from index `from` on) matching `match`, waiting up to `timeoutMs` for it. */
  async next(match: (m: LiveMessage) => boolean, timeoutMs = 5_000, from = 0): Promise<LiveMessage> {
    let found: LiveMessage | undefined;
    await this.waitFor(
      () => {
        found = this.messages.slice(from).find(match);
        return !!found;
      },
      timeoutMs,
      'expected live message',
    );
    return found!;
  }

  /** The next close of the current socket. */
  async closed(timeoutMs = 5_000): Promise<{ code: number; reason: string; at: number }> {
    const n = this.closes.length;
    await this.waitFor(() => this.closes.length > n || this.ws?.readyState === WebSocket.CLOSED, timeoutMs, 'socket close');
    return this.closes[this.closes.length - 1]!;
  }

  /** Resolves true when the current socket answers a ping (it is open and the server reads it). */
  alive(timeoutMs = 2_000): Promise<boolean> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.resolve(false);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      ws.once('pong', () => {
        clearTimeout(t);
        resolve(true);
      });
      ws.ping();
    });
  }

  /** Stops reconnecting and closes the socket. */
  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    const ws = this.ws;
    if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) ws.terminate();
  }
}

/** Opens a websocket and reports how the handshake ended: 'open', or the HTTP status the server refused it with. */
export function handshake(url: string, opts: { origin?: string; headers?: Record<string, string> } = {}): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin: opts.origin, headers: opts.headers, handshakeTimeout: 2_000 });
    ws.on('error', () => undefined);
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('close', () => reject(new Error('closed before the handshake ended')));
  });
}

/** The `/ws` URL of a gateway base URL (http://127.0.0.1:port). */
export const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;
