/**
 * Shared pieces of the fault-injection tests: a private NATS and PostgreSQL (never the machine's shared ones), the
 * whole stack as real processes, a small HTTP client with a cookie jar, and readers for databases and streams.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { eventually, sleep } from '@mzansi/kit/testing';
import { startStack, freePort, type Stack, type StackOptions } from '../../scripts/stack.ts';
import { PrivateNatsServer } from '../../services/kit/test/helpers.ts';
import { PrivatePostgres } from './postgres.ts';
import { Browser, type RequestOptions, type Res } from '../support/browser.ts';

export { PrivateNatsServer, PrivatePostgres, freePort };
export { publishRaw, streamMessages, type StoredMsg } from './streams.ts';
export const ADMIN_PASSWORD = 'admin-dev-password';
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again shortly.';

/** `eventually` from the kit, with `what` named in the error when `check` never holds within `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T> | T, timeoutMs = 20_000, intervalMs = 100): Promise<NonNullable<T>> {
  try {
    return (await eventually(check, timeoutMs, intervalMs)) as NonNullable<T>;
  } catch (err) {
    throw new Error(`${what}: not within ${timeoutMs} ms (last error: ${String(err)})`);
  }
}

export type FaultStack = Stack & Required<Pick<Stack, 'processes' | 'kill' | 'respawn'>>;

/** The whole system as real processes, on `natsUrl` (a private server), with generous signup limits. */
export async function startFaultStack(natsUrl: string, opts: Omit<StackOptions, 'mode'> = {}): Promise<FaultStack> {
  const stack = await startStack({
    mode: 'test',
    ...opts,
    env: {
      NATS_URL: natsUrl,
      RATE_SIGNUP_PER_IP: '100000',
      SHUTDOWN_TIMEOUT_MS: '2000',
      ...opts.env,
    },
    // No public cache: a read shows the current state, so no test outwaits the cache.
    gatewayEnv: { PUBLIC_CACHE_MS: '0', ...opts.gatewayEnv },
  });
  if (!stack.processes || !stack.kill || !stack.respawn) throw new Error('scripts/stack.ts lacks processes/kill/respawn');
  return stack as FaultStack;
}

/** What a scenario file runs against; each part throws when read before `beforeAll` made it (or when not asked for). */
export interface FaultSystem {
  readonly nats: PrivateNatsServer;
  readonly stack: FaultStack;
  readonly postgres: PrivatePostgres;
  /** Publishes `n` questions for today as the admin; resolves with their ids once voting knows them all. */
  publishQuestions(n: number): Promise<string[]>;
}

export interface FaultSystemOptions {
  /** Start the whole stack (default); false: only the private NATS server. */
  stack?: boolean;
  /** A private PostgreSQL cluster for the stack (one the test may stop and start). */
  privatePostgres?: boolean;
  /** Stack options, read in `beforeAll` (after hooks registered earlier, e.g. one that starts a proxy). */
  stackOptions?: () => Omit<StackOptions, 'mode' | 'pgAdminUrl'>;
}

/** Registers the `beforeAll` / `afterAll` of a scenario file: a private NATS server and, by default, the whole stack on it. */
export function useFaultSystem(opts: FaultSystemOptions = {}): FaultSystem {
  let nats: PrivateNatsServer | undefined;
  let postgres: PrivatePostgres | undefined;
  let stack: FaultStack | undefined;
  beforeAll(async () => {
    nats = await PrivateNatsServer.create();
    if (opts.privatePostgres) postgres = await PrivatePostgres.create();
    if (opts.stack === false) return;
    stack = await startFaultStack(nats.url, { ...opts.stackOptions?.(), ...(postgres ? { pgAdminUrl: postgres.adminUrl } : {}) });
  });
  afterAll(async () => {
    await stack?.stop();
    await nats?.destroy();
    await postgres?.destroy();
  });
  const started = <T>(what: string, v: T | undefined): T => {
    if (v === undefined) throw new Error(`the fault system has no ${what} (not started, or not asked for)`);
    return v;
  };
  return {
    get nats() {
      return started('NATS server', nats);
    },
    get stack() {
      return started('stack', stack);
    },
    get postgres() {
      return started('private PostgreSQL', postgres);
    },
    async publishQuestions(n: number) {
      const s = started('stack', stack);
      return publishQuestions(await adminClient(s.baseUrl), votingDb(s), n);
    },
  };
}

