import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { DeliverPolicy, type NatsConnection } from 'nats';
import * as wsModule from 'ws';
import { WebSocket, WebSocketServer } from 'ws';
import { decodeEnvelope, ensureStream, EventNames, prom, type EventEnvelope, type Logger } from '@mzansi/kit';
import type { Clients } from './clients.js';
import type { Composer } from './compose.js';
import type { Config } from './config.js';
import type { GatewayMetrics } from './metrics.js';
import { addressKey, clientAddress, trustProxy } from './client-address.js';
import { REFUSALS, SocketBudget, type Refusal } from './live-limits.js';
import { questionJson, resultsOf } from './questions.js';
import type { RedisClient } from './redis.js';

interface LiveSocket extends WebSocket {
  alive?: boolean;
  userId?: string;
  sessionKey?: string;
}

export interface LiveDeps {
  config: Config;
  logger: Logger;
  metrics: GatewayMetrics;
  nc: NatsConnection;
  clients: Clients;
  composer: Composer;
  redis: RedisClient;
  session: RequestHandler;
}

const MAX_FRAME = 64 * 1024;
const MAX_BUFFERED = 1024 * 1024;

/** ws's framer (public in ws, absent from @types/ws). */
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[] };
};

/** A complete unmasked text frame (server → client frames are never masked), built once per broadcast. */
export function textFrame(text: string): { text: string; bytes: Buffer } {
  const [head, body] = Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false });
  return { text, bytes: body ? Buffer.concat([head!, body]) : head! };
}

/** Writes a prebuilt frame through the socket's sender (one write, no re-framing); plain send() if ws changes shape. */
function sendFrame(ws: WebSocket, frame: { text: string; bytes: Buffer }) {
  const sender = (ws as unknown as { _sender?: { sendFrame?: (list: Buffer[]) => void } })._sender;
  if (typeof sender?.sendFrame === 'function') sender.sendFrame([frame.bytes]);
  else ws.send(frame.text);
}

/**
 * The live channel at /ws. Every gateway replica follows the question and answer events with its own ephemeral
 * ordered consumer and delivers to its own sockets: `new-question`, `question-resolved`, and `results-updated`
 * (coalesced to at most one per question per second). Public messages reach signed-out visitors too. Dead sockets
 * are dropped by ping/pong, slow ones instead of buffering without bound, and a signed-out session's socket closes.
 * Sockets are capped per client address and per process (WS_MAX_PER_IP, WS_MAX_TOTAL).
 */
