/**
 * Pieces of the cluster scenarios: live sockets that reconnect like the web does (jittered exponential backoff),
 * per-replica call counts from each process's metrics, and a vote burst with retries of outages.
 */
import WebSocket from 'ws';
import type { Cluster, ClusterProcess } from '../../scripts/cluster.ts';
import { sleep } from '@mzansi/kit/testing';
import { Client } from '../faults/helpers.ts';

/** Votes a voting process has answered (any outcome, alone or batched), from its /metrics. */
export async function servedVotes(p: ClusterProcess): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${p.metricsPort}/metrics`)).text();
  let n = 0;
  for (const line of text.split('\n')) if (line.startsWith('voting_answers_submitted_total{')) n += Number(line.split(' ').pop());
  return n;
}

export async function servedByReplica(cluster: Cluster, service: 'voting'): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const p of cluster.replicasOf(service)) out[p.name] = p.child.exitCode === null && p.child.signalCode === null ? await servedVotes(p).catch(() => 0) : 0;
  return out;
}

export const diff = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));

export const shares = (counts: Record<string, number>) => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, total ? Math.round((v / total) * 1000) / 10 : 0]));
};

/** A live channel as the web keeps it: reconnects after 1 s, doubling to 30 s, ±50 % jitter; reset on open. */
export class Socket {
  ws: WebSocket | undefined;
  opens = 0;
  newQuestions = new Set<string>();
  totals = new Map<string, { total: number; votes: Record<string, number> }>();
  /** When the socket was last without a connection (undefined while open), and the longest such gap. */
  downSince: number | undefined;
  longestGapMs = 0;
  closeCodes: number[] = [];
  private failures = 0;
  private stopped = false;

  constructor(readonly url: string) {}

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = this.connect();
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }

  private connect(): WebSocket {
    const ws = new WebSocket(this.url, { handshakeTimeout: 5_000 });
    this.ws = ws;
    ws.on('open', () => {
      this.opens++;
      this.failures = 0;
      if (this.downSince !== undefined) this.longestGapMs = Math.max(this.longestGapMs, Date.now() - this.downSince);
      this.downSince = undefined;
    });
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'new-question') this.newQuestions.add(m.question.id);
      if (m.type === 'results-updated')
        this.totals.set(m.questionId, {
          total: m.totalVotes,
          votes: Object.fromEntries(m.results.map((r: { optionId: string; votes: number }) => [r.optionId, r.votes])),
        });
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      this.closeCodes.push(code);
      this.downSince ??= Date.now();
      if (this.stopped) return;
      const delay = Math.min(30_000, 1_000 * 2 ** this.failures++) * (1 + 0.5 * Math.random());
      setTimeout(() => !this.stopped && this.connect(), delay);
    });
    return ws;
  }

  /** The gap now, if it is still down. */
  gapMs(): number {
    return Math.max(this.longestGapMs, this.downSince === undefined ? 0 : Date.now() - this.downSince);
  }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}

export const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;
export const gatewayUrl = (p: ClusterProcess) => `http://127.0.0.1:${p.env.PORT}`;

export interface Vote {
  client: Client;
  userId: string;
  questionId: string;
  optionId: string;
}

export interface BurstResult {
  acknowledged: (Vote & { answerId: string })[];
  firstAttempt: number[];
  retried: number[];
  ms: number;
}

/**
 * Submits every vote, `concurrency` at a time; an outage (network error, 502/503/504) is retried like a client
 * would (submitting is idempotent), anything else fails the burst.
 */
