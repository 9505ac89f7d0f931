/** Why a live-channel socket is refused, with the close code and reason the browser's `close` event shows. */
export const REFUSALS = {
  address: { code: 1008, reason: 'Too many connections from your address' },
  total: { code: 1013, reason: 'The server is busy. Please try again later' },
} as const;

export type Refusal = keyof typeof REFUSALS;

/**
 * Counts live-channel sockets per client address and in the whole process. A socket holds its place from the
 * upgrade request until its TCP connection closes, so concurrent handshakes cannot slip past the caps.
 */
export class SocketBudget {
  private readonly byKey = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly maxPerKey: number,
    private readonly maxTotal: number,
  ) {}

  /** Takes a place for `key`, or says which cap refuses it. Every taken place must be released once. */
  take(key: string): Refusal | undefined {
    const n = this.byKey.get(key) ?? 0;
    if (n >= this.maxPerKey) return 'address';
    if (this.total >= this.maxTotal) return 'total';
    this.byKey.set(key, n + 1);
    this.total++;
    return undefined;
  }

  release(key: string): void {
    const n = this.byKey.get(key) ?? 0;
    if (n <= 1) this.byKey.delete(key);
    else this.byKey.set(key, n - 1);
    this.total = Math.max(0, this.total - 1);
  }

  get size(): number {
    return this.total;
  }

  /** How many client keys hold at least one socket (bounded by the total cap). */
  get keys(): number {
    return this.byKey.size;
  }
}
