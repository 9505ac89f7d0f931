// Solving the gateway's ALTCHA challenges as the widget does (altcha-lib's solver, PBKDF2 in Node).
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { keySignatureSecret } from '../src/challenge.js';

/** The development ALTCHA_HMAC_KEY (the test gateways run with it). */
export const DEV_ALTCHA_HMAC_KEY = 'dev-altcha-hmac-key-not-for-production';

/** The widget's payload for a solved challenge: base64 JSON of the challenge and its solution. */
export function payloadOf(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** Fetches a challenge from `GET /api/auth/challenge`, solves it and returns the payload and how long solving took. */
export async function solvedChallenge(base: string): Promise<{ payload: string; challenge: Challenge; solveMs: number }> {
  const res = await fetch(`${base}/api/auth/challenge`);
  if (res.status !== 200) throw new Error(`challenge: ${res.status} ${await res.text()}`);
  const challenge = (await res.json()) as Challenge;
  const start = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { payload: payloadOf(challenge, solution), challenge, solveMs: performance.now() - start };
}

/** A challenge signed with the development key that expired a minute ago, solved. */
export async function expiredPayload(): Promise<string> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1_000,
    counter: 10,
    deriveKey,
    expiresAt: new Date(Date.now() - 60_000),
    hmacSignatureSecret: DEV_ALTCHA_HMAC_KEY,
    hmacKeySignatureSecret: keySignatureSecret(DEV_ALTCHA_HMAC_KEY),
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  return payloadOf(challenge, solution!);
}
