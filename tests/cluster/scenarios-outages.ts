/** Cluster scenarios 4–7 (cluster.test.ts): rolling restart, Redis and PostgreSQL outages, backup + restore drill. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { backup, restoreDrill } from '../../scripts/backup.ts';
import { PgServer } from '../../scripts/cluster.ts';
import { freePort } from '../../scripts/stack.ts';
import { sleep } from '@mzansi/kit/testing';
import { Client, pool, publishQuestions, tally, until, UNAVAILABLE_MESSAGE } from '../faults/helpers.ts';
import { alertFires, alertResolves, promQuery } from './alerts.ts';
import { lostOf, pick, report, type ClusterContext } from './context.ts';
import { balancerStates, burst, gatewayUrl, jetStreamCaughtUp, servedByReplica, Socket, wsUrl } from './helpers.ts';

export async function rollingRestart(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, votingDb, votesOn, stored, outboxDrained } = ctx;
  // Paced at 100 votes/s at most (unpaced, an idle machine took 16,000 votes in 49 s); sixteen questions' worth is
  // more than the burst needs, so it is still going when the last restart ends.
  const votes = (await publishQuestions(admin, votingDb, 16)).flatMap((q) => votesOn(q, 'lb'));
  const lbSockets = await Promise.all(
    Array.from({ length: 200 }, async () => {
      const s = new Socket(wsUrl(cluster.baseUrl));
      await s.open();
      return s;
    }),
  );
  const steps: { name: string; stopMs: number; startMs: number; settleMs: number }[] = [];
  /** SIGTERM (graceful), wait for the exit, start it again, wait until it is back in use (`settle`). */
  const restart = async (name: string, stop: () => Promise<void>, start: () => Promise<void>, settle: () => Promise<unknown>) => {
    const t = Date.now();
    await stop();
    const t1 = Date.now();
    await start();
    const t2 = Date.now();
    await settle();
    steps.push({ name, stopMs: t1 - t, startMs: t2 - t1, settleMs: Date.now() - t2 });
  };
  const started = Date.now();
  let rolledAt = 0;
  const roll = (async () => {
    await sleep(5_000);
    // NATS first, one node at a time; the next only once every stream's replicas are current again.
    for (const n of cluster.nats)
      await restart(n.name, () => n.kill('SIGTERM'), () => n.startReady(), () => until(`${n.name} caught up`, () => jetStreamCaughtUp(cluster.natsUrl), 60_000, 500));
    // Services as `kubectl rollout restart` does them: every Deployment at once, one replica of each at a time. A
    // replica is in use again once the gateways' channels have reconnected to it: they retry a down address within
    // 5 s (max reconnect backoff, ±20 % jitter), so the next replica stops 7 s after this one is ready.
    const services = (['identity', 'questions', 'voting', 'social', 'notification'] as const).map((s) => cluster.replicasOf(s).map((p) => p.name));
    for (let i = 0; i < Math.max(...services.map((r) => r.length)); i++)
      await Promise.all(
        services.flatMap((r) => (r[i] ? [r[i]!] : [])).map((name) => restart(name, () => cluster.kill(name, 'SIGTERM'), () => cluster.respawn(name), () => sleep(7_000))),
      );
    // Gateways last: the next only once HAProxy has the restarted one back in rotation.
    for (const g of cluster.gateways().map((p) => p.name))
      await restart(g, () => cluster.kill(g, 'SIGTERM'), () => cluster.respawn(g), () => until(`${g} in rotation`, async () => (await balancerStates(cluster))[g] === 'UP', 30_000, 200));
  })();
  void roll.then(
    () => (rolledAt = Date.now()),
    () => (rolledAt = Date.now()),
  );
  // The burst lasts at least 60 s, and 10 s past the last restart (the restarted replicas must be taking calls).
  const b = await burst(votes, 12, undefined, () => rolledAt > 0 && Date.now() - started >= 60_000 && Date.now() - rolledAt >= 10_000, 90_000, 100);
  await roll;
  const burstMs = Date.now() - started;
  const failed = b.firstAttempt.filter((st) => st !== 200 && st !== 201).length;
  await until('every socket open', () => lbSockets.every((s) => s.ws?.readyState === 1), 30_000, 250);
  const gaps = lbSockets.map((s) => s.gapMs());
  const codes = tally(lbSockets.flatMap((s) => s.closeCodes));
  for (const s of lbSockets) s.close();
  await outboxDrained(90_000);
  const byQuestion = new Map<string, typeof b.acknowledged>();
  for (const v of b.acknowledged) byQuestion.set(v.questionId, [...(byQuestion.get(v.questionId) ?? []), v]);
  let rows = 0;
  let counters = 0;
  let lost = 0;
  for (const [q, acked] of byQuestion) {
    const st = await stored(q);
    rows += st.rows.length;
    counters += st.counters;
    lost += lostOf(acked, st.rows);
  }
  const votingServed = await servedByReplica(cluster, 'voting');

  report('4 rolling restart', {
    burstMs,
    votes: b.acknowledged.length,
    failed,
    firstAttempt: tally(b.firstAttempt),
    retried: tally(b.retried),
    rows,
    counters,
    lost,
    restarts: steps.length,
    restartMs: Object.fromEntries(steps.map((st) => [st.name, st.stopMs + st.startMs + st.settleMs])),
    sockets: lbSockets.length,
    reconnected: lbSockets.filter((s) => s.opens >= 2).length,
    closeCodes: codes,
    longestSocketGapMs: Math.max(...gaps),
    votingServedSinceRestart: votingServed,
  });
  // Every NATS node, every service replica and both gateways restarted while votes kept coming.
  expect(steps.map((st) => st.name).sort()).toEqual([...cluster.nats.map((n) => n.name), ...Object.keys(cluster.processes)].sort());
  expect(burstMs).toBeGreaterThanOrEqual(60_000);
  expect(b.acknowledged.length).toBeLessThan(votes.length);
  expect(failed).toBe(0);
  expect(b.retried).toEqual([]);
  expect(lost).toBe(0);
  expect(rows).toBe(b.acknowledged.length);
  expect(counters).toBe(b.acknowledged.length);
  expect(lbSockets.filter((s) => s.opens >= 2).length).toBe(lbSockets.length);
  expect(Math.max(...gaps)).toBeLessThanOrEqual(5_000);
  // The gateways' channels found every restarted voting replica again.
  for (const [name, n] of Object.entries(votingServed)) expect(n, name).toBeGreaterThan(0);
}

