import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { acceptsGzip, PublicCache } from '../src/cache.js';

/** An app serving one cached public read, with a clock the test moves and a count of loads. */
function appWith(load: () => Promise<unknown>) {
  let now = 1_000_000;
  const cache = new PublicCache(1_000, 100, () => now);
  const state = { loads: 0, lastReturn: 'unset' as string };
  const app = express();
  app.get('/thing', (_req, res) => {
    const r = cache.serve(res, 'thing', () => {
      state.loads++;
      return load();
    });
    state.lastReturn = r === undefined ? 'sync' : 'promise';
    return r;
  });
  app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(503).json({ message: err.message });
  });
  return { app, cache, state, tick: (ms: number) => (now += ms) };
}

describe('PublicCache.serve (the hot public reads)', () => {
  it('loads once per second however many ask, and answers a hit at once with the same body', async () => {
    const { app, state, tick } = appWith(async () => ({ text: 'Will Eskom keep the lights on?', votes: 3 }));
    const first = await Promise.all(Array.from({ length: 5 }, () => request(app).get('/thing')));
    expect(state.loads).toBe(1);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const hit = await request(app).get('/thing');
    expect(state.lastReturn).toBe('sync');
    expect(hit.body).toEqual({ text: 'Will Eskom keep the lights on?', votes: 3 });
    expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(hit.headers['cache-control']).toBe('no-cache');
    tick(1_000);
    await request(app).get('/thing');
    expect(state.loads).toBe(2);
  });

  it('counts bytes, not characters, in Content-Length (names and text are not all ASCII)', async () => {
    const { app } = appWith(async () => ({ text: 'Ramaphosa – “Thuma mina” ✓ Ngiyabonga' }));
    const res = await request(app).get('/thing').buffer(true);
    expect(res.body.text).toBe('Ramaphosa – “Thuma mina” ✓ Ngiyabonga');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
  });

  it('HEAD gets the headers without a body; a matching If-None-Match (alone or in a list) gets 304', async () => {
    const { app } = appWith(async () => ({ totalVotes: 12 }));
    const get = await request(app).get('/thing');
    const head = await request(app).head('/thing');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
    const etag = get.headers.etag!;
    expect((await request(app).get('/thing').set('If-None-Match', etag)).status).toBe(304);
    expect((await request(app).get('/thing').set('If-None-Match', `W/"other", ${etag}`)).status).toBe(304);
    expect((await request(app).get('/thing').set('If-None-Match', 'W/"other"')).status).toBe(200);
  });

  it('a failed load is an error for its callers and is not cached', async () => {
    let fail = true;
    const { app, state } = appWith(async () => {
      if (fail) throw new Error('questions is down');
      return { ok: true };
    });
    const bad = await request(app).get('/thing');
    expect(bad.status).toBe(503);
    fail = false;
    const good = await request(app).get('/thing');
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ ok: true });
    expect(state.loads).toBe(2);
  });

  it('a body of 1 KB or more goes out gzipped to a client that accepts gzip (compressed once per fill); others get it plain', async () => {
    const big = { questions: Array.from({ length: 40 }, (_, i) => ({ id: i, text: `Will question ${i} resolve yes?`, provinces: ['GP', 'KZN', 'WC'] })) };
    const { app, state } = appWith(async () => big);
    const plain = await request(app).get('/thing').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const raw = Buffer.from(JSON.stringify(big));
    expect(Number(plain.headers['content-length'])).toBe(raw.length);
    // supertest decompresses the body; the length on the wire is the gzip's.
    const zipped = await request(app).get('/thing').set('Accept-Encoding', 'gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.body).toEqual(big);
    expect(Number(zipped.headers['content-length'])).toBe(gzipSync(raw).length);
    expect(state.loads).toBe(1);
    const small = appWith(async () => ({ ok: true }));
    const tiny = await request(small.app).get('/thing').set('Accept-Encoding', 'gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
  });

  it('acceptsGzip reads Accept-Encoding: gzip or x-gzip with q > 0', () => {
    for (const yes of ['gzip', 'gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', 'deflate,x-gzip', 'gzip ; q=1']) expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip;q=0.000', '*', 'notgzip', 'gzipper']) expect(acceptsGzip(no), String(no)).toBe(false);
  });
});
