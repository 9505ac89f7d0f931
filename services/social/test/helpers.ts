import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import {
  createPromiseClient,
  decodeEnvelope,
  encodeEnvelope,
  ensureStream,
  DEV_INTERNAL_KEYS,
  EventNames,
  producerOf,
  type Actor,
  type EventData,
  type EventEnvelope,
  type EventType,
  type PromiseClient,
} from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, eventually, randomSuffix, serviceTestEnv, testNamespace, TEST_NATS_URL } from '@mzansi/kit/testing';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { SocialServiceClient, type Person } from '@mzansi/proto/social/v1/social';
import { start as startIdentity } from '../../identity/src/main.js';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type SocialClient = PromiseClient<SocialServiceClient>;
export type IdentityClient = PromiseClient<IdentityServiceClient>;

export const ADMIN_USERNAME = 'admin';
export const PASSWORD = 'a-good-password-1';

/** A signed-up user: the actor to call social with, and their username. */
export interface TestUser {
  id: string;
  username: string;
  name: string;
  actor: Actor;
}

/**
 * One test file's world: the real identity service and the social service, each on its own fresh database, sharing
 * one events namespace (as in production). Users reach social's directory only through identity's events.
 */
export async function socialHarness(extraEnv: Record<string, string> = {}) {
  const ns = testNamespace();
  const identityDb = await createTestDatabase('identity');
  const socialDb = await createTestDatabase('social');
  const identity = await startIdentity(serviceTestEnv(identityDb.url, ns));
  const social = await start(serviceTestEnv(socialDb.url, ns, extraEnv));
  const identityClient: IdentityClient = createPromiseClient(IdentityServiceClient, `127.0.0.1:${identity.grpcPort}`, {
    internalKeys: DEV_INTERNAL_KEYS,
  });
  const client: SocialClient = createPromiseClient(SocialServiceClient, `127.0.0.1:${social.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
  const names = new EventNames(ns);
  let nc: NatsConnection | undefined;
  /** Someone outside every friendship, to look people up with. */
  const outsider: Actor = { id: '00000000-0000-4000-8000-000000000000', isAdmin: false };

  const h = {
    ns,
    identity,
    social,
    identityClient,
    client,
    /** Whether `username` is in social's directory yet (searched for by someone outside every friendship). */
    async findPerson(username: string): Promise<Person | undefined> {
      const { people } = await client.searchPeople({ query: username, limit: 50 }, { actor: outsider });
      return people.find((p) => p.username === username);
    },
    /** Signs a user up through identity and waits until social's directory has them. */
    async signUp(username: string): Promise<TestUser> {
      const { user } = await identityClient.signUp({ username, password: PASSWORD, name: `Name of ${username}`, email: '', phoneNumber: '', consent: true, privacyNoticeVersion: '1.0' });
      await eventually(() => h.findPerson(username), 10_000);
      return { id: user!.id, username, name: user!.name, actor: { id: user!.id, isAdmin: false } };
    },
    /** Publishes an event into this namespace as its producer's outbox relay would; returns the event id. */
    async publish<T extends EventType>(type: T, data: EventData<T>): Promise<string> {
      nc ??= await connect({ servers: TEST_NATS_URL });
      await ensureStream(await nc.jetstreamManager(), names, producerOf(type));
      const envelope = encodeEnvelope(type, data);
      await nc.jetstream().publish(names.subject(type), JSON.stringify(envelope), { msgID: envelope.id });
      return envelope.id;
    },
    /** social's projection of a question: true (published), false (archived) or undefined (none: draft, deleted). */
    async questionVisible(questionId: string): Promise<boolean | undefined> {
      const { rows } = await social.ctx.pool.query('SELECT visible FROM question_visibility WHERE question_id = $1', [questionId]);
      return rows[0]?.visible;
    },
    /**
     * Publishes `questions.question.published` for a question (a new id by default) and waits until social has it:
     * its comments are then open to everyone.
     */
    async publishQuestion(questionId: string = randomUUID()): Promise<string> {
      await h.publish('questions.question.published', {
        question: { id: questionId, text: 'Will it rain in Durban tomorrow?', context: '', date: new Date(), options: [], publishedAt: new Date(), tags: [], translations: {} },
      });
      await eventually(async () => (await h.questionVisible(questionId)) === true, 10_000, 25);
      return questionId;
    },
    /** Every event of this namespace's social stream, in order. */
    async socialEvents(): Promise<EventEnvelope[]> {
      nc ??= await connect({ servers: TEST_NATS_URL });
      const jsm = await nc.jetstreamManager();
      const stream = names.stream('social');
      const info = await jsm.streams.info(stream);
      const out: EventEnvelope[] = [];
      if (info.state.messages === 0) return out;
      for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
        const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
        if (m) out.push(decodeEnvelope(m.data));
      }
      return out;
    },
    async cleanup() {
      client.close();
      identityClient.close();
      await Promise.allSettled([social.stop(), identity.stop()]);
      await nc?.close().catch(() => undefined);
      await deleteTestStreams(ns).catch(() => undefined);
      await Promise.allSettled([socialDb.drop(), identityDb.drop()]);
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof socialHarness>>;

/** A short stem no other test file (or run) uses: usernames built on it only match this file's searches. */
export const stem = () => `s${randomSuffix(3)}`;

