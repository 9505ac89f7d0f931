// Input the gateway must survive: malformed URLs, request Content-Encoding, errors Node answers itself (431, 400, 408),
// OPTIONS, Permissions-Policy, against a real gateway (identity behind it) serving a small built SPA.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PERMISSIONS_POLICY, PERMISSIONS_POLICY } from '../../gateway/src/security.js';
import { startGatewayForTest, startIdentityForTest } from './helpers.js';

/** JSON answers under /api carry the short Permissions-Policy; pages, assets, probes and Node's own errors the full one. */
const policyFor = (p: string) => (p === '/api' || p.startsWith('/api/') ? API_PERMISSIONS_POLICY : PERMISSIONS_POLICY);

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let port: number;
const REQUEST_TIMEOUT_MS = 600;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'gw-input-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address, { SERVE_WEB: 'true', WEB_DIST: dist, HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
  port = gw.gateway.port;
});

afterAll(async () => {
  await gw?.stop();
  await identity?.cleanup();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** A request with the path sent exactly as written (fetch would normalise it). */
function raw(method: string, p: string, opts: { headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // A connection per request: Node's client agent can reuse a socket the server is closing after an early answer.
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Bytes written on a raw TCP socket; resolves with everything the server sent before closing. */
function socketExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(bytes));
    const chunks: Buffer[] = [];
    s.on('data', (c) => chunks.push(c));
    s.on('close', () => resolve(Buffer.concat(chunks).toString()));
    s.on('error', reject);
  });
}

function expectJsonError(r: Raw, status: number, message?: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(r.json ?? {}).filter((k) => k !== 'code')).toEqual(['message']);
  if (message) expect(r.json.message).toBe(message);
}

describe('malformed URLs → 400 {"message":"Malformed URL"}', () => {
  it('the probes of issue 15 and more, static files and the SPA included', async () => {
    const cases: [string, string][] = [
      ['GET', '/api/comments/%C0%AF/image'],
      ['GET', '/api/tags/%FF/questions'],
      ['GET', '/assets/%E0'],
      ['GET', '/assets/app-123.js%'],
      ['GET', '/%E0'],
      ['GET', '/vote/%'],
      ['PATCH', '/api/users/%FF'],
      ['PUT', '/api/friend-requests/%FF/accept'],
      ['DELETE', '/api/question-suggestions/%FF'],
      ['POST', '/api/admin/questions/%FF/publish'],
      ['GET', '/api/questions/%E0%A4%A/comments'],
      ['GET', '/api/questions/%ZZ/public-results'],
      ['OPTIONS', '/api/%C0'],
      ['HEAD', '/api/tags/%FF/questions'],
    ];
    for (const [method, p] of cases) {
      const r = await raw(method, p, { headers: { 'content-type': 'application/json' }, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' });
      if (method === 'HEAD') {
        expect(r.status, p).toBe(400);
        continue;
      }
      expectJsonError(r, 400, 'Malformed URL');
      expect(r.headers['permissions-policy'], p).toBe(policyFor(p));
    }
    // Well-formed encodings still work; a bad query string is decoded leniently (never an error).
    expect((await raw('GET', '/assets/app-123.js')).status).toBe(200);
    expect((await raw('GET', '/assets/app%2D123.js')).status).toBe(200);
    expect((await raw('GET', '/healthz?x=%E0')).status).toBe(200);
  });
});

describe('request Content-Encoding', () => {
  const login = JSON.stringify({ username: 'nobody_here', password: 'wrong-password-1' });
  const post = (encoding: string, body: Buffer | string) =>
    raw('POST', '/api/auth/login', { headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body });

  it('gzip with a plain body, real gzip, deflate, br, unknown → 415 JSON (never a 500)', async () => {
    for (const [enc, body] of [
      ['gzip', login],
      ['gzip', gzipSync(login)],
      ['deflate', login],
      ['br', login],
      ['x-made-up', login],
      ['gzip, identity', login],
    ] as const) {
      expectJsonError(await post(enc, body), 415, 'Unsupported Content-Encoding: send the body uncompressed');
    }
  });

  it('identity (any case) is a plain body; a GET carrying the header without a body is unaffected', async () => {
    expectJsonError(await post('identity', login), 401);
    expectJsonError(await post(' IDENTITY ', login), 401);
    expect((await raw('GET', '/healthz', { headers: { 'content-encoding': 'gzip' } })).status).toBe(200);
  });
});

describe('errors Node answers before express: JSON with the security headers', () => {
  it('oversized headers → 431 {"message"}', async () => {
    const r = await raw('GET', '/api/auth/me', { headers: { 'x-big': 'a'.repeat(20_000) } });
    expectJsonError(r, 431, 'Request headers are too large');
    expect(r.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`x-h${i}`, 'v'.repeat(60)]));
    expectJsonError(await raw('GET', '/healthz', { headers: many }), 431);
  });

  it('a malformed request line or header → 400 {"message"}', async () => {
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 'GET /\x00 HTTP/1.1\r\n\r\n']) {
      const answer = await socketExchange(bytes);
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"message":"Bad request"}');
    }
  });

  it('a body trickling past HTTP_REQUEST_TIMEOUT_MS → 408 {"message"} and the socket is closed', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      });
      const timer = setInterval(() => s.writable && s.write(' '), 100);
      const chunks: Buffer[] = [];
      s.on('data', (c) => chunks.push(c));
      s.on('close', () => {
        clearInterval(timer);
        resolve(Buffer.concat(chunks).toString());
      });
      s.on('error', () => undefined);
      setTimeout(() => reject(new Error('still open')), 10 * REQUEST_TIMEOUT_MS).unref();
    });
    const ms = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('{"message":"The request took too long to arrive"}');
    // Closed at the deadline, give or take the server's check period (a quarter of the timeout).
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 2 + 500);
  });
});

