import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeResultsChanged, LIVE_SUBJECTS, type ResultsChanged } from '@mzansi/kit';
import { deleteTestStreams, testNamespace, TEST_NATS_URL } from '@mzansi/kit/testing';
import { startGatewayForTest, startIdentityForTest } from './helpers.js';
import { LiveClient, wsUrl, type LiveOptions } from './live-helpers.js';

/**
 * results-updated without round trips: the gateway fans out what voting publishes on `<namespace>.live.voting.results`
 * (core NATS) and calls no service for it. Here the test plays the voting replicas: it publishes on the subject
 * itself. The gateway's other services are a stand-in that answers no call, and the gateway's gRPC client metrics
 * show it makes none. Pacing is voting's (services/voting/test/live-results.test.ts, across replicas too); the
 * gateway passes on each message at once unless its totals are not newer. (With the real voting service: live.test.ts.)
 */
const PUBLIC_URL = 'http://localhost:5173';

let identity: Awaited<ReturnType<typeof startIdentityForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let ns: string;
let replicaA: NatsConnection;
let replicaB: NatsConnection;
const clients: LiveClient[] = [];

beforeAll(async () => {
  ns = testNamespace();
  identity = await startIdentityForTest();
  gw = await startGatewayForTest(identity.address, { EVENTS_NAMESPACE: ns, PUBLIC_URL });
  [replicaA, replicaB] = await Promise.all([connect({ servers: TEST_NATS_URL }), connect({ servers: TEST_NATS_URL })]);
});

afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

afterAll(async () => {
  await Promise.allSettled([replicaA?.close(), replicaB?.close()]);
  await gw?.stop();
  await identity?.cleanup();
  await deleteTestStreams(ns).catch(() => undefined);
});

async function live(opts: LiveOptions = {}) {
  const c = new LiveClient(wsUrl(gw.base), { origin: PUBLIC_URL, ...opts });
  clients.push(c);
  return c.open();
}

const results = (questionId: string, yes: number, no: number): ResultsChanged => {
  const total = yes + no;
  const pct = (n: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
  return {
    questionId,
    totalVotes: total,
    results: [
      { optionId: 'yes', optionText: 'Yes, before Friday', votes: yes, percentage: pct(yes) },
      { optionId: 'no', optionText: 'No', votes: no, percentage: pct(no) },
    ],
  };
};

async function publish(replica: NatsConnection, m: ResultsChanged) {
  replica.publish(`${ns}.${LIVE_SUBJECTS.results}`, encodeResultsChanged(m));
  await replica.flush();
}

/** The gateway's metrics: every gRPC call it made (any service, any method), and a live counter. */
async function scrape() {
  const text = await (await fetch(`http://127.0.0.1:${gw.gateway.metricsPort}/metrics`)).text();
  const sum = (name: string, labels = '') =>
    [...text.matchAll(new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`, 'gm'))].filter((m) => (m[1] ?? '').includes(labels)).reduce((n, m) => n + Number(m[2]), 0);
  return {
    grpcCalls: sum('grpc_client_handling_seconds_count'),
    resultsSent: sum('ws_messages_sent_total', 'type="results-updated"'),
    dropped: sum('ws_results_received_total', 'outcome="dropped"'),
  };
}

const isResults = (id: string) => (m: { type: string; questionId?: string }) => m.type === 'results-updated' && m.questionId === id;

describe('results-updated from voting, fanned out without calling a service', () => {
  it('reaches every socket, signed out included, in the agreed shape; the gateway makes no gRPC call', async () => {
    const sockets = await Promise.all([live(), live(), live()]);
    const before = await scrape();
    const q = randomUUID();
    const t0 = Date.now();
    await publish(replicaA, results(q, 2, 1));
    const got = await Promise.all(sockets.map((s) => s.next(isResults(q), 3_000)));
    for (const m of got) {
      const { at, ...body } = m;
      expect(body).toEqual({
        type: 'results-updated',
        questionId: q,
        totalVotes: 3,
        results: [
          { optionId: 'yes', optionText: 'Yes, before Friday', votes: 2, percentage: 66.7 },
          { optionId: 'no', optionText: 'No', votes: 1, percentage: 33.3 },
        ],
      });
      expect(at - t0, 'ms from publish to socket').toBeLessThan(500);
    }
    const after = await scrape();
    expect(after.grpcCalls - before.grpcCalls, 'gRPC calls made by the gateway').toBe(0);
    expect(after.resultsSent - before.resultsSent).toBe(3);
  });

  it('a malformed message is skipped; the next good one still goes out', async () => {
    const s = await live();
    const q = randomUUID();
    replicaA.publish(`${ns}.${LIVE_SUBJECTS.results}`, new TextEncoder().encode('{"questionId":"not-a-uuid","totalVotes":-1}'));
    replicaA.publish(`${ns}.${LIVE_SUBJECTS.results}`, new TextEncoder().encode('not json'));
    await publish(replicaA, results(q, 1, 0));
    await s.next(isResults(q), 3_000);
    expect(s.messages.filter((m) => m.type === 'results-updated' && m.questionId !== q)).toEqual([]);
  });
});

describe('several voting replicas', () => {
  it('copies of the same totals, and older ones, are dropped; newer ones go out at once, so a bar never moves back', async () => {
    const s = await live();
    const before = await scrape();
    const q = randomUUID();
    const t0 = Date.now();
    await publish(replicaA, results(q, 6, 4)); // 10: sent at once
    await s.next(isResults(q), 3_000);
    // B's copy, an older read, then two newer ones and an older one between them.
    await publish(replicaB, results(q, 6, 4));
    await publish(replicaB, results(q, 5, 4));
    await publish(replicaA, results(q, 8, 5));
    await publish(replicaB, results(q, 9, 6));
    await publish(replicaA, results(q, 9, 5));
    const last = await s.next((m) => isResults(q)(m) && m.totalVotes === 15, 3_000);
    expect(last.at - t0, 'nothing is held back by the gateway').toBeLessThan(1_000);
    // Nothing else comes for this question (absence needs a wait).
    await new Promise((r) => setTimeout(r, 300));
    expect(s.messages.filter(isResults(q)).map((m) => m.totalVotes)).toEqual([10, 13, 15]);
    expect((await scrape()).dropped - before.dropped).toBe(3);
  });
});
