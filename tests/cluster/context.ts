/** The state the cluster scenarios (cluster.test.ts) share: the cluster, its users and sockets, and what they read. */
import type { Cluster } from '../../scripts/cluster.ts';
import { adminClient, Client, count, query, until } from '../faults/helpers.ts';
import type { Socket, Vote } from './helpers.ts';

export const USERS = 1_000;
/** How long scenario 1 measures the shares once the third voting replica serves. */
export const SPARE_WINDOW_MS = 15_000;
/** Votes a second at most in the bursts that kill something mid-way (scenarios 2 and 3): the kill lands mid-burst. */
export const PACE = 50;

export interface ClusterUser {
  client: Client;
  id: string;
  username: string;
  gateway: number;
}

export function report(scenario: string, figures: Record<string, unknown>): void {
  process.stdout.write(`[cluster] ${scenario}: ${JSON.stringify(figures)}\n`);
}

export const pick = () => (Math.random() < 0.5 ? 'yes' : 'no');

/** Acknowledged votes missing from PostgreSQL (or stored with another option). */
export function lostOf(acknowledged: { userId: string; optionId: string; answerId: string }[], rows: { id: string; user_id: string; option_id: string }[]) {
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  return acknowledged.filter((a) => {
    const r = byUser.get(a.userId);
    return !r || r.id !== a.answerId || r.option_id !== a.optionId;
  }).length;
}

/** The cluster's admin session, its users (signed up in the test's beforeAll), their sockets, and readers. */
export async function createContext(cluster: Cluster) {
  const votingDb = cluster.primary.url(cluster.databases.voting);
  const admin = await adminClient(cluster.baseUrl);
  const users: ClusterUser[] = [];
  const sockets: Socket[] = [];

  /** The users' votes on `questionId`, each through `via` (its own gateway, or the load balancer). */
  function votesOn(questionId: string, via: 'own' | 'lb'): Vote[] {
    return users.map((u) => ({ client: via === 'lb' ? u.client.withBase(cluster.baseUrl) : u.client, userId: u.id, questionId, optionId: pick() }));
  }

  /** Answers stored for a question, by option, and the counters' totals. */
  async function stored(questionId: string) {
    const rows = await query<{ id: string; user_id: string; option_id: string }>(votingDb, 'SELECT id, user_id, option_id FROM answers WHERE question_id = $1', [questionId]);
    const counters = await count(votingDb, 'SELECT coalesce(sum(count), 0) AS count FROM option_counts WHERE question_id = $1', [questionId]);
    return { rows, counters };
  }

  async function outboxDrained(timeoutMs = 60_000) {
    await until('voting outbox drained', async () => (await count(votingDb, 'SELECT count(*) FROM outbox WHERE published_at IS NULL')) === 0, timeoutMs, 250);
  }

  /** A service's outbox has published everything (voting publishes no events today; questions does). */
  async function outboxDrainedOf(service: keyof Cluster['databases'], timeoutMs = 60_000) {
    const db = cluster.primary.url(cluster.databases[service]);
    await until(`${service} outbox drained`, async () => (await count(db, 'SELECT count(*) FROM outbox WHERE published_at IS NULL')) === 0, timeoutMs, 250);
  }

  async function publicTotal(questionId: string): Promise<number> {
    const r = await new Client(cluster.baseUrl).get(`/api/questions/${questionId}/public-results`);
    return r.status === 200 ? (r.json.totalVotes as number) : -1;
  }

  return { cluster, admin, users, votingDb, sockets, votesOn, stored, outboxDrained, outboxDrainedOf, publicTotal };
}

export type ClusterContext = Awaited<ReturnType<typeof createContext>>;
