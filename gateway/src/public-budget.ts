// The public API's per-address budget, counted in Redis (every gateway replica together) without a Redis round trip
// on every read: each address's reads are admitted against what Redis last said was left, a few at a time, and
// the count is added to Redis in one call per address every FLUSH_MS. An address whose budget is (nearly) spent, or
// whose window has ended, is asked of Redis before its read, so refusals are exact; between two answers from Redis
// (a flush is one) a replica admits at most LOCAL_BATCH reads of one address, or a tenth of what Redis said was left
// if that is more: far from the limit a busy address costs one Redis call per flush, near it (and with fewer than ten
// replicas) at most LOCAL_BATCH a replica beyond the shared count.
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** How often the reads admitted locally are added to Redis. */
const FLUSH_MS = 100;
/** Reads of one address a replica admits between two answers from Redis, at least (LOCAL_SHARE: more when far from the limit). */
const LOCAL_BATCH = 20;
/** Far from the limit, a replica admits up to this fraction of what Redis said was left between two answers. */
const LOCAL_SHARE = 0.1;
/** Addresses tracked at once; beyond it, reads are asked of Redis one by one. */
const MAX_KEYS = 10_000;

export interface Budget {
  /** Reads left in the window after this one, and ms until the window ends. */
  remaining: number;
  msBeforeNext: number;
}

interface Entry {
  /** What Redis said was left after the reads it has counted. */
  left: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
  /** Reads admitted here that Redis has not counted yet. */
  pending: number;
  /** Reads admitted here since Redis last answered. */
  sinceAnswer: number;
}

export class PublicBudget {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly limiter: RateLimiterRedis,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Admits one read of `key` (resolves with what is left) or refuses it (rejects with a RateLimiterRes). */
  consume(key: string): Promise<Budget> | Budget {
    return this.admitLocally(key) ?? this.ask(key, this.now());
  }

  /** Admits one read of `key` if it can be without asking Redis; undefined (nothing counted) if Redis must be asked. */
  admitLocally(key: string): Budget | undefined {
    const e = this.entries.get(key);
    const t = this.now();
    if (!e || t >= e.resetAt || e.left - e.pending <= 1 || e.sinceAnswer >= Math.max(LOCAL_BATCH, e.left * LOCAL_SHARE)) return undefined;
    e.pending++;
    e.sinceAnswer++;
    return { remaining: e.left - e.pending, msBeforeNext: e.resetAt - t };
  }

  /** One read asked of Redis, with this key's uncounted reads added first. */
  private async ask(key: string, t: number): Promise<Budget> {
    const e = this.entries.get(key);
    const uncounted = e && t < e.resetAt ? e.pending : 0;
    if (e) e.pending = 0;
    try {
      const r = await this.limiter.consume(key, uncounted + 1);
      this.remember(key, r);
      return { remaining: r.remainingPoints, msBeforeNext: r.msBeforeNext };
    } catch (err) {
      if (err instanceof RateLimiterRes) this.remember(key, err);
      throw err;
    }
  }

  private remember(key: string, r: RateLimiterRes) {
    if (!this.entries.has(key) && this.entries.size >= MAX_KEYS) return;
    const e = this.entries.get(key);
    const pending = e?.pending ?? 0;
    this.entries.set(key, { left: Math.max(0, r.remainingPoints), resetAt: this.now() + r.msBeforeNext, pending, sinceAnswer: 0 });
  }

  /** Adds every address's uncounted reads to Redis (one call each) and forgets the windows that have ended. */
  private async flush() {
    const t = this.now();
    const due: [string, number][] = [];
    for (const [key, e] of this.entries) {
      if (t >= e.resetAt) this.entries.delete(key);
      else if (e.pending > 0) {
        due.push([key, e.pending]);
        e.pending = 0;
      }
    }
    await Promise.all(
      due.map(([key, points]) =>
        this.limiter.penalty(key, points).then(
          (r) => this.remember(key, r),
          () => undefined,
        ),
      ),
    );
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
