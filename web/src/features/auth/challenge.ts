import { errorStatus } from '../../lib/api';

/**
 * True when the gateway answered 429 `{"message", "challengeRequired": true}`: too many attempts for this username
 * (or signups from this network), so the next try must carry a solved ALTCHA proof-of-work (`altcha` in the body).
 */
export function isChallengeRequired(error: unknown): boolean {
  if (errorStatus(error) !== 429 || !(error instanceof Error)) return false;
  try {
    const body: unknown = JSON.parse(error.message.slice(error.message.indexOf(':') + 1));
    return !!body && typeof body === 'object' && (body as { challengeRequired?: unknown }).challengeRequired === true;
  } catch {
    return false;
  }
}

/** Where the widget fetches its challenges (same origin: the gateway). */
export const CHALLENGE_URL = '/api/auth/challenge';
