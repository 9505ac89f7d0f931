import { WebSocket } from 'ws';

/** What a live message looks like before it is serialised: `{type, ...}`. */
export type LiveMessage = { type: string } & Record<string, unknown>;

/** A socket with more than this written and not yet taken by the network is too slow: it is dropped. */
export const MAX_BUFFERED = 1024 * 1024;

/**
 * A message's UTF-8 bytes, encoded once per broadcast. ws's `send` takes a Buffer as it is (no copy, no
 * re-encoding) and adds only its 2–10 byte frame header per socket (server frames are not masked); sent as text.
 */
export function messageBytes(message: LiveMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

const TEXT = { binary: false } as const;

export interface FanoutHooks {
  /** `n` sockets were sent a message of this type. */
  sent(type: string, n: number): void;
  /** A socket was dropped for not keeping up. */
  droppedSlow(): void;
}

/**
 * A turn of the event loop writes sockets for at most this long (or FANOUT_SLICE of them), then lets the votes'
 * requests in. Bounded by time, not by a count: a send costs 9–19 µs depending on the machine and Node, and under
 * load every turn also carries the votes' own work, so a fixed 256 a turn stretched a 15,000-socket broadcast over
 * 59 turns (0.6 s to the last socket at 800 votes/s).
 */
export const FANOUT_BUDGET_MS = 5;
/** The most sockets one turn writes, whatever the clock says. */
export const FANOUT_SLICE = 2048;
/** How often (in sockets) a slice looks at the clock. */
const CLOCK_EVERY = 32;

/**
 * Serialises a message once, then sends the same bytes to every open socket through ws's public `send` (ws's own
 * advice for broadcasts: websockets/ws#617). A socket that cannot keep up (more than MAX_BUFFERED waiting) is dropped rather
 * than buffered for without bound.
 *
 * Writes go out a slice at a time (FANOUT_BUDGET_MS or `slice` sockets) with setImmediate between slices: one
 * synchronous loop over 10,000 sockets held the event loop ~200 ms and put that on every request in flight (the
 * votes' p99). Messages are delivered in the order they were broadcast: one message's slices finish before the next
 * message starts, and each message goes to the sockets open when its turn comes.
 */
export function createFanout(sockets: () => Iterable<WebSocket>, hooks: FanoutHooks, slice = FANOUT_SLICE, budgetMs = FANOUT_BUDGET_MS, now = () => performance.now()) {
  const queue: { type: string; bytes: Buffer }[] = [];
  let pumping = false;
  let sent = 0;

  /** Writes from `from` until the slice's count or time is up: where the next slice starts. */
  function writeSlice(targets: WebSocket[], from: number, bytes: Buffer): number {
    const end = Math.min(from + slice, targets.length);
    const deadline = now() + budgetMs;
    let i = from;
    while (i < end) {
      const c = targets[i++]!;
      if (c.readyState === WebSocket.OPEN) {
        if (c.bufferedAmount > MAX_BUFFERED) {
          hooks.droppedSlow();
          c.terminate();
        } else {
          c.send(bytes, TEXT);
          sent++;
        }
      }
      if ((i - from) % CLOCK_EVERY === 0 && now() >= deadline) break;
    }
    return i;
  }

  function pump() {
    const head = queue.shift();
    if (!head) {
      pumping = false;
      return;
    }
    const targets = [...sockets()];
    sent = 0;
    const step = (from: number) => {
      const next = writeSlice(targets, from, head.bytes);
      if (next < targets.length) setImmediate(step, next);
      else {
        hooks.sent(head.type, sent);
        setImmediate(pump);
      }
    };
    step(0);
  }

  return function broadcast(message: LiveMessage): void {
    queue.push({ type: message.type, bytes: messageBytes(message) });
    if (pumping) return;
    pumping = true;
    pump();
  };
}

export type Broadcast = ReturnType<typeof createFanout>;
