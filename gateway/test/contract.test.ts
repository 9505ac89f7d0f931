import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { openApiDocument, routes, splitKey } from '@mzansi/api';
import { createLogger } from '@mzansi/kit';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createGatewayMetrics } from '../src/metrics.js';

/**
 * The contract (@mzansi/api) against the gateway's routers: every route express serves has a contract entry (a new
 * route without one fails here), every entry is served, and the OpenAPI document generated from the table is valid
 * OpenAPI 3.1, served at /api/openapi.json with its reference page at /api/docs.
 */

const config = loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', PUBLIC_URL: 'http://localhost:8080', REDIS_PREFIX: 'contract_test:' });
// Nothing here sends a request that reaches a service, Redis or a session: the routers are only walked.
const unused = new Proxy({}, { get: () => () => undefined }) as never;
const app = createApp({
  config,
  logger: createLogger('gateway', 'silent'),
  redis: unused,
  clients: unused,
  rateLimits: unused,
  metrics: createGatewayMetrics(),
  readiness: async () => true,
  sessions: unused,
  composer: unused,
  cache: unused,
});

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** `METHOD /path` of every route in express's router stacks, `:id` written `{id}` as the contract writes it. */
function servedRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    const at = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route) {
      if (typeof layer.route.path !== 'string') return [`(a pattern route under ${prefix || '/'})`];
      const path = `${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
      return Object.keys(layer.route.methods)
        .filter((m) => m !== '_all')
        .map((m) => `${m.toUpperCase()} ${path}`);
    }
    return layer.handle.stack ? servedRoutes(layer.handle.stack, `${prefix}${at}`) : [];
  });
}

describe('the route table', () => {
  const served = servedRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack);

  it('has an entry for every route the gateway serves', () => {
    expect(served.length).toBeGreaterThan(60);
    expect(served.filter((r) => !(r in routes))).toEqual([]);
  });

  it('names no route the gateway does not serve', () => {
    expect(Object.keys(routes).filter((r) => !served.includes(r))).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  const doc = openApiDocument();

  it('is valid OpenAPI 3.1 and has every route of the table', async () => {
    const result = await new Validator().validate(doc as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as { openapi: string }).openapi).toBe('3.1.0');
    const paths = (doc as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const key of Object.keys(routes)) {
      const [method, path] = splitKey(key);
      expect(paths[path]?.[method.toLowerCase()], key).toBeDefined();
    }
  });

  it('is served at /api/openapi.json and as a reference page at /api/docs, public and cacheable, no CDN', async () => {
    const json = await request(app).get('/api/openapi.json');
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['cache-control']).toBe('public, max-age=3600');
    expect(json.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const again = await request(app).get('/api/openapi.json').set('If-None-Match', json.headers.etag!);
    expect(again.status).toBe(304);

    const page = await request(app).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('public, max-age=3600');
    for (const key of Object.keys(routes)) {
      const [method, path] = splitKey(key);
      expect(page.text, key).toContain(`<code class="m">${method}</code> <span class="p">${path}</span>`);
    }
    // Only our own origin: no script, style sheet or font from elsewhere, and no script at all.
    expect(page.text).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'$/);
  });
});

/** A zod schema's definition (zod 4's `_zod.def`): only the parts read below. */
interface Def {
  type: string;
  catchall?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
  options?: { _zod: { def: Def } }[];
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** How an object schema (found through pipes, wrappers and unions) treats keys it does not name. */
function unknownKeys(def: Def): string[] {
  if (def.type === 'object') return [def.catchall ? defOf(def.catchall).type : 'strip'];
  if (def.type === 'pipe' && def.in) return unknownKeys(defOf(def.in));
  if (def.innerType) return unknownKeys(defOf(def.innerType));
  if (def.type === 'union' && def.options) return def.options.flatMap((o) => unknownKeys(defOf(o)));
  return [`not an object (${def.type})`];
}

describe('request bodies', () => {
  const withBody = Object.entries(routes).flatMap(([key, r]) => ('body' in r && r.body ? [[key, r.body] as const] : []));

  it('every body schema drops (strip) or refuses (strict) the fields it does not name: none is passed on', () => {
    expect(withBody.length).toBeGreaterThan(20);
    const loose = withBody.flatMap(([key, body]) => unknownKeys(defOf(body)).filter((k) => k !== 'strip' && k !== 'never').map((k) => `${key}: ${k}`));
    expect(loose).toEqual([]);
  });

  it("the handlers read a body only through its contract schema (parse(Schema, req.body)), never field by field", () => {
    const dir = path.resolve(import.meta.dirname, '../src/routes');
    const raw = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        readFileSync(path.join(dir, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${f}:${i + 1}`, line }))
          .filter(({ line }) => /req\.body/.test(line) && !/parse\(\w+, req\.body[,)]/.test(line)),
      )
      .map(({ at }) => at);
    // One-click unsubscribe takes a mail provider's form post or the page's JSON: a token string, read on its own.
    expect(raw).toEqual(['profile.ts:41']);
  });
});
