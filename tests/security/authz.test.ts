// IDOR matrix, admin routes (unknown fields and spoofed headers are in authz-payloads.test.ts).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_TOKEN_HEADER, ActorTokenSigner, DEV_INTERNAL_KEYS, grpc } from '@mzansi/kit';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { QuestionsServiceClient } from '@mzansi/proto/questions/v1/questions';
import { SocialServiceClient } from '@mzansi/proto/social/v1/social';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { expectCleanError, PASSWORD, type Res, resolveBody } from '../api/helpers.js';
import { createAuthzFixtures, ownerView as ownerViewOf, startAuthzSystem } from './authz-fixtures.js';
import { questionsAsStored, type SecUser, type System } from './system.js';

let sys: System;
let a: SecUser; // the victim
let b: SecUser; // the attacker (signed in, not an admin)
let c: SecUser; // asked `a` to be friends (pending)
let d: SecUser; // `a` asked them (pending)
let e: SecUser; // a stranger
let q1: string; // answered by a
let q2: string; // not answered by a
let requestCtoA: string;
let aComment: string;
let aSuggestion: string;

beforeAll(async () => {
  sys = await startAuthzSystem();
  ({ a, b, c, d, e, q1, q2, requestCtoA, aComment, aSuggestion } = await createAuthzFixtures(sys));
});

afterAll(async () => {
  await sys?.stop();
});

/** Everything `u` can see of their own account, read as `u`. */
const ownerView = (u: SecUser) => ownerViewOf(u, q1, q2);

