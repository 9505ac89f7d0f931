/**
 * Shared pieces of the fault-injection tests: a private NATS and PostgreSQL (never the machine's shared ones), the
 * whole stack as real processes, a small HTTP client with a cookie jar, and readers for databases and streams.
 */
import pg from 'pg';
import { startStack, freePort, type Stack, type StackOptions } from '../../scripts/stack.ts';
import { PrivateNatsServer } from '../../services/kit/test/helpers.ts';

export { PrivateNatsServer, freePort };
export { PrivatePostgres } from './postgres.ts';
export { answerEvents, publishRaw, streamMessages, type StoredMsg } from './streams.ts';
export const ADMIN_PASSWORD = 'admin-dev-password';
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again shortly.';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until truthy or `timeoutMs`; throws with `what` otherwise. */
export async function until<T>(what: string, check: () => Promise<T> | T, timeoutMs = 20_000, intervalMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
    await sleep(intervalMs);
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
  });
  if (!stack.processes || !stack.kill || !stack.respawn) throw new Error('scripts/stack.ts lacks processes/kill/respawn');
  return stack as FaultStack;
}

export interface Res {
  status: number;
  json: any;
  text: string;
  ms: number;
}

/** fetch with a cookie jar; a network error or timeout is status 0. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async req(method: string, path: string, json?: unknown, timeoutMs = 20_000): Promise<Res> {
    const headers: Record<string, string> = {};
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const started = Date.now();
    try {
      const res = await fetch(this.base + path, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(timeoutMs),
      });
      for (const c of res.headers.getSetCookie()) {
        const pair = c.split(';')[0]!;
        const i = pair.indexOf('=');
        this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
      }
      const text = await res.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: res.status, json: body, text, ms: Date.now() - started };
    } catch (err) {
      return { status: 0, json: undefined, text: String(err), ms: Date.now() - started };
    }
  }

  /** The same cookies (session) against another base URL, e.g. another gateway replica. */
  withBase(base: string): Client {
    const other = new Client(base);
    other.cookies = this.cookies;
    return other;
  }

  get = (path: string, timeoutMs?: number) => this.req('GET', path, undefined, timeoutMs);
  post = (path: string, json: unknown = {}, timeoutMs?: number) => this.req('POST', path, json, timeoutMs);
}

let userSeq = 0;

/** A new signed-in user. */
export async function signUp(base: string): Promise<{ client: Client; id: string; username: string }> {
  const client = new Client(base);
  const username = `f${Date.now().toString(36)}_${(userSeq++).toString(36)}_${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await client.post('/api/auth/signup', { username, password: 'fault-password-123', name: `Fault ${username}`, consent: true });
    if (res.status === 201) return { client, id: res.json.id as string, username };
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

/** Prints a measured figure so the run's output carries the README numbers. */
export function report(scenario: string, figures: Record<string, unknown>): void {
  process.stdout.write(`[faults] ${scenario}: ${JSON.stringify(figures)}\n`);
}