export async function redisStopped(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, users, votingDb } = ctx;
  const [q] = await publishQuestions(admin, votingDb, 1);
  const u = users[10]!.client.withBase(cluster.baseUrl);
  const anon = new Client(cluster.baseUrl);
  const stoppedAt = Date.now();
  await cluster.redis!.kill('SIGTERM');
  const seen: Record<string, number[]> = { publicList: [], publicResults: [], spa: [], readyz: [], vote: [], login: [] };
  const messages = new Set<string>();
  const until30 = Date.now() + 30_000;
  while (Date.now() < until30) {
    seen.publicList!.push((await anon.get('/api/questions/public')).status);
    seen.publicResults!.push((await anon.get(`/api/questions/${q}/public-results`)).status);
    seen.spa!.push((await anon.get('/')).status);
    seen.readyz!.push((await anon.get('/readyz')).status);
    const v = await u.post('/api/answers', { userId: users[10]!.id, questionId: q, optionId: 'yes' });
    seen.vote!.push(v.status);
    if (v.status === 503) messages.add(v.json?.message);
    const l = await new Client(cluster.baseUrl).post('/api/auth/login', { username: users[11]!.username, password: 'fault-password-123' });
    seen.login!.push(l.status);
    if (l.status === 503) messages.add(l.json?.message);
    await sleep(1_000);
  }
  // The gateways' own dependency_up{dependency="redis"} (the exporter's redis_up says so too): the runbook's alert.
  const redisAlertMs = await alertFires(cluster, 'RedisUnavailable', { service: 'gateway' }, stoppedAt, 30_000);
  const exporterSaw = (await promQuery(cluster, 'redis_up{job="redis"}'))[0]?.value[1];
  cluster.redis!.start();
  const t = Date.now();
  const after = await until(
    'a vote goes through again',
    async () => {
      const r = await u.post('/api/answers', { userId: users[10]!.id, questionId: q, optionId: 'yes' });
      return r.status === 201 || r.status === 200 ? r : undefined;
    },
    60_000,
    500,
  );
  // Recovered means recovered on every gateway (each reconnects to Redis on its own backoff), not only on the one
  // the balancer chose: the next scenario's first write may land on either.
  for (const url of cluster.gateways().map(gatewayUrl)) {
    await until(`${url} reads sessions again`, async () => ((await u.withBase(url).get('/api/auth/me')).status === 200 ? true : undefined), 30_000, 250);
  }
  const recoveryMs = Date.now() - t;
  const all = Object.values(seen).flat();
  expect(all).not.toContain(500);
  expect(new Set(seen.publicList)).toEqual(new Set([200]));
  expect(new Set(seen.publicResults)).toEqual(new Set([200]));
  expect(new Set(seen.spa)).toEqual(new Set([200]));
  expect(new Set(seen.readyz)).toEqual(new Set([200]));
  expect(new Set(seen.vote)).toEqual(new Set([503]));
  expect(new Set(seen.login)).toEqual(new Set([503]));
  expect([...messages]).toEqual([UNAVAILABLE_MESSAGE]);
  expect(after.json.optionId).toBe('yes');
  expect(exporterSaw, "the Redis exporter's redis_up while Redis was down").toBe('0');
  const redisResolvedMs = await alertResolves(cluster, 'RedisUnavailable', { service: 'gateway' }, t);
  report(
    '5 Redis stopped 30 s',
    Object.fromEntries([...Object.entries(seen).map(([k, v]) => [k, tally(v)]), ['recoveryMs', recoveryMs], ['alertRedisUnavailableMs', redisAlertMs], ['alertResolvedAfterRestartMs', redisResolvedMs]]),
  );
}

