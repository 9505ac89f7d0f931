import { WebSocket } from 'ws';
import { type WindowClock } from '../src/live/results-window.js';

/** Stand-ins for the live channel's parts tests: a socket as the fan-out and heartbeat see it, and timers moved by hand. */

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

/** Time the test moves by hand. */
export function manualTimers() {
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
