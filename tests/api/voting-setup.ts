import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, type PromiseClient } from '@mzansi/kit';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { postQuestion, publishQuestionAs, signInCast, startGatewayForTest, startServicesForTest, type Browser } from './helpers.js';

/**
 * The stack of the answers and results tests (voting.test.ts, voting-standings.test.ts): gateway (PUBLIC_CACHE_MS=1000) →
 * the real identity, questions, voting and social services (in-process, own databases, one events namespace) → Redis
 * sessions. PRODUCT.md: every userId in a path, query or body must be the signed-in user's own (403 otherwise); one
 * answer per user per question; identical resubmit 200, different option 409.
 */

export let system: Awaited<ReturnType<typeof startServicesForTest>>;
export let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
export let voting: PromiseClient<VotingServiceClient>;
export let adminB: Browser;
export let aliceB: Browser;
export let bobB: Browser;
export let anonB: Browser;
export let alice: { id: string; username: string };
export let bob: { id: string; username: string };

/** A published question (through the admin routes), once voting's projection knows it. */
export async function publishedQuestion() {
  const created = await postQuestion(adminB, {
    text: `Will Orlando Pirates win the cup ${randomUUID().slice(0, 6)}?`,
    context: 'The final is on Saturday.',
    tags: ['football'],
  });
  const id = created.json.id as string;
  await publishQuestionAs(adminB, id);
  await system.projected(id);
  return id;
}

export const answersInDb = async (questionId: string) =>
  system.votingSql<{ user_id: string; option_id: string }>('SELECT user_id, option_id FROM answers WHERE question_id = $1 ORDER BY user_id', [
    questionId,
  ]);

/** Starts what the tests need before them and stops it after them; call it at the top of a test file. */
export function useVotingStack(): void {
  beforeAll(async () => {
    system = await startServicesForTest();
    gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, PUBLIC_CACHE_MS: '1000' });
    voting = createPromiseClient(VotingServiceClient, system.gatewayEnv.VOTING_GRPC_ADDR!, { internalKeys: DEV_INTERNAL_KEYS });
    ({ adminB, aliceB, alice, bobB, bob, anonB } = await signInCast(gw));
  });

  afterAll(async () => {
    voting?.close();
    await gw?.stop().catch(() => undefined);
    await system?.cleanup();
  });
}
