import { afterAll, beforeAll, expect } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startGatewayForTest, startServicesForTest, type Browser, type Res } from './helpers.js';
import { newUser, questionsClient, type QuestionsClient, type System } from './social-helpers.js';

/**
 * The stack of the social tests (social.test.ts, social-comments.test.ts): gateway → the real identity,
 * questions, voting and social services (in-process, own databases, one events namespace) → Redis sessions. Users reach
 * social's directory only through identity's events. PRODUCT.md: friend requests need consent; comment rules; rate limits.
 */

export let system: System;
export let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
export let questions: QuestionsClient;
export let adminB: Browser;
export let anonB: Browser;
export let admin: { id: string };
export let seq = 0;

/** A new user, signed in in their own browser, once they are searchable. */
export const user = (stem: string) => newUser(gw.browser(), `${stem}_${++seq}`.slice(0, 30), adminB);

export const del = (b: Browser, path: string) => b.req('DELETE', path);
export const ids = (res: Res) => (res.json as { id: string }[]).map((x) => x.id);

/** Starts what the tests need before them and stops it after them; call it at the top of a test file. */
export function useSocialStack(): void {
  beforeAll(async () => {
    system = await startServicesForTest();
    gw = await startGatewayForTest(system.identityAddress, {
      ...system.gatewayEnv,
      EVENTS_NAMESPACE: system.ns,
      PUBLIC_CACHE_MS: '0',
      RATE_COMMENTS_PER_MIN: '10',
    });
    questions = questionsClient(system);
    adminB = gw.browser();
    const login = await adminB.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(login.status, login.text).toBe(200);
    expect(login.json.isAdmin).toBe(true);
    admin = login.json;
    anonB = gw.browser();
  });

  afterAll(async () => {
    questions?.close();
    await gw?.stop().catch(() => undefined);
    await system?.cleanup();
  });
}