export async function startLive(server: Server, deps: LiveDeps) {
  const { config, logger, metrics } = deps;
  const names = new EventNames(config.EVENTS_NAMESPACE);
  const allowedOrigin = new URL(config.PUBLIC_URL).origin;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME, perMessageDeflate: false, clientTracking: true });

  const connections = new prom.Gauge({ name: 'ws_connections', help: 'Open websocket connections', registers: [metrics.registry] });
  const sent = new prom.Counter({
    name: 'ws_messages_sent_total',
    help: 'Live messages delivered to sockets, by type',
    labelNames: ['type'] as const,
    registers: [metrics.registry],
  });
  new prom.Gauge({
    name: 'ws_buffered_bytes',
    help: 'Bytes written to sockets and not yet taken by the network (slow sockets are dropped past 1 MiB each)',
    registers: [metrics.registry],
    collect() {
      let bytes = 0;
      for (const c of wss.clients) bytes += c.bufferedAmount;
      this.set(bytes);
    },
  });
  const dropped = new prom.Counter({
    name: 'ws_clients_dropped_total',
    help: 'Sockets dropped, by reason',
    labelNames: ['reason'] as const,
    registers: [metrics.registry],
  });

  const refusals = new prom.Counter({
    name: 'ws_connections_refused_total',
    help: 'Live-channel sockets refused by the caps, by reason (address: WS_MAX_PER_IP, total: WS_MAX_TOTAL)',
    labelNames: ['reason'] as const,
    registers: [metrics.registry],
  });
  const budget = new SocketBudget(config.WS_MAX_PER_IP, config.WS_MAX_TOTAL);
  const trust = trustProxy(config);

  /** An upgrade refused before the handshake, answered like every other error: JSON `{"message"}`. */
  function refuse(socket: Duplex, status: number, text: string, message: string) {
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  }

  /**
   * Over a cap: the handshake completes and the socket is closed at once with a code and reason. A browser learns
   * nothing from a refused handshake (its close event says 1006, no reason), but it does see a close frame's code
   * and reason, and the web client waits longer before trying again (liveClient.ts).
   */
  function refuseWithReason(req: IncomingMessage, socket: Duplex, head: Buffer, refusal: Refusal) {
    refusals.inc({ reason: refusal });
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

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The path as sent (not `new URL()`, which throws on a target like `//[`: an exception in this listener would
    // take the process down).
    const pathname = (req.url ?? '/').split('?', 1)[0];
    if (pathname !== '/ws') return refuse(socket, 404, 'Not Found', 'Not found');
    const origin = req.headers.origin;
    const self = req.headers.host ? [`http://${req.headers.host}`, `https://${req.headers.host}`] : [];
    if (origin && origin !== allowedOrigin && !self.includes(origin)) return refuse(socket, 403, 'Forbidden', 'Cross-site request refused');
    // Counted per client address (req.ip's rules, TRUST_PROXY) from the upgrade until the connection closes.
    const key = addressKey(clientAddress(req, trust));
    const refusal = budget.take(key);
    if (refusal) return refuseWithReason(req, socket, head, refusal);
    socket.once('close', () => budget.release(key));
    // Reuse the HTTP session (cookie → Redis) to know who is connecting.
    deps.session(req as never, {} as never, () => {
      const s = (req as unknown as { session?: { userId?: string }; sessionID?: string }).session;
      wss.handleUpgrade(req, socket, head, (ws: LiveSocket) => {
        ws.alive = true;
        if (s?.userId) {
          ws.userId = s.userId;
          ws.sessionKey = `${config.REDIS_PREFIX}sess:${(req as unknown as { sessionID: string }).sessionID}`;
        }
        wss.emit('connection', ws, req);
      });
    });
  };
  server.on('upgrade', onUpgrade);

  wss.on('connection', (ws: LiveSocket) => {
    connections.inc();
    ws.on('pong', () => {
      ws.alive = true;
    });
    // The channel is server → client; clients only keep it alive. Oversized frames close it (maxPayload).
    ws.on('message', () => undefined);
    ws.on('error', () => ws.terminate());
    ws.on('close', () => connections.dec());
  });

  const heartbeat = setInterval(() => {
    for (const c of wss.clients) {
      const ws = c as LiveSocket;
      if (!ws.alive) {
        dropped.inc({ reason: 'heartbeat' });
        ws.terminate();
        continue;
      }
      ws.alive = false;
      ws.ping();
      if (ws.sessionKey) {
        deps.redis
          .exists(ws.sessionKey)
          .then((n) => {
            if (n === 0) {
              dropped.inc({ reason: 'signed_out' });
              ws.close(4001, 'Signed out');
            }
          })
          .catch(() => undefined);
      }
    }
  }, config.LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  /**
   * Serialises and frames once, then writes the same bytes to every open socket (ws's own advice for broadcasts:
   * websockets/ws#617); a socket that cannot keep up is dropped.
   */
  function broadcast(message: { type: string } & Record<string, unknown>) {
    const frame = textFrame(JSON.stringify(message));
    let n = 0;
    for (const c of wss.clients) {
      if (c.readyState !== WebSocket.OPEN) continue;
      if (c.bufferedAmount > MAX_BUFFERED) {
        dropped.inc({ reason: 'slow' });
        c.terminate();
        continue;
      }
      sendFrame(c, frame);
      n++;
    }
    sent.inc({ type: message.type }, n);
  }

  // results-updated: remember which questions changed, send fresh totals at most once per second per question.
  const dirty = new Set<string>();
  const lastSent = new Map<string, number>();
  let flushing = false;
  const flush = setInterval(async () => {
    // One round at a time, and never a question again within a second of its last message.
    if (dirty.size === 0 || flushing) return;
    flushing = true;
    const now = Date.now();
    const ids = [...dirty].filter((id) => now - (lastSent.get(id) ?? 0) >= 1_000);
    for (const id of ids) dirty.delete(id);
    try {
      if (ids.length === 0) return;
      const counts = await deps.composer.counts(ids);
      const { questions } = await deps.clients.questions.listTodayQuestions({});
      const options = new Map(questions.map((q) => [q.id, q.options]));
      const sentAt = Date.now();
      for (const id of ids) {
        const opts = options.get(id) ?? [
          { id: 'yes', text: 'Yes' },
          { id: 'no', text: 'No' },
        ];
        const { results, totalVotes } = resultsOf(opts, counts.get(id));
        broadcast({ type: 'results-updated', questionId: id, totalVotes, results: results.map((r) => ({ optionId: r.optionId, percentage: r.percentage, votes: r.count })) });
        lastSent.set(id, sentAt);
      }
      // Bounded: forget questions not updated for a minute.
      if (lastSent.size > 1_000) for (const [id, t] of lastSent) if (sentAt - t > 60_000) lastSent.delete(id);
    } catch (err) {
      for (const id of ids) dirty.add(id);
      logger.warn({ err: (err as Error).message }, 'results-updated flush failed');
    } finally {
      flushing = false;
    }
  }, 250);
  flush.unref();

  // Each replica follows the events itself (ephemeral ordered consumers, new messages only).
  const jsm = await deps.nc.jetstreamManager();
  await ensureStream(jsm, names, 'questions');
  await ensureStream(jsm, names, 'voting');
  const js = deps.nc.jetstream();
  const follow = async (producer: 'questions' | 'voting', filter: string, handle: (e: EventEnvelope) => void) => {
    const consumer = await js.consumers.get(names.stream(producer), { filterSubjects: names.subject(filter), deliver_policy: DeliverPolicy.New });
    const messages = await consumer.consume();
    void (async () => {
      for await (const m of messages) {
        try {
          handle(decodeEnvelope(m.data));
        } catch (err) {
          logger.warn({ err: (err as Error).message, subject: m.subject }, 'live: unreadable event skipped');
        }
      }
    })();
    return messages;
  };
  const subs = await Promise.all([
    follow('questions', 'questions.question.*', (e) => {
      if (e.type === 'questions.question.published') {
        const q = (e as EventEnvelope<'questions.question.published'>).data.question;
        if (!q) return;
        const json = questionJson({
          ...q,
          context: q.context,
          correctOptionId: '',
          isActive: true,
          isResolved: false,
          isArchived: false,
          isPublished: true,
          createdAt: undefined,
          isSample: false,
        });
        broadcast({ type: 'new-question', question: json });
      } else if (e.type === 'questions.question.resolved') {
        const d = (e as EventEnvelope<'questions.question.resolved'>).data;
        broadcast({ type: 'question-resolved', questionId: d.questionId, correctOptionId: d.correctOptionId });
      }
    }),
    follow('voting', 'voting.answer.recorded', (e) => {
      dirty.add((e as EventEnvelope<'voting.answer.recorded'>).data.questionId);
    }),
  ]);

  return {
    wss,
    budget,
    broadcast,
    async stop() {
      clearInterval(heartbeat);
      clearInterval(flush);
      server.off('upgrade', onUpgrade);
      for (const s of subs) await s.close().catch(() => undefined);
      for (const c of wss.clients) c.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
