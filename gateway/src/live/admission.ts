import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Clock } from '@mzansi/kit/base';
import type { WebSocket, WebSocketServer } from 'ws';
import { addressKey, clientAddress, trustProxy } from '../client-address.js';
import type { Config } from '../config.js';
import { REFUSALS, SocketBudget, type Refusal } from '../live-limits.js';
import type { LiveMetrics } from './metrics.js';
import { sessionState } from '../session.js';
import type { Sessions } from '../session-store.js';

/** A live-channel socket: whether it answered the last ping, and the signed-in session it belongs to. */
export interface LiveSocket extends WebSocket {
  alive?: boolean;
  userId?: string;
  /** The session's Redis key (signed-in sockets only): the heartbeat closes the socket once it is gone. */
  sessionKey?: string;
}

/**
 * Whether a handshake's Origin may open a socket: none (not a browser), the public origin, or the gateway itself
 * (http or https on the Host it was reached at). Anything else is another site's page riding the user's cookie.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowedOrigin: string): boolean {
  if (!origin) return true;
  if (origin === allowedOrigin) return true;
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}

/** An upgrade refused before the handshake, answered like every other error: JSON `{"message"}`. */
function refuse(socket: Duplex, status: number, text: string, message: string) {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** A connection counted against the socket budget under this client-address key. */
type BudgetedSocket = Duplex & { budgetKey?: string };

function markAlive(this: LiveSocket) {
  this.alive = true;
}
function terminate(this: WebSocket) {
  this.terminate();
}
function ignore() {}

export interface AdmissionDeps {
  config: Config;
  metrics: LiveMetrics;
  /** The HTTP sessions (cookie → Redis): who is connecting. */
  sessions: Pick<Sessions, 'read' | 'key'>;
  clock: Clock;
  /** Upgrades to any other path than /ws (`make dev`: Vite's HMR socket); without it they are a 404. */
  otherUpgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

/**
 * Who gets a socket at /ws: the path, then the Origin (403 for another site), then the caps per client address and
 * per process (WS_MAX_PER_IP, WS_MAX_TOTAL), then the session (signed-out visitors are welcome: public messages
 * reach them too). Sockets are counted from the upgrade request until their TCP connection closes.
 */
export function admitSockets(server: Server, wss: WebSocketServer, deps: AdmissionDeps) {
  const { config, metrics } = deps;
  const allowedOrigin = new URL(config.PUBLIC_URL).origin;
  const budget = new SocketBudget(config.WS_MAX_PER_IP, config.WS_MAX_TOTAL);
  const trust = trustProxy(config);

  /**
   * Over a cap: the handshake completes and the socket is closed at once with a code and reason. A browser learns
   * nothing from a refused handshake (its close event says 1006, no reason), but it does see a close frame's code
   * and reason, and the web client waits longer before trying again (liveClient.ts).
   */
  function refuseWithReason(req: IncomingMessage, socket: Duplex, head: Buffer, refusal: Refusal) {
    metrics.refused.inc({ reason: refusal });
    const { code, reason } = REFUSALS[refusal];
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      ws.close(code, reason);
      // The connection is over once the close frame is out: end it now (the FIN follows the frame) rather than
      // wait for the client's reply, and cut off a client that never closes its side after 5 s, not ws's 30 s.
      socket.end();
      setTimeout(() => ws.terminate(), 5_000).unref();
    });
  }

  const releaseBudget = function (this: BudgetedSocket) {
    if (this.budgetKey !== undefined) budget.release(this.budgetKey);
  };

  const admit = (req: IncomingMessage, socket: Duplex, head: Buffer, s: { id: string; data: { userId: string } } | undefined) =>
    wss.handleUpgrade(req, socket, head, (ws: LiveSocket) => {
      ws.alive = true;
      if (s) {
        ws.userId = s.data.userId;
        ws.sessionKey = deps.sessions.key(s.id);
      }
      wss.emit('connection', ws, req);
    });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The path as sent (not `new URL()`, which throws on a target like `//[`: an exception in this listener would
    // take the process down).
    const pathname = (req.url ?? '/').split('?', 1)[0];
    if (pathname !== '/ws') return deps.otherUpgrade ? deps.otherUpgrade(req, socket, head) : refuse(socket, 404, 'Not Found', 'Not found');
    if (!originAllowed(req.headers.origin, req.headers.host, allowedOrigin)) return refuse(socket, 403, 'Forbidden', 'Cross-site request refused');
    // Counted per client address (req.ip's rules, TRUST_PROXY) from the upgrade until the connection closes.
    const key = addressKey(clientAddress(req, trust));
    const refusal = budget.take(key);
    if (refusal) return refuseWithReason(req, socket, head, refusal);
    // The key rides on the socket and one listener serves them all: a closure made here would share this handler's
    // scope (V8 keeps one context per scope) and hold the upgrade request, its headers and its session for the life
    // of the socket, about 4 KB each (load-tests/bench/heap-sockets.ts). A TCP socket emits 'close' once.
    (socket as BudgetedSocket).budgetKey = key;
    socket.on('close', releaseBudget);
    // The HTTP session (cookie → Redis) says who is connecting; without one (or if Redis fails) a signed-out socket.
    deps.sessions.read(req).then(
      (s) => admit(req, socket, head, s && sessionState(s.data, deps.clock().getTime(), config) !== 'expired' ? s : undefined),
      () => admit(req, socket, head, undefined),
    );
  };
  server.on('upgrade', onUpgrade);

  // One set of listeners for every socket (an emitter calls them with `this` = the socket), not four closures each.
  const onClose = () => metrics.connections.dec();
  const onConnection = (ws: LiveSocket) => {
    metrics.connections.inc();
    ws.on('pong', markAlive);
    // The channel is server → client; clients only keep it alive. Oversized frames close it (maxPayload).
    ws.on('message', ignore);
    ws.on('error', terminate);
    ws.on('close', onClose);
  };
  wss.on('connection', onConnection);

  return {
    budget,
    stop() {
      server.off('upgrade', onUpgrade);
    },
  };
}