/**
 * The tests' browser under load and faults: a network error or a timeout (20 s unless `timeoutMs`) is a reply of
 * status 0, counted by the scenario, not thrown.
 */
export class Client extends Browser {
  override async req(method: string, path: string, opts: RequestOptions = {}): Promise<Res> {
    const started = Date.now();
    try {
      return await super.req(method, path, { timeoutMs: 20_000, ...opts });
    } catch (err) {
      return { status: 0, headers: new Headers(), json: undefined, text: String(err), setCookies: [], ms: Date.now() - started };
    }
  }
}

let userSeq = 0;

/** A new signed-in user. */
export async function signUp(base: string): Promise<{ client: Client; id: string; username: string }> {
  const client = new Client(base);
  const username = `f${Date.now().toString(36)}_${(userSeq++).toString(36)}_${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await client.post('/api/auth/signup', { username, password: 'fault-password-123', name: `Fault ${username}`, consent: true });
    if (res.status === 201) return { client, id: res.json.id as string, username };
    // An earlier attempt that timed out on a loaded machine may have created the account: sign in to it instead.
    if (res.status === 409 && attempt > 0) {
      const login = await client.post('/api/auth/login', { username, password: 'fault-password-123' });
      if (login.status === 200) return { client, id: login.json.id as string, username };
    }
    if (attempt === 4) throw new Error(`signup failed: ${res.status} ${res.text}`);
    await sleep(200);
  }
  throw new Error('unreachable');
}

export async function signUpMany(base: string, n: number, concurrency = 20) {
  const users: Awaited<ReturnType<typeof signUp>>[] = [];
  await pool(n, concurrency, async () => {
    users.push(await signUp(base));
  });
  return users;
}

export async function adminClient(base: string): Promise<Client> {
  const admin = new Client(base);
  const res = await admin.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return admin;
}

/** Creates and publishes `n` questions for today; waits until voting's projection knows them all. */
export async function publishQuestions(admin: Client, votingDbUrl: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const created = await admin.post('/api/admin/questions', {
      text: `Will fault scenario question ${i} ${Math.random().toString(36).slice(2, 8)} hold`,
      context: null,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    if (created.status !== 201) throw new Error(`create question: ${created.status} ${created.text}`);
    const published = await admin.post(`/api/admin/questions/${created.json.id}/publish`);
    if (published.status !== 200) throw new Error(`publish question: ${published.status} ${published.text}`);
    ids.push(created.json.id as string);
  }
  await until(
    'voting projection has every question',
    async () => (await count(votingDbUrl, 'SELECT count(*) FROM question_state WHERE question_id = ANY($1::uuid[])', [ids])) === n,
    30_000,
  );
  return ids;
}

/** Every user's vote on every question, a random option each, in random order. */
export function randomVotes<U>(users: U[], questions: string[]): { u: U; q: string; optionId: 'yes' | 'no' }[] {
  const votes = users.flatMap((u) => questions.map((q) => ({ u, q, optionId: Math.random() < 0.5 ? ('yes' as const) : ('no' as const) })));
  votes.sort(() => Math.random() - 0.5);
  return votes;
}

/** Runs `task(i)` for i in [0, n) with at most `concurrency` at once. */
export async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const i = next++;
        await task(i);
      }
    }),
  );
}

export async function query<T = any>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function count(url: string, text: string, params: unknown[] = []): Promise<number> {
  const rows = await query<{ count: string }>(url, text, params);
  return Number(rows[0]?.count ?? 0);
}

export function votingDb(stack: FaultStack): string {
  return stack.processes.voting.databaseUrl!;
}

/** Waits until the voting outbox has nothing left to publish. */
export async function outboxDrained(stack: FaultStack, timeoutMs = 30_000): Promise<void> {
  await until('voting outbox drained', async () => (await count(votingDb(stack), 'SELECT count(*) FROM outbox WHERE published_at IS NULL')) === 0, timeoutMs, 200);
}

/** Per-status tally, e.g. {201: 1, 200: 150, 409: 49}. */
export function tally(statuses: number[]): Record<number, number> {
  const t: Record<number, number> = {};
  for (const s of statuses) t[s] = (t[s] ?? 0) + 1;
  return t;
}

/** Prints a measured figure so the run's output carries the figures docs/reliability.md quotes. */
export function report(scenario: string, figures: Record<string, unknown>): void {
  process.stdout.write(`[faults] ${scenario}: ${JSON.stringify(figures)}\n`);
}
