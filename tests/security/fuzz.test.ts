// Property-based fuzzing (fast-check) of every /api route against the real system
// (gateway + every service in-process): 200 runs per route; never a 5xx; invalid input always a clean 4xx;
// valid input accepted (2xx). Generous rate limits (RATE_*) so only intended limits apply; PUBLIC_CACHE_MS=0.
// Every route (the SPA's too) × every method with malformed percent-encodings, request Content-Encodings,
// oversized headers and OPTIONS: never a 5xx, every error a JSON {"message"} (last describe).
// The generators are in fuzz/arbitraries.ts, the fixtures in fuzz/fixtures.ts, the routes in fuzz/routes-*.ts and the
// transport layer's cases in fuzz/transport.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ApiError } from '@mzansi/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uname, type Browser, type Res } from '../api/helpers.js';
import type { System } from './system.js';
import type { Req, Route, Who } from './fuzz/arbitraries.js';
import { createFixtures, startFuzzSystem, WEB_DIST, type Fixtures } from './fuzz/fixtures.js';
import { adminRoutes } from './fuzz/routes-admin.js';
import { moderationRoutes } from './fuzz/routes-moderation.js';
import { publicRoutes } from './fuzz/routes-public.js';
import { readRoutes } from './fuzz/routes-read.js';
import { userRoutes } from './fuzz/routes-users.js';
import { METHODS, rawRequest, transportCase, transportChecker, transportRoutes } from './fuzz/transport.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let sys: System;
let f: Fixtures;
const routeErrors: string[] = [];
const durations: [string, number][] = [];
const stats = { requests: 0, valid: 0, invalid: 0, byStatus: new Map<number, number>(), fiveXX: [] as string[] };

beforeAll(async () => {
  sys = await startFuzzSystem();
  f = await createFixtures(sys);
}, 240_000);

afterAll(async () => {
  await sys?.stop();
});

/** Every route, in the fuzzer's order. */
const routes = (): Route[] => [...readRoutes(f), ...userRoutes(f), ...adminRoutes(f), ...moderationRoutes(f), ...publicRoutes(f)];

async function send(r: Req): Promise<Res> {
  const b: Browser = r.who === 'user' ? f.u.b : r.who === 'admin' ? sys.admin : sys.browser();
  stats.requests++;
  if (r.raw !== undefined) return b.req(r.method, r.path, { body: r.raw, headers: { 'content-type': 'application/json' } });
  return b.req(r.method, r.path, r.json === undefined ? {} : { json: r.json });
}

function record(route: string, kind: 'valid' | 'invalid', r: Req, res: Res) {
  stats[kind]++;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  if (res.status >= 500) stats.fiveXX.push(`${route} [${kind}] ${r.method} ${r.path} ${JSON.stringify(r.json ?? r.raw)?.slice(0, 300)} → ${res.status} ${res.text.slice(0, 200)}`);
}

function fail(message: string): never {
  routeErrors.push(message);
  throw new Error(message);
}

async function fuzzRoute(route: Route) {
  const t0 = Date.now();
  const both = route.valid && route.invalid;
  const validRuns = route.valid ? (route.validRuns ?? (both ? RUNS / 2 : RUNS)) : 0;
  const invalidRuns = route.invalid ? RUNS - validRuns : 0;
  const params = (numRuns: number) => ({ numRuns, seed: SEED, endOnFailure: true, verbose: 0 as const });
  if (route.valid && validRuns > 0) {
    await fc.assert(
      fc.asyncProperty(route.valid, async (p) => {
        const r = await p();
        const res = await send(r);
        record(route.name, 'valid', r, res);
        if (res.status < 200 || res.status >= 300) fail(`${route.name}: valid input refused: ${r.method} ${r.path} ${JSON.stringify(r.json)?.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`);
      }),
      params(validRuns),
    );
  }
  if (route.invalid && invalidRuns > 0) {
    await fc.assert(
      fc.asyncProperty(route.invalid, async (p) => {
        const r = await p();
        const res = await send(r);
        record(route.name, 'invalid', r, res);
        if (res.status < 400 || res.status >= 500) fail(`${route.name}: invalid input not a 4xx: ${r.method} ${r.path} ${JSON.stringify(r.json ?? r.raw)?.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`);
        if (!/^application\/json/.test(res.headers.get('content-type') ?? '') || !ApiError.safeParse(res.json).success)
          fail(`${route.name}: error body is not the contract's {"message"} (with its code and params, if any): ${res.status} ${res.text.slice(0, 200)}`);
      }),
      params(invalidRuns),
    );
  }
  durations.push([route.name, Date.now() - t0]);
}

