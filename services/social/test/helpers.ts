import { randomUUID } from 'node:crypto';
import type { Actor, Clock, EventEnvelope, PromiseClient } from '@mzansi/kit';
import type { EventData, EventType } from '@mzansi/proto/events';
import { createTestDatabase, eventually, randomSuffix, serviceTestEnv, startedServices, testNamespace, testStreams } from '@mzansi/kit/testing';
import { SocialServiceClient, type Person } from '@mzansi/proto/social/v1/social';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type SocialClient = PromiseClient<SocialServiceClient>;

export const ADMIN_USERNAME = 'admin';

/** A signed-up user: the actor to call social with, and their username. */
export interface TestUser {
  id: string;
  username: string;
  name: string;
  actor: Actor;
}

/**
 * One test file's world: the social service on a fresh database and events namespace. Users reach social's directory
 * only through identity's events, which the harness publishes as identity's outbox relay would (the admin's at start,
 * as identity's bootstrap does).
 */
export async function socialHarness(extraEnv: Record<string, string> = {}, opts: { clock?: Clock } = {}) {
  const ns = testNamespace();
  const socialDb = await createTestDatabase('social');
  const social = await start(serviceTestEnv(socialDb.url, ns, extraEnv), opts);
  const services = startedServices<Running, SocialServiceClient>(SocialServiceClient);
  const client: SocialClient = services.client(services.add(social));
  const streams = testStreams(ns);
  /** Someone outside every friendship, to look people up with. */
  const outsider: Actor = { id: '00000000-0000-4000-8000-000000000000', isAdmin: false };

  const h = {
    ns,
    db: socialDb,
    social,
    client,
    /** Whether `username` is in social's directory yet (searched for by someone outside every friendship). */
    async findPerson(username: string): Promise<Person | undefined> {
      const { people } = await client.searchPeople({ query: username, limit: 50 }, { actor: outsider });
      return people.find((p) => p.username === username);
    },
    /** Registers a user (identity's `identity.user.registered`) and waits until social's directory has them. */
    async signUp(username: string, isAdmin = false): Promise<TestUser> {
      const user = { id: randomUUID(), username, name: `Name of ${username}`, isAdmin };
      await h.publish('identity.user.registered', {
        user: { ...user, email: '', phoneNumber: '', emailNotifications: false, browserNotifications: false, whatsappNotifications: false, joinDate: new Date(), emailVerified: false, language: 'en' },
      });
      await eventually(() => h.findPerson(username), 10_000);
      return { id: user.id, username, name: user.name, actor: { id: user.id, isAdmin } };
    },
    /** Deletes a user's account as identity does: `identity.user.deleted`. */
    async deleteUser(userId: string): Promise<void> {
      await h.publish('identity.user.deleted', { userId, deletedAt: new Date() });
    },
    /** Publishes an event into this namespace as its producer's outbox relay would; returns the event id. */
    async publish<T extends EventType>(type: T, data: EventData<T>): Promise<string> {
      return streams.publish(type, data);
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
      return (await streams.read('social')).map((e) => e.envelope);
    },
    async cleanup() {
      await services.close();
      await streams.close();
      await socialDb.drop().catch(() => undefined);
    },
  };
  await h.signUp(ADMIN_USERNAME, true);
  return h;
}

export type Harness = Awaited<ReturnType<typeof socialHarness>>;

/** A short stem no other test file (or run) uses: usernames built on it only match this file's searches. */
export const stem = () => `s${randomSuffix(3)}`;

