/**
 * The system as a cluster on one machine (scripts/cluster.ts: HAProxy → 2 gateways, 2 replicas of every
 * service, a 3-node NATS JetStream cluster with R3 streams, PostgreSQL primary + streaming replica, a private
 * Redis) watched by Prometheus and Alertmanager (scripts/monitoring.ts), and what it keeps when parts of it die —
 * with the alert an operator would get in each fault scenario, asserted to fire and to resolve. One cluster for the file; the scenarios run in order and each
 * prints its figures (`[cluster] …`, docs/reliability.md's table). Sizes are scaled to a loaded 2-core machine: see docs/reliability.md.
 * The scenarios are in scenarios-traffic.ts (1–3) and scenarios-outages.ts (4–7), their shared state in context.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster.ts';
import { untilHealthy } from '../../scripts/monitoring.ts';
import { pool } from '../faults/helpers.ts';
import { createContext, report, USERS, type ClusterContext } from './context.ts';
import { gatewayUrl, joinUser } from './helpers.ts';
import { dashboardPanelsShowData } from './dashboard.ts';
import { backupAndRestore, postgresStopped, redisStopped, rollingRestart } from './scenarios-outages.ts';
import { crossReplicaTruth, killGateway, killVotingAndNats } from './scenarios-traffic.ts';

let cluster: Cluster;
let ctx: ClusterContext;
let started = 0;

beforeAll(async () => {
  started = Date.now();
  cluster = await startCluster({ mode: 'test', spare: ['voting'], monitoring: true });
  const upMs = Date.now() - started;
  // What `make up-cluster` shows: every target of the topology up, every rule of the rendered file loaded and evaluated.
  const health = await untilHealthy(cluster.monitoring!);
  expect(health.down, 'Prometheus targets down at start').toEqual([]);
  expect(health.rules.notOk, 'rules not evaluated').toEqual([]);
  expect(health.rules.loaded).toBe(health.rules.expected);
  expect(health.targets.length).toBeGreaterThanOrEqual(Object.keys(cluster.processes).length + 3 + 3);
  ctx = await createContext(cluster);
  const gateways = cluster.gateways().map(gatewayUrl);
  const t = Date.now();
  await pool(USERS, 16, async (i) => {
    const u = await joinUser(gateways[i % 2]!);
    ctx.users.push({ ...u, gateway: i % 2 });
  });
  report('setup', { upMs, monitoringHealthyMs: health.afterMs, targetsUp: health.targets.length, rulesLoaded: health.rules.loaded, users: ctx.users.length, signupMs: Date.now() - t });
});

afterAll(async () => {
  for (const s of ctx?.sockets ?? []) s.close();
  await cluster?.stop();
});

it('1. cross-replica truth: 1,000 users on alternating gateways; live messages on every socket; exact totals; shared sessions and limits; even spread, and a third voting replica gets its share', () => crossReplicaTruth(ctx));

it('2. kill -9 one gateway during a burst: the load balancer drains it, its sockets reconnect to the other, only in-flight votes fail and their retry is idempotent; lost = 0', () => killGateway(ctx));

it('3. kill -9 one voting replica and one NATS node during a burst: every acknowledged vote in PostgreSQL, the counters and the public results; the outbox drains; then NATS frozen: a publish held in the outbox, OutboxLagging fires and resolves, the question takes votes', () => killVotingAndNats(ctx));

it('4. rolling restart of every component, one replica at a time, during a burst of at least 60 s: 0 failed votes, no socket down more than 5 s', () => rollingRestart(ctx));

it('5. Redis stopped for 30 s: public reads and the SPA keep working, writes answer 503 with the message, no 500; all recovers by itself', () => redisStopped(ctx));

it('6. PostgreSQL primary stopped for 30 s: 503 with the message, no acknowledged vote lost, recovery by itself', () => postgresStopped(ctx));

it('7. backup during a burst, restore into a fresh PostgreSQL: counts and totals equal the source at the backup point', () => backupAndRestore(ctx));

it('8. the dashboard: every panel has data from the run; the alerts delivered are listed', () => dashboardPanelsShowData(cluster, started));
