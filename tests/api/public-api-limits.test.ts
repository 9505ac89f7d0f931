import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { parseCsv } from './open-data-csv.js';
import { expectCleanError, PASSWORD, signInAdmin, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';

/**
 * The public read API's per-address budget (RateLimit-Policy / RateLimit, 429 past it) and the small-cell rule on its
 * province breakdown: a province below 30 answers shows no number, nor one whose showing would leave a residual
 * (national minus the provinces shown) between 1 and 29.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0', PUBLIC_API_PER_MIN: '1000' });
  adminB = await signInAdmin(gw);
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

async function publishedQuestion(): Promise<string> {
  const res = await adminB.post('/api/admin/questions', {
    text: `Will the ANC hold Gauteng ${randomUUID().slice(0, 6)}`,
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
  });
  const id = res.json.id as string;
  expect((await adminB.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
  await system.projected(id);
  return id;
}

/** A signed-up voter with a province (or none), once voting has learnt it from identity's events. */
async function voters(n: number, province: string): Promise<Browser[]> {
  const out: { b: Browser; id: string }[] = [];
  // A few at a time: each signup is an argon2 hash.
  while (out.length < n) {
    const batch = Array.from({ length: Math.min(5, n - out.length) }, async () => {
      const b = gw.browser();
      const res = await b.post('/api/auth/signup', { username: uname('cell'), password: PASSWORD, name: 'Cell Voter', consent: true, province });
      expect(res.status, res.text).toBe(201);
      return { b, id: res.json.id as string };
    });
    out.push(...(await Promise.all(batch)));
  }
  await eventually(async () => {
    const rows = await system.votingSql<{ n: number }>('SELECT count(*)::int AS n FROM user_province WHERE user_id = ANY($1::uuid[])', [out.map((u) => u.id)]);
    return rows[0]!.n === n;
  }, 20_000);
  return out.map((u) => u.b);
}

async function answerAll(id: string, who: Browser[]) {
  await Promise.all(who.map(async (b, i) => expect((await b.post('/api/answers', { questionId: id, optionId: i < 20 ? 'yes' : 'no' })).status).toBe(201)));
}

/** Every number in a value, with where it is. */
function numbersIn(value: unknown, at = ''): [string, number][] {
  if (typeof value === 'number') return [[at, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${at}.${k}`));
}

describe('the small-cell rule in the public API', () => {
  it('30 from Gauteng show; one more answer from Limpopo hides Gauteng again (residual 1)', async () => {
    const gauteng = await voters(30, 'GP');
    const [limpopo] = await voters(1, 'LP');
    const shown = await publishedQuestion();
    await answerAll(shown, gauteng);
    let body = (await gw.browser().get(`/api/public/v1/questions/${shown}`)).json;
    const gp = body.provinces.find((p: { code: string }) => p.code === 'GP');
    expect(gp).toMatchObject({ shown: true, totalVotes: 30 });
    expect(gp.results.map((r: { votes: number }) => r.votes)).toEqual([20, 10]);
    expect(gp.results.reduce((n: number, r: { votes: number }) => n + r.votes, 0)).toBe(body.totalVotes);
    for (const p of body.provinces.filter((x: { code: string }) => x.code !== 'GP')) expect(p, p.code).toMatchObject({ shown: false, totalVotes: null, results: [] });
    // The downloads: Gauteng alone, its figures as the API shows them.
    const csvRows = parseCsv((await gw.browser().get(`/api/public/v1/questions/${shown}/data.csv`)).text).filter((r) => r.scope === 'province');
    expect(csvRows.map((r) => [r.province, r.option_id, Number(r.votes), Number(r.total_votes)])).toEqual([
      ['GP', 'yes', 20, 30],
      ['GP', 'no', 10, 30],
    ]);
    expect((await gw.browser().get(`/api/public/v1/questions/${shown}/data.json`)).json.question.provinces).toEqual([gp]);

    const hidden = await publishedQuestion();
    await answerAll(hidden, [...gauteng, limpopo!]);
    body = (await gw.browser().get(`/api/public/v1/questions/${hidden}`)).json;
    // 31 answers, Gauteng 30: showing Gauteng would single out Limpopo's one answer as the residual.
    expect(body.totalVotes).toBe(31);
    for (const p of body.provinces) expect(p, p.code).toMatchObject({ shown: false, totalVotes: null, results: [] });
    expect(numbersIn(body.provinces)).toEqual([]);
    expect(parseCsv((await gw.browser().get(`/api/public/v1/questions/${hidden}/data.csv`)).text).filter((r) => r.scope === 'province')).toEqual([]);
    expect((await gw.browser().get(`/api/public/v1/questions/${hidden}/data.json`)).json.question.provinces).toEqual([]);
  }, 120_000);
});

describe('the per-address budget', () => {
  it('announces the policy and what is left; 429 with Retry-After past it, for these routes only', async () => {
    const limited = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_API_PER_MIN: '3' });
    try {
      const b = limited.browser();
      const left: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await b.get('/api/public/v1/questions?limit=1');
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('ratelimit-policy')).toBe('"per-address";q=3;w=60');
        left.push(res.headers.get('ratelimit')!.replace(/;t=\d+$/, ''));
      }
      expect(left).toEqual(['"per-address";r=2', '"per-address";r=1', '"per-address";r=0']);
      const refused = await b.get(`/api/public/v1/questions/${randomUUID()}`);
      expectCleanError(refused, 429, /^Too many requests to the public API/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit')).toMatch(/^"per-address";r=0;t=\d+$/);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      // A preflight costs nothing and is still answered; the app's own reads are not counted.
      expect((await fetch(`${limited.base}/api/public/v1/questions`, { method: 'OPTIONS' })).status).toBe(204);
      expect((await b.get('/api/questions/today')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
