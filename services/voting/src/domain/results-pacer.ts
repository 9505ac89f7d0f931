/** The pacer's time: a monotonic `now()` in ms and timers (tests drive both by hand). */
export interface PacerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export const realPacerClock: PacerClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout),
};

/**
 * At most one results message per question per interval, and never a last one missed. Questions marked changed
 * collect in a set; one flush takes them all (one read for all of them), and flushes start at least `intervalMs`
 * apart, one at a time. After a quiet spell the first change flushes at once (a lone vote shows without waiting),
 * and a change during or after a flush is always followed by another flush, so the totals sent last are read after
 * the last answer committed. A flush that fails keeps its questions for the next one.
 *
 * So a burst of D ms on one question yields at most D / interval + 2 messages, the last within one interval (plus
 * the read) of the last answer.
 */
export class ResultsPacer {
  private readonly dirty = new Set<string>();
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly flush: (questionIds: string[]) => Promise<void>,
    private readonly clock: PacerClock,
  ) {}

  changed(questionIds: Iterable<string>): void {
    for (const id of questionIds) this.dirty.add(id);
    this.schedule();
  }

  /** Questions waiting for the next flush. */
  get pending(): number {
    return this.dirty.size;
  }

  private wait(): number {
    return Math.max(0, this.lastFlushAt + this.intervalMs - this.clock.now());
  }

  private schedule() {
    if (this.stopped || this.timer !== undefined || this.running || this.dirty.size === 0) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.wait());
  }

  private run(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    this.lastFlushAt = this.clock.now();
    this.running = this.flush(ids)
      .catch(() => {
        for (const id of ids) this.dirty.add(id);
      })
      .finally(() => {
        this.running = undefined;
        this.schedule();
      });
    return this.running;
  }

  /** Stops pacing; what is still marked goes out in one last flush, keeping to the interval. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    if (this.dirty.size === 0) return;
    const wait = this.wait();
    if (wait > 0) await new Promise<void>((resolve) => this.clock.setTimeout(resolve, wait));
    await this.run();
  }
}
