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

/** Sockets written per turn of the event loop: ~5 ms of writes, so votes' requests wait at most that long. */
export const FANOUT_SLICE = 256;

/**
 * Serialises a message once, then sends the same bytes to every open socket through ws's public `send` (ws's own
 * advice for broadcasts: websockets/ws#617). A socket that cannot keep up (more than MAX_BUFFERED waiting) is dropped rather
 * than buffered for without bound.
 *
 * Writes go out `slice` sockets at a time with setImmediate between slices: one synchronous loop over 10,000 sockets
 * held the event loop ~200 ms and put that on every request in flight (the votes' p99). Messages are delivered in
 * the order they were broadcast: one message's slices finish before the next message starts, and each message goes
 * to the sockets open when its turn comes.
 */
export function createFanout(sockets: () => Iterable<WebSocket>, hooks: FanoutHooks, slice = FANOUT_SLICE) {
  const queue: { type: string; bytes: Buffer }[] = [];
  let pumping = false;

  function writeSlice(targets: WebSocket[], from: number, bytes: Buffer): number {
    let n = 0;
    const end = Math.min(from + slice, targets.length);
    for (let i = from; i < end; i++) {
      const c = targets[i]!;
      if (c.readyState !== WebSocket.OPEN) continue;
      if (c.bufferedAmount > MAX_BUFFERED) {
        hooks.droppedSlow();
        c.terminate();
        continue;
      }
      c.send(bytes, TEXT);
      n++;
    }
    return n;
  }

  function pump() {
    const head = queue.shift();
    if (!head) {
      pumping = false;
      return;
    }
    const targets = [...sockets()];
    let sent = 0;
    const step = (from: number) => {
      sent += writeSlice(targets, from, head.bytes);
      if (from + slice < targets.length) setImmediate(step, from + slice);
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
