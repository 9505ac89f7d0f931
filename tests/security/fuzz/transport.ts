// The transport layer under every route and method (fuzz.test.ts): malformed percent-encodings, request
// Content-Encodings, oversized headers and OPTIONS, sent byte for byte; and what each must get.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Route, Who } from './arbitraries.js';

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Percent-encodings that do not decode: bad hex, truncated, overlong and invalid UTF-8, encoded surrogates. */
export const BAD_ESCAPES = ['%', '%A', '%ZZ', '%G0', '%u0041', '%%', '%C0%AF', '%C0%80', '%E0%80%AF', '%E0', '%E0%A4', '%E0%A4%A', '%FF', '%FE%FF', '%80', '%ED%A0%80', '%F8%88%80%80%80', '%F4%90%80%80'];
export const ENCODINGS = [undefined, 'identity', 'IDENTITY', 'gzip', 'deflate', 'br', 'compress', 'x-junk', 'gzip, gzip', 'identity, gzip', '', '\t'] as const;
export const BODIES = ['none', 'json', 'gzip-json', 'junk'] as const;
export const OVERSIZED = [false, false, false, false, false, false, 'one-big', 'many'] as const;

/** Route templates: every route the fuzzer above knows, plus the SPA, static files and probes. */
export function transportRoutes(routes: Route[]): { method: string; template: string }[] {
  const seen = new Map<string, { method: string; template: string }>();
  for (const r of routes) {
    const m = /^([A-Z]+) (\/[^?\s]*)/.exec(r.name);
    if (m) seen.set(`${m[1]} ${m[2]}`, { method: m[1]!, template: m[2]! });
  }
  for (const p of ['/', '/vote', '/leaderboard', '/assets/{file}', '/sw.js', '/favicon.svg', '/healthz', '/readyz', '/ws', '/api']) seen.set(`GET ${p}`, { method: 'GET', template: p });
  return [...seen.values()];
}

export const fill = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'tag' ? 'football' : name === 'file' ? 'index-abc.js' : randomUUID()));

export interface TransportCase {
  method: string;
  path: string;
  malformed: boolean;
  encoding: string | undefined;
  body: (typeof BODIES)[number];
  oversized: (typeof OVERSIZED)[number];
  who: Who;
}

export const transportCase = (method: string, template: string) =>
  fc
    .record({
      malformed: fc.boolean(),
      escape: fc.constantFrom(...BAD_ESCAPES),
      // Text around the escape; what follows never starts with a hex digit (that could complete the escape).
      around: fc.tuple(fc.stringMatching(/^[A-Za-z0-9._-]{0,6}$/), fc.stringMatching(/^([G-Zg-z._-][A-Za-z0-9._-]{0,5})?$/)),
      at: fc.nat(),
      replace: fc.boolean(),
      badQuery: fc.option(fc.constantFrom(...BAD_ESCAPES), { nil: undefined }),
      encoding: fc.constantFrom(...ENCODINGS),
      body: fc.constantFrom(...BODIES),
      oversized: fc.constantFrom(...OVERSIZED),
      who: fc.constantFrom<Who>('anon', 'user', 'admin'),
    })
    .map((c): TransportCase => {
      const segments = fill(template).split('/');
      if (c.malformed) {
        // Into any segment after the leading slash, replacing it or inserted before it (or appended).
        const at = 1 + (c.at % segments.length);
        segments.splice(at, c.replace && at < segments.length ? 1 : 0, `${c.around[0]}${c.escape}${c.around[1]}`);
      }
      // A query string that does not decode either: decoded leniently, never an error of its own.
      const query = c.badQuery ? `?q=${c.badQuery}&x=1` : '';
      // Signed out for logout: a fuzzed logout would end the session every later case relies on.
      const who = template === '/api/auth/logout' ? 'anon' : c.who;
      return { method, path: segments.join('/') + query, malformed: c.malformed, encoding: c.encoding, body: c.body, oversized: c.oversized, who };
    });

