import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { OPEN_DATA_LICENCE, openApiDocument } from '@mzansi/api';
import { parseCsv } from './open-data-csv.js';
import { expectCleanError, PASSWORD, resolveBody, signInAdmin, startGatewayForTest, startServicesForTest, uname, until, type Browser, type Res } from './helpers.js';

/**
 * The public read API (/api/public/v1): every answer checked against the contract (contract-setup.ts) and against the
 * OpenAPI document generated from it; filters and cursor paging; an open blind question's total only; CORS on these
 * routes alone and without credentials; ETag and 304.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
const tag = `pub-${randomUUID().slice(0, 6)}`;
const ids: Record<'open' | 'resolved' | 'blind' | 'draft', string> = { open: '', resolved: '', blind: '', draft: '' };

const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
// Formats (date-time) are the zod contract's to check (contract-setup.ts); here the document's shapes.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(doc, 'openapi');
const pointer = (path: string) => `openapi#/paths/${path.replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;

/** The body of a 200 against the OpenAPI document's schema for the route (not only the zod contract). */
function expectOpenApi(path: string, res: Res) {
  expect(res.status, res.text).toBe(200);
  const validate = ajv.getSchema(pointer(path)) ?? ajv.compile({ $ref: pointer(path) });
  expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
}

