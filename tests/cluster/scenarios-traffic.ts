/**
 * Cluster scenarios 1–3 (cluster.test.ts): cross-replica truth, kill -9 of a gateway, of a voting replica and a NATS
 * node, then NATS frozen with a publish held in the outbox.
 */
import { expect } from 'vitest';
import { sleep } from '@mzansi/kit/testing';
import { Client, count, pool, publishQuestions, tally, until } from '../faults/helpers.ts';
import { alertFires, alertResolves } from './alerts.ts';
import { lostOf, PACE, report, SPARE_WINDOW_MS, USERS, type ClusterContext } from './context.ts';
import { burst, diff, gatewayUrl, jetStreamCaughtUp, servedByReplica, shares, Socket, wsUrl } from './helpers.ts';

export async function crossReplicaTruth(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, users, votingDb, sockets, votesOn, stored, outboxDrained, publicTotal } = ctx;
  const gateways = cluster.gateways().map(gatewayUrl);
  await pool(users.length, 50, async (i) => {
    const s = new Socket(wsUrl(gateways[users[i]!.gateway]!));
    await s.open();
    sockets.push(s);
  });
  const [q1] = await publishQuestions(admin, votingDb, 1);
  await until('every socket got new-question', () => sockets.every((s) => s.newQuestions.has(q1!)), 60_000, 250);

  const before = await servedByReplica(cluster, 'voting');
  const votes = votesOn(q1!, 'own');
  const b = await burst(votes, 40);
  const spread = diff(await servedByReplica(cluster, 'voting'), before);
  const chose = { yes: 0, no: 0 };
  for (const a of b.acknowledged) chose[a.optionId as 'yes' | 'no']++;
  expect(b.acknowledged).toHaveLength(USERS);

  await outboxDrained();
  const { rows, counters } = await stored(q1!);
  await until('every socket shows the exact totals', () => sockets.every((s) => s.totals.get(q1!)?.total === USERS), 60_000, 250);
  for (const s of sockets) expect(s.totals.get(q1!)!.votes).toEqual(chose);
  await until('public results exact', async () => (await publicTotal(q1!)) === USERS, 15_000, 300);

  // A session made on gateway A works on B; a login limit spent on A holds on B.
  const a = users.find((u) => u.gateway === 0)!;
  const me = await a.client.withBase(gateways[1]!).get('/api/auth/me');
  expect(me.status, me.text).toBe(200);
  expect(me.json.id).toBe(a.id);
  const victim = users[3]!.username;
  const onA = new Client(gateways[0]!);
  const failures: number[] = [];
  for (let i = 0; i < 5; i++) failures.push((await onA.post('/api/auth/login', { username: victim, password: 'wrong-password-123' })).status);
  const onB = await new Client(gateways[1]!).post('/api/auth/login', { username: victim, password: 'wrong-password-123' });
  expect(failures.every((s) => s === 401)).toBe(true);
  expect(onB.status, onB.text).toBe(429);

  const share = shares(spread);
  expect(rows).toHaveLength(USERS);
  expect(counters).toBe(USERS);
  for (const p of ['voting-0', 'voting-1']) {
    expect(share[p]).toBeGreaterThanOrEqual(35);
    expect(share[p]).toBeLessThanOrEqual(65);
  }

  // A third voting replica started mid-burst (its address was in the gateways' lists, as a new pod behind a
  // headless Service's DNS name): how soon it serves, then its share over a 15 s window that starts once it serves.
  // The burst is paced (50 votes/s at most: unpaced, an idle machine ran out of votes before the window closed),
  // has votes to spare (6 questions: 2 minutes at that pace) and runs until the window closes, however slowly the
  // replica starts on a loaded machine; a fair share is a third, 20 % is the floor.
  const more = (await publishQuestions(admin, votingDb, 6)).flatMap((q) => votesOn(q, 'own'));
  let spareReadyAt = 0;
  let firstServedMs = -1;
  let atServing: Record<string, number> = {};
  let windowShare: Record<string, number> = {};
  let windowVotes = 0;
  const t0 = Date.now();
  const spare = (async () => {
    await sleep(2_000);
    await cluster.startSpare('voting');
    spareReadyAt = Date.now();
    atServing = await until(
      'the third replica serves',
      async () => {
        const now = await servedByReplica(cluster, 'voting');
        return (now['voting-2'] ?? 0) > 0 ? now : undefined;
      },
      60_000,
      200,
    );
    firstServedMs = Date.now() - spareReadyAt;
    await sleep(SPARE_WINDOW_MS);
    const inWindow = diff(await servedByReplica(cluster, 'voting'), atServing);
    windowVotes = Object.values(inWindow).reduce((a, v) => a + v, 0);
    windowShare = shares(inWindow);
  })();
  let spareDone = false;
  void spare.finally(() => (spareDone = true));
  const b2 = await burst(more, 12, undefined, () => spareDone, 90_000, PACE);
  await spare;
  expect(spareReadyAt).toBeGreaterThan(0);
  expect(firstServedMs).toBeGreaterThanOrEqual(0);
  expect(firstServedMs).toBeLessThan(60_000);
  // The burst was still going for the whole window (it stops only once the window closed).
  expect(b2.acknowledged.length).toBeLessThan(more.length);
  expect(windowVotes).toBeGreaterThanOrEqual(100);
  expect(windowShare['voting-2']).toBeGreaterThanOrEqual(20);

  report('1 cross-replica truth', {
    users: USERS,
    sockets: sockets.length,
    votes: b.acknowledged.length,
    voteMs: b.ms,
    yes: chose.yes,
    no: chose.no,
    rows: rows.length,
    counters,
    votingShares: share,
    sessionAcrossGateways: me.status,
    limitOnOtherGateway: onB.status,
    spareStartMs: spareReadyAt - t0,
    spareFirstCallMs: firstServedMs,
    windowVotes,
    sharesInWindow: windowShare,
    secondBurstVotes: b2.acknowledged.length,
  });
  // Their work is done: 1,000 idle sockets would only load the machine for the scenarios after.
  for (const s of sockets.splice(0)) s.close();
}

