import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { EventEnvelope, ResultsChanged } from '@mzansi/kit';
import { admitSockets, originAllowed, type LiveSocket } from '../src/live/admission.js';
import type { Config } from '../src/config.js';
import { createFanout, MAX_BUFFERED, textFrame } from '../src/live/fanout.js';
import { HEARTBEAT_SLOTS, startHeartbeat } from '../src/live/heartbeat.js';
import { questionEventMessage, resultsUpdatedMessage } from '../src/live/messages.js';
import { ResultsWindow, type WindowClock } from '../src/live/results-window.js';

/** The live channel's parts on their own (the whole channel: live.test.ts, live-results.test.ts). */

describe('admission: originAllowed', () => {
  const PUBLIC = 'https://mzansipredicts.co.za';
  it('no Origin (not a browser), the public origin, and the gateway itself by its Host are allowed; nothing else', () => {
    expect(originAllowed(undefined, 'gw:8080', PUBLIC)).toBe(true);
    expect(originAllowed(PUBLIC, 'gw:8080', PUBLIC)).toBe(true);
    expect(originAllowed('http://gw:8080', 'gw:8080', PUBLIC)).toBe(true);
    expect(originAllowed('https://gw:8080', 'gw:8080', PUBLIC)).toBe(true);
    for (const o of ['https://evil.example', 'null', `${PUBLIC}.evil.example`, 'http://mzansipredicts.co.za', 'http://gw:8081']) {
      expect(originAllowed(o, 'gw:8080', PUBLIC), o).toBe(false);
    }
    expect(originAllowed('http://gw:8080', undefined, PUBLIC)).toBe(false);
  });
});

