import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startGatewayForTest, startServicesForTest, uname, until, type Browser, resolveBody } from './helpers.js';
import { LiveClient, wsUrl, type LiveMessage } from './live-helpers.js';
import { answer, befriend, commentsOpen, newUser, type User } from './social-helpers.js';

/**
 * Blind questions (PRODUCT.md): for an open blind question nobody who has not answered it sees per-option
 * counts or percentages — not in today's list, the public archive, a topic's list, public-results, results, the
 * friends feed or the live channel (signed in or out) — only the number of predictions. After answering, the
 * reader's own reads carry everything; once it resolves, everyone's do. Questions not marked blind are unchanged.
 * The real services on one namespace; PUBLIC_CACHE_MS=0 so each read shows the current state.
 */
const PUBLIC_URL = 'http://localhost:5173';

let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let alice: User;
let bob: User;
let carol: User;
let anon: Browser;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, {
    ...system.gatewayEnv,
    EVENTS_NAMESPACE: system.ns,
    PUBLIC_URL,
    PUBLIC_CACHE_MS: '0',
    LIVE_RESULTS_INTERVAL_MS: '100',
  });
  adminB = await signInAdmin(gw);
  alice = await newUser(gw.browser(), uname('blind_alice'), adminB);
  bob = await newUser(gw.browser(), uname('blind_bob'), adminB);
  carol = await newUser(gw.browser(), uname('blind_carol'), adminB);
  // Carol's friends feed shows the questions Alice answered.
  await befriend(carol, alice);
  anon = gw.browser();
}, 60_000);

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function createAndPublish(isBlind: boolean | undefined) {
  const tag = `blind-${randomUUID().slice(0, 6)}`;
  const created = await adminB.post('/api/admin/questions', {
    text: `Will load-shedding return before winter ${randomUUID().slice(0, 6)}`,
    context: null,
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    tags: [tag],
    ...(isBlind !== undefined && { isBlind }),
  });
  expect(created.status, created.text).toBe(201);
  expect(created.json.isBlind).toBe(isBlind === true);
  const id = created.json.id as string;
  expect((await adminB.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
  await system.projected(id);
  await commentsOpen(system, id);
  return { id, tag };
}

/** Fails when any object under `value` has a per-option figure (count, votes or percentage). */
function expectNoFigures(value: unknown, where: string) {
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        expect(['count', 'votes', 'percentage'], `${where}: ${path}.${k}`).not.toContain(k);
        walk(x, `${path}.${k}`);
      }
    }
  };
  walk(value, '');
}

const figures = (results: { optionId: string; votes?: number; count?: number }[]) =>
  Object.fromEntries(results.map((r) => [r.optionId, r.votes ?? r.count]));

/** Every read a client can make about question `id` (signed out when `u` is undefined). */
async function reads(id: string, tag: string, u?: User) {
  const b = u?.b ?? anon;
  const find = (list: { id: string }[]) => list.find((q) => q.id === id);
  const [today, pub, byTag, publicResults] = await Promise.all([
    b.get('/api/questions/today'),
    b.get('/api/questions/public'),
    b.get(`/api/tags/${tag}/questions`),
    b.get(`/api/questions/${id}/public-results`),
  ]);
  for (const r of [today, pub, byTag, publicResults]) expect(r.status, r.text).toBe(200);
  const out: Record<string, any> = {
    today: find(today.json),
    public: find(pub.json),
    tag: find(byTag.json),
    publicResults: publicResults.json,
  };
  if (u) {
    const [results, feed] = await Promise.all([b.get(`/api/questions/${id}/results?userId=${u.id}`), b.get('/api/feed/friends')]);
    expect(results.status, results.text).toBe(200);
    expect(feed.status, feed.text).toBe(200);
    out.results = results.json;
    out.feed = find(feed.json.questions);
  }
  return out;
}

const isResults = (id: string) => (m: LiveMessage) => m.type === 'results-updated' && m.questionId === id;

async function live(cookie?: string) {
  const c = new LiveClient(wsUrl(gw.base), { origin: PUBLIC_URL, ...(cookie && { cookie }) });
  sockets.push(c);
  return c.open();
}

