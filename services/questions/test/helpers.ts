import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll } from 'vitest';
import { createPromiseClient, decodeEnvelope, EventNames, type Actor, type Clock, type EventEnvelope, type PromiseClient } from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, internalKeysFor, serviceTestEnv, TEST_NATS_URL, testNamespace } from '@mzansi/kit/testing';
import { QuestionsServiceClient, type CreateQuestionRequest } from '@mzansi/proto/questions/v1/questions';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type QuestionsClient = PromiseClient<QuestionsServiceClient>;

/** An event read back from this namespace's questions stream, with the subject it was published on. */
export interface StreamEvent {
  seq: number;
  subject: string;
  msgId: string;
  envelope: EventEnvelope;
}

export const admin = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: true } });
export const member = (): { actor: Actor } => ({ actor: { id: randomUUID(), isAdmin: false } });

export const YES_NO = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];

/** A valid CreateQuestion request; override any field. */
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
  const running: Running[] = [];
  const clients: QuestionsClient[] = [];
  let nc: NatsConnection | undefined;
  const names = new EventNames(ns);

  /** Every message of this namespace's questions stream, in order. */
  async function streamEvents(): Promise<StreamEvent[]> {
    nc ??= await connect({ servers: TEST_NATS_URL });
    const jsm = await nc.jetstreamManager();
    const stream = names.stream('questions');
    const info = await jsm.streams.info(stream);
    const out: StreamEvent[] = [];
    if (info.state.messages === 0) return out;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
      if (m) out.push({ seq, subject: m.subject, msgId: m.header.get('Nats-Msg-Id'), envelope: decodeEnvelope(m.data) });
    }
    return out;
  }

  return {
    db,
    ns,
    env,
    names,
    /** Starts an(other) instance of the service on the same database and namespace. */
    async start(opts: { clock?: Clock; env?: Record<string, string> } = {}) {
      const r = await start({ ...env, ...opts.env }, { clock: opts.clock });
      running.push(r);
      return r;
    },
    client(r: Running, forgerySecret?: string): QuestionsClient {
      const c = createPromiseClient(QuestionsServiceClient, `127.0.0.1:${r.grpcPort}`, { internalKeys: internalKeysFor(forgerySecret) });
      clients.push(c);
      return c;
    },
    /** The question events of this namespace's questions stream, in order (audit records: `auditEvents`). */
    async events(): Promise<StreamEvent[]> {
      return (await streamEvents()).filter((e) => e.envelope.type !== 'questions.audit.recorded');
    },
    /** The admin actions the service recorded (issue 18), in order. */
    async auditEvents(): Promise<StreamEvent[]> {
      return (await streamEvents()).filter((e) => e.envelope.type === 'questions.audit.recorded');
    },
    streamEvents,
    async cleanup() {
      for (const c of clients) c.close();
      await Promise.allSettled(running.map((r) => r.stop()));
      await nc?.close().catch(() => undefined);
      await deleteTestStreams(ns).catch(() => undefined);
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
