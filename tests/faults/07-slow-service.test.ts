/**
 * Scenario 7: a slow, then black-holed questions service behind a TCP proxy (the gateway's QUESTIONS_GRPC_ADDR points
 * at the proxy), GRPC_DEADLINE_MS = 1000 (the other routes share the deadline, so it leaves them room on a loaded test machine). Pass: latency beyond the deadline → 504 within deadline + slack;
 * black hole → 503/504 within deadline + slack; /api/auth/me and /api/leaderboard keep working meanwhile; after
 * the fault is removed the questions routes recover by themselves.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, PrivateNatsServer, report, signUp, sleep, startFaultStack, until, type FaultStack } from './helpers.ts';
import { FaultProxy } from './proxy.ts';

const DEADLINE_MS = 1_000;
const SLACK_MS = 700;
let nats: PrivateNatsServer;
let stack: FaultStack;
let proxy: FaultProxy;

beforeAll(async () => {
  nats = await PrivateNatsServer.create();
  const questionsPort = await freePort();
  proxy = new FaultProxy(questionsPort);
  await proxy.listen();
  stack = await startFaultStack(nats.url, {
    serviceEnv: { questions: { GRPC_PORT: String(questionsPort) } },
    gatewayEnv: { QUESTIONS_GRPC_ADDR: `127.0.0.1:${proxy.port}`, GRPC_DEADLINE_MS: String(DEADLINE_MS) },
  });
});

afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
  await nats?.destroy();
});

it('latency → 504, black hole → 503/504, other routes unaffected, automatic recovery', async () => {
  const user = await signUp(stack.baseUrl);
  const today = () => user.client.get('/api/questions/today', 10_000);
  const others = async () => {
    const [me, board] = await Promise.all([user.client.get('/api/auth/me'), user.client.get('/api/leaderboard')]);
    return { me: me.status, board: board.status, ms: Math.max(me.ms, board.ms) };
  };
  expect((await today()).status).toBe(200);

  // 1. Latency beyond the deadline.
  proxy.setMode({ kind: 'latency', ms: 3_000 });
  await sleep(1_200); // past the gateway's 1 s public cache
  const slow = await today();
  expect(slow.status, slow.text).toBe(504);
  expect(slow.ms).toBeLessThanOrEqual(DEADLINE_MS + SLACK_MS);
  expect(slow.json.message).toBe('The service took too long to answer. Please try again.');
  const othersSlow = await others();
  expect(othersSlow).toMatchObject({ me: 200, board: 200 });

  proxy.setMode({ kind: 'pass' });
  let t = Date.now();
  await until('recovered from latency', async () => (await today()).status === 200, 30_000, 200);
  const latencyRecoveryMs = Date.now() - t;

  // 2. Black hole: connections accepted, nothing ever forwarded.
  proxy.setMode({ kind: 'blackhole' });
  await sleep(1_200);
  const holes = [];
  for (let i = 0; i < 3; i++) holes.push(await today());
  for (const h of holes) {
    expect([503, 504], h.text).toContain(h.status);
    expect(h.ms).toBeLessThanOrEqual(DEADLINE_MS + SLACK_MS);
  }
  const othersHole = await others();
  expect(othersHole).toMatchObject({ me: 200, board: 200 });

  proxy.setMode({ kind: 'pass' });
  t = Date.now();
  await until('recovered from the black hole', async () => (await today()).status === 200, 60_000, 200);
  const holeRecoveryMs = Date.now() - t;
  report('7 slow / black-holed questions service', {
    deadlineMs: DEADLINE_MS,
    latency: { status: slow.status, ms: slow.ms, others: othersSlow, recoveryMs: latencyRecoveryMs },
    blackhole: { statuses: holes.map((h) => h.status), ms: holes.map((h) => h.ms), others: othersHole, recoveryMs: holeRecoveryMs },
  });
});
