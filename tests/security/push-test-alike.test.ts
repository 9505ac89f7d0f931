// `POST /api/notifications/test` answers alike, in like time, whatever the endpoint does (it was a port scanner:
// success for an open port, failure for a closed one, a wait as long as a slow one); a production start with the
// development push origin set refuses to boot.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@mzansi/kit';
import { configSchema as gatewayConfig } from '../../gateway/src/config.js';
import { configSchema as notificationConfig } from '../../services/notification/src/config.js';
import { browserKeys } from '../support/outside-world.js';
import { startSystem, type SecUser, type System } from './system.js';

/** The configured local push service: each path its own behaviour. */
async function devPushService() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    if (req.url === '/slow') setTimeout(() => res.writeHead(201).end(), 3_000);
    else if (req.url === '/hang') return; // never answers: the sender's timeout ends it
    else if (req.url === '/refuse') res.writeHead(403).end('forbidden');
    else res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { hits, origin, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let dev: Awaited<ReturnType<typeof devPushService>>;
let sys: System;
const keys = browserKeys();

beforeAll(async () => {
  dev = await devPushService();
  sys = await startSystem({ notification: { PUSH_DEV_ORIGIN: dev.origin, PUSH_TIMEOUT_MS: '2500', DELIVERY_RETRY_BASE_MS: '200' } });
});

afterAll(async () => {
  await sys?.stop();
  await dev?.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('POST /api/notifications/test', () => {
  it('gives the same status and body, in like time, for an open, slow, hanging, refusing, closed or internal endpoint', async () => {
    const closed = await closedPort();
    const kinds: Record<string, string> = {
      open: `${dev.origin}/open`,
      slow: `${dev.origin}/slow`,
      hanging: `${dev.origin}/hang`,
      refusing: `${dev.origin}/refuse`,
      // Stored before the rule (subscribe refuses them now): the delivery refuses them too, the answer is the same.
      closedPort: `http://127.0.0.1:${closed}/push/x`,
      metadata: 'http://169.254.169.254/latest/meta-data/',
      identityGrpc: `http://${sys.services.identityAddress}/`,
    };
    const users: Record<string, SecUser> = {};
    for (const [kind, endpoint] of Object.entries(kinds)) {
      const u = (users[kind] = await sys.user(`T${kind.slice(0, 4)}`));
      await sys.services.notification!.ctx.pool.query('INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)', [endpoint, u.id, keys.p256dh, keys.auth]);
    }

    const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    const answers = new Set<string>();
    for (let round = 0; round < 7; round++) {
      for (const kind of Object.keys(kinds)) {
        const started = performance.now();
        const res = await users[kind]!.b.post('/api/notifications/test');
        times[kind]!.push(performance.now() - started);
        answers.add(`${res.status} ${res.text}`);
      }
    }
    expect([...answers]).toEqual([`200 ${JSON.stringify({ success: true, message: 'Test notification sent' })}`]);
    const medians = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, Math.round(median(xs))]));
    console.log(`[security] /test medians (ms): ${JSON.stringify(medians)}`);
    const values = Object.values(medians);
    // Generous for a busy machine; a synchronous send took the slow endpoint's 3 s or the sender's 2.5 s timeout.
    expect(Math.max(...values) - Math.min(...values)).toBeLessThan(150);
    expect(Math.max(...values)).toBeLessThan(500);

    // The pushes did go out, in the background, to the configured local service only.
    const reached = async () => new Set(dev.hits);
    await new Promise((r) => setTimeout(r, 3_500));
    expect([...(await reached())].sort()).toEqual(['/hang', '/open', '/refuse', '/slow']);
  });

  it('a user without a subscription is told so (that is their own state, not an endpoint’s)', async () => {
    const u = await sys.user('Tnone');
    const res = await u.b.post('/api/notifications/test');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: false, message: 'No push subscription found. Enable notifications first.' });
  });
});

describe('the development push origin in production', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const secret = 'production-secret-'.padEnd(40, 'x');
  const notificationEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never_used',
    INTERNAL_AUTH_KEYS: `k1:${secret}`,
    VAPID_PUBLIC_KEY: 'B'.repeat(87),
    VAPID_PRIVATE_KEY: 'a'.repeat(43),
    VAPID_SUBJECT: 'mailto:ops@mzansipredicts.example',
    SMTP_URL: 'smtp://mail.example:587',
  };
  const gatewayEnv = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://mzansipredicts.example',
    REDIS_URL: 'redis://127.0.0.1:6379',
    INTERNAL_AUTH_KEYS: `k1:${secret}`,
    SESSION_SECRET: secret,
    ALTCHA_HMAC_KEY: secret,
    PRIVACY_OFFICER_EMAIL: 'officer@mzansipredicts.example',
  };
  const boot = (main: string, env: Record<string, string>) =>
    spawnSync(process.execPath, [main], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 });

  it('is a valid production config without it (so the refusal below is about the setting alone)', () => {
    expect(parseConfig(notificationConfig(notificationEnv), notificationEnv).PUSH_DEV_ORIGIN).toBeUndefined();
    expect(parseConfig(gatewayConfig(gatewayEnv), gatewayEnv).PUSH_DEV_ORIGIN).toBeUndefined();
  });

  it('the notification service and the gateway refuse to boot with PUSH_DEV_ORIGIN set', () => {
    for (const [main, env] of [
      ['services/notification/dist/main.js', notificationEnv],
      ['gateway/dist/main.js', gatewayEnv],
    ] as const) {
      const run = boot(main, { ...env, PUSH_DEV_ORIGIN: 'http://127.0.0.1:8099' });
      expect(run.status, `${main}: ${run.stderr}`).toBe(1);
      expect(run.stderr).toMatch(/PUSH_DEV_ORIGIN.*development and tests only/);
    }
  });
});
