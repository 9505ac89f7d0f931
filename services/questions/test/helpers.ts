import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Actor, Clock, PromiseClient } from '@mzansi/kit';
import { createTestDatabase, serviceTestEnv, startedServices, testNamespace, testStreams, type StreamEvent } from '@mzansi/kit/testing';
import { QuestionsServiceClient, type CreateQuestionRequest } from '@mzansi/proto/questions/v1/questions';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type QuestionsClient = PromiseClient<QuestionsServiceClient>;

export type { StreamEvent };

export const admin = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: true } });
export const member = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: false } });

export const YES_NO = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];

/** A valid CreateQuestion request; override any field. */
/** The source every resolve in these tests names (a resolve without one is refused). */
export const SOURCE = { url: 'https://www.elections.org.za/results', title: 'IEC results' };
/** A resolve request: the question, its correct option and SOURCE (and a note when given). */
export const resolving = (id: string, correctOptionId: string, note = '') => ({ id, correctOptionId, source: SOURCE, note });

export const newQuestion = (overrides: Partial<CreateQuestionRequest> = {}): CreateQuestionRequest => ({
  text: `Will it rain in Durban tomorrow ${randomUUID().slice(0, 8)}`,
  context: 'Think about the weather.',
  date: new Date('2026-03-10T13:00:00Z'),
  options: YES_NO,
  tags: ['weather'],
  translations: {},
  ...overrides,
});

/** A fresh database and events namespace for one test file, and the questions service on them. */
export async function questionsHarness(extraEnv: Record<string, string> = {}) {
  const db = await createTestDatabase('questions');
  const ns = testNamespace();
  const env = serviceTestEnv(db.url, ns, extraEnv);
  const services = startedServices<Running, QuestionsServiceClient>(QuestionsServiceClient);
  const streams = testStreams(ns);
  /** Every message of this namespace's questions stream, in order. */
  const streamEvents = (): Promise<StreamEvent[]> => streams.read('questions');

  return {
    db,
    ns,
    env,
    names: streams.names,
    /** Starts an(other) instance of the service on the same database and namespace. */
    async start(opts: { clock?: Clock; env?: Record<string, string> } = {}) {
      return services.add(await start({ ...env, ...opts.env }, { clock: opts.clock }));
    },
    client: services.client,
    /** The question events of this namespace's questions stream, in order (audit records: `auditEvents`). */
    async events(): Promise<StreamEvent[]> {
      return (await streamEvents()).filter((e) => e.envelope.type !== 'questions.audit.recorded');
    },
    /** The admin actions the service recorded, in order. */
    async auditEvents(): Promise<StreamEvent[]> {
      return (await streamEvents()).filter((e) => e.envelope.type === 'questions.audit.recorded');
    },
    streamEvents,
    async cleanup() {
      await services.close();
      await streams.close();
      await db.drop();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof questionsHarness>>;

/**
 * One questions service for a test file, on `clock`: started (fresh database and namespace) before the file's tests
 * and cleaned up after them; `set` hands the harness, the running service and a client to the file's variables.
 */
export function useQuestionsService(clock: { now: Clock }, set: (started: { h: Harness; svc: Running; client: QuestionsClient }) => void): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await questionsHarness();
    const svc = await h.start({ clock: clock.now });
    set({ h, svc, client: h.client(svc) });
  });
  afterAll(async () => {
    await h?.cleanup();
  });
}