export async function killGateway(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, votingDb, sockets, votesOn, stored, outboxDrained } = ctx;
  for (const s of sockets.splice(0)) s.close(); // scenario 1's, if it failed before closing them
  const [q] = await publishQuestions(admin, votingDb, 1);
  const lbSockets = await Promise.all(
    Array.from({ length: 200 }, async () => {
      const s = new Socket(wsUrl(cluster.baseUrl));
      await s.open();
      return s;
    }),
  );
  const concurrency = 30;
  let killedAt = 0;
  let killed: Promise<void> | undefined;
  const burstStarted = Date.now();
  // Paced at 50 votes/s (20 s): unpaced, an idle machine took the 1,000 votes in under 2 s, over before the killed
  // gateway's sockets had reconnected, so they never saw another live total.
  const b = await burst(
    votesOn(q!, 'lb'),
    concurrency,
    (done) => {
      if (done === 300 && !killed) {
        killedAt = Date.now();
        killed = cluster.kill('gateway-0', 'SIGKILL');
      }
    },
    undefined,
    90_000,
    PACE,
  );
  await killed;
  const firstFailures = b.firstAttempt.filter((s) => s !== 200 && s !== 201).length;
  await until('every socket open again', () => lbSockets.every((s) => s.ws?.readyState === 1), 60_000, 250);
  const longestGapMs = Math.max(...lbSockets.map((s) => s.gapMs()));
  await outboxDrained();
  const { rows, counters } = await stored(q!);
  const lost = lostOf(b.acknowledged, rows);
  await until('live totals on every socket', () => lbSockets.every((s) => s.totals.get(q!)?.total === USERS), 60_000, 250);
  for (const s of lbSockets) s.close();
  // Prometheus no longer scrapes it: TargetDown (for 5 min / LOCAL_FOR_SCALE) reaches the webhook, then resolves.
  const targetDownMs = await alertFires(cluster, 'TargetDown', { pod: 'gateway-0' }, killedAt, 90_000);
  const respawnStarted = Date.now();
  await cluster.respawn('gateway-0');
  const targetDownResolvedMs = await alertResolves(cluster, 'TargetDown', { pod: 'gateway-0' }, respawnStarted);

  expect(b.acknowledged).toHaveLength(USERS);
  expect(lost).toBe(0);
  expect(rows).toHaveLength(USERS);
  expect(counters).toBe(USERS);
  // Only what was in flight on the dead process failed (at most one per concurrent client).
  expect(firstFailures).toBeLessThanOrEqual(concurrency);
  report('2 kill -9 gateway', {
    votes: USERS,
    acknowledged: b.acknowledged.length,
    rows: rows.length,
    lost,
    firstAttempt: tally(b.firstAttempt),
    retried: tally(b.retried),
    sockets: lbSockets.length,
    reconnected: lbSockets.filter((s) => s.opens >= 2).length,
    longestSocketGapMs: longestGapMs,
    killAtMs: killedAt - burstStarted,
    gatewayRespawnMs: Date.now() - respawnStarted,
    alertTargetDownMs: targetDownMs,
    alertResolvedAfterRespawnMs: targetDownResolvedMs,
  });
}

