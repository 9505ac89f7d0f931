import { ApiError } from '../../lib/api';

/**
 * True when the gateway answered 429 `{"message", "challengeRequired": true}`: too many attempts for this username
 * (or signups from this network), so the next try must carry a solved ALTCHA proof-of-work (`altcha` in the body).
 */
export function isChallengeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429 && error.challengeRequired;
}

/** Where the widget fetches its challenges (same origin: the gateway). */
export const CHALLENGE_URL = '/api/auth/challenge';
