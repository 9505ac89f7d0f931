/**
 * A small autocannon-like load generator on undici keep-alive pools: closed loop (N connections, each sending
 * its next request when the last answered) for throughput, open loop (a fixed offered rate, requests sent on
 * schedule whether or not earlier ones answered) for latency at a given load.
 */
import { Pool, type Dispatcher } from 'undici';
import { percentile, sleep } from './stats.ts';

export interface Req {
  path: string;
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string;
}

export interface RunResult {
  requests: number;
  errors: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  durationS: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  latencies: number[];
  firstError?: string;
}

function summarise(lat: number[], errors: number, statuses: Record<string, number>, durationS: number, firstError?: string): RunResult {
  const ok = lat.length;
  return {
    requests: ok + errors,
    errors,
    statuses,
    durationS,
    rps: ok / durationS,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    max: lat.length ? lat.reduce((a, b) => (a > b ? a : b)) : NaN, // not Math.max(...lat): a quiet machine's run outgrows the call stack
    latencies: lat,
    firstError,
  };
}

export function pool(origin: string, connections: number): Pool {
  return new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: 30_000, bodyTimeout: 30_000 });
}

/** One request; resolves with [status, body, ms]. */
export async function send(p: Pool, r: Req): Promise<{ status: number; body: string; ms: number }> {
  const t0 = performance.now();
  const res = await p.request({ path: r.path, method: r.method ?? 'GET', headers: r.headers, body: r.body });
  const body = await res.body.text();
  return { status: res.statusCode, body, ms: performance.now() - t0 };
}

const okStatus = (s: number, expect?: (s: number) => boolean) => (expect ? expect(s) : s >= 200 && s < 300);

/**
 * Closed loop: `connections` workers for `durationMs`; `next(i)` gives the i-th request (undefined = stop early,
 * e.g. when the vote users run out).
 */
export async function closedLoop(
  origin: string,
  opts: { connections: number; durationMs: number; next: (i: number) => Req | undefined; expect?: (s: number) => boolean; warmupMs?: number },
): Promise<RunResult> {
  const p = pool(origin, opts.connections);
  try {
    // Warm-up: open the connections (not measured).
    if (opts.warmupMs) {
      const end = Date.now() + opts.warmupMs;
      await Promise.all(
        Array.from({ length: opts.connections }, async () => {
          while (Date.now() < end) {
            const r = opts.next(-1);
            if (!r) return;
            await send(p, r).catch(() => undefined);
          }
        }),
      );
    }
    const lat: number[] = [];
    const statuses: Record<string, number> = {};
    let errors = 0;
    let i = 0;
    let firstError: string | undefined;
    const t0 = performance.now();
    const end = t0 + opts.durationMs;
    let stopped = false;
    await Promise.all(
      Array.from({ length: opts.connections }, async () => {
        while (!stopped && performance.now() < end) {
          const r = opts.next(i++);
          if (!r) {
            stopped = true;
            return;
          }
          try {
            const res = await send(p, r);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (okStatus(res.status, opts.expect)) lat.push(res.ms);
            else {
              errors++;
              firstError ??= `${res.status} ${res.body.slice(0, 200)}`;
            }
          } catch (err) {
            errors++;
            statuses.neterr = (statuses.neterr ?? 0) + 1;
            firstError ??= (err as Error).message;
          }
        }
      }),
    );
    return summarise(lat, errors, statuses, (performance.now() - t0) / 1000, firstError);
  } finally {
    await p.close();
  }
}

/** Open loop: `rate` requests per second for `durationMs`, each sent on schedule (latency includes queueing). */
export async function openLoop(
  origin: string,
  opts: { rate: number; durationMs: number; connections: number; next: (i: number) => Req | undefined; expect?: (s: number) => boolean },
): Promise<RunResult> {
  const p = pool(origin, opts.connections);
  const lat: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | undefined;
  const inflight: Promise<void>[] = [];
  const total = Math.round((opts.rate * opts.durationMs) / 1000);
  const t0 = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const r = opts.next(i);
      if (!r) break;
      const scheduled = due;
      inflight.push(
        p.request({ path: r.path, method: r.method ?? 'GET', headers: r.headers, body: r.body }).then(
          async (res) => {
            const body = await res.body.text();
            // Latency from the scheduled send time: a generator that fell behind does not hide server delay.
            const ms = performance.now() - scheduled;
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            if (okStatus(res.statusCode, opts.expect)) lat.push(ms);
            else {
              errors++;
              firstError ??= `${res.statusCode} ${body.slice(0, 200)}`;
            }
          },
          (err: Error) => {
            errors++;
            statuses.neterr = (statuses.neterr ?? 0) + 1;
            firstError ??= err.message;
          },
        ),
      );
    }
    await Promise.all(inflight);
    return summarise(lat, errors, statuses, (performance.now() - t0) / 1000, firstError);
  } finally {
    await p.close();
  }
}
