// For authz.test.ts and authz-payloads.test.ts: the users, questions, friend requests, comment and
// suggestion the authorization tests try to reach across.
import { expect } from 'vitest';
import { startSystem, type SecUser, type System } from './system.js';

export function startAuthzSystem(): Promise<System> {
  return startSystem({ notification: true, gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000' } });
}

export interface AuthzFixtures {
  a: SecUser; // the victim
  b: SecUser; // the attacker (signed in, not an admin)
  c: SecUser; // asked `a` to be friends (pending)
  d: SecUser; // `a` asked them (pending)
  e: SecUser; // a stranger
  q1: string; // answered by a
  q2: string; // not answered by a
  requestCtoA: string;
  aComment: string;
  aSuggestion: string;
}

export async function createAuthzFixtures(sys: System): Promise<AuthzFixtures> {
  const [a, b, c, d, e] = await Promise.all([sys.user('Vic', true), sys.user('Att', true), sys.user('Ccc', true), sys.user('Ddd', true), sys.user('Eee', true)]);
  const q1 = await sys.publishQuestion();
  const q2 = await sys.publishQuestion();
  expect((await a.b.post('/api/answers', { userId: a.id, questionId: q1, optionId: 'yes' })).status).toBe(201);
  const cr = await c.b.post('/api/friendships', { userId: c.id, friendId: a.id });
  expect(cr.status, cr.text).toBe(201);
  const requestCtoA = cr.json.id;
  expect((await a.b.post('/api/friendships', { userId: a.id, friendId: d.id })).status).toBe(201);
  const cm = await a.b.post(`/api/questions/${q1}/comments`, { content: 'mine' });
  expect(cm.status, cm.text).toBe(201);
  const aComment = cm.json.id;
  const sg = await a.b.post('/api/question-suggestions', { title: 'Will the rand strengthen this year?' });
  expect(sg.status, sg.text).toBe(201);
  const aSuggestion = sg.json.id;
  return { a: a!, b: b!, c: c!, d: d!, e: e!, q1, q2, requestCtoA, aComment, aSuggestion };
}

/** Everything `a` can see of their own account, read as `a`. */
export async function ownerView(u: SecUser, q1: string, q2: string) {
  const get = async (path: string) => {
    const r = await u.b.get(path);
    return { status: r.status, json: r.json };
  };
  return {
    me: await get('/api/auth/me'),
    answer1: await get(`/api/users/${u.id}/answers/${q1}`),
    answer2: await get(`/api/users/${u.id}/answers/${q2}`),
    stats: await get(`/api/users/${u.id}/stats`),
    history: await get(`/api/users/${u.id}/history`),
    friends: await get(`/api/users/${u.id}/friends`),
    incoming: await get(`/api/users/${u.id}/friend-requests`),
    sent: await get(`/api/users/${u.id}/sent-requests`),
    privacy: await get(`/api/users/${u.id}/privacy`),
    results: await get(`/api/questions/${q1}/results?userId=${u.id}`),
    comments: await get(`/api/questions/${q1}/comments`),
    suggestions: await get('/api/question-suggestions'),
  };
}