export async function postgresStopped(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, users, votingDb, stored, outboxDrained } = ctx;
  const [q] = await publishQuestions(admin, votingDb, 1);
  const acked: { userId: string; optionId: string; answerId: string }[] = [];
  const statuses: number[] = [];
  const messages = new Set<string>();
  const voter = (async () => {
    for (let i = 100; i < 400; i++) {
      const u = users[i]!;
      const optionId = pick();
      for (;;) {
        const r = await u.client.withBase(cluster.baseUrl).post('/api/answers', { userId: u.id, questionId: q, optionId }, { timeoutMs: 15_000 });
        statuses.push(r.status);
        if (r.status === 200 || r.status === 201) {
          acked.push({ userId: u.id, optionId, answerId: r.json.id });
          break;
        }
        if (r.status >= 500) messages.add(`${r.status} ${r.json?.message}`);
        await sleep(300);
      }
    }
  })();
  await until('some votes before the outage', () => acked.length >= 50, 60_000, 100);
  const stoppedAt = Date.now();
  await cluster.primary.stop('immediate');
  // Enough reads that fail while it is down (the voting service cannot answer them) to burn the availability SLO
  // 14.4× over the last hour: more than 14.4 × 0.5 % of every request the gateways have answered in it.
  const [served] = await promQuery(cluster, 'sum(increase(http_request_duration_seconds_count{namespace="mzansi-predicts"}[1h]))');
  const failing = Math.min(12_000, Math.ceil(Number(served?.value[1] ?? 0) * 0.12) + 500);
  const reader = users[0]!.client.withBase(cluster.baseUrl);
  const burn = pool(failing, 20, async () => void (await reader.get(`/api/users/${users[0]!.id}/stats`, { timeoutMs: 15_000 })));
  const burnMs = await alertFires(cluster, 'AvailabilityBudgetBurnFast', {}, stoppedAt, 30_000);
  const postgresAlertMs = await alertFires(cluster, 'PostgresUnavailable', { service: 'voting' }, stoppedAt, 30_000);
  const exporterSaw = (await promQuery(cluster, 'pg_up{job="postgres"}'))[0]?.value[1];
  await burn;
  await sleep(Math.max(0, stoppedAt + 30_000 - Date.now()));
  await cluster.primary.start();
  const t = Date.now();
  const before = acked.length;
  await until('votes accepted again', () => acked.length > before, 60_000, 200);
  const recoveryMs = Date.now() - t;
  await voter;
  await outboxDrained(90_000);
  const { rows } = await stored(q!);
  const lost = lostOf(acked, rows);
  expect(lost).toBe(0);
  expect(statuses).not.toContain(500);
  for (const m of messages) expect(m).toMatch(new RegExp(`^(503 ${UNAVAILABLE_MESSAGE.replace(/\./g, '\\.')}|504 .+)$`));
  const postgresResolvedMs = await alertResolves(cluster, 'PostgresUnavailable', { service: 'voting' }, t);
  report('6 PostgreSQL primary stopped 30 s', {
    acknowledged: acked.length,
    rows: rows.length,
    lost,
    statuses: tally(statuses),
    messages: [...messages],
    recoveryMs,
    failingReads: failing,
    // The exporter's scrape of a stopped server can outlast the 1 s scrape: no sample then (the processes' own
    // dependency_up is what the alert uses).
    exporterPgUpWhileDown: exporterSaw ?? 'no sample',
    alertBudgetBurnFastMs: burnMs,
    alertPostgresUnavailableMs: postgresAlertMs,
    alertResolvedAfterRestartMs: postgresResolvedMs,
  });
}

