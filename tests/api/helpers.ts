import { expect } from 'vitest';
import { startGrpcServer, type Clock } from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, eventually, randomSuffix, serviceTestEnv, testNamespace, TEST_REDIS_URL } from '@mzansi/kit/testing';
import { start as startIdentity } from '../../services/identity/src/main.js';
import { start as startNotification } from '../../services/notification/src/main.js';
import { start as startQuestions } from '../../services/questions/src/main.js';
import { start as startSocial } from '../../services/social/src/main.js';
import { start as startVoting } from '../../services/voting/src/main.js';
import { Browser, type Res } from '../support/browser.js';
import { deleteRedisKeys } from '../../gateway/test/redis-keys.js';
import { configSchema } from '../../gateway/src/config.js';
import { start as startGateway } from '../../gateway/src/main.js';

export const ADMIN_USERNAME = 'admin';
/** The development admin password the identity service uses when none is configured (test env). */
export const ADMIN_PASSWORD = 'admin-dev-password';

/** The real identity service, in-process, on a fresh database and events namespace. */
export async function startIdentityForTest() {
  const db = await createTestDatabase('identity');
  const ns = testNamespace();
  const identity = await startIdentity(serviceTestEnv(db.url, ns));
  return {
    identity,
    address: `127.0.0.1:${identity.grpcPort}`,
    stop: () => identity.stop(),
    async cleanup() {
      await identity.stop().catch(() => undefined);
      await deleteTestStreams(ns).catch(() => undefined);
      await db.drop();
    },
  };
}

export const PUBLIC_URL = 'http://localhost:8080';

/**
 * The gateway talks to more back-end services than these tests exercise (they cover identity). Those other
 * services' addresses point at a bare gRPC server that only answers health checks as SERVING, so that /readyz
 * reflects identity and Redis, and no test ever reaches a service that happens to run on its default port.
 */
async function otherServicesEnv(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const vars = Object.keys(configSchema({ NODE_ENV: 'test' }).shape).filter((k) => k.endsWith('_GRPC_ADDR') && k !== 'IDENTITY_GRPC_ADDR');
  if (vars.length === 0) return { env: {}, stop: async () => undefined };
  const standIn = await startGrpcServer(() => undefined, 0, '127.0.0.1');
  return {
    env: Object.fromEntries(vars.map((k) => [k, `127.0.0.1:${standIn.port}`])),
    stop: () => standIn.shutdown(1_000),
  };
}

/** A gateway in-process against `identityAddress`, with its own Redis prefix. */
export async function startGatewayForTest(identityAddress: string, extraEnv: Record<string, string> = {}, opts: { clock?: Clock } = {}) {
  // A restarted gateway may keep its predecessor's prefix (and so its sessions).
  const prefix = extraEnv.REDIS_PREFIX ?? `t${randomSuffix()}:`;
  const others = await otherServicesEnv();
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: '0',
    PUBLIC_URL,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ...others.env,
    IDENTITY_GRPC_ADDR: identityAddress,
    SERVE_WEB: 'false',
    RATE_LOGIN_FAILURES: '3',
    // Every test request comes from 127.0.0.1: keep the per-IP signup limit out of the way.
    RATE_SIGNUP_PER_IP: '1000',
    ...extraEnv,
  };
  const gateway = await startGateway(env, opts);
  const base = `http://127.0.0.1:${gateway.port}`;
  return {
    gateway,
    base,
    prefix,
    browser: (defaultHeaders: Record<string, string> = {}) => new Browser(base, defaultHeaders),
    async stop() {
      await gateway.stop();
      await others.stop();
      await deleteRedisKeys(prefix);
    },
  };
}

export { deleteRedisKeys } from '../../gateway/test/redis-keys.js';
export { Browser, parseSetCookie, sessionIdOf, type Res, type SetCookie } from '../support/browser.js';