describe('admission: what a socket keeps', () => {
  it('an open socket holds neither its upgrade request nor its session (heap per socket); its place in the caps is given back on close', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true, clientTracking: true });
    const counted = { open: 0 };
    const metrics = {
      refused: { inc: () => undefined },
      connections: { inc: () => counted.open++, dec: () => counted.open-- },
    };
    const config = { PUBLIC_URL: 'http://localhost:8080', WS_MAX_PER_IP: 2, WS_MAX_TOTAL: 10, TRUST_PROXY: 'false', REDIS_PREFIX: 'mp:' };
    // The session middleware as express-session leaves it: the session, and its id, on the request.
    const session = (req: IncomingMessage, _res: unknown, next: () => void) => {
      Object.assign(req, { session: { userId: 'u1', cookie: { maxAge: 1 } }, sessionID: 'sid1' });
      next();
    };
    const admission = admitSockets(server, wss, { config: config as unknown as Config, metrics: metrics as never, session: session as never });
    const requests: WeakRef<IncomingMessage>[] = [];
    wss.on('connection', (_ws, req: IncomingMessage) => void requests.push(new WeakRef(req)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    const open = () => new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
    try {
      const clients = [await open(), await open()];
      expect(counted.open).toBe(2);
      const [sock] = [...wss.clients] as LiveSocket[];
      expect(sock!.userId).toBe('u1');
      expect(sock!.sessionKey).toBe('mp:sess:sid1');
      // A WeakRef's target lives to the end of the job that made it: let that pass, then collect.
      await new Promise((r) => setTimeout(r, 50));
      gc();
      expect(requests).toHaveLength(2);
      expect(requests.map((r) => r.deref())).toEqual([undefined, undefined]);
      expect(admission.budget.take('127.0.0.1')).toBe('address'); // the per-address cap (2) is held by the two
      for (const c of clients) c.close();
      await vi.waitFor(() => expect(counted.open).toBe(0));
      await vi.waitFor(() => expect(admission.budget.take('127.0.0.1')).toBeUndefined());
    } finally {
      admission.stop();
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

/** A socket as the fan-out and heartbeat see it, recording what they do to it. */
function fakeSocket(opts: { readyState?: number; bufferedAmount?: number; alive?: boolean; sessionKey?: string } = {}) {
  const frames: Buffer[] = [];
  const s = {
    readyState: opts.readyState ?? WebSocket.OPEN,
    bufferedAmount: opts.bufferedAmount ?? 0,
    alive: opts.alive,
    sessionKey: opts.sessionKey,
    terminated: false,
    pings: 0,
    closedWith: undefined as undefined | [number, string],
    _sender: { sendFrame: (list: Buffer[]) => frames.push(...list) },
    frames,
    terminate() {
      s.terminated = true;
    },
    ping() {
      s.pings++;
    },
    close(code: number, reason: string) {
      s.closedWith = [code, reason];
    },
  };
  return s;
}

describe('fan-out', () => {
  it('frames a message once and writes the same bytes to every open socket; closed ones skipped, slow ones dropped', () => {
    const fast = [fakeSocket(), fakeSocket(), fakeSocket()];
    const closing = fakeSocket({ readyState: WebSocket.CLOSING });
    const slow = fakeSocket({ bufferedAmount: MAX_BUFFERED + 1 });
    const counted: [string, number][] = [];
    let slowDrops = 0;
    const broadcast = createFanout(() => [...fast, closing, slow] as unknown as WebSocket[], {
      sent: (type, n) => counted.push([type, n]),
      droppedSlow: () => slowDrops++,
    });
    const message = { type: 'question-resolved', questionId: 'q1', correctOptionId: 'no' };
    broadcast(message);

    // One buffer, shared: framed once, not once per socket.
    const [first] = fast[0]!.frames;
    for (const s of fast) expect(s.frames).toEqual([first]);
    for (const s of fast) expect(s.frames[0]).toBe(first);
    const text = JSON.stringify(message);
    expect(first!.subarray(0, 2)).toEqual(Buffer.from([0x81, text.length])); // FIN + text opcode, unmasked length
    expect(first!.subarray(2).toString()).toBe(text);
    expect(textFrame(text).bytes).toEqual(first);

    expect(closing.frames).toEqual([]);
    expect(slow.frames).toEqual([]);
    expect(slow.terminated).toBe(true);
    expect(slowDrops).toBe(1);
    expect(counted).toEqual([['question-resolved', 3]]);
  });

  it('writes a slice of sockets per event-loop turn, lets other work in between, and keeps messages in order', async () => {
    const all = Array.from({ length: 10 }, () => fakeSocket());
    const counted: [string, number][] = [];
    const broadcast = createFanout(() => all as unknown as WebSocket[], { sent: (type, n) => counted.push([type, n]), droppedSlow: () => undefined }, 4);
    const written = () => all.filter((s) => s.frames.length > 0).length;

    broadcast({ type: 'results-updated', n: 1 });
    broadcast({ type: 'results-updated', n: 2 });
    expect(written()).toBe(4); // the first slice at once, the rest later
    let between = -1;
    setImmediate(() => (between = written())); // a request's callback gets its turn between slices
    await vi.waitFor(() => expect(counted.length).toBe(2));
    expect(between).toBeGreaterThan(4);
    expect(between).toBeLessThan(10);
    expect(counted).toEqual([['results-updated', 10], ['results-updated', 10]]);
    for (const s of all) expect(s.frames.map((f) => JSON.parse(f.subarray(2).toString()).n)).toEqual([1, 2]);
  });
});

describe('heartbeat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('terminates a socket that missed a ping, pings the rest, closes a signed-out one with 4001, keeps it when Redis fails', async () => {
    vi.useFakeTimers();
    const dead = fakeSocket({ alive: false });
    const anon = fakeSocket({ alive: true });
    const signedIn = fakeSocket({ alive: true, sessionKey: 'sess:in' });
    const signedOut = fakeSocket({ alive: true, sessionKey: 'sess:out' });
    const unknown = fakeSocket({ alive: true, sessionKey: 'sess:redis-down' });
    const drops: string[] = [];
    const stop = startHeartbeat({
      intervalMs: 1_000,
      sockets: () => [dead, anon, signedIn, signedOut, unknown] as unknown as LiveSocket[],
      sessionExists: async (key) => {
        if (key === 'sess:redis-down') throw new Error('redis down');
        return key === 'sess:in';
      },
      dropped: (reason) => drops.push(reason),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(dead.terminated).toBe(true);
    for (const s of [anon, signedIn, signedOut, unknown]) {
      expect(s.pings).toBe(1);
      expect(s.alive).toBe(false); // until its pong
      expect(s.terminated).toBe(false);
    }
    expect(signedOut.closedWith).toEqual([4001, 'Signed out']);
    expect(signedIn.closedWith).toBeUndefined();
    expect(unknown.closedWith).toBeUndefined();
    expect(drops.sort()).toEqual(['heartbeat', 'signed_out']);

    // No pong came: the next beat terminates them.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(anon.terminated).toBe(true);
    stop();
  });

  it('spreads the sockets over the interval: each slot pings its share, a session shared by sockets is asked once', async () => {
    vi.useFakeTimers();
    const sockets = Array.from({ length: 10 * HEARTBEAT_SLOTS }, (_, i) => fakeSocket({ alive: true, sessionKey: `sess:${i % 3}` }));
    const asked: string[] = [];
    const stop = startHeartbeat({
      intervalMs: 3_200,
      sockets: () => sockets as unknown as LiveSocket[],
      sessionExists: async (key) => {
        asked.push(key);
        return true;
      },
      dropped: () => undefined,
    });
    // The first slot: a 32nd of the sockets, and their three sessions once each.
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets.filter((s) => s.pings === 1)).toHaveLength(10);
    expect(asked.sort()).toEqual(['sess:0', 'sess:1', 'sess:2']);
    // One interval: every socket once.
    await vi.advanceTimersByTimeAsync(3_100);
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
    expect(asked).toHaveLength(3 * HEARTBEAT_SLOTS);
    stop();
  });
});

describe('translation', () => {
  const envelope = <T extends EventEnvelope['type']>(type: T, data: unknown) =>
    ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), data }) as unknown as EventEnvelope;

  it('a published question → new-question (as the API shows it, no votes yet); resolved → question-resolved; others → nothing', () => {
    const publishedAt = new Date('2026-11-24T08:00:00.000Z');
    const m = questionEventMessage(
      envelope('questions.question.published', {
        question: {
          id: 'q1',
          text: 'Will it rain in Durban',
          context: '',
          date: undefined,
          options: [
            { id: 'yes', text: 'Yes' },
            { id: 'no', text: 'No' },
          ],
          tags: ['weather'],
          publishedAt,
        },
      }),
    );
    expect(m).toMatchObject({
      type: 'new-question',
      question: {
        id: 'q1',
        text: 'Will it rain in Durban',
        context: null,
        options: [
          { id: 'yes', text: 'Yes' },
          { id: 'no', text: 'No' },
        ],
        isPublished: true,
        isResolved: false,
        correctOptionId: null,
        publishedAt: publishedAt.toISOString(),
        totalVotes: 0,
        results: [
          { optionId: 'yes', optionText: 'Yes', count: 0, percentage: 0 },
          { optionId: 'no', optionText: 'No', count: 0, percentage: 0 },
        ],
      },
    });
    expect(questionEventMessage(envelope('questions.question.resolved', { questionId: 'q1', correctOptionId: 'no' }))).toEqual({
      type: 'question-resolved',
      questionId: 'q1',
      correctOptionId: 'no',
    });
    expect(questionEventMessage(envelope('questions.question.archived', { questionId: 'q1' }))).toBeUndefined();
  });

  it('new-question carries the question\'s translations as the API shows them (none: no field)', () => {
    const question = { id: 'q2', text: 'Will it rain', context: '', options: [{ id: 'yes', text: 'Yes' }], tags: [] };
    const m = questionEventMessage(
      envelope('questions.question.published', {
        question: { ...question, translations: { zu: { text: 'Ngabe lizona', context: '', options: { yes: 'Yebo' } }, st: { text: '', context: '', options: {} } } },
      }),
    );
    expect((m?.question as { translations?: unknown }).translations).toEqual({ zu: { text: 'Ngabe lizona', context: null, options: { yes: 'Yebo' } } });
    expect(questionEventMessage(envelope('questions.question.published', { question }))!.question).not.toHaveProperty('translations');
  });

  it('voting results → results-updated in the agreed shape, nothing else', () => {
    const results: ResultsChanged = {
      questionId: 'q1',
      totalVotes: 3,
      results: [
        { optionId: 'yes', optionText: 'Yes', votes: 2, percentage: 66.7 },
        { optionId: 'no', optionText: 'No', votes: 1, percentage: 33.3 },
      ],
    };
    expect(JSON.stringify(resultsUpdatedMessage({ ...results, extra: 'dropped' } as ResultsChanged))).toBe(
      '{"type":"results-updated","questionId":"q1","totalVotes":3,"results":[{"optionId":"yes","optionText":"Yes","votes":2,"percentage":66.7},{"optionId":"no","optionText":"No","votes":1,"percentage":33.3}]}',
    );
  });
});

