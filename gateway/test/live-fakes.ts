import { WebSocket } from 'ws';

/** A stand-in for the live channel's parts tests: a socket as the fan-out and heartbeat see it. */

export function fakeSocket(opts: { readyState?: number; bufferedAmount?: number; alive?: boolean; sessionKey?: string } = {}) {
  const frames: Buffer[] = [];
  const s = {
    readyState: opts.readyState ?? WebSocket.OPEN,
    bufferedAmount: opts.bufferedAmount ?? 0,
    alive: opts.alive,
    sessionKey: opts.sessionKey,
    terminated: false,
    pings: 0,
    closedWith: undefined as undefined | [number, string],
    /** What send() was given (ws's public API), with its options. */
    sent: [] as { binary?: boolean }[],
    frames,
    send(data: Buffer, options: { binary?: boolean }) {
      frames.push(data);
      s.sent.push(options);
    },
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
