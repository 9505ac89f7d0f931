// The user erasure.test.ts exports and deletes, with everything of theirs across the system, and the searches for them.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { expect } from 'vitest';
import { decodeEnvelope, type EventEnvelope, type EventNames } from '@mzansi/kit';
import { eventually, findValuesInDatabase } from '@mzansi/kit/testing';
import { Browser, PASSWORD, uname, until, type startGatewayForTest, resolveBody } from '../api/helpers.js';
import { befriend, dataUrl, PNG } from '../api/social-helpers.js';
import type { System } from './system.js';

export type U = { id: string; username: string; name: string; b: Browser };
const tag = randomBytes(3).toString('hex');
export const subject = {
  username: uname('Erase'),
  name: `Lindiwe Erasmus ${tag}`,
  email: `lindiwe.${tag}@example.co.za`,
  // As stored (E.164), so the erasure checks look for the value the services hold.
  phoneNumber: `+2782${String(Date.now()).slice(-7)}`,
};
export const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;

const databases = (sys: System) => {
  const s = sys.services;
  return { identity: s.identity, questions: s.questions, voting: s.voting, social: s.social, notification: s.notification! };
};

/** Every place any of `values` is found, in every service database. */
export async function foundIn(sys: System, values: string[]) {
  const found: string[] = [];
  for (const [service, running] of Object.entries(databases(sys))) {
    for (const f of await findValuesInDatabase(running.ctx.config.DATABASE_URL, values)) found.push(`${service}.${f.table}.${f.column}: ${f.value}`);
  }
  return found;
}

async function login(base: string, username: string): Promise<Browser> {
  const b = new Browser(base);
  const res = await b.post('/api/auth/login', { username, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return b;
}

async function newUser(sys: System, stem: string): Promise<U> {
  const b = sys.browser();
  const username = uname(stem);
  const res = await b.post('/api/auth/signup', { username, password: PASSWORD, name: `${stem} ${tag}`, consent: true });
  expect(res.status, res.text).toBe(201);
  return { id: res.json.id, username, name: res.json.name, b };
}

/** Every message of a stream of this namespace, decoded and as it travelled. */
export async function streamEventsOf(nc: NatsConnection, names: EventNames, producer: 'identity'): Promise<{ seq: number; envelope: EventEnvelope; raw: string }[]> {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(names.stream(producer));
  const out: { seq: number; envelope: EventEnvelope; raw: string }[] = [];
  for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq++) {
    const m = await jsm.streams.getMessage(names.stream(producer), { seq }).catch(() => undefined);
    if (m) out.push({ seq, envelope: decodeEnvelope(m.data), raw: new TextDecoder().decode(m.data) });
  }
  return out;
}

export interface ErasureFixtures {
  me: U;
  friend: U;
  asked: U;
  asker: U;
  /** Sessions of `me`: two on the first gateway, one on the second. */
  second: Browser;
  onOther: Browser;
  q1: string;
  q2: string;
  imageComment: { id: string; imageUrl: string; thumbUrl: string };
  friendComment: string;
}

// `me` with answers (one question resolved), comments (one with an image), a friend, requests both ways, a suggestion,
// a push subscription, the newsletter and three sessions (one on `gw2`).
export async function createErasureFixtures(sys: System, gw2: Awaited<ReturnType<typeof startGatewayForTest>>): Promise<ErasureFixtures> {
  const b = sys.browser();
  const signup = await b.post('/api/auth/signup', { ...subject, password: PASSWORD, consent: true });
  expect(signup.status, signup.text).toBe(201);
  const me: U = { id: signup.json.id, username: subject.username, name: subject.name, b };
  const [friend, asked, asker] = await Promise.all([newUser(sys, 'EraseFr'), newUser(sys, 'EraseAsked'), newUser(sys, 'EraseAsker')]);
  await Promise.all([me, friend, asked, asker].map((u) => until(async () => ((await sys.admin.get(`/api/users/search?q=${u.username}`)).json?.length ? true : undefined), 10_000)));
  const second = await login(sys.base, me.username);
  const onOther = await login(gw2.base, me.username);

  // Friends with `friend`; a request to `asked` (pending); one from `asker` (pending).
  await befriend(me, friend);
  expect((await me.b.post('/api/friendships', { userId: me.id, friendId: asked.id })).status).toBe(201);
  expect((await asker.b.post('/api/friendships', { userId: asker.id, friendId: me.id })).status).toBe(201);

  // Answers (q1 resolves "yes"), comments with an image, a suggestion, a push subscription, the newsletter.
  const q1 = await sys.publishQuestion('Will the Springboks win on Saturday');
  const q2 = await sys.publishQuestion('Will petrol be cheaper next month');
  for (const [u, q, o] of [
    [me, q1, 'yes'],
    [me, q2, 'no'],
    [friend, q1, 'yes'],
    [asked, q1, 'no'],
    [friend, q2, 'yes'],
  ] as const) {
    const res = await u.b.post('/api/answers', { userId: u.id, questionId: q, optionId: o });
    expect(res.status, res.text).toBe(201);
  }
  const resolved = await sys.admin.put(`/api/admin/questions/${q1}/resolve`, resolveBody('yes'));
  expect(resolved.status, resolved.text).toBe(200);
  await sys.services.projected(q1, (row) => !!row?.is_resolved);
  const posted = await me.b.post(`/api/questions/${q1}/comments`, { content: 'The queue at the stadium', imageUrl: dataUrl('image/png', PNG) });
  expect(posted.status, posted.text).toBe(201);
  const imageComment = posted.json;
  expect((await me.b.post(`/api/questions/${q2}/comments`, { content: 'Not a chance' })).status).toBe(201);
  const friendComment = (await friend.b.post(`/api/questions/${q1}/comments`, { content: 'Go Bokke' })).json.id;
  // A report `me` filed: erasure deletes it (the audit log names it only by its id).
  const report = await me.b.post(`/api/comments/${friendComment}/reports`, { reason: 'spam', note: 'Reported from my commute' });
  expect(report.status, report.text).toBe(201);
  expect((await me.b.post('/api/question-suggestions', { title: 'Will the Cape Town taxi strike end this week', description: 'From my commute' })).status).toBe(201);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const sub = await me.b.post('/api/notifications/subscribe', {
    endpoint: pushEndpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
  expect(sub.status, sub.text).toBe(201);
  const news = await me.b.post('/api/newsletter/subscribe', { email: subject.email, name: subject.name, source: 'profile' });
  expect(news.status, news.text).toBeLessThan(300);
  // Listed on the national board, so that the erasure can be seen to take them off it.
  expect((await me.b.put(`/api/users/${me.id}/privacy`, { hideUntilResolved: true, listOnNationalBoard: true })).status).toBe(200);
  // notification's contact entry comes from identity's event.
  await eventually(async () => (await sys.services.notification!.ctx.pool.query('SELECT 1 FROM contacts WHERE user_id = $1', [me.id])).rowCount === 1, 10_000);
  return { me, friend, asked, asker, second, onOther, q1, q2, imageComment, friendComment };
}