/** Time the test moves by hand. */
function manualClock() {
  let t = 0;
  const timers = new Set<{ at: number; fn: () => void }>();
  const clock: WindowClock = {
    now: () => t,
    setTimeout(fn, ms) {
      const timer = { at: t + ms, fn };
      timers.add(timer);
      return timer;
    },
    clearTimeout: (timer) => void timers.delete(timer as { at: number; fn: () => void }),
  };
  return {
    clock,
    advance(ms: number) {
      const until = t + ms;
      for (;;) {
        const due = [...timers].filter((x) => x.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due);
        t = due.at;
        due.fn();
      }
      t = until;
    },
    get pendingTimers() {
      return timers.size;
    },
  };
}

describe('ResultsWindow: at most one results message per question per interval, whatever the voting replicas', () => {
  const results = (questionId: string, totalVotes: number): ResultsChanged => ({
    questionId,
    totalVotes,
    results: [
      { optionId: 'yes', optionText: 'Yes', votes: totalVotes, percentage: totalVotes ? 100 : 0 },
      { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
    ],
  });

  function windowWith(intervalMs = 1_000) {
    const time = manualClock();
    const sent: { at: number; questionId: string; totalVotes: number }[] = [];
    let now = 0;
    const w = new ResultsWindow(intervalMs, (m) => sent.push({ at: now, questionId: m.questionId, totalVotes: m.totalVotes }), {
      ...time.clock,
      now: () => (now = time.clock.now()),
    });
    return { time, sent, w };
  }

  it('the first goes at once; copies and older totals are dropped; a newer one in the window is held and the highest goes at its end', () => {
    const { time, sent, w } = windowWith();
    expect(w.offer(results('q', 10))).toBe('sent');
    time.advance(20);
    expect(w.offer(results('q', 10))).toBe('dropped'); // replica B read the same totals
    expect(w.offer(results('q', 8))).toBe('dropped'); // an older read
    time.advance(300);
    expect(w.offer(results('q', 14))).toBe('held');
    expect(w.offer(results('q', 17))).toBe('held'); // merged: replaces 14
    expect(w.offer(results('q', 15))).toBe('dropped');
    expect(sent).toEqual([{ at: 0, questionId: 'q', totalVotes: 10 }]);
    time.advance(680);
    expect(sent).toEqual([
      { at: 0, questionId: 'q', totalVotes: 10 },
      { at: 1_000, questionId: 'q', totalVotes: 17 },
    ]);
    // Questions have windows of their own.
    expect(w.offer(results('other', 1))).toBe('sent');
    // After a full interval without anything held, a newer one goes at once.
    time.advance(1_000);
    expect(w.offer(results('q', 18))).toBe('sent');
    expect(sent.at(-1)).toEqual({ at: 2_000, questionId: 'q', totalVotes: 18 });
    w.stop();
    expect(time.pendingTimers).toBe(0);
  });

  it('three replicas each sending every interval for 10 s: one message per interval, never closer, the last the highest', () => {
    const { time, sent, w } = windowWith();
    let total = 0;
    // Replicas flush at their own phases (0, 330, 710 ms), each reading the (growing) totals.
    const phases = [0, 330, 710];
    for (let t = 0; t < 10_000; t += 10) {
      total += 3;
      for (const p of phases) if (t % 1_000 === p % 1_000) w.offer(results('q', total));
      time.advance(10);
    }
    time.advance(2_000);
    expect(sent.length).toBeLessThanOrEqual(10_000 / 1_000 + 1);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(1_000);
    expect(sent.at(-1)!.totalVotes).toBe(Math.max(...sent.map((s) => s.totalVotes)));
    // The last replica read of the run (at 9,710 ms) is what the sockets were left with.
    expect(sent.at(-1)!.totalVotes).toBe(3 * (9_710 / 10 + 1));
  });
});
