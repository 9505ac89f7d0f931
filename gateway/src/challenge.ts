import { createHmac } from 'node:crypto';
import { MAX_CHALLENGE_PAYLOAD } from '@mzansi/api';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from './config.js';
import type { RedisClient } from './redis.js';

/**
 * ALTCHA proof-of-work challenges, issued and checked here (self-hosted: no third party, nothing about the user is
 * collected). Deterministic mode: the gateway picks the answer (a counter) and signs the key it derives, so a
 * challenge costs one PBKDF2 run to issue and one HMAC to check, while the solver must try every counter up to it.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per try: with ALTCHA_COUNTER_MAX it sets the work (the widget's workers use WebCrypto). */
const COST = 1_000;
/** A payload is base64 JSON of a few hundred bytes; anything much bigger is not ours. */
export const MAX_PAYLOAD_LENGTH = MAX_CHALLENGE_PAYLOAD;

export type ChallengeOutcome = 'passed' | 'invalid' | 'expired' | 'used';

/** The secret for the derived-key signatures, derived from ALTCHA_HMAC_KEY so only one secret is configured. */
export const keySignatureSecret = (hmacKey: string) => createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');

export function createChallenges(config: Config, redis: RedisClient) {
  const hmacSignatureSecret = config.ALTCHA_HMAC_KEY;
  const hmacKeySignatureSecret = keySignatureSecret(config.ALTCHA_HMAC_KEY);
  const max = config.ALTCHA_COUNTER_MAX;
  const usedKey = (nonce: string) => `${config.REDIS_PREFIX}altcha:used:${nonce}`;

  return {
    /** A fresh signed challenge that expires after ALTCHA_EXPIRES_S. */
    create(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        // The upper half of the range, so no challenge is trivially easy.
        counter: randomInt(max, Math.ceil(max / 2)),
        deriveKey,
        expiresAt: new Date(Date.now() + config.ALTCHA_EXPIRES_S * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /**
     * Checks a widget payload (base64 JSON of the challenge and its solution) and uses it up: a solved challenge
     * opens one door once. The nonce is recorded only after the signature and solution check out, so forged
     * payloads cannot fill Redis.
     */
    async redeem(payload: string): Promise<ChallengeOutcome> {
      const parsed = parsePayload(payload);
      if (!parsed) return 'invalid';
      let result;
      try {
        result = await verifySolution({ challenge: parsed.challenge, solution: parsed.solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        return 'invalid';
      }
      if (result.expired) return 'expired';
      if (!result.verified) return 'invalid';
      const { nonce, expiresAt } = parsed.challenge.parameters;
      if (typeof expiresAt !== 'number') return 'invalid';
      const fresh = await redis.set(usedKey(nonce), '1', { condition: 'NX', expiration: { type: 'EXAT', value: Math.ceil(expiresAt) + 1 } });
      return fresh === 'OK' ? 'passed' : 'used';
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;

type Payload = { challenge: Challenge; solution: { counter: number; derivedKey: string } };

function parsePayload(payload: string): Payload | undefined {
  if (payload.length > MAX_PAYLOAD_LENGTH) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  const v = value as Partial<Payload> | null;
  const params = v?.challenge?.parameters as Partial<Challenge['parameters']> | undefined;
  // Only our own kind of challenge (the signature covers the rest).
  if (!params || params.algorithm !== ALGORITHM || typeof params.nonce !== 'string' || !/^[0-9a-f]{32}$/.test(params.nonce)) return undefined;
  if (typeof v?.challenge?.signature !== 'string' || typeof v.solution !== 'object' || v.solution === null) return undefined;
  return v as Payload;
}
