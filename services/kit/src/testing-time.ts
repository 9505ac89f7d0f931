/** Time in tests: waiting for a condition, clocks and timers moved by hand (part of `@mzansi/kit/testing`). */

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw last instanceof Error ? last : new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Waits `ms` milliseconds. Only for a wait that proves nothing more happens; wait for a condition with `eventually`. */
export const sleep = (ms: number): Promise<void> => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A clock that stands still until a test moves it: pass `now` where a clock is injected; `set` moves it to an instant
 * (ISO string, Date or epoch milliseconds), `advance` moves it on by milliseconds.
 */
export function manualClock(initial: string | Date | number) {
  let current = new Date(initial);
  const now = (): Date => new Date(current.getTime());
  return {
    now,
    set(at: string | Date | number) {
      current = new Date(at);
    },
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
    get current() {
      return new Date(current.getTime());
    },
  };
}

/**
 * Timers the test moves by hand: pass `clock` where a clock with timers is injected (`now` in milliseconds,
 * `setTimeout`, `clearTimeout`). `advance` fires the due timers in order; `advanceSettled` does the same but lets the
 * promise jobs each timer starts run before the next one fires (for code that awaits inside its callbacks).
 */
export function manualTimers() {
  type Timer = { at: number; fn: () => void };
  let t = 0;
  const timers = new Set<Timer>();
  const settle = () => new Promise<void>((r) => setImmediate(r));
  const nextDue = (until: number) => [...timers].filter((x) => x.at <= until).sort((a, b) => a.at - b.at)[0];
  return {
    clock: {
      now: () => t,
      setTimeout(fn: () => void, ms: number): unknown {
        const timer = { at: t + ms, fn };
        timers.add(timer);
        return timer;
      },
      clearTimeout: (timer: unknown) => void timers.delete(timer as Timer),
    },
    get now() {
      return t;
    },
    get pendingTimers() {
      return timers.size;
    },
    advance(ms: number) {
      const until = t + ms;
      for (let due = nextDue(until); due; due = nextDue(until)) {
        timers.delete(due);
        t = due.at;
        due.fn();
      }
      t = until;
    },
    async advanceSettled(ms: number) {
      const until = t + ms;
      await settle();
      for (let due = nextDue(until); due; due = nextDue(until)) {
        timers.delete(due);
        t = due.at;
        due.fn();
        await settle();
      }
      t = until;
      await settle();
    },
  };
}
