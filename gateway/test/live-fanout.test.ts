import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { type LiveSocket } from '../src/live/admission.js';
import { createFanout, MAX_BUFFERED } from '../src/live/fanout.js';
import { HEARTBEAT_SLOTS, startHeartbeat } from '../src/live/heartbeat.js';
import { fakeSocket } from './live-fakes.js';

/** The live channel's fan-out and heartbeat on their own (the whole channel: live.test.ts). */

describe('fan-out', () => {
  it('serialises a message once and sends the same bytes, as text, to every open socket; closed ones skipped, slow ones dropped', () => {
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

    // One buffer, shared: serialised and encoded once, not once per socket; ws's public send, as a text message.
    const [first] = fast[0]!.frames;
    for (const s of fast) expect(s.frames).toEqual([first]);
    for (const s of fast) expect(s.frames[0]).toBe(first);
    for (const s of fast) expect(s.sent).toEqual([{ binary: false }]);
    expect(first!.toString()).toBe(JSON.stringify(message));

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
    for (const s of all) expect(s.frames.map((f) => JSON.parse(f.toString()).n)).toEqual([1, 2]);
  });

  it('a slice also ends when its time is up (the clock read every 32 sockets), however many it may write', async () => {
    const all = Array.from({ length: 200 }, () => fakeSocket());
    let t = 0;
    const counted: [string, number][] = [];
    // Every reading of the clock is 3 ms later: past the 5 ms budget at the second reading, after 64 sockets.
    const broadcast = createFanout(() => all as unknown as WebSocket[], { sent: (type, n) => counted.push([type, n]), droppedSlow: () => undefined }, 2048, 5, () => (t += 3));
    broadcast({ type: 'results-updated', n: 1 });
    expect(all.filter((s) => s.frames.length > 0).length).toBe(64);
    await vi.waitFor(() => expect(counted).toEqual([['results-updated', 200]]));
    for (const s of all) expect(s.frames).toHaveLength(1);
  });
});

describe('ws through its public API only', () => {
  it('no gateway source touches ws internals (_sender, _socket): a ws upgrade is not a compatibility project', () => {
    const src = new URL('../src/', import.meta.url);
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((f) => /\b_(sender|socket)\b/.test(readFileSync(new URL(f, src), 'utf8')));
    expect(offenders).toEqual([]);
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