async function create(text: string, more: Record<string, unknown> = {}, publish = true) {
  const res = await adminB.post('/api/admin/questions', {
    text: `${text} ${randomUUID().slice(0, 6)}`,
    context: 'Some context',
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    tags: [tag],
    translations: { zu: { text: 'Ingabe kuzokwenzeka', context: '', options: { yes: 'Yebo', no: 'Cha' } } },
    ...more,
  });
  expect(res.status, res.text).toBe(201);
  const id = res.json.id as string;
  if (publish) {
    expect((await adminB.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
    await system.projected(id);
  }
  return id;
}

async function voter(): Promise<Browser> {
  const b = gw.browser();
  const res = await b.post('/api/auth/signup', { username: uname('pub'), password: PASSWORD, name: 'Public Voter', consent: true });
  expect(res.status, res.text).toBe(201);
  return b;
}

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0' });
  adminB = await signInAdmin(gw);
  ids.resolved = await create('Will the rand strengthen');
  ids.open = await create('Will Parliament pass the budget');
  ids.blind = await create('Will the by-election turn out high', { isBlind: true });
  ids.draft = await create('A draft nobody may read', {}, false);
  const [a, b] = [await voter(), await voter()];
  for (const id of [ids.resolved, ids.open, ids.blind]) {
    expect((await a.post('/api/answers', { questionId: id, optionId: 'yes' })).status).toBe(201);
    expect((await b.post('/api/answers', { questionId: id, optionId: 'no' })).status).toBe(201);
  }
  expect((await adminB.put(`/api/admin/questions/${ids.resolved}/resolve`, resolveBody('yes'))).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

const anon = () => gw.browser();

describe('GET /api/public/v1/questions', () => {
  it('lists published questions, latest first, valid against the OpenAPI document, filtered by tag and state', async () => {
    const all = await anon().get(`/api/public/v1/questions?tag=${tag}`);
    expectOpenApi('/api/public/v1/questions', all);
    expect(all.json.questions.map((q: { id: string }) => q.id)).toEqual([ids.blind, ids.open, ids.resolved]);
    expect(all.json.nextCursor).toBeNull();

    const resolved = await anon().get(`/api/public/v1/questions?tag=${tag}&status=resolved`);
    expect(resolved.json.questions).toHaveLength(1);
    expect(resolved.json.questions[0]).toMatchObject({ id: ids.resolved, status: 'resolved', correctOptionId: 'yes', totalVotes: 2, resultsHidden: false });
    expect(resolved.json.questions[0].resolution.source.url).toMatch(/^https:/);
    const open = await anon().get(`/api/public/v1/questions?tag=${tag}&status=open`);
    expect(open.json.questions.map((q: { id: string }) => q.id)).toEqual([ids.blind, ids.open]);
    expect((await anon().get(`/api/public/v1/questions?tag=${tag}&status=closed`)).json.questions).toEqual([]);
  });

  it('status=closed: a question past its close time and not resolved (the questions service\'s clock)', async () => {
    const closedTag = `${tag}-closing`;
    const closesAt = new Date(Date.now() + 4_000).toISOString();
    const id = await create('Will the count finish tonight', { closesAt, tags: [closedTag] });
    const listed = (status: string) => anon().get(`/api/public/v1/questions?tag=${closedTag}&status=${status}`);
    expect((await listed('open')).json.questions.map((q: { id: string }) => q.id)).toEqual([id]);
    const closed = await until(async () => {
      const res = await listed('closed');
      return res.json.questions.length ? res : undefined;
    }, 20_000);
    expectOpenApi('/api/public/v1/questions', closed);
    expect(closed.json.questions).toMatchObject([{ id, status: 'closed', closesAt, resolution: null, correctOptionId: null }]);
    expect((await listed('open')).json.questions).toEqual([]);
    expect((await listed('resolved')).json.questions).toEqual([]);
    expect((await anon().get(`/api/public/v1/questions/${id}`)).json).toMatchObject({ status: 'closed' });
  });

  it('filters by SAST publication date', async () => {
    const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);
    expect((await anon().get(`/api/public/v1/questions?tag=${tag}&date=${today}`)).json.questions).toHaveLength(3);
    expect((await anon().get(`/api/public/v1/questions?tag=${tag}&date=2024-03-01`)).json.questions).toEqual([]);
  });

  it('pages with a cursor: every question once, the last page without nextCursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let i = 0; i < 5 && cursor !== null; i++) {
      const res: Res = await anon().get(`/api/public/v1/questions?tag=${tag}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expectOpenApi('/api/public/v1/questions', res);
      seen.push(...res.json.questions.map((q: { id: string }) => q.id));
      cursor = res.json.nextCursor;
    }
    expect(seen).toEqual([ids.blind, ids.open, ids.resolved]);
  });

  it('gives the texts in the language asked for where translated, else English', async () => {
    const zu = await anon().get(`/api/public/v1/questions?tag=${tag}&lang=zu`);
    expect(zu.json.questions[0]).toMatchObject({ lang: 'zu', text: 'Ingabe kuzokwenzeka', context: 'Some context', options: [{ id: 'yes', text: 'Yebo' }, { id: 'no', text: 'Cha' }] });
    const af = await anon().get(`/api/public/v1/questions?tag=${tag}&lang=af`);
    expect(af.json.questions[0].lang).toBe('en');
  });

  it('refuses bad input with a clear 400', async () => {
    expectCleanError(await anon().get('/api/public/v1/questions?limit=101'), 400, 'limit must be at most 100');
    expectCleanError(await anon().get('/api/public/v1/questions?limit=0'), 400, 'limit must be at least 1');
    expectCleanError(await anon().get('/api/public/v1/questions?status=pending'), 400, 'status must be open, closed or resolved');
    expectCleanError(await anon().get('/api/public/v1/questions?date=yesterday'), 400, 'date must be a date (YYYY-MM-DD)');
    expectCleanError(await anon().get('/api/public/v1/questions?cursor=nope'), 400, 'cursor is not valid');
    expectCleanError(await anon().get('/api/public/v1/questions?lang=fr'), 400, 'lang must be one of en, zu, af, st');
    expectCleanError(await anon().get('/api/public/v1/questions?tag=a&tag=b'), 400);
  });
});

describe('GET /api/public/v1/questions/{id}', () => {
  it('a question with its results, provinces (none under the threshold) and history', async () => {
    const res = await anon().get(`/api/public/v1/questions/${ids.open}`);
    expectOpenApi('/api/public/v1/questions/{id}', res);
    expect(res.json).toMatchObject({ id: ids.open, status: 'open', totalVotes: 2, resultsHidden: false, url: `http://localhost:8080/q/${ids.open}` });
    expect(res.json.results).toEqual([
      { optionId: 'yes', votes: 1, percentage: 50 },
      { optionId: 'no', votes: 1, percentage: 50 },
    ]);
    expect(res.json.provinces).toHaveLength(9);
    for (const p of res.json.provinces) expect(p).toMatchObject({ shown: false, totalVotes: null, results: [] });
    expect(res.json.history.length).toBeGreaterThan(0);
    expect(res.json.history.at(-1).totalVotes).toBe(2);
  });

  it('an open blind question: its total only, nowhere a per-option figure', async () => {
    const res = await anon().get(`/api/public/v1/questions/${ids.blind}`);
    expectOpenApi('/api/public/v1/questions/{id}', res);
    expect(res.json).toMatchObject({ isBlind: true, resultsHidden: true, results: [], totalVotes: 2, provinces: null });
    for (const point of res.json.history) expect(point.results).toEqual([]);
    const listed = (await anon().get(`/api/public/v1/questions?tag=${tag}`)).json.questions.find((q: { id: string }) => q.id === ids.blind);
    expect(listed).toMatchObject({ resultsHidden: true, results: [], totalVotes: 2 });
  });

  it('404 for a draft and an unknown question, the same answer', async () => {
    expectCleanError(await anon().get(`/api/public/v1/questions/${ids.draft}`), 404, 'Question not found');
    expectCleanError(await anon().get(`/api/public/v1/questions/${randomUUID()}`), 404);
    expectCleanError(await anon().get('/api/public/v1/questions/not-an-id'), 404);
  });
});

describe('open data: data.json and data.csv', () => {
  it('the figures the product shows, as documented, with the licence and a citation', async () => {
    const shown = (await anon().get(`/api/questions/${ids.resolved}/public-results`)).json;
    const json = await anon().get(`/api/public/v1/questions/${ids.resolved}/data.json`);
    expectOpenApi('/api/public/v1/questions/{id}/data.json', json);
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="mzansi-predicts-${ids.resolved}.json"`);
    expect(json.json).toMatchObject({ licence: OPEN_DATA_LICENCE, licenceUrl: 'https://creativecommons.org/licenses/by/4.0/' });
    expect(json.json.citation).toContain(`Mzansi Predicts, “${json.json.question.text}”, http://localhost:8080/q/${ids.resolved}`);
    expect(json.json.question.totalVotes).toBe(shown.totalVotes);
    expect(json.json.question.results.map((r: { votes: number }) => r.votes)).toEqual(shown.results.map((r: { votes: number }) => r.votes));
    expect(json.json.question.provinces).toEqual([]);

    const csv = await anon().get(`/api/public/v1/questions/${ids.resolved}/data.csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('access-control-allow-origin')).toBe('*');
    const rows = parseCsv(csv.text);
    const national = rows.filter((r) => r.scope === 'national');
    expect(national.map((r) => [r.option_id, r.option_text, Number(r.votes), Number(r.percentage), Number(r.total_votes)])).toEqual(
      shown.results.map((r: { optionId: string; optionText: string; votes: number; percentage: number }) => [r.optionId, r.optionText, r.votes, r.percentage, shown.totalVotes]),
    );
    expect(rows.filter((r) => r.scope === 'province')).toEqual([]);
    const history = rows.filter((r) => r.scope === 'history');
    expect(history.length).toBeGreaterThan(0);
    expect(Number(history.at(-1)!.total_votes)).toBe(shown.totalVotes);
    for (const r of rows) expect(r.question_id).toBe(ids.resolved);
  });

  it('an open blind question: totals only, in both; 404 for a draft; 304 on the ETag', async () => {
    const json = (await anon().get(`/api/public/v1/questions/${ids.blind}/data.json`)).json;
    expect(json.question).toMatchObject({ resultsHidden: true, results: [], provinces: null, totalVotes: 2 });
    const csv = await anon().get(`/api/public/v1/questions/${ids.blind}/data.csv`);
    for (const r of parseCsv(csv.text)) expect([r.option_id, r.option_text, r.votes, r.percentage]).toEqual(['', '', '', '']);
    expectCleanError(await anon().get(`/api/public/v1/questions/${ids.draft}/data.csv`), 404);
    expectCleanError(await anon().get(`/api/public/v1/questions/${ids.draft}/data.json`), 404);
    const again = await anon().get(`/api/public/v1/questions/${ids.blind}/data.csv`, { headers: { 'If-None-Match': csv.headers.get('etag')!, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });
});

describe('HTTP behaviour', () => {
  it('CORS for any origin without credentials, on these routes only', async () => {
    const res = await anon().get(`/api/public/v1/questions/${ids.open}`, { headers: { Origin: 'https://news.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag.*RateLimit/);
    const preflight = await fetch(`${gw.base}/api/public/v1/questions`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://news.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of ['/api/questions/today', `/api/questions/${ids.open}/public-results`, '/api/auth/me', '/api/openapi.json']) {
      const other = await fetch(gw.base + path, { headers: { Origin: 'https://news.example' } });
      expect(other.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('an ETag on every answer, a 304 for a client that has it', async () => {
    for (const path of [`/api/public/v1/questions/${ids.open}`, `/api/public/v1/questions?tag=${tag}`]) {
      const first = await anon().get(path);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"/);
      // As a browser's own revalidation (fetch adds Cache-Control: no-cache to a hand-set If-None-Match).
      const again = await anon().get(path, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
    }
  });

  it('announces the per-address budget on every answer', async () => {
    const res = await anon().get(`/api/public/v1/questions/${ids.open}`);
    expect(res.headers.get('ratelimit-policy')).toBe('"per-address";q=600;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"per-address";r=\d+;t=\d+$/);
    expect((await anon().get('/api/questions/today')).headers.get('ratelimit')).toBeNull();
  });
});
