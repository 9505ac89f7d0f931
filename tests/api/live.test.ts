import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '@mzansi/kit/testing';
import { ADMIN_PASSWORD, ADMIN_USERNAME, postQuestion, publishQuestionAs, signUp, startGatewayForTest, startServicesForTest, uname, type Browser, resolveBody } from './helpers.js';
import { handshake, LiveClient, wsUrl, type LiveMessage, type LiveOptions } from './live-helpers.js';

/**
 * The live channel (/ws) end to end: the real identity, questions, voting and social services on one events
 * namespace, a gateway following that namespace (EVENTS_NAMESPACE) with Redis sessions, and `ws` clients as the
 * browsers. The admin publishes and resolves through the gateway's admin routes; users vote through /api/answers.
 * LIVE_HEARTBEAT_MS=200 so that the signed-out check (done on the heartbeat) runs within the test's patience.
 */
const PUBLIC_URL = 'http://localhost:5173';

let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
const clients: LiveClient[] = [];

const gatewayEnv = () => ({ ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_URL, LIVE_HEARTBEAT_MS: '200' });

async function live(base: string, opts: LiveOptions = {}) {
  const c = new LiveClient(wsUrl(base), { origin: PUBLIC_URL, ...opts });
  clients.push(c);
  return c.open();
}

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, gatewayEnv());
  adminB = gw.browser();
  const login = await adminB.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
});

afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

afterAll(async () => {
  for (const c of clients.splice(0)) c.close();
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

/** A draft question (through the admin routes); publish it with `publishQuestionAs`. */
async function draft(admin: Browser, text = `Will the Springboks win on Saturday ${randomUUID().slice(0, 8)}?`) {
  const created = await postQuestion(admin, { text, context: 'A test match at Ellis Park.', tags: ['rugby'] });
  // The stored text (a typed question mark is dropped: it is added when shown).
  expect(created.json.text).toBe(text.replace(/\?$/, ''));
  return { id: created.json.id as string, text: created.json.text as string };
}

const isNewQuestion = (id: string) => (m: LiveMessage) => m.type === 'new-question' && m.question?.id === id;
const isResolved = (id: string) => (m: LiveMessage) => m.type === 'question-resolved' && m.questionId === id;
const isResults = (id: string) => (m: LiveMessage) => m.type === 'results-updated' && m.questionId === id;

describe('new-question and question-resolved', () => {
  it('reach signed-in and signed-out sockets within 1 s of the publish, then the resolution', async () => {
    const alice = gw.browser();
    await signUp(alice, uname('alice'));
    const signedIn = await live(gw.base, { cookie: alice.cookieHeader });
    const signedOut = await live(gw.base);
    const q = await draft(adminB);

    const t0 = Date.now();
    await publishQuestionAs(adminB, q.id);
    const [a, b] = await Promise.all([signedIn.next(isNewQuestion(q.id), 3_000), signedOut.next(isNewQuestion(q.id), 3_000)]);
    for (const m of [a, b]) {
      expect(m.at - t0, 'ms from the publish request to the message').toBeLessThanOrEqual(1_000);
      expect(m.question).toMatchObject({
        id: q.id,
        text: q.text,
        options: [
          { id: 'yes', text: 'Yes' },
          { id: 'no', text: 'No' },
        ],
        isPublished: true,
        isResolved: false,
        correctOptionId: null,
      });
    }
    // Delivered once per socket.
    expect(signedOut.messages.filter(isNewQuestion(q.id))).toHaveLength(1);

    await system.projected(q.id);
    const t1 = Date.now();
    const resolved = await adminB.put(`/api/admin/questions/${q.id}/resolve`, resolveBody('no'));
    expect(resolved.status, resolved.text).toBe(200);
    const [ra, rb] = await Promise.all([signedIn.next(isResolved(q.id), 3_000), signedOut.next(isResolved(q.id), 3_000)]);
    for (const m of [ra, rb]) {
      const { at, ...body } = m;
      expect(body).toEqual({ type: 'question-resolved', questionId: q.id, correctOptionId: 'no' });
      expect(at - t1).toBeLessThanOrEqual(1_000);
    }
  });
});

describe('results-updated', () => {
  it('after 5 quick votes: the right totals with the option texts, within ~1 s of the last vote, coalesced to at most 2 messages per question within 1.5 s', async () => {
    const voters = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const b = gw.browser();
        await signUp(b, uname(`voter${i}`));
        return b;
      }),
    );
    const watcher = await live(gw.base);
    const q = await draft(adminB);
    await publishQuestionAs(adminB, q.id);
    await system.projected(q.id);
    const from = watcher.messages.length;

    const options = ['yes', 'yes', 'no', 'yes', 'no'];
    const answers = await Promise.all(voters.map((b, i) => b.post('/api/answers', { questionId: q.id, optionId: options[i] })));
    for (const a of answers) expect(a.status, a.text).toBe(201);
    const lastAnswered = Date.now();

    const final = await watcher.next((m) => isResults(q.id)(m) && m.totalVotes === 5, 5_000, from);
    const { at, ...body } = final;
    expect(body).toEqual({
      type: 'results-updated',
      questionId: q.id,
      totalVotes: 5,
      results: [
        { optionId: 'yes', optionText: 'Yes', percentage: 60, votes: 3 },
        { optionId: 'no', optionText: 'No', percentage: 40, votes: 2 },
      ],
    });
    // Staleness: voting sends at most one per second per question, so the last vote shows within a second (plus
    // the read and the hop through NATS and the gateway, given a little room on a busy machine).
    expect(at - lastAnswered, 'ms from the last 201 to the socket showing all 5').toBeLessThanOrEqual(1_250);

    // Watch 1.5 s from the first results-updated of the question: at most 2 (one per second), never one per vote.
    const first = await watcher.next(isResults(q.id), 1, from);
    await new Promise((r) => setTimeout(r, Math.max(0, first.at + 1_600 - Date.now())));
    const within = watcher.messages.slice(from).filter((m) => isResults(q.id)(m) && m.at <= first.at + 1_500);
    expect(within.length).toBeGreaterThanOrEqual(1);
    expect(within.length).toBeLessThanOrEqual(2);
    // Totals only grow, and each message is consistent.
    for (const m of within) {
      expect(m.results.reduce((n: number, r: { votes: number }) => n + r.votes, 0)).toBe(m.totalVotes);
    }
  });
});

