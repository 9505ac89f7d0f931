// The fuzzer's system and fixtures (fuzz.test.ts): users, questions, comments, officials, a prediction, a suggestion,
// and pools for the routes whose valid input is used up.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { signUp, uname } from '../../api/helpers.js';
import { dataUrl, PNG } from '../../api/social-helpers.js';
import { startSystem, type SecUser, type System } from '../system.js';
import { VALID_POOL } from './arbitraries.js';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface Fixtures {
  sys: System;
  u: SecUser;
  other: SecUser;
  q1: string;
  q2: string;
  imageComment: string;
  textComment: string;
  adminComment: string;
  officialId: string;
  predictionId: string;
  suggestionId: string;
  loginUser: string;
  friendTargets: string[];
  incoming: { accept: string[]; reject: string[] };
}

/** The gateway (serving the SPA) and every service, with generous rate limits so only intended limits apply. */
export function startFuzzSystem(): Promise<System> {
  return startSystem({
    notification: true,
    // Valid profile writes change e-mail addresses over and over: keep the verification-mail limit out of the way.
    identityEnv: { EMAIL_VERIFICATIONS_PER_HOUR: '100' },
    gatewayEnv: { SERVE_WEB: 'true', WEB_DIST, RATE_COMMENTS_PER_MIN: '1000000', RATE_LOGIN_FAILURES: '1000000', RATE_LOGIN_PER_USERNAME_IP: '1000000', RATE_SIGNUP_PER_IP: '1000000', RATE_PUSH_CLICKS_PER_MIN: '1000000', PUBLIC_API_PER_MIN: '1000000' },
  });
}

export async function createFixtures(sys: System): Promise<Fixtures> {
  const friendTargets: string[] = [];
  const incoming: Fixtures['incoming'] = { accept: [], reject: [] };
  const [u, other] = await Promise.all([sys.user('Fuzz', true), sys.user('FzOther', true)]);
  const q1 = await sys.publishQuestion();
  const q2 = await sys.publishQuestion();
  expect((await u.b.post('/api/answers', { questionId: q1, optionId: 'yes' })).status).toBe(201);
  const img = await u.b.post(`/api/questions/${q1}/comments`, { content: 'pic', imageUrl: dataUrl('image/png', PNG) });
  const imageComment = img.json.id;
  const textComment = (await u.b.post(`/api/questions/${q1}/comments`, { content: 'text' })).json.id;
  const adminComment = (await sys.admin.post(`/api/questions/${q1}/comments`, { content: 'admin says' })).json.id;
  const officialId = (await sys.admin.post('/api/admin/officials', { name: 'Fuzz Official', title: 'Minister' })).json.id;
  const predictionId = (
    await sys.admin.post('/api/admin/predictions', {
      statement: 'S',
      prediction: 'P',
      confidence: 50,
      sourceTitle: 'T',
      sourceDate: '2024-05-01',
      sourceUrl: 'https://news.example/a',
    })
  ).json.id;
  const suggestionId = (await other.b.post('/api/question-suggestions', { title: 'Fixture suggestion for review' })).json.id;
  const lb = sys.browser();
  const loginUser = (await signUp(lb, uname('FzLogin'))).username;
  // Pools for the routes whose valid input is used up: friend-request targets, incoming requests to accept / reject.
  const pool = await Promise.all(Array.from({ length: VALID_POOL * 3 }, () => sys.user('FzPool')));
  friendTargets.push(...pool.slice(0, VALID_POOL).map((p) => p.id));
  for (const [i, p] of pool.slice(VALID_POOL).entries()) {
    const r = await p.b.post('/api/friendships', { friendId: u.id });
    expect(r.status, r.text).toBe(201);
    (i < VALID_POOL ? incoming.accept : incoming.reject).push(r.json.id);
  }
  return { sys, u, other, q1, q2, imageComment, textComment, adminComment, officialId, predictionId, suggestionId, loginUser, friendTargets, incoming };
}

/** Draft → (publish) → … as the admin; returns the question id. */
export async function draft(sys: System, publish = false) {
  const r = await sys.admin.post('/api/admin/questions', {
    text: `Fuzz fixture ${randomBytes(4).toString('hex')}`,
    context: null,
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
  });
  expect(r.status, r.text).toBe(201);
  if (publish) expect((await sys.admin.post(`/api/admin/questions/${r.json.id}/publish`)).status).toBe(200);
  return r.json.id as string;
}
