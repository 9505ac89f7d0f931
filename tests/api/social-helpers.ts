import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, type EventEnvelope, type PromiseClient } from '@mzansi/kit';
import { eventually, testStreams } from '@mzansi/kit/testing';
import { QuestionsServiceClient } from '@mzansi/proto/questions/v1/questions';
import { signUp, until, type Browser, type startServicesForTest } from './helpers.js';

/** Helpers for the social routes' tests (friends, search, comments, the friends feed). */

export type System = Awaited<ReturnType<typeof startServicesForTest>>;
export type QuestionsClient = PromiseClient<QuestionsServiceClient>;

/** A signed-up user and the browser signed in as them. */
export interface User {
  id: string;
  username: string;
  name: string;
  b: Browser;
}

/** 1×1 PNG (signature, IHDR, IDAT, IEND). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

export function questionsClient(system: System): QuestionsClient {
  return createPromiseClient(QuestionsServiceClient, system.gatewayEnv.QUESTIONS_GRPC_ADDR!, { internalKeys: DEV_INTERNAL_KEYS });
}

/**
 * Creates and publishes a yes/no question through the questions gRPC (admin actor); waits for voting's projection
 * and social's (which opens its comments).
 */
export async function publishQuestion(system: System, questions: QuestionsClient, text = `Will Bafana Bafana qualify ${randomUUID().slice(0, 8)}?`) {
  const actor = { id: randomUUID(), isAdmin: true };
  const { question } = await questions.createQuestion(
    {
      text,
      context: 'The qualifiers end this month.',
      date: new Date(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      tags: ['football'],
      translations: {},
    },
    { actor },
  );
  await questions.publishQuestion({ id: question!.id }, { actor });
  await system.projected(question!.id);
  await commentsOpen(system, question!.id);
  return question!.id;
}

/** Waits until social has learned (from questions' events) that a question is published: its comments are open. */
export async function commentsOpen(system: System, questionId: string, timeoutMs = 10_000) {
  await eventually(async () => {
    const { rows } = await system.social.ctx.pool.query('SELECT visible FROM question_visibility WHERE question_id = $1', [questionId]);
    return rows[0]?.visible === true;
  }, timeoutMs, 25);
}

/** Signs a user up through the gateway and waits until social's directory (fed by identity's events) has them. */
export async function newUser(browser: Browser, username: string, searcher: Browser): Promise<User> {
  const u = await signUp(browser, username);
  await waitSearchable(searcher, username);
  return { id: u.id, username: u.username, name: u.name as string, b: browser };
}

/** Waits until `username` shows in `searcher`'s people search. */
export async function waitSearchable(searcher: Browser, username: string) {
  await until(async () => {
    const res = await searcher.get(`/api/users/search?q=${encodeURIComponent(username)}`);
    return res.status === 200 && (res.json as { username: string }[]).some((p) => p.username === username) ? true : undefined;
  }, 10_000);
}

/** `from` asks `to`; `to` accepts. */
export async function befriend(from: User, to: User) {
  const sent = await from.b.post('/api/friendships', { userId: from.id, friendId: to.id });
  expect(sent.status, sent.text).toBe(201);
  const accepted = await to.b.put(`/api/friend-requests/${sent.json.id}/accept`, { userId: to.id });
  expect(accepted.status, accepted.text).toBe(200);
}

/** Answers a question through the gateway (the question must be in voting's projection). */
export async function answer(u: User, questionId: string, optionId: string) {
  const res = await u.b.post('/api/answers', { userId: u.id, questionId, optionId });
  expect(res.status, res.text).toBe(201);
}

/** Posts a text comment through the gateway; returns the comment JSON. */
export async function comment(u: User, questionId: string, content: string) {
  const res = await u.b.post(`/api/questions/${questionId}/comments`, { content });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; content: string; userId: string; imageUrl: string | null };
}

/** A GET whose body is read as bytes (for comment images). */
export async function getBytes(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Every event of a namespace's social stream, in order. */
export async function socialEvents(ns: string): Promise<EventEnvelope[]> {
  const streams = testStreams(ns);
  try {
    return (await streams.read('social')).map((e) => e.envelope);
  } finally {
    await streams.disconnect();
  }
}
