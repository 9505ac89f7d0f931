import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { signInCast, startGatewayForTest, startServicesForTest, type Browser, type Res } from './helpers.js';

/**
 * Research (tags, officials, media predictions), question suggestions and admin analytics end to end: gateway →
 * the real identity, questions, voting and social services (in-process, own databases, one events namespace) →
 * Redis sessions. No public cache, so every read sees the latest writes.
 */
export let system: Awaited<ReturnType<typeof startServicesForTest>>;

export let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
export let adminB: Browser;
export let aliceB: Browser;
export let bobB: Browser;
export let anonB: Browser;
export let alice: { id: string; username: string; name?: unknown };
export let bob: { id: string; username: string };
export const del = (b: Browser, path: string) => b.req('DELETE', path);

export const ok = (res: Res, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.json;
};

export async function publishedQuestion(tags: string[]) {
  const created = await adminB.post('/api/admin/questions', {
    text: `Will the dam levels rise this month ${randomUUID().slice(0, 6)}?`,
    context: null,
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    tags,
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  ok(await adminB.post(`/api/admin/questions/${id}/publish`));
  return id;
}

export const officialBody = (o: Record<string, unknown> = {}) => ({
  name: 'Office of the Minister of Water and Sanitation',
  title: 'Minister of Water and Sanitation',
  bio: 'Bulk water supply and water boards.',
  avatar: 'WS',
  tags: ['water'],
  ...o,
});

export const predictionBody = (p: Record<string, unknown> = {}) => ({
  statement: 'Gauteng metros will face more water outages',
  prediction: 'Likely, given ageing pipes',
  confidence: 80,
  sourceTitle: 'News24 — water security report',
  sourceDate: '2026-03-05',
  sourceUrl: 'https://www.news24.com/',
  tags: ['water'],
  ...p,
});

/** Starts what the tests need before them and stops it after them; call it at the top of a test file. */
export function useResearchStack(): void {
  beforeAll(async () => {
    system = await startServicesForTest();
    gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '0' });
    ({ adminB, aliceB, alice, bobB, bob, anonB } = await signInCast(gw));
  });

  afterAll(async () => {
    await gw?.stop().catch(() => undefined);
    await system?.cleanup();
  });
}
