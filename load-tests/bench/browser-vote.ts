/**
 * `npx tsx load-tests/bench/browser-vote.ts` (after `make build infra`): the vote as the browser casts it against
 * the POST alone. Starts a stack (mode test), seeds users the bench's way and publishes three questions, then runs
 * three closed loops of BROWSER_VOTE_SECONDS each with BENCH_CONNECTIONS workers:
 *   1. POST /api/answers alone (question 1);
 *   2. the same POST followed, as the web app does, by every request the voter's page makes after it until idle
 *      (question 2): AFTER_VOTE below, the list web/e2e/live-requests.e2e.test.ts asserts for a phone's screen
 *      (keep the two in step);
 *   3. for scale, the same and then what the page loads when the reader scrolls to the cards below the national
 *      results (question 3): SCROLLED below.
 * It prints the CPU ms per vote of the whole stack (its Node processes, PostgreSQL, NATS, Redis; the load generator
 * apart) in each loop, their ratios, and how many answers carried the question's figures; the target is ≤ 1.2 for
 * loop 2 (the browser's vote at most 1.2× the POST's CPU).
 */
import pg from 'pg';
import type { Pool } from 'undici';
import { databaseUrl, startStack } from '../../scripts/stack.ts';
import { pool, send, type Req } from './load.ts';
import { cpuByGroup, processCpu } from './procs.ts';
import { seed, type SeededUser } from './seed.ts';
import { fmtNum, sleep } from './stats.ts';

const env = process.env;
const SECONDS = Number(env.BROWSER_VOTE_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 16);
const USERS = Number(env.BROWSER_VOTE_USERS ?? 5_000);
const PG_ADMIN = env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET = 1.2;
const log = (...a: unknown[]) => console.error(`[browser-vote ${new Date().toISOString().slice(11, 19)}]`, ...a);

/**
 * What the voter's page asks after its vote's POST until idle, on a phone: nothing. The results panel shows the
 * figures the answer carried (national and provinces), and the cards below start under the first screen.
 */
const AFTER_VOTE = (_userId: string, _questionId: string): string[] => [];

/** What the page loads when the reader then scrolls to the cards below: friends, rankings, discussion. */
const SCROLLED = (userId: string, questionId: string): string[] => [
  `/api/questions/${questionId}/friend-answers?userId=${userId}`,
  `/api/users/${userId}/stats`,
  '/api/leaderboard?scope=friends',
  `/api/questions/${questionId}/comments`,
];

/** Workers casting votes for `seconds`, one user each time; returns the number of votes cast. */
async function castVotes(api: Pool, users: SeededUser[], next: () => number, vote: (u: SeededUser) => Promise<void>): Promise<number> {
  const until = Date.now() + SECONDS * 1000;
  let cast = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next(); i < users.length && Date.now() < until; i = next()) {
        await vote(users[i]!);
        cast++;
      }
    }),
  );
  return cast;
}

async function main() {
  const sessionSecret = `browser-vote-${Math.random().toString(36).slice(2)}`;
  const stack = await startStack({ mode: 'test', sourceMaps: false, env: { SESSION_SECRET: sessionSecret } });
  const origin = `http://127.0.0.1:${stack.gatewayPort}`;
  const publicOrigin = new URL(stack.baseUrl).origin;
  const voting = new pg.Pool({ connectionString: databaseUrl(stack.databases.voting!, PG_ADMIN), max: 1 });
  let cleanup: (() => Promise<void>) | undefined;
  try {
    const seeded = await seed({
      identityDbUrl: databaseUrl(stack.databases.identity!, PG_ADMIN),
      redisUrl: REDIS_URL,
      redisPrefix: `${stack.namespace}:`,
      sessionSecret,
      cookieName: 'sid',
      idleTtlS: 14 * 24 * 3600,
      count: USERS,
      runId: Math.random().toString(36).slice(2, 8),
    });
    cleanup = seeded.cleanup;
    const api = pool(origin, CONNECTIONS);
    const admin = { cookie: seeded.admin.cookie, origin: publicOrigin, 'content-type': 'application/json' };
    const questions: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await send(api, {
        path: '/api/admin/questions',
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ text: `Browser vote ${n}: will the vote stay cheap`, context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] }),
      });
      const id = (JSON.parse(created.body) as { id: string }).id;
      await send(api, { path: `/api/admin/questions/${id}/publish`, method: 'POST', headers: { cookie: admin.cookie, origin: publicOrigin } });
      while (!(await voting.query('SELECT 1 FROM question_state WHERE question_id = $1', [id])).rowCount) await sleep(10);
      questions.push(id);
    }
    const post = (u: SeededUser, questionId: string): Req => ({
      path: '/api/answers',
      method: 'POST',
      headers: { cookie: u.cookie, origin: publicOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: u.id, questionId, optionId: u.id < 'm' ? 'yes' : 'no' }),
    });
    const stackPids = new Set(Object.values(stack.pids ?? {}));
    const groups = {
      stack: (c: string, pid: number) => stackPids.has(pid) || c === 'postgres' || c.startsWith('nats-server') || c.startsWith('redis-server'),
    };
    const measure = async (label: string, questionId: string, after: (userId: string, questionId: string) => string[]) => {
      let i = 0;
      let withFigures = 0;
      const before = processCpu();
      const votes = await castVotes(api, seeded.users, () => i++, async (u) => {
        const res = await send(api, post(u, questionId));
        if (res.status !== 201) throw new Error(`${label}: POST answered ${res.status} ${res.body.slice(0, 200)}`);
        if ((JSON.parse(res.body) as { results?: unknown }).results) withFigures++;
        // The app's requests after the vote go out together, as the browser sends them.
        await Promise.all(after(u.id, questionId).map((path) => send(api, { path, headers: { cookie: u.cookie } })));
      });
      const ms = cpuByGroup(before, processCpu(), groups).stack! / votes;
      log(`${label}: ${votes} votes (${fmtNum((withFigures / votes) * 100, 1)} % answered with the figures), ${fmtNum(ms, 2)} CPU ms per vote (stack)`);
      return ms;
    };
    const postAlone = await measure('the POST alone', questions[0]!, () => []);
    const asBrowser = await measure('the vote as the browser casts it', questions[1]!, AFTER_VOTE);
    const scrolled = await measure('… and the reader scrolls to the cards below', questions[2]!, (u, q) => [...AFTER_VOTE(u, q), ...SCROLLED(u, q)]);
    const ratio = asBrowser / postAlone;
    console.log(`browser vote / POST alone: ${fmtNum(ratio, 2)}× (target ≤ ${TARGET}×) ${ratio <= TARGET ? 'OK' : 'OVER'}`);
    console.log(`… with the cards below loaded too: ${fmtNum(scrolled / postAlone, 2)}× the POST alone (for scale; no target)`);
    await api.close();
  } finally {
    await voting.end();
    await cleanup?.();
    await stack.stop();
  }
}

await main();