export interface RawRes {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request exactly as given (path bytes, headers, body), on its own connection. */
export function rawRequest(base: string, c: TransportCase, cookie: string): Promise<RawRes> {
  const json = Buffer.from('{"probe":true,"content":"x","username":"nobody_here","password":"not-the-password"}');
  const body = c.body === 'none' ? undefined : c.body === 'json' ? json : c.body === 'gzip-json' ? gzipSync(json) : randomBytes(64);
  const headers: Record<string, string> = {};
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  if (c.encoding !== undefined) headers['content-encoding'] = c.encoding;
  if (cookie) headers.cookie = cookie;
  if (c.oversized === 'one-big') headers['x-padding'] = 'p'.repeat(20_000);
  if (c.oversized === 'many') for (let i = 0; i < 300; i++) headers[`x-pad-${i}`] = 'p'.repeat(64);
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: c.method, path: c.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Counts what the requests got, by kind of bad input, and lists every answer that breaks the rules. */
export function transportChecker() {
  const wire = { requests: 0, byStatus: new Map<number, number>(), malformed: 0, encodings: 0, oversized: 0, options: 0 };
  const problems: string[] = [];
  const check = (c: TransportCase, own: string, res: RawRes) => {
    wire.requests++;
    wire.byStatus.set(res.status, (wire.byStatus.get(res.status) ?? 0) + 1);
    const what = `${c.method} ${c.path.slice(0, 120)} enc=${JSON.stringify(c.encoding)} body=${c.body} big=${c.oversized} → ${res.status} ${res.text.slice(0, 120)}`;
    const body = (() => {
      try {
        return JSON.parse(res.text) as unknown;
      } catch {
        return undefined;
      }
    })();
    const jsonError = () =>
      c.method === 'HEAD'
        ? /^application\/json/.test(res.headers['content-type'] ?? '') || res.headers['content-length'] !== undefined
        : /^application\/json/.test(res.headers['content-type'] ?? '') && !!body && typeof body === 'object' && ['message', 'message,code'].includes(Object.keys(body).join()) && typeof (body as { message: unknown }).message === 'string';
    if (res.status >= 500) return problems.push(`5xx: ${what}`);
    if (res.status >= 400 && !jsonError()) return problems.push(`error not JSON {"message"}: ${what}`);
    // What each kind of bad input must get, in the order the server meets it.
    const compressed = c.body !== 'none' && c.encoding !== undefined && !/^\s*identity\s*$/i.test(c.encoding);
    if (c.oversized) {
      wire.oversized++;
      if (res.status !== 431) problems.push(`oversized headers not 431: ${what}`);
    } else if (c.malformed) {
      wire.malformed++;
      if (res.status !== 400 || (c.method !== 'HEAD' && (body as { message?: string })?.message !== 'Malformed URL')) problems.push(`malformed URL not 400 "Malformed URL": ${what}`);
    } else if (compressed) {
      wire.encodings++;
      if (res.status !== 415) problems.push(`Content-Encoding ${c.encoding} not 415: ${what}`);
    } else if (c.method === 'OPTIONS' && (c.body === 'none' || c.body === 'json') && !/^\/(ws|api)(\?|$)/.test(c.path)) {
      // (A body that is not JSON is a 400 like on any method; admin routes answer 401/403 before anything else.)
      wire.options++;
      const allow = (res.headers.allow ?? '').split(/,\s*/);
      const gated = c.path.startsWith('/api/admin/') && c.who !== 'admin' && (res.status === 401 || res.status === 403);
      if (!gated && (res.status !== 204 || !allow.includes(own) || !allow.includes('OPTIONS') || res.text !== '')) problems.push(`OPTIONS not 204 with Allow ${own}: ${what} allow=${res.headers.allow}`);
    }
    return undefined;
  };
  return { wire, problems, check };
}
