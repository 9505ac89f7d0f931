import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * A tiny bounded in-memory cache for hot public reads: entries live `ttlMs` (≤ 1 s, so nothing is staler than
 * that), concurrent misses for one key share one load (no stampede on the services when thousands poll at once),
 * and the map never holds more than `maxEntries` keys.
 */
export class MicroCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; settled?: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const t = this.now();
    if (hit && t - hit.at < this.ttlMs) return hit.value;
    const value = load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      const entry: { at: number; value: Promise<T>; settled?: T } = { at: t, value };
      this.entries.set(key, entry);
      value.then(
        (v) => void (entry.settled = v),
        // A failed load is not cached.
        () => {
          if (this.entries.get(key) === entry) this.entries.delete(key);
        },
      );
    }
    return value;
  }

  /** The value for `key` if it is loaded and fresh: a hit served without waiting on a promise. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && this.now() - hit.at < this.ttlMs ? hit.settled : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A JSON body serialised once per cache fill, with its length and ETag: every poller gets the same text, no
 * per-request work. Text, not a Buffer: Node writes a string body in the same write as the headers (one syscall),
 * a Buffer in a second one (writev).
 */
export interface JsonBody {
  text: string;
  length: number;
  etag: string;
}

export function jsonBody(value: unknown): JsonBody {
  const text = JSON.stringify(value);
  const length = Buffer.byteLength(text);
  return { text, length, etag: `W/"${length.toString(16)}-${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"` };
}

/** The public reads' cache: values are stored serialised, so a hit costs no JSON.stringify and no hashing. */
export class PublicCache extends MicroCache<JsonBody> {
  json(key: string, load: () => Promise<unknown>): Promise<JsonBody> {
    return this.get(key, async () => jsonBody(await load()));
  }

  /** Answers with the cached body for `key`, loading it on a miss; a hit is answered at once (no promise). */
  serve(res: Response, key: string, load: () => Promise<unknown>): Promise<void> | void {
    const hit = this.peek(key);
    if (hit) return sendJson(res, hit);
    return this.json(key, load).then((body) => sendJson(res, body));
  }
}

/**
 * Sends a cached public body. `no-cache` with an ETag: browsers and proxies may keep it but must revalidate, so
 * nothing is ever shown staler than the gateway's own ≤ 1 s cache, and an unchanged body costs a bodiless 304.
 */
export function sendJson(res: Response, body: JsonBody): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', body.etag);
  if (res.req.headers['if-none-match'] !== undefined && res.req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(res.req.method === 'HEAD' ? undefined : body.text);
}
