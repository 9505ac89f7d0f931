import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * Stand-ins for the world outside the stack, shared by the notification service's tests and the gateway's: the
 * browsers' push services, a browser's push keys, and the mail files the development mailer writes (here, so that no
 * test imports another package's test folder).
 */

// ---- a fake push service ----

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/**
 * An HTTP server standing in for the browsers' push services: records every request and answers 201, or what a
 * path was told to answer (a fixed status, or a sequence of statuses for the first requests), after `delayMs`.
 */
export async function fakePushService() {
  const received: PushRequest[] = [];
  const fixed = new Map<string, number>();
  const sequences = new Map<string, number[]>();
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      const status = sequences.get(path)?.shift() ?? fixed.get(path) ?? 201;
      setTimeout(() => res.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    /** Its origin: the services' PUSH_DEV_ORIGIN, the one local push service development and tests may use. */
    origin: `http://127.0.0.1:${port}`,
    endpoint: (id: string) => `http://127.0.0.1:${port}/push/${id}`,
    pathOf: (endpoint: string) => new URL(endpoint).pathname,
    answer(endpoint: string, status: number) {
      fixed.set(new URL(endpoint).pathname, status);
    },
    answerFirst(endpoint: string, statuses: number[]) {
      sequences.set(new URL(endpoint).pathname, [...statuses]);
    },
    set delayMs(ms: number) {
      delayMs = ms;
    },
    reset() {
      received.length = 0;
    },
    /** How many requests each path received. */
    countsByPath(): Map<string, number> {
      const m = new Map<string, number>();
      for (const r of received) m.set(r.path, (m.get(r.path) ?? 0) + 1);
      return m;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakePush = Awaited<ReturnType<typeof fakePushService>>;

// ---- browser-like subscriptions ----

/** A browser's keys: a P-256 key pair and a 16-byte auth secret (as PushSubscription.toJSON().keys). */
export function browserKeys(): { ecdh: ECDH; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const require = createRequire(import.meta.url);
const ece = require('http_ece') as { decrypt(buf: Buffer, params: Record<string, unknown>): Buffer };

/** Decrypts a push message body (RFC 8291, aes128gcm) the way the browser would. */
export function decryptPush(body: Buffer, keys: { ecdh: ECDH; auth: string }): unknown {
  return JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }).toString('utf8'));
}

// ---- mail files ----

export async function mailFiles(dir: string): Promise<{ file: string; text: string; to: string; subject: string }[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(dir, file), 'utf8');
      const to = /^To: (.*)$/m.exec(text)?.[1]?.trim() ?? '';
      const subject = /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '';
      return { file, text, to, subject };
    }),
  );
}