let n = 0;
/** A unique, valid username for this run. */
export const uname = (stem: string) => `${stem}_${process.pid % 1000}_${++n}`.slice(0, 30);

export const PASSWORD = 'a-good-password-1';

/** Signs a new user up in `b` and returns the user JSON. */
export async function signUp(b: Browser, username: string, password = PASSWORD) {
  const res = await b.post('/api/auth/signup', { username, password, name: `Name of ${username}`, consent: true });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; username: string; isAdmin: boolean; [k: string]: unknown };
}

/** A body that is exactly `{"message": string}` with no stack trace or file path in it. */
export function expectCleanError(res: Res, status: number, message?: string | RegExp) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  // The gateway's own fixed messages also carry a stable code (errors.ts ErrorCode) and its numbers, nothing else.
  expect(Object.keys(res.json ?? {}).filter((k) => k !== 'code' && k !== 'params')).toEqual(['message']);
  if ('code' in res.json) expect(res.json.code).toMatch(/^[a-zA-Z]+$/);
  if ('params' in res.json) for (const v of Object.values(res.json.params)) expect(typeof v).toBe('number');
  expect(typeof res.json.message).toBe('string');
  expect(res.text).not.toMatch(/\bat \S+ \(|\n\s+at |\\n\s*at /);
  expect(res.text).not.toMatch(/\.(ts|js|mjs|cjs):\d+|\/work\/|node_modules|file:\/\//);
  expect(res.text).not.toMatch(/stack/i);
  if (typeof message === 'string') expect(res.json.message).toBe(message);
  else if (message) expect(res.json.message).toMatch(message);
}

/** `eventually` for checks that answer a value or `undefined` (not yet): resolves with the value. */
export async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  return (await eventually(check, timeoutMs)) as T;
}

/**
 * The real identity, questions, voting and social services in-process, each on its own fresh database and all on
 * one events namespace, as in production (questions → voting and social, identity → social). Pass `gatewayEnv` to
 * `startGatewayForTest(identityAddress, …)`. Questions and voting run on `clock` when given (voting on `votingClock` when
 * that is given), identity on `identityClock`, notification on `notificationClock`. With `notification`
 * (extra env for it, e.g. MAIL_DIR and PUBLIC_URL), the notification service runs too, on the same namespace; `questions`
 * and `voting` are extra env for those services.
 */
