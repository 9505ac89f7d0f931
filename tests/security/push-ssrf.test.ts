// Push endpoints cannot reach inside: the subscribe route (gateway and service) refuses anything but https on port 443
// of an allow-listed push service, and the delivery (the web-push sender the worker and /test use) resolves the host
// once, refuses special-purpose addresses, connects to exactly the checked address and follows no redirect.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS, PUSH_ENDPOINT_INVALID } from '@mzansi/api';
import { eventually } from '@mzansi/kit/testing';
import { generateVapidKeys, PushSender } from '../../services/notification/src/infra/push.js';
import type { PushLookup } from '../../services/notification/src/infra/push-transport.js';
import { expectCleanError } from '../api/helpers.js';
import { browserKeys, fakePushService, type FakePush } from '../support/outside-world.js';
import { startSystem, type SecUser, type System } from './system.js';

/** An "internal service" on loopback (both families): what an attacker wants the notification service to post to. */
async function internalService() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200).end('internal secrets');
  });
  await new Promise<void>((resolve) => server.listen(0, '::', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

let internal: Awaited<ReturnType<typeof internalService>>;
let push: FakePush;
let sys: System;
let u: SecUser;

beforeAll(async () => {
  internal = await internalService();
  push = await fakePushService();
  sys = await startSystem({ notification: { PUSH_DEV_ORIGIN: push.origin, JOB_POLL_MS: '200', DELIVERY_RETRY_BASE_MS: '20', PUSH_TIMEOUT_MS: '2000' } });
  u = await sys.user('Push');
});

afterAll(async () => {
  await sys?.stop();
  await push?.close();
  await internal?.close();
});

const keys = browserKeys();
const sub = (endpoint: string) => ({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
const notificationSql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> =>
  (await sys.services.notification!.ctx.pool.query(text, params)).rows as T[];

/** Endpoints at the internal service and its neighbours, in every form the attack used. */
const ATTACKS = () => [
  `http://127.0.0.1:${internal.port}/admin`,
  `http://[::1]:${internal.port}/admin`,
  `http://[::ffff:127.0.0.1]:${internal.port}/admin`,
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://169.254.169.254/latest/meta-data/',
  'http://10.0.0.5/', 'https://192.168.1.1/', 'https://100.64.0.1/',
  'http://127.0.0.1:50051/identity.v1.IdentityService/Login',
  'http://fcm.googleapis.com/fcm/send/x', // http
  'https://user:pass@fcm.googleapis.com/fcm/send/x', // userinfo
  'https://fcm.googleapis.com@127.0.0.1/fcm/send/x', // userinfo that hides the host
  'https://fcm.googleapis.com:8443/fcm/send/x', // another port
  'https://fcm.googleapis.com.evil.example/fcm/send/x',
  'https://notify.windows.com/x', // the wildcard is for subdomains only
  `${push.origin.replace('http:', 'https:')}/push/x`, // the dev origin is one origin, scheme and port included
  `http://localhost:${new URL(push.origin).port}/push/x`,
];

describe('subscribe: only https on 443 of a known push service', () => {
  it('the gateway answers 400 with the rule for each attack endpoint; nothing is stored', async () => {
    for (const endpoint of ATTACKS()) {
      expectCleanError(await u.b.post('/api/notifications/subscribe', sub(endpoint)), 400, PUSH_ENDPOINT_INVALID);
    }
    expect(await notificationSql('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [u.id])).toEqual([]);
  });

  it('the browsers’ push services and the configured local fake are accepted', async () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:def', 'https://updates.push.services.mozilla.com/wpush/v2/gAAA', 'https://web.push.apple.com/QO1', 'https://db5p.notify.windows.com/w/?token=x', push.endpoint('ok')]) {
      const res = await u.b.post('/api/notifications/subscribe', sub(endpoint));
      expect(res.status, `${endpoint}: ${res.text}`).toBe(201);
    }
    expect(DEFAULT_PUSH_HOSTS).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com']);
  });

  it('the delivery worker posts to no stored attack endpoint (rows from before the rule)', async () => {
    const owner = (await sys.user('Old')).id;
    for (const endpoint of ATTACKS()) {
      await notificationSql('INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)', [endpoint, owner, keys.p256dh, keys.auth]);
    }
    const questionId = await sys.publishQuestion();
    await eventually(async () => (await notificationSql("SELECT 1 FROM notification_jobs WHERE payload->>'questionId' = $1 AND push_done", [questionId])).length === 1, 60_000, 100);
    const rows = await notificationSql<{ target: string; status: string; last_error: string }>(
      "SELECT d.target, d.status, d.last_error FROM deliveries d JOIN notification_jobs j ON j.event_id = d.event_id WHERE j.payload->>'questionId' = $1 AND d.channel = 'push' AND d.target = ANY($2)",
      [questionId, ATTACKS()],
    );
    expect(rows).toHaveLength(ATTACKS().length);
    for (const r of rows) expect(r, r.target).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/^refused: /) });
    expect(internal.hits).toEqual([]);
  });
});

describe('delivery: one lookup, a checked address, no redirect', () => {
  const vapid = { ...generateVapidKeys(), subject: 'mailto:security@mzansi.test' };
  /** A resolver that answers from a table (a list per name: one answer per call, the last one repeated) and counts. */
  const resolver = (table: Record<string, string[]>) => {
    const calls: string[] = [];
    const lookup: PushLookup = async (name) => {
      const answers = table[name] ?? [];
      const address = answers[Math.min(calls.filter((c) => c === name).length, answers.length - 1)];
      calls.push(name);
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return address.split(',').map((a) => ({ address: a, family: a.includes(':') ? 6 : 4 }));
    };
    return { lookup, calls };
  };
  const sender = (lookup: PushLookup, policy: { allowedHosts?: string[]; devOrigin?: string } = {}) =>
    new PushSender({ vapid, ttlSeconds: 60, timeoutMs: 1_500, maxAttempts: 1, retryBaseMs: 1, lookup, policy: { allowedHosts: policy.allowedHosts ?? [...DEFAULT_PUSH_HOSTS], devOrigin: policy.devOrigin } });
  const target = (endpoint: string) => ({ endpoint, p256dh: keys.p256dh, auth: keys.auth });

  it('an allowed name that resolves to a special-purpose address is refused before any connection', async () => {
    const bad = ['127.0.0.1', '::1', '169.254.169.254', '10.1.2.3', '192.168.0.10', '172.16.5.5', '100.64.0.1', '0.0.0.0', '::ffff:127.0.0.1', '::ffff:7f00:1', 'fd00::1', 'fe80::1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', '203.0.114.1,127.0.0.1'];
    for (const address of bad) {
      const { lookup, calls } = resolver({ 'fcm.googleapis.com': [address] });
      const s = sender(lookup);
      const r = await s.send(target('https://fcm.googleapis.com/fcm/send/x'), '{}');
      s.close();
      expect(r, address).toMatchObject({ outcome: 'failed', attempts: 1, error: expect.stringMatching(/^refused: .*special-purpose/) });
      expect(calls, address).toEqual(['fcm.googleapis.com']);
    }
  });

  it('an allow-list that names an address still cannot reach the metadata service', async () => {
    const { lookup, calls } = resolver({});
    const s = sender(lookup, { allowedHosts: ['169.254.169.254', '127.0.0.1'] });
    for (const endpoint of ['https://169.254.169.254/latest/meta-data/', 'https://127.0.0.1/x']) {
      expect(await s.send(target(endpoint), '{}'), endpoint).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^refused: /) });
    }
    s.close();
    expect(calls).toEqual([]);
  });

  it('http, userinfo, another port and names off the list are refused without even a lookup', async () => {
    const { lookup, calls } = resolver({ 'fcm.googleapis.com': ['203.0.114.1'] });
    const s = sender(lookup);
    for (const endpoint of ATTACKS()) expect(await s.send(target(endpoint), '{}'), endpoint).toMatchObject({ outcome: 'failed', attempts: 1, error: expect.stringMatching(/^refused: /) });
    s.close();
    expect(calls).toEqual([]);
    expect(internal.hits).toEqual([]);
  });

  it('a name that changes its answer between check and send: one lookup, the checked address is the one connected to', async () => {
    // Public first, loopback after: a second lookup would post to the internal service.
    const rebind = resolver({ 'rebind.notify.windows.com': ['203.0.114.1', '127.0.0.1'] });
    const s = sender(rebind.lookup);
    const r = await s.send(target('https://rebind.notify.windows.com/w/?token=x'), '{}');
    s.close();
    expect(rebind.calls).toEqual(['rebind.notify.windows.com']);
    expect(r.outcome).toBe('failed'); // nothing answers at 203.0.114.1:443 here
    expect(r.error ?? '').not.toContain('127.0.0.1');

    // Observable end to end with the local fake under a name: it answers only if the first answer was used.
    const port = new URL(push.origin).port;
    const named = resolver({ 'fake.push.test': ['127.0.0.1', '127.0.0.2'] });
    const dev = sender(named.lookup, { devOrigin: `http://fake.push.test:${port}` });
    push.reset();
    const ok = await dev.send(target(`http://fake.push.test:${port}/push/rebind`), '{}');
    dev.close();
    expect(ok).toMatchObject({ outcome: 'sent', status: 201 });
    expect(named.calls).toEqual(['fake.push.test']);
    expect(push.received.map((q) => [q.path, q.headers.host])).toEqual([['/push/rebind', `fake.push.test:${port}`]]);
  });

  it('a redirect is not followed: a 3xx is a failed delivery', async () => {
    const redirecting = http.createServer((req, res) => res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/latest/meta-data/` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', () => resolve()));
    const origin = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      const s = sender(resolver({}).lookup, { devOrigin: origin });
      const r = await s.send(target(`${origin}/push/x`), '{}');
      s.close();
      expect(r).toMatchObject({ outcome: 'failed', status: 302, attempts: 1 });
      expect(internal.hits).toEqual([]);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });
});