describe('a blind question', () => {
  it('shows only the number of predictions to everyone who has not answered, on every route and the live channel; all figures after answering and after it resolves', async () => {
    const { id, tag } = await createAndPublish(true);
    const carolSocket = await live(carol.b.cookieHeader);
    const anonSocket = await live();

    await answer(alice, id, 'yes');
    await answer(bob, id, 'yes');

    // The live channel: signed in (not answered) and signed out get only the total.
    for (const s of [carolSocket, anonSocket]) {
      const m = await s.next((x) => isResults(id)(x) && x.totalVotes === 2, 5_000);
      const { at: _at, ...body } = m;
      expect(body).toEqual({ type: 'results-updated', questionId: id, totalVotes: 2, blind: true });
    }

    // Every HTTP read, signed out and signed in without an answer.
    for (const who of [undefined, carol]) {
      const r = await until(async () => {
        const x = await reads(id, tag, who);
        return x.today?.totalVotes === 2 && (!who || x.feed) ? x : undefined;
      }, 10_000);
      const label = who ? 'signed in, not answered' : 'signed out';
      for (const [route, body] of Object.entries(r)) {
        expectNoFigures(body, `${label} ${route}`);
        expect(body.totalVotes, `${label} ${route}`).toBe(2);
      }
      for (const route of ['today', 'public', 'tag'])
        expect(r[route], route).toMatchObject({ isBlind: true, resultsHidden: true, results: [] });
      expect(r.publicResults).toEqual({ results: [], totalVotes: 2, isBlind: true, resultsHidden: true });
      if (who) {
        expect(r.results).toMatchObject({ results: [], totalVotes: 2, isBlind: true, resultsHidden: true, userAnswer: null });
        expect(r.feed).toMatchObject({ isBlind: true, resultsHidden: true, results: [], totalVotes: 2 });
      }
    }

    // Alice answered: her own reads carry the figures.
    const aliceResults = await alice.b.get(`/api/questions/${id}/results?userId=${alice.id}`);
    expect(aliceResults.json).toMatchObject({ totalVotes: 2, isBlind: true, resultsHidden: false, userAnswer: { optionId: 'yes' } });
    expect(figures(aliceResults.json.results)).toEqual({ yes: 2, no: 0 });
    expect(aliceResults.json.results.find((x: any) => x.optionId === 'yes').percentage).toBe(100);

    // Carol answers: now her results and her feed carry everything.
    await answer(carol, id, 'no');
    const after = await reads(id, tag, carol);
    expect(after.results).toMatchObject({ totalVotes: 3, resultsHidden: false, userAnswer: { optionId: 'no' } });
    expect(figures(after.results.results)).toEqual({ yes: 2, no: 1 });
    expect(after.results.results.map((x: any) => x.percentage)).toEqual([66.7, 33.3]);
    expect(after.feed).toMatchObject({ resultsHidden: false, totalVotes: 3 });
    expect(figures(after.feed.results)).toEqual({ yes: 2, no: 1 });
    // The shared public reads still do not (a signed-out visitor may be reading the same bytes).
    expectNoFigures(after.publicResults, 'public-results after Carol answered');
    // The live channel still carries only the total; Carol's client reads her figures through the API.
    const m = await carolSocket.next((x) => isResults(id)(x) && x.totalVotes === 3, 5_000);
    expect(m.results).toBeUndefined();
    // Nor does a vote's answer: the gateway holds no figures of an open blind question to send with it.
    const again = await carol.b.post('/api/answers', { userId: carol.id, questionId: id, optionId: 'no' });
    expect(again.status, again.text).toBe(200);
    expect(again.json.results).toBeNull();

    // Resolved: everything shows to everyone.
    expect((await adminB.put(`/api/admin/questions/${id}/resolve`, resolveBody('yes'))).status).toBe(200);
    await system.projected(id, (row) => row?.is_resolved === true);
    const resolved = await reads(id, tag);
    expect(resolved.publicResults).toMatchObject({ totalVotes: 3, isBlind: true, resultsHidden: false });
    expect(figures(resolved.publicResults.results)).toEqual({ yes: 2, no: 1 });
    expect(resolved.public).toMatchObject({ isBlind: true, resultsHidden: false, totalVotes: 3 });
    expect(figures(resolved.public.results)).toEqual({ yes: 2, no: 1 });
  }, 60_000);

  it('shows the admin its figures in the admin list', async () => {
    const { id } = await createAndPublish(true);
    await answer(bob, id, 'no');
    const list = await until(async () => {
      const res = await adminB.get('/api/admin/questions');
      const q = (res.json as any[]).find((x) => x.id === id);
      return q?.totalVotes === 1 ? q : undefined;
    });
    expect(list).toMatchObject({ isBlind: true, resultsHidden: false });
    expect(figures(list.results)).toEqual({ yes: 0, no: 1 });
  });
});

describe('a question not marked blind', () => {
  it('behaves as before: live percentages for everyone, signed out too, and on the live channel', async () => {
    const { id } = await createAndPublish(undefined);
    const anonSocket = await live();
    await answer(alice, id, 'yes');
    const m = await anonSocket.next((x) => isResults(id)(x) && x.totalVotes === 1, 5_000);
    expect(m.blind).toBeUndefined();
    expect(m.results).toEqual([
      { optionId: 'yes', optionText: 'Yes', votes: 1, percentage: 100 },
      { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
    ]);
    const pr = await anon.get(`/api/questions/${id}/public-results`);
    expect(pr.json).toEqual({
      results: [
        { optionId: 'yes', optionText: 'Yes', percentage: 100, votes: 1 },
        { optionId: 'no', optionText: 'No', percentage: 0, votes: 0 },
      ],
      totalVotes: 1,
    });
    const q = (await anon.get('/api/questions/public')).json.find((x: any) => x.id === id);
    expect(q).toMatchObject({ isBlind: false, resultsHidden: false, totalVotes: 1 });
    expect(figures(q.results)).toEqual({ yes: 1, no: 0 });
    const carolResults = await carol.b.get(`/api/questions/${id}/results?userId=${carol.id}`);
    expect(figures(carolResults.json.results)).toEqual({ yes: 1, no: 0 });
    expect(carolResults.json).not.toHaveProperty('isBlind');
  });
});