describe('scenario 9: IDOR matrix', () => {
  it("every route taking a user id refuses another (non-admin) user's id with 403, and nothing changes", async () => {
    const before = await ownerView(a);
    expect(before.me.status).toBe(200);
    expect(before.answer1.status).toBe(200);
    expect(before.incoming.json).toHaveLength(1);
    expect(before.sent.json).toHaveLength(1);

    const attempts: [string, () => Promise<Res>][] = [
      ['PUT notifications', () => b.b.put(`/api/users/${a.id}/notifications`, { emailNotifications: false, browserNotifications: true })],
      ['PATCH user', () => b.b.patch(`/api/users/${a.id}`, { email: 'attacker@evil.example', phoneNumber: '+27 82 000 0000' })],
      ['GET answer', () => b.b.get(`/api/users/${a.id}/answers/${q1}`)],
      ['GET stats', () => b.b.get(`/api/users/${a.id}/stats`)],
      ['GET history', () => b.b.get(`/api/users/${a.id}/history`)],
      ['GET friends', () => b.b.get(`/api/users/${a.id}/friends`)],
      ['GET friend-requests', () => b.b.get(`/api/users/${a.id}/friend-requests`)],
      ['GET sent-requests', () => b.b.get(`/api/users/${a.id}/sent-requests`)],
      ['POST answers', () => b.b.post('/api/answers', { userId: a.id, questionId: q2, optionId: 'no' })],
      ['POST friendships (by id)', () => b.b.post('/api/friendships', { userId: a.id, friendId: e.id })],
      ['POST friendships (by username)', () => b.b.post('/api/friendships', { userId: a.id, friendUsername: e.username })],
      ['PUT accept (a as userId)', () => b.b.put(`/api/friend-requests/${requestCtoA}/accept`, { userId: a.id })],
      ['PUT reject (a as userId)', () => b.b.put(`/api/friend-requests/${requestCtoA}/reject`, { userId: a.id })],
      ['PUT accept (own userId, not the receiver)', () => b.b.put(`/api/friend-requests/${requestCtoA}/accept`, { userId: b.id })],
      ['PUT reject (no userId, not the receiver)', () => b.b.put(`/api/friend-requests/${requestCtoA}/reject`, {})],
      ['PUT accept (requester, not the receiver)', () => c.b.put(`/api/friend-requests/${requestCtoA}/accept`, { userId: c.id })],
      ['GET results?userId', () => b.b.get(`/api/questions/${q1}/results?userId=${a.id}`)],
      ['GET friend-answers?userId', () => b.b.get(`/api/questions/${q1}/friend-answers?userId=${a.id}`)],
      ["DELETE someone else's comment", () => b.b.req('DELETE', `/api/comments/${aComment}`)],
      ["DELETE someone else's suggestion", () => b.b.req('DELETE', `/api/question-suggestions/${aSuggestion}`)],
      // Download someone's data, delete someone's account (even knowing their password).
      ['GET export', () => b.b.get(`/api/users/${a.id}/export`)],
      // Who sees my answers: read or change someone else's setting.
      ['GET privacy', () => b.b.get(`/api/users/${a.id}/privacy`)],
      ['PUT privacy', () => b.b.put(`/api/users/${a.id}/privacy`, { answerVisibility: 'friends', hideUntilResolved: false })],
      ["DELETE someone else's account", () => b.b.req('DELETE', `/api/users/${a.id}`, { json: { password: PASSWORD } })],
    ];
    const statuses: Record<string, number> = {};
    for (const [name, attempt] of attempts) {
      const res = await attempt();
      statuses[name] = res.status;
      try {
        expectCleanError(res, 403);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    expect(Object.values(statuses).every((s) => s === 403)).toBe(true);

    const after = await ownerView(a);
    expect(after).toEqual(before);
    // The attacker got nothing either: no friendship with the stranger, no answers of their own.
    expect((await b.b.get(`/api/users/${b.id}/sent-requests`)).json).toEqual([]);
    expect((await b.b.get(`/api/users/${b.id}/answers/${q2}`)).status).toBe(404);
    expect((await e.b.get(`/api/users/${e.id}/friend-requests`)).json).toEqual([]);
  });

  it('positive control: the owner may do each of these (so the 403s are about ownership, not the input)', async () => {
    expect((await a.b.get(`/api/questions/${q1}/friend-answers?userId=${a.id}`)).status).toBe(200);
    const n = await a.b.put(`/api/users/${a.id}/notifications`, { emailNotifications: false });
    expect(n.status, n.text).toBe(200);
    expect(n.json.emailNotifications).toBe(false);
    // Admins may read (stats, history, friends, friend requests, answers) but not write for someone else.
    expect((await sys.admin.get(`/api/users/${a.id}/stats`)).status).toBe(200);
    expect((await sys.admin.get(`/api/users/${a.id}/history`)).status).toBe(200);
    expect((await sys.admin.get(`/api/users/${a.id}/friends`)).status).toBe(200);
    expect((await sys.admin.get(`/api/users/${a.id}/friend-requests`)).json.map((r: { id: string }) => r.id)).toEqual([requestCtoA]);
    expect((await sys.admin.get(`/api/users/${a.id}/sent-requests`)).json.map((r: { receiver: { id: string } }) => r.receiver.id)).toEqual([d.id]);
    expect((await sys.admin.get(`/api/users/${a.id}/answers/${q1}`)).status).toBe(200);
    expectCleanError(await sys.admin.patch(`/api/users/${a.id}`, { email: 'admin-wrote@evil.example' }), 403);
    expectCleanError(await sys.admin.post('/api/answers', { userId: a.id, questionId: q2, optionId: 'no' }), 403);
    expect((await a.b.get('/api/auth/me')).json.email).toBeNull();
  });

  it('a direct gRPC call with a forged, expired, misaddressed or tampered actor token is treated as no actor (UNAUTHENTICATED)', async () => {
    const creds = grpc.credentials.createInsecure();
    const env = sys.services.gatewayEnv;
    const identity = new IdentityServiceClient(sys.services.identityAddress, creds);
    const voting = new VotingServiceClient(env.VOTING_GRPC_ADDR!, creds);
    const social = new SocialServiceClient(env.SOCIAL_GRPC_ADDR!, creds);
    const questions = new QuestionsServiceClient(env.QUESTIONS_GRPC_ADDR!, creds);
    const md = (pairs: Record<string, string>) => {
      const m = new grpc.Metadata();
      for (const [k, v] of Object.entries(pairs)) m.set(k, v);
      return m;
    };
    // The system runs on the development keys, which the attacker is assumed to know only where a forgery says so.
    const victimAdmin = { id: a.id, isAdmin: true };
    const tokenFor = (audience: string, opts: { keys?: typeof DEV_INTERNAL_KEYS; clock?: () => Date; actor?: { id: string; isAdmin: boolean } } = {}) =>
      new ActorTokenSigner(opts.keys ?? DEV_INTERNAL_KEYS, audience, opts.clock).token(opts.actor ?? victimAdmin);
    const asToken = async (t: string | Promise<string>) => md({ [ACTOR_TOKEN_HEADER]: await t });
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    /** A genuine token of `b` (not an admin) for `audience`, its payload rewritten to `a` as an admin: signature kept. */
    const tampered = async (audience: string) => {
      const [header, payload, sig] = (await tokenFor(audience, { actor: { id: b.id, isAdmin: false } })).split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      return `${header}.${b64({ ...claims, sub: a.id, isAdmin: true })}.${sig}`;
    };
    const now = Math.floor(Date.now() / 1000);
    const legacyValue = `${a.id}|1`;
    const legacySig = createHmac('sha256', 'dev-internal-auth-secret-not-for-production').update(legacyValue).digest('base64url');
    /** Each forgery, made for the service it is sent to. */
    const forgeries: Record<string, (audience: string) => Promise<grpc.Metadata>> = {
      expired: (aud) => asToken(tokenFor(aud, { clock: () => new Date(Date.now() - 61_000) })),
      'wrong audience': (aud) => asToken(tokenFor(aud === 'identity' ? 'voting' : 'identity')),
      'unknown key id': (aud) => asToken(tokenFor(aud, { keys: [{ kid: 'k-unknown', secret: DEV_INTERNAL_KEYS[0]!.secret }] })),
      'wrong secret': (aud) => asToken(tokenFor(aud, { keys: [{ kid: DEV_INTERNAL_KEYS[0]!.kid, secret: 'not-the-internal-secret-at-all-0123456789' }] })),
      tampered: (aud) => asToken(tampered(aud)),
      'alg none': async (aud) =>
        md({ [ACTOR_TOKEN_HEADER]: `${b64({ alg: 'none', typ: 'mzansi-actor+jwt', kid: 'dev' })}.${b64({ sub: a.id, isAdmin: true, aud, iat: now, exp: now + 60 })}.` }),
      'garbage token': async () => md({ [ACTOR_TOKEN_HEADER]: 'not.a.token' }),
      'old HMAC headers': async () => md({ 'x-actor': legacyValue, 'x-actor-sig': legacySig }),
      'x-user-id only': async () => md({ 'x-user-id': a.id, 'x-is-admin': 'true' }),
    };
    expect(Object.keys(forgeries)).toHaveLength(9);

    const call = <T>(fn: (m: grpc.Metadata, cb: (err: grpc.ServiceError | null, res: T) => void) => unknown, m: grpc.Metadata) =>
      new Promise<grpc.status>((resolve) => fn(m, (err) => resolve(err ? err.code : grpc.status.OK)));
    const before = await ownerView(a);
    try {
      // Controls: the same calls with genuine tokens are recognised (an admin lists users, a non-admin is refused).
      const listUsers = (m: grpc.Metadata) => call((mm, cb) => identity.listUsers({}, mm, cb), m);
      expect(await listUsers(await asToken(tokenFor('identity', { actor: { id: sys.adminId, isAdmin: true } })))).toBe(grpc.status.OK);
      expect(await listUsers(await asToken(tokenFor('identity', { actor: { id: b.id, isAdmin: false } })))).toBe(grpc.status.PERMISSION_DENIED);

      for (const [name, forge] of Object.entries(forgeries)) {
        // Batched votes carry each voter's token in the item: the same forgery there, the call's metadata as forged.
        const batched = await forge('voting');
        const item = { actorToken: String(batched.get(ACTOR_TOKEN_HEADER)[0] ?? ''), requestId: '', deadlineUnixMs: 0, answer: { questionId: q2, optionId: 'no' } };
        const codes = {
          listUsers: await listUsers(await forge('identity')),
          updateUser: await call((mm, cb) => identity.updateUser({ email: 'forged@evil.example' }, mm, cb), await forge('identity')),
          submitAnswer: await call((mm, cb) => voting.submitAnswer({ questionId: q2, optionId: 'no' }, mm, cb), await forge('voting')),
          submitAnswers: await new Promise<grpc.status>((resolve) =>
            voting.submitAnswers({ items: [item] }, batched, (err, res) => resolve(err ? err.code : (res.outcomes[0]?.code ?? grpc.status.OK))),
          ),
          sendFriendRequest: await call((mm, cb) => social.sendFriendRequest({ friendId: e.id, friendUsername: '' }, mm, cb), await forge('social')),
          createQuestion: await call(
            (mm, cb) =>
              questions.createQuestion(
                { text: 'Forged question', context: '', date: new Date(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }], tags: [], translations: {} },
                mm,
                cb,
              ),
            await forge('questions'),
          ),
        };
        expect(codes, name).toEqual({
          listUsers: grpc.status.UNAUTHENTICATED,
          updateUser: grpc.status.UNAUTHENTICATED,
          submitAnswer: grpc.status.UNAUTHENTICATED,
          submitAnswers: grpc.status.UNAUTHENTICATED,
          sendFriendRequest: grpc.status.UNAUTHENTICATED,
          createQuestion: grpc.status.UNAUTHENTICATED,
        });
      }
    } finally {
      identity.close();
      voting.close();
      social.close();
      questions.close();
    }
    expect(await ownerView(a)).toEqual(before);
    expect((await sys.admin.get('/api/admin/drafts')).json.filter((x: { text: string }) => x.text.startsWith('Forged'))).toEqual([]);
  });
});

describe('scenario 10: admin routes', () => {
  it('every admin route: 401 signed out, 403 for a non-admin, and nothing changes', async () => {
    const draft = await sys.admin.post('/api/admin/questions', {
      text: 'Admin-only draft question',
      context: null,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    expect(draft.status, draft.text).toBe(201);
    const draftId = draft.json.id as string;
    const official = await sys.admin.post('/api/admin/officials', { name: 'Thandi Modise', title: 'Speaker' });
    expect(official.status, official.text).toBe(201);
    const prediction = await sys.admin.post('/api/admin/predictions', {
      statement: 'Turnout above 60%',
      prediction: 'Yes',
      confidence: 70,
      sourceTitle: 'A paper',
      sourceDate: '2024-05-01',
      sourceUrl: 'https://news.example/x',
      tags: ['elections'],
    });
    expect(prediction.status, prediction.text).toBe(201);
    const sugg = await b.b.post('/api/question-suggestions', { title: 'Will load shedding return next winter?' });
    expect(sugg.status).toBe(201);

    const questionBody = {
      text: 'Sneaky question',
      context: null,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    };
    const officialBody = { name: 'Hacked Name', title: 'Hacked' };
    const predictionBody = { statement: 'Hacked', prediction: 'Hacked', confidence: 1, sourceTitle: 'x', sourceDate: '2024-01-01', sourceUrl: 'https://evil.example' };
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/questions'],
      ['GET', '/api/admin/drafts'],
      ['POST', '/api/admin/questions', questionBody],
      ['POST', `/api/admin/questions/${draftId}/publish`],
      ['PUT', `/api/admin/questions/${q2}/resolve`, resolveBody('yes')],
      ['PUT', `/api/admin/questions/${q2}/archive`],
      ['PUT', `/api/admin/questions/${q2}/translations`, { translations: { zu: { text: 'Hacked' } } }],
      ['PUT', `/api/admin/questions/${draftId}/schedule`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() }],
      ['DELETE', `/api/admin/questions/${draftId}/schedule`],
      ['PATCH', `/api/admin/questions/${q2}`, { resolutionCriteria: 'Hacked', closesAt: null }],
      ['DELETE', `/api/admin/questions/${q2}`],
      ['GET', '/api/users/search?q=_all'],
      ['PUT', `/api/question-suggestions/${aSuggestion}`, { status: 'approved', adminNotes: 'hacked' }],
      ['PUT', `/api/question-suggestions/${sugg.json.id}`, { status: 'used' }],
      ['POST', `/api/question-suggestions/${aSuggestion}/use`],
      ['DELETE', `/api/question-suggestions/${aSuggestion}`],
      ['POST', '/api/admin/officials', officialBody],
      ['PUT', `/api/admin/officials/${official.json.id}`, officialBody],
      ['DELETE', `/api/admin/officials/${official.json.id}`],
      ['POST', '/api/admin/predictions', predictionBody],
      ['PUT', `/api/admin/predictions/${prediction.json.id}`, predictionBody],
      ['DELETE', `/api/admin/predictions/${prediction.json.id}`],
      ['GET', '/api/admin/analytics'],
      ['GET', '/api/admin/analytics/day'],
      ['GET', '/api/admin/audit'],
    ];
    const snapshot = async () => ({
      all: questionsAsStored((await sys.admin.get('/api/admin/questions')).json),
      drafts: (await sys.admin.get('/api/admin/drafts')).json,
      officials: (await sys.admin.get('/api/officials')).json,
      predictions: (await sys.admin.get('/api/tags/elections/predictions')).json,
      suggestions: (await sys.admin.get('/api/question-suggestions')).json,
      users: (await sys.admin.get('/api/users/search?q=_all')).json,
    });
    const before = await snapshot();
    const anon = sys.browser();
    for (const [method, path, body] of routes) {
      const opts = body === undefined ? {} : { json: body };
      const out = await anon.req(method, path, opts);
      try {
        expectCleanError(out, 401);
      } catch (err) {
        throw new Error(`signed out ${method} ${path}: ${(err as Error).message}`);
      }
      const nonAdmin = await e.b.req(method, path, opts);
      try {
        expectCleanError(nonAdmin, 403);
      } catch (err) {
        throw new Error(`non-admin ${method} ${path}: ${(err as Error).message}`);
      }
    }
    expect(await snapshot()).toEqual(before);
    // Positive control: the admin may.
    expect((await sys.admin.get('/api/admin/analytics')).status).toBe(200);
  });
});
