import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notModified, PublicCache } from '../../gateway/src/cache.js';
import { publicReadOf } from '../../gateway/src/public-reads.js';
import { createQuestionAs, signInAdmin, startGatewayForTest, startServicesForTest } from './helpers.js';

/**
 * Cache hits of the polled public reads are answered before the app's layers and routers (public-reads.ts); a
 * miss goes the whole way through express, whose route loads the cache. The two must not be told apart: the same
 * status, body and headers (security headers, request id, Cache-Control, ETag, length), the same 304s, the same
 * RED metric. Which path answered is seen from PublicCache.serve, which only the routes call.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let questionId: string;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '1000' });
  questionId = await createQuestionAs(await signInAdmin(gw), `Will the polls hold ${randomUUID().slice(0, 6)}?`);
  await system.projected(questionId);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the route (the full path through express) answered: it is the only caller of PublicCache.serve. */
  viaRoute: boolean;
}

async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const serve = vi.spyOn(PublicCache.prototype, 'serve');
  try {
    const res = await fetch(gw.base + path, { method, headers });
    const body = await res.text();
    return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body, viaRoute: serve.mock.calls.length > 0 };
  } finally {
    serve.mockRestore();
  }
}

/** A request the route answers (a miss that fills the cache), then the same request answered from the cache. */
async function missThenHit(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<[Answer, Answer]> {
  // The cache lives 1 s: on a machine slow enough to let it lapse between the two, try again.
  for (let attempt = 0; attempt < 20; attempt++) {
    // Requests are hits until the entry lapses; the first that is not is the miss.
    const miss = await vi.waitFor(
      async () => {
        const a = await get(path, headers, method);
        expect(a.viaRoute).toBe(true);
        return a;
      },
      { timeout: 5_000, interval: 50 },
    );
    const hit = await get(path, headers, method);
    if (!hit.viaRoute) return [miss, hit];
  }
  throw new Error(`no cache hit observed for ${path}`);
}

const comparable = (a: Answer) => {
  const { date: _date, 'x-request-id': requestId, ratelimit, ...rest } = a.headers;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  // The public API's budget left goes down by one a read: the same field, its count aside.
  return { status: a.status, headers: { ...rest, ...(ratelimit && { ratelimit: ratelimit.replace(/;r=\d+/, ';r=n') }) }, body: a.body };
};

describe('public reads served from the cache before the app', () => {
  const paths = () => ['/api/questions/today', '/api/questions/public', `/api/questions/${questionId}/public-results`];

  it('a hit answers exactly as the route does: status, body and every header (security, Cache-Control, ETag, length)', async () => {
    for (const path of paths()) {
      const [miss, hit] = await missThenHit(path);
      expect(comparable(hit), path).toEqual(comparable(miss));
      expect(hit.status).toBe(200);
      expect(hit.headers['cache-control']).toBe('no-cache');
      expect(hit.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(hit.headers['x-content-type-options']).toBe('nosniff');
      // fetch asks for gzip: a body of 1 KB or more comes compressed (its length on the wire), a small one plain.
      if (Buffer.byteLength(hit.body) >= 1024) expect(hit.headers['content-encoding']).toBe('gzip');
      else expect(Number(hit.headers['content-length'])).toBe(Buffer.byteLength(hit.body));
      JSON.parse(hit.body);
    }
  });

  it('If-None-Match: 304 without a body from both paths; a reload (Cache-Control: no-cache) or another ETag gets 200', async () => {
    const path = `/api/questions/${questionId}/public-results`;
    const etag = (await get(path)).headers.etag!;
    // fetch adds Cache-Control: no-cache to a conditional request unless told otherwise (as browsers revalidating do).
    const revalidate = (inm: string) => ({ 'if-none-match': inm, 'cache-control': 'max-age=0' });
    for (const conditional of [revalidate(etag), revalidate(`W/"nope", ${etag}`), revalidate('*')]) {
      const [miss, hit] = await missThenHit(path, conditional);
      expect(miss.status).toBe(304);
      expect(comparable(hit)).toEqual(comparable(miss));
      expect(hit.body).toBe('');
    }
    for (const unconditional of [{ 'if-none-match': etag, 'cache-control': 'no-cache' }, revalidate('W/"other"')]) {
      const [miss, hit] = await missThenHit(path, unconditional);
      expect(miss.status).toBe(200);
      expect(comparable(hit)).toEqual(comparable(miss));
    }
  });

  it('the public API’s question: CORS and its per-address budget on a hit as on the route, the budget counting both', async () => {
    const path = `/api/public/v1/questions/${questionId}`;
    const [miss, hit] = await missThenHit(path);
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(hit.headers).toMatchObject({ 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin', 'cache-control': 'no-cache' });
    const left = (a: Answer) => Number(/;r=(\d+)/.exec(a.headers.ratelimit!)![1]);
    expect(left(hit)).toBeLessThan(left(miss));
    expect(JSON.parse(hit.body)).toMatchObject({ id: questionId });
    // With ?lang= it is the route's, as before.
    expect((await get(`${path}?lang=zu`)).viaRoute).toBe(true);
  });

  it('HEAD: the headers without a body, alike', async () => {
    const [miss, hit] = await missThenHit('/api/questions/public', {}, 'HEAD');
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(hit.body).toBe('');
    expect(Number(hit.headers['content-length'])).toBeGreaterThan(0);
  });

  it('a caller’s X-Request-Id is echoed, a bad one replaced, on a hit as on the route', async () => {
    const path = '/api/questions/today';
    await missThenHit(path);
    const kept = await get(path, { 'x-request-id': 'poll-0001.abc' });
    expect(kept.headers['x-request-id']).toBe('poll-0001.abc');
    const replaced = await get(path, { 'x-request-id': 'bad id!' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('other spellings, query strings and bodies go through the app, which answers them as before', async () => {
    const path = `/api/questions/${questionId}/public-results`;
    await missThenHit(path);
    for (const variant of [`${path}?x=1`, `${path}/`, path.replace(questionId, questionId.toUpperCase()).replace('/api/', '/API/')]) {
      const r = await get(variant);
      expect(r.viaRoute, variant).toBe(true);
      expect(r.status, variant).toBe(200);
    }
    expect((await get(`${path}?x=%00`)).status).toBe(400);
  });

  it('a hit is counted in http_request_duration_seconds under the route’s label', async () => {
    const path = `/api/questions/${questionId}/public-results`;
    const count = async () => {
      const text = await (await fetch(`http://127.0.0.1:${gw.gateway.metricsPort}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/api/questions/:id/public-results"') && l.includes('status="200"') && l.includes('method="GET"'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    await missThenHit(path);
    const before = await count();
    const hit = await get(path);
    if (hit.viaRoute) return; // the cache lapsed on a slow machine: covered by the hit tests above
    expect(await count()).toBe(before + 1);
  });
});

describe('the cache’s parts', () => {
  it('publicReadOf: exact URLs only, ids lower-cased like the routes do', () => {
    expect(publicReadOf('/api/questions/today')).toEqual({ key: 'questions:today', route: '/api/questions/today' });
    expect(publicReadOf('/api/questions/public')).toEqual({ key: 'questions:public', route: '/api/questions/public' });
    expect(publicReadOf('/api/questions/ABC/public-results')).toEqual({ key: 'results:abc', route: '/api/questions/:id/public-results' });
    expect(publicReadOf('/api/public/v1/questions/ABC')).toEqual({ key: 'public:q:abc:en', route: '/api/public/v1/questions/:id', publicApi: true });
    expect(publicReadOf('/api/public/v1/questions/ABC/data.csv')).toBeUndefined();
    for (const other of ['/api/questions/today?x=1', '/api/questions/public/', '/api/questions/a/b/public-results', '/api/questions//public-results', '/api/questions']) {
      expect(publicReadOf(other), other).toBeUndefined();
    }
  });

  it('notModified: the `fresh` rules for an ETag', () => {
    const etag = 'W/"1a-abc"';
    expect(notModified({}, etag)).toBe(false);
    expect(notModified({ 'if-none-match': etag }, etag)).toBe(true);
    expect(notModified({ 'if-none-match': '"1a-abc"' }, etag)).toBe(true);
    expect(notModified({ 'if-none-match': ` "x" ,  ${etag} ` }, etag)).toBe(true);
    expect(notModified({ 'if-none-match': '*' }, etag)).toBe(true);
    expect(notModified({ 'if-none-match': '"other"' }, etag)).toBe(false);
    expect(notModified({ 'if-none-match': etag, 'cache-control': 'max-age=0, no-cache' }, etag)).toBe(false);
    expect(notModified({ 'if-none-match': etag, 'cache-control': 'max-age=0' }, etag)).toBe(true);
  });
});
