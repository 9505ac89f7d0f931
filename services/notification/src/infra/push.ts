import webpush from 'web-push';
import type { PushEndpointPolicy } from '@mzansi/api';
import { backoffMs, classifyPushStatus, type Outcome } from '../domain/messages.js';
import { PushTransport, RefusedEndpoint, type PushLookup } from './push-transport.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushResult {
  /** 'interrupted': the sender was stopped between attempts; nothing more was sent. */
  outcome: Exclude<Outcome, 'retry'> | 'interrupted';
  status?: number;
  error?: string;
  attempts: number;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  ttlSeconds: number;
  timeoutMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** Which endpoints may be posted to (push-endpoints.ts in the contract). */
  policy: PushEndpointPolicy;
  /** Resolves endpoint hosts (the system resolver unless a test gives one). */
  lookup?: PushLookup;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    if (signal?.aborted) return resolve(false);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Sends Web Push messages. web-push builds the request (RFC 8291 aes128gcm encryption and the VAPID JWT,
 * `generateRequestDetails`, the first half of its `sendNotification`); the request itself goes out through
 * PushTransport, which keeps connections to the push services alive and posts only to an allowed endpoint at an
 * address it checked (no internal address, no second lookup, no redirect followed).
 * Transient failures (network, timeouts, 408/429/5xx) are retried with backoff; 404/410 mean the subscription is gone;
 * a refused endpoint or address fails at once.
 */
export class PushSender {
  private readonly transport: PushTransport;

  constructor(private readonly o: PushSenderOptions) {
    this.transport = new PushTransport({ policy: o.policy, lookup: o.lookup });
  }

  /** Closes the kept-alive connections (the service is stopping). */
  close(): void {
    this.transport.close();
  }

  get publicKey(): string {
    return this.o.vapid.publicKey;
  }

  async send(
    target: PushTarget,
    payload: string,
    opts: { topic?: string; urgency?: 'normal' | 'high'; signal?: AbortSignal; beforeAttempt?: () => Promise<void> } = {},
  ): Promise<PushResult> {
    let attempts = 0;
    for (;;) {
      if (opts.signal?.aborted) return { outcome: 'interrupted', attempts };
      attempts++;
      await opts.beforeAttempt?.();
      let status: number | undefined;
      let error: string | undefined;
      let retryAfterMs: number | undefined;
      let request: { url: string; headers: Record<string, string>; body: Buffer | undefined };
      try {
        // Encryption and the VAPID JWT; throws on a malformed subscription, which no retry can fix.
        const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails: this.o.vapid,
          TTL: this.o.ttlSeconds,
          topic: opts.topic,
          urgency: opts.urgency ?? 'normal',
        });
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(details.headers)) {
          if (k.toLowerCase() !== 'content-length' && v !== undefined) headers[k] = String(v);
        }
        request = { url: details.endpoint, headers, body: details.body ?? undefined };
      } catch (err) {
        return { outcome: 'failed', error: `bad subscription: ${(err as Error).message}`, attempts };
      }
      try {
        const res = await this.transport.post(request.url, {
          headers: request.headers,
          body: request.body,
          // Not the stop signal: a request in flight finishes and is recorded.
          signal: AbortSignal.timeout(this.o.timeoutMs),
        });
        status = res.status;
        if (status >= 300) error = `push service answered ${status}${res.body ? `: ${res.body.slice(0, 200)}` : ''}`;
        const ra = Number(res.retryAfter);
        if (Number.isFinite(ra) && ra > 0) retryAfterMs = Math.min(ra * 1000, 30_000);
      } catch (err) {
        if (err instanceof RefusedEndpoint) return { outcome: 'failed', error: `refused: ${err.message}`, attempts };
        // Network trouble, the resolver or the timeout: transient.
        const cause = (err as { cause?: { message?: string } }).cause;
        error = err instanceof Error ? `${err.name}: ${err.message}${cause?.message ? ` (${cause.message})` : ''}` : String(err);
      }
      const outcome = classifyPushStatus(status);
      if (outcome !== 'retry') return { outcome, status, error, attempts };
      if (attempts >= this.o.maxAttempts) return { outcome: 'failed', status, error, attempts };
      const waited = await sleep(retryAfterMs ?? backoffMs(attempts, this.o.retryBaseMs), opts.signal);
      if (!waited) return { outcome: 'interrupted', status, error, attempts };
    }
  }
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