export async function startServicesForTest(
  opts: {
    clock?: Clock;
    /** Voting's own clock, when it must not follow `clock` (default: `clock`). */
    votingClock?: Clock;
    notification?: Record<string, string>;
    notificationClock?: Clock;
    identity?: Record<string, string>;
    identityClock?: Clock;
    questions?: Record<string, string>;
    voting?: Record<string, string>;
  } = {},
) {
  const ns = testNamespace();
  const dbs: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
  const running: { stop(): Promise<void> }[] = [];
  const databaseUrls: Record<string, string> = {};
  const db = async (prefix: string) => {
    const d = await createTestDatabase(prefix);
    dbs.push(d);
    databaseUrls[prefix] = d.url;
    return d.url;
  };
  const cleanup = async () => {
    await Promise.allSettled(running.map((r) => r.stop()));
    await deleteTestStreams(ns).catch(() => undefined);
    await Promise.allSettled(dbs.map((d) => d.drop()));
  };
  try {
    const identity = await startIdentity(serviceTestEnv(await db('identity'), ns, opts.identity), { clock: opts.identityClock });
    running.push(identity);
    const questions = await startQuestions(serviceTestEnv(await db('questions'), ns, opts.questions), { clock: opts.clock });
    running.push(questions);
    const voting = await startVoting(serviceTestEnv(await db('voting'), ns, opts.voting), { clock: opts.votingClock ?? opts.clock });
    running.push(voting);
    const social = await startSocial(serviceTestEnv(await db('social'), ns));
    running.push(social);
    const notification = opts.notification ? await startNotification(serviceTestEnv(await db('notification'), ns, opts.notification), { clock: opts.notificationClock }) : undefined;
    if (notification) running.push(notification);
    const votingSql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => (await voting.ctx.pool.query(text, params)).rows as T[];
    return {
      ns,
      identity,
      questions,
      voting,
      social,
      notification,
      /** Each service's database, by service name. */
      databaseUrls,
      identityAddress: `127.0.0.1:${identity.grpcPort}`,
      gatewayEnv: {
        QUESTIONS_GRPC_ADDR: `127.0.0.1:${questions.grpcPort}`,
        VOTING_GRPC_ADDR: `127.0.0.1:${voting.grpcPort}`,
        SOCIAL_GRPC_ADDR: `127.0.0.1:${social.grpcPort}`,
        ...(notification ? { NOTIFICATION_GRPC_ADDR: `127.0.0.1:${notification.grpcPort}` } : {}),
      } as Record<string, string>,
      /** A query on the voting service's database. */
      votingSql,
      /** Waits until voting's projection of a question (its `question_state` row, undefined when absent) satisfies `check`. */
      async projected(questionId: string, check: (row: Record<string, any> | undefined) => boolean = (row) => !!row, timeoutMs = 10_000) {
        const row = async () => (await votingSql('SELECT * FROM question_state WHERE question_id = $1', [questionId]))[0];
        await eventually(async () => check(await row()), timeoutMs, 25);
        return row();
      },
      cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** A browser on `gw` with the admin signed in. */
export async function signInAdmin(gw: { browser(): Browser }): Promise<Browser> {
  const b = gw.browser();
  const login = await b.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
  return b;
}

/**
 * The usual cast of a gateway test on `gw`: the admin signed in, Alice and Bob signed up (each in their own browser),
 * and a signed-out browser.
 */
export async function signInCast(gw: { browser(): Browser }) {
  const adminB = await signInAdmin(gw);
  const aliceB = gw.browser();
  const alice = await signUp(aliceB, uname('alice'));
  const bobB = gw.browser();
  const bob = await signUp(bobB, uname('bob'));
  return { adminB, aliceB, alice, bobB, bob, anonB: gw.browser() };
}

/** The source every resolve in the tests names (a resolve without one is a 400). */
export const RESOLUTION_SOURCE = { url: 'https://www.elections.org.za/results', title: 'IEC results' };
/** A resolve's body: the correct option and RESOLUTION_SOURCE, and anything else given (a note). */
export const resolveBody = (correctOptionId: string, more: Record<string, unknown> = {}) => ({ correctOptionId, source: RESOLUTION_SOURCE, ...more });

/** Posts a yes/no question for today as `admin` (signed in as an admin), with `fields` over the defaults; the 201 reply. */
export async function postQuestion(admin: Browser, fields: { text: string; context?: string; tags?: string[] }): Promise<Res> {
  const created = await admin.post('/api/admin/questions', {
    context: 'Made by a gateway test.',
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    ...fields,
  });
  expect(created.status, created.text).toBe(201);
  return created;
}

/** Publishes question `id` as `admin`. */
export async function publishQuestionAs(admin: Browser, id: string): Promise<void> {
  const published = await admin.post(`/api/admin/questions/${id}/publish`);
  expect(published.status, published.text).toBe(200);
}

/** Creates a yes/no question as `admin` (signed in as an admin) and publishes it unless `publish` is false; its id. */
export async function createQuestionAs(admin: Browser, text: string, publish = true): Promise<string> {
  const id = (await postQuestion(admin, { text })).json.id as string;
  if (publish) await publishQuestionAs(admin, id);
  return id;
}

/** The directives of a Content-Security-Policy header, by (lower-case) name. */
export function cspDirectives(csp: string | null): Record<string, string[]> {
  expect(csp).toBeTruthy();
  return Object.fromEntries(
    csp!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!.toLowerCase(), values];
      }),
  );
}
