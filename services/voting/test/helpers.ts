import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import {
  createPromiseClient,
  decodeEnvelope,
  DEV_INTERNAL_KEYS,
  type Actor,
  type Clock,
  type EventEnvelope,
  type PromiseClient,
} from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, eventually, serviceTestEnv, testNamespace, TEST_NATS_URL } from '@mzansi/kit/testing';
import { QuestionsServiceClient, type CreateQuestionRequest, type Question } from '@mzansi/proto/questions/v1/questions';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { start as startQuestions } from '../../questions/src/main.js';
import { start } from '../src/main.js';

/**
 * The development keys, or (for forgery tests) `forgerySecret` under the development key id: a forger who knows the
 * key id but not the key.
 */
function keysFor(forgerySecret?: string) {
  return forgerySecret === undefined ? DEV_INTERNAL_KEYS : [{ kid: DEV_INTERNAL_KEYS[0]!.kid, secret: forgerySecret }];
}

export type Running = Awaited<ReturnType<typeof start>>;
export type VotingClient = PromiseClient<VotingServiceClient>;
export type QuestionsClient = PromiseClient<QuestionsServiceClient>;

export const admin = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: true } });
/** A fresh acting (non-admin) user: a random uuid, as the gateway would sign it. */
export const user = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: false } });
export const idOf = (u: { actor: Actor }) => u.actor.id;

export const YES_NO = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];

export const newQuestion = (overrides: Partial<CreateQuestionRequest> = {}): CreateQuestionRequest => ({
  text: `Will Bafana Bafana qualify ${randomUUID().slice(0, 8)}`,
  context: 'The qualifiers end this month.',
  date: new Date('2026-03-10T13:00:00Z'),
  options: YES_NO,
  tags: ['football'],
  translations: {},
  ...overrides,
});

export interface QuestionStateRow {
  question_id: string;
  text: string;
  options: { id: string; text: string }[];
  published_at: Date | null;
  is_resolved: boolean;
  is_archived: boolean;
  correct_option_id: string | null;
  resolved_at: Date | null;
}

/**
 * The real questions and voting services in-process, each on its own fresh database, sharing one events namespace:
 * questions publishes `questions.*` events, voting projects them. Both run on the given clock.
 */
export async function votingHarness(opts: { clock?: Clock; env?: Record<string, string> } = {}) {
  const ns = testNamespace();
  const questionsDb = await createTestDatabase('questions');
  const votingDb = await createTestDatabase('voting');
  let questions: Awaited<ReturnType<typeof startQuestions>> | undefined;
  let voting: Running;
  try {
    questions = await startQuestions(serviceTestEnv(questionsDb.url, ns), { clock: opts.clock });
    voting = await start(serviceTestEnv(votingDb.url, ns, opts.env), { clock: opts.clock });
  } catch (err) {
    await questions?.stop().catch(() => undefined);
    await deleteTestStreams(ns).catch(() => undefined);
    await Promise.allSettled([votingDb.drop(), questionsDb.drop()]);
    throw err;
  }
  const clients: { close(): void }[] = [];
  const q = createPromiseClient(QuestionsServiceClient, `127.0.0.1:${questions.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
  const v = createPromiseClient(VotingServiceClient, `127.0.0.1:${voting.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
  clients.push(q, v);
  let nc: NatsConnection | undefined;

  const sql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => (await voting.ctx.pool.query(text, params)).rows as T[];
  const stateOf = async (questionId: string) =>
    (await sql<QuestionStateRow>('SELECT * FROM question_state WHERE question_id = $1', [questionId]))[0];
  /** Waits until voting's projection of the question satisfies `check` (undefined: no row). */
  const projected = async (questionId: string, check: (row: QuestionStateRow | undefined) => boolean, timeoutMs = 10_000) => {
    await eventually(async () => check(await stateOf(questionId)), timeoutMs, 25);
    return stateOf(questionId);
  };

  const h = {
    ns,
    questions: questions!,
    voting,
    /** The questions service's client; its admin calls carry `admin()`. */
    q,
    /** The voting service's client, with the development internal secret (acting users are signed). */
    v,
    sql,
    stateOf,
    projected,
    /** Another voting client, e.g. with a wrong internal secret. */
    votingClient(forgerySecret?: string): VotingClient {
      const c = createPromiseClient(VotingServiceClient, `127.0.0.1:${voting.grpcPort}`, { internalKeys: keysFor(forgerySecret) });
      clients.push(c);
      return c;
    },
    async createDraft(overrides: Partial<CreateQuestionRequest> = {}): Promise<Question> {
      return (await q.createQuestion(newQuestion(overrides), admin())).question!;
    },
    /** Creates and publishes a question, and waits until voting knows it. */
    async createPublished(overrides: Partial<CreateQuestionRequest> = {}): Promise<Question> {
      const draft = await h.createDraft(overrides);
      const published = (await q.publishQuestion({ id: draft.id }, admin())).question!;
      await projected(published.id, (row) => !!row);
      return published;
    },
    async resolve(id: string, correctOptionId: string) {
      await q.resolveQuestion({ id, correctOptionId }, admin());
      return projected(id, (row) => !!row?.is_resolved);
    },
    async archive(id: string) {
      await q.archiveQuestion({ id }, admin());
      return projected(id, (row) => !!row?.is_archived);
    },
    async remove(id: string) {
      await q.deleteQuestion({ id }, admin());
      await projected(id, (row) => row === undefined);
    },
    async answer(u: { actor: Actor }, questionId: string, optionId: string) {
      return v.submitAnswer({ questionId, optionId }, u);
    },
    /** Every event in this namespace's voting stream, in order. */
    async votingEvents(): Promise<{ subject: string; msgId: string; envelope: EventEnvelope }[]> {
      nc ??= await connect({ servers: TEST_NATS_URL });
      const jsm = await nc.jetstreamManager();
      const stream = voting.ctx.names.stream('voting');
      const info = await jsm.streams.info(stream);
      const out: { subject: string; msgId: string; envelope: EventEnvelope }[] = [];
      if (info.state.messages === 0) return out;
      for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
        const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
        if (m) out.push({ subject: m.subject, msgId: m.header.get('Nats-Msg-Id'), envelope: decodeEnvelope(m.data) });
      }
      return out;
    },
    async cleanup() {
      for (const c of clients) c.close();
      await Promise.allSettled([voting.stop(), questions!.stop()]);
      await nc?.close().catch(() => undefined);
      await deleteTestStreams(ns).catch(() => undefined);
      await Promise.allSettled([votingDb.drop(), questionsDb.drop()]);
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof votingHarness>>;