export async function burst(
  votes: Vote[],
  concurrency: number,
  onProgress?: (done: number) => void,
  /** Stop taking new votes once this is true (the ones already sent finish). */
  enough: () => boolean = () => false,
  retryFor = 90_000,
  /** At most this many new votes a second over all workers (a burst that must last: scenario 4); 0 = unpaced. */
  perSecond = 0,
): Promise<BurstResult> {
  const acknowledged: BurstResult['acknowledged'] = [];
  const firstAttempt: number[] = [];
  const retried: number[] = [];
  const started = Date.now();
  let next = 0;
  let done = 0;
  let slot = started;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, votes.length) }, async () => {
      while (next < votes.length && !enough()) {
        if (perSecond) {
          const at = Math.max(Date.now(), slot);
          slot = at + 1_000 / perSecond;
          await sleep(at - Date.now());
          // Other workers took the last votes while this one waited for its slot.
          if (enough() || next >= votes.length) break;
        }
        const v = votes[next++]!;
        const deadline = Date.now() + retryFor;
        for (let attempt = 0; ; attempt++) {
          const r = await v.client.post('/api/answers', { userId: v.userId, questionId: v.questionId, optionId: v.optionId }, { timeoutMs: 15_000 });
          if (attempt === 0) firstAttempt.push(r.status);
          if (r.status === 200 || r.status === 201) {
            if (r.json.optionId !== v.optionId) throw new Error(`vote stored as ${r.json.optionId}, sent ${v.optionId}`);
            acknowledged.push({ ...v, answerId: r.json.id });
            break;
          }
          if (![0, 502, 503, 504].includes(r.status)) throw new Error(`vote refused: ${r.status} ${r.text}`);
          retried.push(r.status);
          if (Date.now() > deadline) throw new Error(`vote not accepted within ${retryFor} ms (last ${r.status} ${r.text})`);
          await sleep(200 + Math.min(attempt, 10) * 200);
        }
        onProgress?.(++done);
      }
    }),
  );
  return { acknowledged, firstAttempt, retried, ms: Date.now() - started };
}

let seq = 0;

/**
 * A new signed-in user on `base`. Under load a signup can time out at the gateway (504) after identity created the
 * account; its retry then answers 409, and the user signs in instead.
 */
export async function joinUser(base: string): Promise<{ client: Client; id: string; username: string }> {
  const client = new Client(base);
  const username = `c${Date.now().toString(36)}_${(seq++).toString(36)}_${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);
  const password = 'fault-password-123';
  for (let attempt = 0; attempt < 10; attempt++) {
    const res = await client.post('/api/auth/signup', { username, password, name: `Cluster ${username}`, consent: true }, { timeoutMs: 30_000 });
    if (res.status === 201) return { client, id: res.json.id as string, username };
    if (res.status === 409 && attempt > 0) {
      const login = await client.post('/api/auth/login', { username, password }, { timeoutMs: 30_000 });
      if (login.status === 200) return { client, id: login.json.id as string, username };
    }
    if (![0, 409, 502, 503, 504].includes(res.status)) throw new Error(`signup failed: ${res.status} ${res.text}`);
    await sleep(500 * (attempt + 1));
  }
  throw new Error(`signup of ${username} did not succeed in 10 attempts`);
}

/** Each gateway's state in HAProxy (`UP`, `DOWN`, `MAINT`, `UP 1/2`…), by server name, from its stats CSV. */
export async function balancerStates(cluster: Cluster): Promise<Record<string, string>> {
  const csv = await (await fetch(`${cluster.statsUrl};csv`)).text();
  const lines = csv.replace(/^# /, '').trim().split('\n');
  const cols = lines[0]!.split(',');
  const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => cols.indexOf(c));
  const out: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const f = l.split(',');
    if (f[px!] === 'gateways' && f[sv!]!.startsWith('gateway-')) out[f[sv!]!] = f[st!]!;
  }
  return out;
}

/**
 * Resolves once every JetStream stream has a leader and both followers online and current: a NATS node that
 * restarted has caught up, so stopping the next one leaves a majority of every stream's replicas with everything.
 * Throws what is still behind otherwise (`until` reports the last reason).
 */
export async function jetStreamCaughtUp(natsUrl: string): Promise<true> {
  const { connect } = await import('nats');
  const nc = await connect({ servers: natsUrl.split(','), timeout: 5_000 });
  try {
    const jsm = await nc.jetstreamManager({ timeout: 5_000 });
    const streams = await jsm.streams.list().next();
    const behind = streams
      .filter((s) => !s.cluster?.leader || (s.cluster.replicas ?? []).length !== 2 || !s.cluster.replicas!.every((r) => r.current && !r.offline))
      .map((s) => `${s.config.name}: ${JSON.stringify(s.cluster)}`);
    if (!streams.length || behind.length) throw new Error(`not caught up: ${streams.length} streams; ${behind.join('; ')}`);
    return true;
  } finally {
    await nc.close();
  }
}
