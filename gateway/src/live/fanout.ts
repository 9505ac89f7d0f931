import * as wsModule from 'ws';
import { WebSocket } from 'ws';

/** What a live message looks like before it is serialised: `{type, ...}`. */
export type LiveMessage = { type: string } & Record<string, unknown>;

/** A socket with more than this written and not yet taken by the network is too slow: it is dropped. */
export const MAX_BUFFERED = 1024 * 1024;

/** ws's framer (public in ws, absent from @types/ws). */
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[] };
};

export interface Frame {
  text: string;
  bytes: Buffer;
}

/** A complete unmasked text frame (server → client frames are never masked), built once per broadcast. */
export function textFrame(text: string): Frame {
  const [head, body] = Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false });
  return { text, bytes: body ? Buffer.concat([head!, body]) : head! };
}

/** Writes a prebuilt frame through the socket's sender (one write, no re-framing); plain send() if ws changes shape. */
function sendFrame(ws: WebSocket, frame: Frame) {
  const sender = (ws as unknown as { _sender?: { sendFrame?: (list: Buffer[]) => void } })._sender;
  if (typeof sender?.sendFrame === 'function') sender.sendFrame([frame.bytes]);
  else ws.send(frame.text);
}

export interface FanoutHooks {
  /** `n` sockets were sent a message of this type. */
  sent(type: string, n: number): void;
  /** A socket was dropped for not keeping up. */
  droppedSlow(): void;
}

/** Sockets written per turn of the event loop: ~5 ms of writes, so votes' requests wait at most that long. */
export const FANOUT_SLICE = 256;

/**
 * Serialises and frames a message once, then writes the same bytes to every open socket (ws's own advice for
 * broadcasts: websockets/ws#617). A socket that cannot keep up (more than MAX_BUFFERED waiting) is dropped rather
 * than buffered for without bound.
 *
 * Writes go out `slice` sockets at a time with setImmediate between slices: one synchronous loop over 10,000 sockets
 * held the event loop ~200 ms and put that on every request in flight (issue 16's p99). Messages are delivered in
 * the order they were broadcast: one message's slices finish before the next message starts, and each message goes
 * to the sockets open when its turn comes.
 */
export function createFanout(sockets: () => Iterable<WebSocket>, hooks: FanoutHooks, slice = FANOUT_SLICE) {
  const queue: { type: string; frame: Frame }[] = [];
  let pumping = false;

  function writeSlice(targets: WebSocket[], from: number, frame: Frame): number {
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
      sendFrame(c, frame);
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
      sent += writeSlice(targets, from, head.frame);
      if (from + slice < targets.length) setImmediate(step, from + slice);
      else {
        hooks.sent(head.type, sent);
        setImmediate(pump);
      }
    };
    step(0);
  }

  return function broadcast(message: LiveMessage): void {
    queue.push({ type: message.type, frame: textFrame(JSON.stringify(message)) });
    if (pumping) return;
    pumping = true;
    pump();
  };
}

export type Broadcast = ReturnType<typeof createFanout>;
