/**
 * Scenario 5: a consumer killed before ack, 50 times. Voting's real question-events consumer runs in a child process
 * (fixtures/killed-consumer.mjs) that SIGKILLs itself right after the transaction applying an event commits, before
 * the JetStream ack; it is started again each time. 50 `questions.question.published` events go through it.
 * Pass: 50 kills, every event applied exactly once (50 projection rows, 50 inbox rows), every killed event
 * redelivered and recognised as a duplicate, the consumer left with nothing pending.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, ensureStream, EventNames, encodeEnvelope, runMigrations } from '@mzansi/kit';
import { createTestDatabase, testNamespace } from '@mzansi/kit/testing';
import { count, publishRaw, report, until, useFaultSystem } from './helpers.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/killed-consumer.mjs', import.meta.url));
const MIGRATIONS = fileURLToPath(new URL('../../services/voting/drizzle', import.meta.url));
const N = 50;

const system = useFaultSystem({ stack: false });
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const ns = testNamespace();

beforeAll(async () => {
  db = await createTestDatabase('faults_voting');
  const pool = createPool(db.url, 2);
  await runMigrations(pool, MIGRATIONS, 'voting');
  await pool.end();
});

afterAll(async () => {
  await db?.drop();
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  applied: number;
  dups: number;
}

function runChild(stopWhen: () => Promise<boolean>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FIXTURE], {
      env: { ...process.env, DATABASE_URL: db.url, NATS_URL: system.nats.url, EVENTS_NAMESPACE: ns, ACK_WAIT_MS: '1000', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { code: null, signal: null, applied: 0, dups: 0 };
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) {
        if (line === 'APPLIED') run.applied++;
        if (line === 'DUP') run.dups++;
      }
    });
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    // A child that is not killed (nothing left to apply) is stopped once `stopWhen` holds, or after 20 s.
    const deadline = Date.now() + 20_000;
    const timer = setInterval(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (Date.now() > deadline || (await stopWhen().catch(() => false))) child.kill('SIGTERM');
    }, 250);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      run.code = code;
      run.signal = signal;
      if (signal !== 'SIGKILL' && code !== 0) reject(new Error(`consumer child failed (${code ?? signal}):\n${err}`));
      else resolve(run);
    });
  });
}

it('50 kills between commit and ack: every event applied exactly once, redeliveries de-duplicated', async () => {
  const names = new EventNames(ns);
  const nc = await connect({ servers: system.nats.url });
  await ensureStream(await nc.jetstreamManager(), names, 'questions');
  const ids = Array.from({ length: N }, () => randomUUID());
  await publishRaw(
    system.nats.url,
    names.subject('questions.question.published'),
    ids.map((id, i) => {
      const env = encodeEnvelope('questions.question.published', {
        question: { id, text: `Killed consumer question ${i}`, context: '', date: new Date(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }], publishedAt: new Date(), tags: [] },
      } as never);
      return { data: JSON.stringify(env), msgID: env.id };
    }),
  );

  const inboxRows = () => count(db.url, `SELECT count(*) FROM inbox WHERE consumer = 'voting-on-question-events'`);
  const consumerIdle = async () => {
    const info = await (await nc.jetstreamManager()).consumers.info(names.stream('questions'), 'voting-on-question-events');
    return info.num_pending === 0 && info.num_ack_pending === 0;
  };

  let kills = 0;
  let applied = 0;
  let dups = 0;
  let runs = 0;
  const started = Date.now();
  // Bounded: at most 3 × N starts and 4 minutes.
  while (runs < 3 * N && Date.now() - started < 240_000) {
    runs++;
    const run = await runChild(async () => (await inboxRows()) === N && (await consumerIdle()));
    applied += run.applied;
    dups += run.dups;
    if (run.signal === 'SIGKILL') kills++;
    else break; // stopped cleanly: nothing left to do
  }
  const ms = Date.now() - started;
  const info = await (await nc.jetstreamManager()).consumers.info(names.stream('questions'), 'voting-on-question-events');
  await nc.close();

  const projected = await count(db.url, 'SELECT count(*) FROM question_state WHERE question_id = ANY($1::uuid[])', [ids]);
  expect(kills).toBe(N);
  expect(applied).toBe(N);
  expect(projected).toBe(N);
  expect(await inboxRows()).toBe(N);
  expect(dups).toBeGreaterThanOrEqual(N); // every killed event came back and had no second effect
  expect(info.num_pending).toBe(0);
  expect(info.num_ack_pending).toBe(0);
  expect(info.delivered.consumer_seq).toBeGreaterThanOrEqual(2 * N); // deliveries incl. redeliveries
  report('5 consumer killed before ack', { events: N, kills, starts: runs, applied, duplicatesSeen: dups, projected, deliveries: info.delivered.consumer_seq, ms });
  void until;
});
