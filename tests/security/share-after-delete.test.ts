// Deleted means gone at once: after a question is deleted or archived, its share page (/q/{id}), its JSON
// (/api/questions/{id}/public-results) and its preview image answer 404 on every gateway within 1 s — each replica
// drops its cached card when its own consumer of the questions events hears of the change — and browsers keep the
// image at most 60 s (then revalidate it by its ETag). Two gateways on one stack, with production's 1 s public cache.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayForTest, type Browser } from '../api/helpers.js';
import { startSystem, type System } from './system.js';

let sys: System;
let gw2: Awaited<ReturnType<typeof startGatewayForTest>>;
let gateways: { name: string; b: Browser }[];

beforeAll(async () => {
  // The built page as the web build writes it (index.html and page.json), so /q/{id} is the app's page.
  const dist = mkdtempSync(path.join(tmpdir(), 'sec-share-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--app-head--><!--app-css--></head><body><div id="root"><!--app-html--></div></body></html>');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'page.json'), JSON.stringify({ head: '<title>Mzansi Predicts</title>', css: '', cssHref: '/assets/index.css', signedIn: '', catalogues: {} }));
  const web = { SERVE_WEB: 'true', WEB_DIST: dist, PUBLIC_CACHE_MS: '1000' };
  sys = await startSystem({ gatewayEnv: web });
  gw2 = await startGatewayForTest(sys.services.identityAddress, { ...sys.services.gatewayEnv, EVENTS_NAMESPACE: sys.services.ns, ...web });
  gateways = [
    { name: 'gateway 1', b: sys.browser() },
    { name: 'gateway 2', b: gw2.browser() },
  ];
});

afterAll(async () => {
  await gw2?.stop().catch(() => undefined);
  await sys?.stop();
});

const paths = (id: string) => [`/q/${id}`, `/q/${id}/preview.png`, `/api/questions/${id}/public-results`];

/** Every path on every gateway answers `status`. */
async function statuses(id: string): Promise<number[]> {
  return Promise.all(gateways.flatMap(({ b }) => paths(id).map(async (p) => (await b.get(p)).status)));
}

/** Milliseconds from `since` until every path on every gateway is a 404 (polled every 25 ms, up to 10 s). */
async function allGone(id: string, since: number): Promise<number> {
  for (;;) {
    if ((await statuses(id)).every((s) => s === 404)) return performance.now() - since;
    if (performance.now() - since > 10_000) throw new Error(`still served 10 s later: ${(await statuses(id)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a deleted or archived question, on two gateways', () => {
  for (const how of ['deleted', 'archived'] as const) {
    it(`${how}: page, JSON and preview image → 404 on both gateways within 1 s, and they stay 404`, async () => {
      const id = await sys.publishQuestion();
      // Both gateways have it cached: page, image (rendered and kept) and the public JSON.
      expect(await statuses(id)).toEqual([200, 200, 200, 200, 200, 200]);
      const image = await gateways[1]!.b.get(`/q/${id}/preview.png`);
      const etag = image.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);

      const started = performance.now();
      const res = how === 'deleted' ? await sys.admin.req('DELETE', `/api/admin/questions/${id}`) : await sys.admin.put(`/api/admin/questions/${id}/archive`);
      expect(res.status, res.text).toBeLessThan(300);
      const ms = await allGone(id, started);
      expect(ms).toBeLessThan(1000);
      // No gateway brings it back from a cache later, and a revalidation with the old ETag is a 404, not a 304.
      await new Promise((r) => setTimeout(r, 1200));
      expect(await statuses(id)).toEqual([404, 404, 404, 404, 404, 404]);
      for (const { b } of gateways) expect((await b.get(`/q/${id}/preview.png`, { headers: { 'if-none-match': etag } })).status).toBe(404);
      console.log(`[security] share after ${how}: page, JSON and image 404 on 2 gateways ${ms.toFixed(0)} ms after the admin's request (bound 1000 ms)`);
    });
  }

  it('the preview image is kept by browsers at most 60 s, with an ETag to revalidate it', async () => {
    const id = await sys.publishQuestion();
    for (const { b } of gateways) {
      const res = await b.get(`/q/${id}/preview.png`);
      expect(res.status).toBe(200);
      const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge).toBeLessThanOrEqual(60);
      expect(res.headers.get('etag')).toBeTruthy();
      expect((await b.get(`/q/${id}/preview.png`, { headers: { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' } })).status).toBe(304);
    }
  });
});
