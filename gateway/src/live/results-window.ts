import type { ResultsChanged } from '@mzansi/kit/base';

/** The window's time: `now()` in ms and timers (tests drive both by hand). */
export interface WindowClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export const realWindowClock: WindowClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout),
};

export type Outcome = 'sent' | 'held' | 'dropped';

interface QuestionWindow {
  sentAt: number;
  /** The highest total sent or held: counts only grow, so a message not above it carries nothing new. */
  highest: number;
  pending?: ResultsChanged;
  timer?: unknown;
}

/** Windows idle this long are forgotten (when there are many): a question quiet for a minute starts afresh. */
const FORGET_MS = 60_000;
const FORGET_ABOVE = 1_000;

/**
 * At most one results message per question per `intervalMs` to the sockets, whatever the number of voting
 * replicas. Each voting replica paces its own messages, but several replicas that all took answers for a question
 * each send its totals once per interval. Totals only grow and every message carries the exact totals at its read,
 * so a message whose totalVotes is not above the highest already sent or held is a duplicate (or older) and
 * dropped; a newer one inside the window replaces the held one (merge by max) and goes out when the window ends.
 * The totals sent last are therefore the highest any replica read. With one voting replica nothing is held (its
 * messages are an interval apart already); with several, a vote may wait up to one more interval.
 */
export class ResultsWindow {
  private readonly windows = new Map<string, QuestionWindow>();

  constructor(
    private readonly intervalMs: number,
    private readonly send: (m: ResultsChanged) => void,
    private readonly clock: WindowClock = realWindowClock,
  ) {}

  offer(m: ResultsChanged): Outcome {
    const now = this.clock.now();
    const w = this.windows.get(m.questionId);
    if (!w) {
      if (this.windows.size >= FORGET_ABOVE) this.forgetIdle(now);
      this.windows.set(m.questionId, { sentAt: now, highest: m.totalVotes });
      this.send(m);
      return 'sent';
    }
    if (m.totalVotes <= w.highest) return 'dropped';
    w.highest = m.totalVotes;
    const wait = w.sentAt + this.intervalMs - now;
    if (wait <= 0 && !w.timer) {
      w.sentAt = now;
      this.send(m);
      return 'sent';
    }
    w.pending = m;
    w.timer ??= this.clock.setTimeout(() => {
      w.timer = undefined;
      const p = w.pending;
      w.pending = undefined;
      if (!p) return;
      w.sentAt = this.clock.now();
      this.send(p);
    }, Math.max(0, wait));
    return 'held';
  }

  private forgetIdle(now: number) {
    for (const [id, w] of this.windows) if (!w.timer && now - w.sentAt > FORGET_MS) this.windows.delete(id);
  }

  /** Questions with a window (bounded: idle ones are forgotten past 1,000). */
  get size(): number {
    return this.windows.size;
  }

  stop() {
    for (const w of this.windows.values()) if (w.timer) this.clock.clearTimeout(w.timer);
    this.windows.clear();
  }
}
