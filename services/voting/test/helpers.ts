import { randomUUID } from 'node:crypto';
import type { Actor, Clock, EventEnvelope, PromiseClient } from '@mzansi/kit';
import type { EventData, EventType } from '@mzansi/proto/events';
import { createTestDatabase, deleteTestStreams, eventually, serviceTestEnv, startedServices, testNamespace, testStreams } from '@mzansi/kit/testing';
import type { CreateQuestionRequest } from '@mzansi/proto/questions/v1/questions';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type VotingClient = PromiseClient<VotingServiceClient>;

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

/** `questions.question.resolved` as the questions service writes it, with a source. */
export const resolvedEvent = (questionId: string, correctOptionId: string, resolvedAt: Date, more: Partial<EventData<'questions.question.resolved'>> = {}) => ({
  questionId,
  correctOptionId,
  resolvedAt,
  sourceUrl: 'https://www.elections.org.za/results',
  sourceTitle: 'IEC results',
  note: '',
  previousCorrectOptionId: '',
  correctedAt: undefined,
  ...more,
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

/** A question as the questions service would announce it (the fields voting's tests read). */
export interface TestQuestion {
  id: string;
  text: string;
  context: string;
  date: Date;
  options: { id: string; text: string }[];
  tags: string[];
  isBlind?: boolean;
  translations: CreateQuestionRequest['translations'];
  publishedAt?: Date;
}

/**
 * The voting service in-process on a fresh database and events namespace, on the given clock. Questions reach it only
 * through `questions.*` events, which the harness publishes as the questions service's outbox relay would.
 */
export async function votingHarness(opts: { clock?: Clock; env?: Record<string, string> } = {}) {
  const ns = testNamespace();
  const votingDb = await createTestDatabase('voting');
  let voting: Running;
  try {
    voting = await start(serviceTestEnv(votingDb.url, ns, opts.env), { clock: opts.clock });
  } catch (err) {
    await deleteTestStreams(ns).catch(() => undefined);
    await votingDb.drop();
    throw err;
  }
  const now = opts.clock ?? (() => new Date());
  const services = startedServices<Running, VotingServiceClient>(VotingServiceClient);
  services.add(voting);
  const streams = testStreams(ns);
  const v = services.client(voting);

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
    db: votingDb,
    voting,
    /** The voting service's client, with the development internal secret (acting users are signed). */
    v,
    sql,
    stateOf,
    projected,
    /** Another voting client, e.g. with a wrong internal secret. */
    votingClient(forgerySecret?: string): VotingClient {
      return services.client(voting, forgerySecret);
    },
    /** Publishes an event into this namespace as its producer's outbox relay would. */
    async publish<T extends EventType>(type: T, data: EventData<T>): Promise<string> {
      return streams.publish(type, data, { occurredAt: now() });
    },
    /** Waits until voting's consumer has applied the event with this id (its inbox row). */
    async applied(eventId: string) {
      await eventually(async () => (await sql('SELECT 1 FROM inbox WHERE event_id = $1', [eventId])).length > 0, 10_000, 25);
    },
    /** A draft: the questions service announces nothing for it, so voting never hears of it. */
    async createDraft(overrides: Partial<CreateQuestionRequest> = {}): Promise<TestQuestion> {
      const { text, context, date, options, tags, translations, isBlind } = newQuestion(overrides);
      return { id: randomUUID(), text, context, date: date ?? now(), options, tags, translations, ...(isBlind === undefined ? {} : { isBlind }) };
    },
    /** Publishes a question (`questions.question.published`), and waits until voting knows it. */
    async createPublished(overrides: Partial<CreateQuestionRequest> = {}): Promise<TestQuestion> {
      const published = { ...(await h.createDraft(overrides)), publishedAt: now() };
      await h.publish('questions.question.published', { question: published });
      await projected(published.id, (row) => !!row);
      return published;
    },
    async resolve(id: string, correctOptionId: string) {
      await h.publish('questions.question.resolved', resolvedEvent(id, correctOptionId, now()));
      return projected(id, (row) => !!row?.is_resolved);
    },
    /** A corrected resolution of a resolved question (the event id may be given: a redelivery), once voting applied it. */
    async correct(id: string, correctOptionId: string, previousCorrectOptionId: string, resolvedAt: Date, opts: { eventId?: string } = {}) {
      const data = resolvedEvent(id, correctOptionId, resolvedAt, { corrected: true, previousCorrectOptionId, correctedAt: now(), sourceTitle: 'IEC final results' });
      const eventId = await streams.publish('questions.question.resolved', data, { occurredAt: now(), ...(opts.eventId && { id: opts.eventId, msgId: randomUUID() }) });
      await h.applied(eventId);
      return eventId;
    },
    async archive(id: string) {
      await h.publish('questions.question.archived', { questionId: id });
      return projected(id, (row) => !!row?.is_archived);
    },
    async remove(id: string) {
      await h.publish('questions.question.deleted', { questionId: id });
      await projected(id, (row) => row === undefined);
    },
    async answer(u: { actor: Actor }, questionId: string, optionId: string) {
      return v.submitAnswer({ questionId, optionId }, u);
    },
    /** Every event in this namespace's voting stream, in order. */
    async votingEvents(): Promise<{ subject: string; msgId: string; envelope: EventEnvelope }[]> {
      return (await streams.read('voting')).map(({ subject, msgId, envelope }) => ({ subject, msgId, envelope }));
    },
    async cleanup() {
      await services.close();
      await streams.close();
      await votingDb.drop().catch(() => undefined);
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof votingHarness>>;

