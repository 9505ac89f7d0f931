import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './open-data-csv.js';
import { createQuestionAs, expectCleanError, PASSWORD, resolveBody, signInAdmin, startGatewayForTest, startServicesForTest, uname, until, type Browser } from './helpers.js';

/**
 * The monthly bulk file of resolved questions (/api/public/v1/bulk/{YYYY-MM}.csv): the resolved questions of the
 * month in data.csv's columns, the product's totals, rebuilt at once when a question is deleted.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
let resolved: string;
let open: string;
const month = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 7);

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0' });
  admin = await signInAdmin(gw);
  resolved = await createQuestionAs(admin, `Will the bulk file hold ${randomUUID().slice(0, 6)}`);
  open = await createQuestionAs(admin, `Still open ${randomUUID().slice(0, 6)}`);
  await system.projected(resolved);
  await system.projected(open);
  const voter = gw.browser();
  expect((await voter.post('/api/auth/signup', { username: uname('bulk'), password: PASSWORD, name: 'Bulk Voter', consent: true })).status).toBe(201);
  for (const id of [resolved, open]) expect((await voter.post('/api/answers', { questionId: id, optionId: 'yes' })).status).toBe(201);
  expect((await admin.put(`/api/admin/questions/${resolved}/resolve`, resolveBody('yes'))).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('GET /api/public/v1/bulk/{month}.csv', () => {
  it("this month's resolved questions with the product's totals; no open question; gone once deleted", async () => {
    const res = await gw.browser().get(`/api/public/v1/bulk/${month}.csv`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="mzansi-predicts-resolved-${month}.csv"`);
    const rows = parseCsv(res.text);
    expect(new Set(rows.map((r) => r.question_id))).toEqual(new Set([resolved]));
    const shown = (await gw.browser().get(`/api/questions/${resolved}/public-results`)).json;
    const national = rows.filter((r) => r.scope === 'national');
    expect(national.map((r) => [r.option_id, Number(r.votes), Number(r.total_votes)])).toEqual(shown.results.map((r: { optionId: string; votes: number }) => [r.optionId, r.votes, shown.totalVotes]));

    expect((await admin.req('DELETE', `/api/admin/questions/${resolved}`)).status).toBe(200);
    await until(async () => {
      const again = parseCsv((await gw.browser().get(`/api/public/v1/bulk/${month}.csv`)).text);
      return again.length === 0 ? true : undefined;
    }, 10_000);
  });

  it('400 for a month that is not one, 404 before the product or after this month', async () => {
    expectCleanError(await gw.browser().get('/api/public/v1/bulk/2026-13.csv'), 400, 'month must be YYYY-MM');
    expectCleanError(await gw.browser().get('/api/public/v1/bulk/last.csv'), 400, 'month must be YYYY-MM');
    expectCleanError(await gw.browser().get('/api/public/v1/bulk/2023-12.csv'), 404, 'No data for that month');
    expectCleanError(await gw.browser().get('/api/public/v1/bulk/2099-01.csv'), 404, 'No data for that month');
  });
});