export async function killVotingAndNats(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, votingDb, votesOn, stored, outboxDrained, publicTotal } = ctx;
  const [q] = await publishQuestions(admin, votingDb, 1);
  let kills: Promise<unknown> | undefined;
  let killedAt = 0;
  const b = await burst(
    votesOn(q!, 'lb'),
    30,
    (done) => {
      if (done === 300 && !kills) {
        killedAt = Date.now();
        kills = Promise.all([cluster.kill('voting-1', 'SIGKILL'), cluster.nats[1]!.kill('SIGKILL')]);
      }
    },
    undefined,
    90_000,
    PACE,
  );
  await kills;
  const t = Date.now();
  await outboxDrained(90_000);
  const drainMs = Date.now() - t;
  const { rows, counters } = await stored(q!);
  const lost = lostOf(b.acknowledged, rows);
  await until('public results exact', async () => (await publicTotal(q!)) === b.acknowledged.length, 30_000, 500);
  // The alerts an operator would get: the NATS node's failed health check and the replica's missing target.
  const natsNodeDownMs = await alertFires(cluster, 'NatsNodeDown', { instance: 'nats-1' }, killedAt, 60_000);
  const targetDownMs = await alertFires(cluster, 'TargetDown', { pod: 'voting-1' }, killedAt, 90_000);
  const restartedAt = Date.now();
  await cluster.nats[1]!.startReady();
  // As an operator (or Kubernetes' restarts) would: the replica comes back once the NATS node has caught up.
  await until('nats-1 caught up', () => jetStreamCaughtUp(cluster.natsUrl), 60_000, 500);
  await cluster.respawn('voting-1');
  const resolved = {
    natsNodeDown: await alertResolves(cluster, 'NatsNodeDown', { instance: 'nats-1' }, restartedAt),
    targetDown: await alertResolves(cluster, 'TargetDown', { pod: 'voting-1' }, restartedAt),
  };

  expect(b.acknowledged).toHaveLength(USERS);
  expect(lost).toBe(0);
  expect(rows).toHaveLength(USERS);
  expect(counters).toBe(USERS);
  report('3 kill -9 voting replica + NATS node', {
    votes: USERS,
    acknowledged: b.acknowledged.length,
    rows: rows.length,
    counters,
    lost,
    firstAttempt: tally(b.firstAttempt),
    retried: tally(b.retried),
    outboxDrainMs: drainMs,
    alertNatsNodeDownMs: natsNodeDownMs,
    alertTargetDownMs: targetDownMs,
    alertsResolvedAfterRestartMs: resolved,
  });
  await outboxHeldBack(ctx);
}

/** Votes on the question published while NATS was frozen, once it answers again. */
const HELD_VOTES = 200;

/**
 * Every NATS node frozen (SIGSTOP: sockets open, nothing answered) while an editor publishes a question: the
 * publish is acknowledged and its event held in the questions service's outbox until OutboxLagging fires; once NATS
 * continues, the outbox drains, voting learns of the question, its votes count and the alert resolves.
 */
async function outboxHeldBack(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, votingDb, votesOn, outboxDrainedOf, publicTotal } = ctx;
  const frozenAt = Date.now();
  for (const n of cluster.nats) n.pause();
  let id: string;
  let lagAlertMs: number;
  try {
    const created = await admin.post('/api/admin/questions', { text: `Will the frozen NATS hold ${frozenAt}`, context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] });
    expect(created.status, created.text).toBe(201);
    id = created.json.id as string;
    const published = await admin.post(`/api/admin/questions/${id}/publish`);
    expect(published.status, published.text).toBe(200);
    lagAlertMs = await alertFires(cluster, 'OutboxLagging', { service: 'questions' }, frozenAt, 120_000);
  } finally {
    for (const n of cluster.nats) n.resume();
  }
  const resumedAt = Date.now();
  await until('JetStream caught up', () => jetStreamCaughtUp(cluster.natsUrl), 60_000, 500);
  await outboxDrainedOf('questions', 60_000);
  const drainMs = Date.now() - resumedAt;
  await until('voting knows the question', async () => (await count(votingDb, 'SELECT count(*) FROM question_state WHERE question_id = $1', [id])) === 1, 30_000, 250);
  const b = await burst(votesOn(id, 'lb').slice(0, HELD_VOTES), 10);
  await until('public results count the votes', async () => (await publicTotal(id)) === HELD_VOTES, 30_000, 500);
  const resolvedMs = await alertResolves(cluster, 'OutboxLagging', { service: 'questions' }, resumedAt);

  expect(b.acknowledged).toHaveLength(HELD_VOTES);
  report('3 NATS frozen, a publish held in the outbox', {
    votesAfter: b.acknowledged.length,
    alertOutboxLaggingMs: lagAlertMs,
    outboxDrainAfterResumeMs: drainMs,
    alertResolvedAfterResumeMs: resolvedMs,
  });
}
