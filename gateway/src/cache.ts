import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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

  /** Forgets `key`: the next get loads it again (a load under way still answers its own callers). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A JSON body serialised once per cache fill: its bytes, their length and an ETag, and for a body of 1 KB or more
 * its gzip (compressed once per fill, not per request: the public list of 30 questions with their province splits
 * is ~16 KB, ~2 KB gzipped, polled by every open screen). Every poller gets the same Buffer, so a hit costs no
 * JSON.stringify, no hashing, no compression and no UTF-8 encoding of the body (Node writes the headers and a Buffer
 * body in one writev).
 */
export interface JsonBody {
  bytes: Buffer;
  etag: string;
  gzip?: Buffer;
}

const GZIP_MIN_BYTES = 1024;

/**
 * `tagged`: what the (weak) ETag is computed from when not the bytes — a body semantically the same while `tagged` is
 * (a history resampled to the moment of the answer, its figures unchanged).
 */
export function jsonBody(value: unknown, tagged?: unknown): JsonBody {
  const bytes = Buffer.from(JSON.stringify(value));
  const basis = tagged === undefined ? bytes : Buffer.from(JSON.stringify(tagged));
  const etag = `W/"${basis.length.toString(16)}-${createHash('sha1').update(basis).digest('base64url').slice(0, 27)}"`;
  return bytes.length >= GZIP_MIN_BYTES ? { bytes, etag, gzip: gzipSync(bytes) } : { bytes, etag };
}

const GZIP_CODING = /(?:^|,)\s*(?:gzip|x-gzip)\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?=,|$)/i;

/** Whether an Accept-Encoding allows gzip: listed (or x-gzip) with a q above 0. `*` alone is not taken as gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const m = GZIP_CODING.exec(acceptEncoding);
  return !!m && (m[1] === undefined || Number(m[1]) > 0);
}

/** The public reads' cache: values are stored serialised, so a hit costs no JSON.stringify and no hashing. */
export class PublicCache extends MicroCache<JsonBody> {
  json<T>(key: string, load: () => Promise<T>, tagOf?: (value: T) => unknown): Promise<JsonBody> {
    return this.get(key, async () => {
      const value = await load();
      return jsonBody(value, tagOf?.(value));
    });
  }

  /**
   * Answers with the cached body for `key`, loading it on a miss; a hit is answered at once (no promise). `tagOf`:
   * what the ETag is computed from, when not the body's bytes (jsonBody).
   */
  serve<T>(res: Response, key: string, load: () => Promise<T>, tagOf?: (value: T) => unknown): Promise<void> | void {
    const hit = this.peek(key);
    if (hit) return sendJson(res, hit);
    return this.json(key, load, tagOf).then((body) => sendJson(res, body));
  }
}

const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;
const SPACES = /^ +| +$/g;

/**
 * Whether a request's If-None-Match matches `etag`, so a 304 answers it: express's `req.fresh` (the `fresh`
 * package) for a response that has an ETag and no Last-Modified, without going through express. `*` matches;
 * otherwise any entry of the comma-separated list, weak or strong (W/ ignored); never when the request says
 * `Cache-Control: no-cache` (an end-to-end reload).
 */
export function notModified(headers: IncomingHttpHeaders, etag: string): boolean {
  const noneMatch = headers['if-none-match'];
  if (!noneMatch) return false;
  const cacheControl = headers['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch === '*') return true;
  for (const raw of noneMatch.split(',')) {
    const match = raw.replace(SPACES, ''); // spaces only, as `fresh` trims them
    if (match === etag || `W/${match}` === etag || match === `W/${etag}`) return true;
  }
  return false;
}

/**
 * Sends a cached public body. `no-cache` with an ETag: browsers and proxies may keep it but must revalidate, so
 * nothing is ever shown staler than the gateway's own ≤ 1 s cache, and an unchanged body costs a bodiless 304.
 * A body with a gzip goes out gzipped to a client that accepts it (`Vary: Accept-Encoding` on both variants; one
 * weak ETag for both, as the compression middleware keeps it: they are the same JSON). `head` (flat name, value
 * pairs) goes out with it; every header is written in one writeHead (headers set before with setHeader are kept,
 * and replaced by a name given again).
 */
export function sendJson(res: ServerResponse, body: JsonBody, head: string[] = []): void {
  const req = (res as ServerResponse & { req: IncomingMessage }).req;
  const fresh = notModified(req.headers, body.etag);
  const headers = [...head, 'Cache-Control', 'no-cache', 'ETag', body.etag];
  if (body.gzip) headers.push('Vary', 'Accept-Encoding');
  const payload = body.gzip && acceptsGzip(req.headers['accept-encoding']) ? body.gzip : body.bytes;
  if (!fresh) {
    headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(payload.length));
    if (payload === body.gzip) headers.push('Content-Encoding', 'gzip');
  }
  res.writeHead(fresh ? 304 : 200, headers);
  res.end(fresh || req.method === 'HEAD' ? undefined : payload);
}