describe('the handshake and frames', () => {
  it('a foreign Origin is refused with 403; the public origin, the gateway itself and no Origin are accepted', async () => {
    const url = wsUrl(gw.base);
    expect(await handshake(url, { origin: 'https://evil.example' })).toBe(403);
    expect(await handshake(url, { origin: 'http://localhost:5173.evil.example' })).toBe(403);
    expect(await handshake(url, { origin: 'null' })).toBe(403);
    expect(await handshake(url, { origin: PUBLIC_URL })).toBe('open');
    expect(await handshake(url, { origin: gw.base })).toBe('open');
    expect(await handshake(url)).toBe('open');
    expect(await handshake(`${gw.base.replace(/^http/, 'ws')}/elsewhere`, { origin: PUBLIC_URL })).toBe(404);
  });

  it('operators see the open sockets and the bytes waiting for them in /metrics', async () => {
    const scrape = async () => {
      const text = await (await fetch(`http://127.0.0.1:${gw.gateway.metricsPort}/metrics`)).text();
      const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
      return { connections: value('ws_connections'), buffered: value('ws_buffered_bytes') };
    };
    const before = await scrape();
    await live(gw.base);
    await live(gw.base);
    const after = await scrape();
    expect(after.connections - before.connections).toBe(2);
    expect(after.buffered).toBe(0); // both sockets read what they are sent
  });

  it('a frame over 64 KiB from the client closes the socket with 1009; one of 64 KiB does not', async () => {
    const ok = await live(gw.base);
    ok.ws!.send(Buffer.alloc(64 * 1024, 1));
    expect(await ok.alive()).toBe(true);

    const big = await live(gw.base);
    big.ws!.send(Buffer.alloc(64 * 1024 + 1, 1));
    const closed = await big.closed(3_000);
    expect(closed.code).toBe(1009);
    // The other socket is unaffected.
    expect(await ok.alive()).toBe(true);
  });
});

describe('sessions', () => {
  it("a signed-in user's socket closes with 4001 after logout; other sockets stay open", async () => {
    const bob = gw.browser();
    await signUp(bob, uname('bob'));
    const carol = gw.browser();
    await signUp(carol, uname('carol'));
    const bobLive = await live(gw.base, { cookie: bob.cookieHeader });
    const carolLive = await live(gw.base, { cookie: carol.cookieHeader });
    const anonLive = await live(gw.base);

    // Several heartbeats pass (pings answered): nobody is dropped while signed in.
    await sleep(700);
    for (const c of [bobLive, carolLive, anonLive]) expect(c.closes).toEqual([]);

    const out = await bob.post('/api/auth/logout');
    expect(out.status, out.text).toBe(200);
    const closed = await bobLive.closed(3_000);
    expect(closed).toMatchObject({ code: 4001, reason: 'Signed out' });

    await sleep(500); // absence needs a wait: the others stay open past the next heartbeats
    expect(carolLive.closes).toEqual([]);
    expect(anonLive.closes).toEqual([]);
    expect(await carolLive.alive()).toBe(true);
    expect(await anonLive.alive()).toBe(true);
  });
});

describe('gateway restart', () => {
  it('a reconnecting client (every 300 ms) gets a later new-question from the new gateway on the same port', async () => {
    const g1 = await startGatewayForTest(system.identityAddress, gatewayEnv());
    const admin = g1.browser();
    const login = await admin.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(login.status, login.text).toBe(200);
    const client = await live(g1.base, { reconnectMs: 300 });
    expect(client.opens).toBe(1);

    const before = await draft(admin);
    await publishQuestionAs(admin, before.id);
    await client.next(isNewQuestion(before.id), 3_000);

    // Stop (not clean up: the new gateway keeps the Redis prefix, so the admin's session survives).
    await g1.gateway.stop();
    const goingAway = await client.closed(3_000);
    expect(goingAway.code).toBe(1012);
    const port = g1.gateway.port;
    const g2 = await startGatewayForTest(system.identityAddress, { ...gatewayEnv(), PORT: String(port), REDIS_PREFIX: g1.prefix });
    try {
      expect(g2.gateway.port).toBe(port);
      await client.waitFor(() => client.opens >= 2, 5_000, 'reconnected');

      const after = await draft(admin);
      await publishQuestionAs(admin, after.id);
      const m = await client.next(isNewQuestion(after.id), 3_000);
      expect(m.question.text).toBe(after.text);
      expect(client.messages.filter(isNewQuestion(before.id))).toHaveLength(1);
    } finally {
      client.close();
      await g2.stop();
      await g1.stop(); // its stand-in gRPC server; the gateway itself is stopped already
    }
  });
});
