import type { Clock } from '@mzansi/kit/clock';
import { codedMessage } from '@mzansi/kit/messages';

/**
 * identity's own brake on password checks per username, for callers that reach Login without the gateway (whose
 * attempt budget and proof-of-work challenge are the user-facing path). The limit is generous — well above the
 * gateway's — and the window short, so it never decides what a user sees through the gateway, yet nobody who
 * reaches the gRPC port can run argon2 for one username without end.
 *
 * An attempt is taken *before* argon2 runs (JavaScript runs it to completion, so parallel calls cannot race past
 * the limit) and given back when the password is right. In memory and per replica: a backstop, not the budget.
 */
export const THROTTLED_MESSAGE = codedMessage('loginThrottled', 'Too many login attempts for this account. Please try again in a minute.');

export interface LoginThrottleOptions {
  /** Attempts per username and window. */
  limit: number;
  windowMs: number;
  /** Usernames remembered at most; the least recently tried are forgotten first. */
  maxEntries: number;
  clock: Clock;
}

interface Window {
  startMs: number;
  attempts: number;
}

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly opts: LoginThrottleOptions) {}

  /** Takes one attempt for `username`; false (take nothing) when its window is already full. */
  take(username: string): boolean {
    const key = keyOf(username);
    const now = this.opts.clock().getTime();
    let w = this.windows.get(key);
    if (!w || now - w.startMs >= this.opts.windowMs) w = { startMs: now, attempts: 0 };
    // Re-inserted (refused tries too) so the map's order is least recently tried first. Forgetting a username early
    // only helps a guesser after maxEntries other usernames were tried, each costing an argon2 run.
    this.windows.delete(key);
    this.windows.set(key, w);
    while (this.windows.size > this.opts.maxEntries) this.windows.delete(this.windows.keys().next().value!);
    if (w.attempts >= this.opts.limit) return false;
    w.attempts += 1;
    return true;
  }

  /** The right password: whoever knows it needs no brake. */
  succeeded(username: string): void {
    this.windows.delete(keyOf(username));
  }

  /** Usernames currently remembered (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }
}

/** Usernames are unique whatever their case; very long input is clipped so keys stay small. */
const keyOf = (username: string) => username.trim().toLowerCase().slice(0, 64);