describe('websocket upgrades', () => {
  it('an upgrade to an unparseable target or another path is a JSON 404 (and the gateway stays up)', async () => {
    for (const target of ['//[', 'http://[', '/ws%E0', '/nope', '*']) {
      const answer = await socketExchange(`GET ${target} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 (404 Not Found|400 Bad Request)\r\n/);
      expect(answer).toMatch(/\r\n\r\n\{"message":"[^"]+"\}$/);
    }
    expect((await raw('GET', '/healthz')).status).toBe(200);
  });
});

describe('OPTIONS → 204 with Allow', () => {
  it('lists the methods of the path, no body; an unknown path is still a 404', async () => {
    const cases: [string, string[]][] = [
      ['/api/auth/login', ['POST']],
      ['/api/questions/today', ['GET', 'HEAD']],
      ['/healthz', ['GET', 'HEAD']],
      ['/api/users/00000000-0000-4000-8000-000000000000', ['PATCH']],
      ['/', ['GET', 'HEAD']],
      ['/vote', ['GET', 'HEAD']],
    ];
    for (const [p, methods] of cases) {
      const r = await raw('OPTIONS', p);
      expect(r.status, `${p} ${r.text}`).toBe(204);
      expect(r.text).toBe('');
      expect(r.headers['content-type']).toBeUndefined();
      const allow = r.headers.allow!.split(', ');
      expect(allow, p).toEqual(expect.arrayContaining([...methods, 'OPTIONS']));
      expect(r.headers['permissions-policy'], p).toBe(policyFor(p));
    }
    expectJsonError(await raw('OPTIONS', '/api/no/such/route'), 404);
  });
});

describe('Permissions-Policy', () => {
  it('on every kind of response: API, error, static file, page, probe', async () => {
    for (const p of ['/api/auth/me', '/api/no/such', '/assets/app-123.js', '/assets/missing.js', '/', '/healthz', '/readyz']) {
      const r = await raw('GET', p);
      expect(r.status, p).toBeLessThan(500);
      expect(r.headers['permissions-policy'], p).toBe(policyFor(p));
    }
    for (const policy of [PERMISSIONS_POLICY, API_PERMISSIONS_POLICY]) {
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(policy).toContain(feature);
    }
  });

  it('a missing static asset is a JSON 404, not a 500', async () => {
    expectJsonError(await raw('GET', '/assets/missing.js'), 404, 'Not found');
  });
});
