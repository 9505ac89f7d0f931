/**
 * The system under test: the bench's own stack (startStack mode test, the gateway with its deployed NODE_OPTIONS), or
 * `make up`'s at BENCH_BASE_URL; where each part listens and its pid; and the gateway's /metrics sampled during the
 * overload phases (memory peaks, event-loop delay).
 */
import { randomUUID } from 'node:crypto';
import { startStack, type Stack } from '../../../scripts/stack.ts';
import { CFG, log } from '../config.ts';
import { deployedNodeOptions, pidOnPort } from '../procs.ts';

export interface System {
  stack?: Stack;
  /** Where the bench connects (127.0.0.1). */
  gatewayOrigin: string;
  /** What the gateway believes it is (the Origin header, the cookie's site). */
  publicOrigin: string;
  redisPrefix: string;
  sessionSecret: string;
  identityDb: string;
  votingDb: string;
  votingAddr: string;
  gatewayPid?: number;
  votingPid?: number;
  questionsPid?: number;
  gatewayMetricsUrl?: string;
}

export async function startSystem(env = process.env): Promise<System> {
  if (env.BENCH_BASE_URL) {
    const u = new URL(env.BENCH_BASE_URL);
    const votingAddr = env.BENCH_VOTING_ADDR ?? '127.0.0.1:50053';
    return {
      publicOrigin: u.origin,
      gatewayOrigin: `${u.protocol}//127.0.0.1:${u.port || 80}`,
      redisPrefix: env.REDIS_PREFIX ?? 'mp:',
      sessionSecret: env.SESSION_SECRET ?? 'dev-session-secret-not-for-production',
      identityDb: env.BENCH_IDENTITY_DB ?? 'identity',
      votingDb: env.BENCH_VOTING_DB ?? 'voting',
      votingAddr,
      gatewayPid: await pidOnPort(Number(u.port || 80)),
      gatewayMetricsUrl: env.BENCH_GATEWAY_METRICS_URL ?? 'http://127.0.0.1:9460/metrics',
      votingPid: await pidOnPort(Number(votingAddr.split(':')[1])),
      questionsPid: await pidOnPort(Number(env.BENCH_QUESTIONS_PORT ?? 50052)),
    };
  }
  const sessionSecret = `bench-${randomUUID()}`;
  log('starting stack (mode test)…');
  // The gateway as deployed: NODE_OPTIONS (its heap bound) from k8s/base/config/. Every bench socket comes
  // from 127.0.0.1, so the per-address socket cap (WS_MAX_PER_IP, 20) is lifted to the fleet's size, and the public
  // API's per-address budget (PUBLIC_API_PER_MIN, 600) so far that it counts every read but refuses none.
  const stack = await startStack({
    mode: 'test',
    sourceMaps: false,
    env: { SESSION_SECRET: sessionSecret },
    gatewayEnv: { NODE_OPTIONS: deployedNodeOptions('gateway'), WS_MAX_PER_IP: String(CFG.wsClients + 100), PUBLIC_API_PER_MIN: '100000000' },
    // BENCH_GATEWAY_FLAGS: extra node flags for the gateway, e.g. `--trace-gc` (its log: test-results/logs/…).
    nodeArgs: env.BENCH_GATEWAY_FLAGS ? { gateway: env.BENCH_GATEWAY_FLAGS.split(/\s+/).filter(Boolean) } : undefined,
  });
  return {
    stack,
    sessionSecret,
    publicOrigin: new URL(stack.baseUrl).origin,
    gatewayOrigin: `http://127.0.0.1:${stack.gatewayPort}`,
    redisPrefix: `${stack.namespace}:`,
    identityDb: stack.databases.identity!,
    votingDb: stack.databases.voting!,
    votingAddr: stack.grpcAddrs?.voting ?? '',
    gatewayPid: stack.pids?.gateway ?? (await pidOnPort(stack.gatewayPort)),
    gatewayMetricsUrl: `http://127.0.0.1:${stack.processes!.gateway.metricsPort}/metrics`,
    votingPid: stack.pids?.voting,
    questionsPid: stack.pids?.questions,
  };
}

const MEMORY_METRICS = ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_heap_size_total_bytes', 'nodejs_external_memory_bytes', 'ws_buffered_bytes'];

/**
 * The gateway's /metrics, sampled during the overload phases to say where its memory goes, and its event-loop
 * delay, each 1 s sample's max (prom-client's monitorEventLoopDelay, reset at every scrape): a synchronous stall —
 * a fan-out to every socket, a long GC — shows here, and every vote arriving during it waits.
 */
/**
 * prom-client's event-loop figures come from monitorEventLoopDelay({resolution: 10}), whose histogram records each
 * 10 ms timer's whole interval, not its lateness: an idle process shows p50 10.1 ms, and a 30 ms stall shows as 40
 * (prometheus/client_js#370). The bench reports the delay: the recorded figure less this.
 */
export const LOOP_TIMER_MS = 10;
const delayMs = (seconds: number) => Math.max(0, seconds * 1000 - LOOP_TIMER_MS);

export class GatewaySamples {
  readonly memPeak: Record<string, number> = {};
  loopLagMaxMs: number[] = [];
  /** Each 1 s sample's p99 (nodejs_eventloop_lag_p99_seconds, less LOOP_TIMER_MS): the highest bounds the p99 of the whole phase. */
  loopLagP99Ms: number[] = [];

  constructor(private readonly metricsUrl: string | undefined) {}

  async sample(): Promise<void> {
    if (!this.metricsUrl) return;
    try {
      const text = await (await fetch(this.metricsUrl, { signal: AbortSignal.timeout(900) })).text();
      for (const line of text.split('\n')) {
        const m = /^(\w+)(?:\{[^}]*\})? (\S+)$/.exec(line); // name{labels} value
        if (m && MEMORY_METRICS.includes(m[1]!)) this.memPeak[m[1]!] = Math.max(this.memPeak[m[1]!] ?? 0, Number(m[2]));
        if (m && m[1] === 'nodejs_eventloop_lag_max_seconds') this.loopLagMaxMs.push(delayMs(Number(m[2])));
        if (m && m[1] === 'nodejs_eventloop_lag_p99_seconds') this.loopLagP99Ms.push(delayMs(Number(m[2])));
      }
    } catch {
      /* a busy gateway may miss a sample */
    }
  }
}