export async function backupAndRestore(ctx: ClusterContext): Promise<void> {
  const { cluster, admin, votingDb, votesOn } = ctx;
  const [q] = await publishQuestions(admin, votingDb, 1);
  const folder = mkdtempSync(path.join(tmpdir(), 'mzansi-backup-'));
  let taken: Awaited<ReturnType<typeof backup>> | undefined;
  let taking: Promise<void> | undefined;
  const b = await burst(votesOn(q!, 'lb'), 20, (done) => {
    if (done === 400 && !taking) taking = backup(cluster.primary.adminUrl, folder, Object.values(cluster.databases)).then((m) => void (taken = m));
  });
  await taking;
  const fresh = await PgServer.primary(mkdtempSync(path.join(cluster.dir, 'restore-')), await freePort());
  try {
    const drill = await restoreDrill(folder, fresh.adminUrl);
    const voting = taken!.databases.find((d) => d.database === cluster.databases.voting)!;
    const inBackup = Object.entries(voting.votes!.answers)
      .filter(([k]) => k.startsWith(`${q}/`))
      .reduce((n, [, v]) => n + v, 0);
    for (const r of drill.results) expect(r.mismatches, r.database).toEqual([]);
    expect(voting.votes!.answers).toEqual(voting.votes!.counters);
    report('7 backup during a burst + restore drill', {
      burstVotes: b.acknowledged.length,
      burstVotesInBackup: inBackup,
      databases: drill.results.length,
      tables: drill.results.reduce((n, r) => n + r.tables, 0),
      rows: drill.results.reduce((n, r) => n + r.rows, 0),
      mismatches: drill.results.flatMap((r) => r.mismatches).length,
      backupMs: taken!.ms,
      restoreMs: drill.ms,
    });
  } finally {
    await fresh.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
