/**
 * Scenario 7: a slow, then black-holed questions service behind a TCP proxy (the gateway's QUESTIONS_GRPC_ADDR points
 * at the proxy), GRPC_DEADLINE_MS = 1000 (the other routes share the deadline, so it leaves them room on a loaded test machine). Pass: latency beyond the deadline → 504 within deadline + slack;
 * black hole → 503/504 within deadline + slack; /api/auth/me and /api/leaderboard keep working meanwhile; after
 * the fault is removed the questions routes recover by themselves.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, report, signUp, until, useFaultSystem } from './helpers.ts';
import { FaultProxy } from './proxy.ts';

const DEADLINE_MS = 1_000;
const SLACK_MS = 700;
let proxy: FaultProxy;
let questionsPort: number;

// Registered before the system's hooks: the proxy starts first and closes last.
beforeAll(async () => {
  questionsPort = await freePort();
  proxy = new FaultProxy(questionsPort);
  await proxy.listen();
});

afterAll(async () => {
  await proxy?.close();
});

const system = useFaultSystem({
  stackOptions: () => ({
    serviceEnv: { questions: { GRPC_PORT: String(questionsPort) } },
    gatewayEnv: { QUESTIONS_GRPC_ADDR: `127.0.0.1:${proxy.port}`, GRPC_DEADLINE_MS: String(DEADLINE_MS) },
  }),
});

it('latency → 504, black hole → 503/504, other routes unaffected, automatic recovery', async () => {
  const { stack } = system;
  const user = await signUp(stack.baseUrl);
  const today = () => user.client.get('/api/questions/today', { timeoutMs: 10_000 });
  const others = async () => {
    const [me, board] = await Promise.all([user.client.get('/api/auth/me'), user.client.get('/api/leaderboard')]);
    return { me: me.status, board: board.status, ms: Math.max(me.ms, board.ms) };
  };
  expect((await today()).status).toBe(200);

  // 1. Latency beyond the deadline.
  proxy.setMode({ kind: 'latency', ms: 3_000 });
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
