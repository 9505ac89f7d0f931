/** The bench's knobs (env, documented in run.ts) and the few things every phase shares. */
import { databaseUrl } from '../../scripts/stack.ts';

const env = process.env;
const num = (k: string, d: number) => (env[k] ? Number(env[k]) : d);

export const CFG = {
  wsClients: num('BENCH_WS_CLIENTS', 10_000),
  voteRate: num('BENCH_VOTE_RATE', 800),
  kneeRates: (env.BENCH_KNEE_RATES ?? '600,1000,1200')
    .split(',')
    .map(Number)
    .filter((x) => x > 0),
  poll: env.BENCH_POLL === '1',
  idleSeconds: num('BENCH_IDLE_SECONDS', 60),
  voteSeconds: num('BENCH_VOTE_SECONDS', 10),
  reps: Math.max(3, num('BENCH_REPS', 3)),
  repSeconds: num('BENCH_REP_SECONDS', 3),
  connections: num('BENCH_CONNECTIONS', 32),
  readcostAnswers: num('BENCH_READCOST_ANSWERS', 1_000_000),
  history: env.BENCH_HISTORY !== '0',
  historyAnswers: num('BENCH_HISTORY_ANSWERS', 1_000_000),
  historyRuns: Math.max(3, num('BENCH_HISTORY_RUNS', 3)),
  analytics: env.BENCH_ANALYTICS !== '0',
  analyticsAnswers: Math.max(10_000, num('BENCH_ANALYTICS_ANSWERS', 1_000_000)),
  analyticsRuns: Math.max(3, num('BENCH_ANALYTICS_RUNS', 3)),
  soakSeconds: num('BENCH_SOAK_SECONDS', 0),
  soakRate: num('BENCH_SOAK_RATE', 200),
  web: env.BENCH_WEB !== '0',
  lighthouse: env.BENCH_WEB !== '0' && env.BENCH_LIGHTHOUSE !== '0',
};
export type BenchConfig = typeof CFG;

export const PG_ADMIN = env.STACK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const log = (...a: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
export const dbUrl = (name: string) => databaseUrl(name, PG_ADMIN);
