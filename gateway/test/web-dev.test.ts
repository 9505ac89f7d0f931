import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import { webDevProxy } from '../src/web-dev.js';

describe('WEB_DEV_SERVER_URL (make dev)', () => {
  const problem = (env: Record<string, string>) => {
    const r = configSchema(env).safeParse(env);
    return r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'WEB_DEV_SERVER_URL')?.message;
  };

  it('is refused in production and a URL elsewhere', () => {
    expect(problem({ NODE_ENV: 'production', WEB_DEV_SERVER_URL: 'http://127.0.0.1:5173' })).toBe(
      'WEB_DEV_SERVER_URL is for development only (make dev); leave it unset in production',
    );
    expect(problem({ NODE_ENV: 'development', WEB_DEV_SERVER_URL: 'http://127.0.0.1:5173' })).toBeUndefined();
    expect(problem({ NODE_ENV: 'development', WEB_DEV_SERVER_URL: 'not a url' })).toBeDefined();
    expect(configSchema({}).parse({}).WEB_DEV_SERVER_URL).toBeUndefined();
  });
});

describe('webDevProxy', () => {
  let vite: http.Server;
  beforeAll(async () => {
    // Stands in for Vite: answers with the path it was asked for.
    vite = http.createServer((req, res) => res.setHeader('Content-Type', 'text/plain').end(`vite ${req.url}`));
    await new Promise<void>((resolve) => vite.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => vite.close(() => resolve())));

  it('passes what the gateway does not answer to the dev server, without the page CSP Vite cannot live with', async () => {
    const proxy = webDevProxy(`http://127.0.0.1:${(vite.address() as AddressInfo).port}`);
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader('Content-Security-Policy', "script-src 'self'");
      res.setHeader('X-Content-Type-Options', 'nosniff');
      next();
    });
    app.use(proxy.handler);
    const res = await request(app).get('/src/main.tsx?t=1');
    expect(res.status).toBe(200);
    expect(res.text).toBe('vite /src/main.tsx?t=1');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