describe('scenario 18: property-based fuzzing of every /api route', () => {
  it(`${RUNS} runs per route: no 5xx, invalid → 4xx, valid → 2xx`, async () => {
    const list = routes();
    const started = Date.now();
    const failures: string[] = [];
    // Eight routes at a time (they use separate fixtures).
    const queue = [...list];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) {
          try {
            await fuzzRoute(route);
          } catch (err) {
            failures.push((err as Error).message.split('\n').slice(0, 6).join('\n'));
          }
        }
      }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[security] fuzz: ${list.length} routes, ${stats.requests} requests (${stats.valid} valid, ${stats.invalid} invalid) in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort()))}; 5xx: ${stats.fiveXX.length}`,
    );
    for (const f of stats.fiveXX.slice(0, 20)) console.log(`[security] 5xx: ${f}`);
    for (const f of routeErrors) console.log(`[security] failure: ${f}`);
    if (process.env.FUZZ_TIMES) console.log(durations.sort((x, y) => y[1] - x[1]).slice(0, 15).map(([n, ms]) => `${n}: ${ms} ms`).join('\n'));
    expect(stats.fiveXX).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);
});

// ---- the transport layer on every route and method ----
const TRANSPORT_RUNS = Number(process.env.FUZZ_TRANSPORT_RUNS ?? 20);

describe('malformed URLs, Content-Encoding, oversized headers and OPTIONS on every route and method', () => {
  it(`${TRANSPORT_RUNS} runs per route and method: never a 5xx, every error a JSON {"message"} (with the gateway's code, if any)`, async () => {
    expect(existsSync(path.join(WEB_DIST, 'index.html')), 'web/dist is not built: run `npm run build` first').toBe(true);
    // Own sessions: a fuzzed logout must not sign the fixtures out.
    const user = sys.browser();
    await signUp(user, uname('FzWire'));
    const admin = sys.browser();
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'admin-dev-password' })).status).toBe(200);
    const cookies: Record<Who, () => string> = { anon: () => '', user: () => user.cookieHeader, admin: () => admin.cookieHeader };

    const pairs = transportRoutes(routes()).flatMap((r) => METHODS.map((method) => ({ ...r, method, own: r.method })));
    const { wire, problems, check } = transportChecker();
    const started = Date.now();

    const queue = [...pairs];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          const { method, template, own } = p;
          await fc.assert(
            fc.asyncProperty(transportCase(method, template), async (c) => {
              check(c, own, await rawRequest(sys.base, c, cookies[c.who]()));
            }),
            { numRuns: TRANSPORT_RUNS, seed: SEED, verbose: 0 },
          );
        }
      }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[security] fuzz (transport): ${pairs.length} route × method pairs, ${wire.requests} requests in ${seconds} s (${wire.malformed} malformed paths, ${wire.encodings} compressed bodies, ${wire.oversized} oversized headers, ${wire.options} OPTIONS); statuses ${JSON.stringify(Object.fromEntries([...wire.byStatus].sort((a, b) => a[0] - b[0])))}; problems: ${problems.length}`,
    );
    for (const p of problems.slice(0, 60)) console.log(`[security] ${p}`);
    expect(problems).toEqual([]);
    for (const n of [wire.malformed, wire.encodings, wire.oversized, wire.options]) expect(n).toBeGreaterThan(0);
  }, 600_000);
});
