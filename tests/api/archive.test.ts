// GET /api/questions/archive: the public archive, searchable and paged, over HTTP against the real services.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionAs, expectCleanError, signInAdmin, startGatewayForTest, startServicesForTest, type Browser } from './helpers.js';

let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
const tag = `arc${randomUUID().slice(0, 6)}`;
const published: string[] = [];
let draft: string;

const create = (text: string, publish: boolean) => createQuestionAs(admin, text, publish);

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, system.gatewayEnv);
  admin = await signInAdmin(gw);
  for (let i = 0; i < 3; i++) published.push(await create(`Will the ${tag} by-election turn out ${i}`, true));
  published.push(await create(`Will the ${tag} budget speech mention grants`, true));
  draft = await create(`Will the ${tag} by-election draft leak`, false);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('GET /api/questions/archive', () => {
  it('finds questions by words (prefixes, any case), latest first, page by page with nextCursor; never a draft', async () => {
    const anon = gw.browser();
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null && pages < 5) {
      const res = await anon.get(`/api/questions/archive?q=${encodeURIComponent(`${tag} BY-ELECT`)}&limit=2&cursor=${cursor}`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      for (const q of res.json.questions) {
        expect(q).toMatchObject({ isPublished: true, totalVotes: 0 });
        seen.push(q.id);
      }
      cursor = res.json.nextCursor;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(published.slice(0, 3).reverse());
    expect(seen).not.toContain(draft);

    const budget = await anon.get(`/api/questions/archive?q=${tag}+budg`);
    expect(budget.json.questions.map((q: { id: string }) => q.id)).toEqual([published[3]]);
    expect(budget.json.nextCursor).toBeNull();
    // Without words: the whole public archive, latest first.
    const all = await anon.get('/api/questions/archive?limit=1');
    expect(all.json.questions).toHaveLength(1);
    expect(all.json.nextCursor).toBe(all.json.questions[0].id);
    // Paging on from any question shown (the cursor is the last one's id); an unknown id is an empty page.
    const after = await anon.get(`/api/questions/archive?q=${tag}&cursor=${published[3]!.toUpperCase()}`);
    expect(after.json.questions.map((q: { id: string }) => q.id)).toEqual(published.slice(0, 3).reverse());
    expect((await anon.get(`/api/questions/archive?cursor=${randomUUID()}`)).json).toEqual({ questions: [], nextCursor: null });
  });

  it('refuses bad input with a clear 400', async () => {
    const anon = gw.browser();
    expectCleanError(await anon.get(`/api/questions/archive?q=${'x'.repeat(101)}`), 400, 'q: Search text is too long');
    expectCleanError(await anon.get('/api/questions/archive?cursor=bad%20cursor'), 400);
    expectCleanError(await anon.get(`/api/questions/archive?cursor=${randomUUID()}x`), 400);
    expectCleanError(await anon.get('/api/questions/archive?limit=0'), 400);
    expectCleanError(await anon.get('/api/questions/archive?limit=51'), 400);
    expectCleanError(await anon.get('/api/questions/archive?q=a&q=b'), 400);
  });
});
