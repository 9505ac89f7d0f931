// The embed's reader token: what the first-party answer popup hands a cross-site frame (which never gets the
// session cookie), so that the frame can show that reader's answer and the results of one question, for a few
// minutes. Signed with a key derived from the session secret; it names the reader and the question and nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMBED_TOKEN_TTL_MS } from '@mzansi/api';

export interface EmbedClaims {
  userId: string;
  questionId: string;
  /** ms since epoch. */
  expiresAt: number;
}

export interface EmbedTokens {
  issue(userId: string, questionId: string): { token: string; expiresAt: Date };
  /** The claims of a valid, unexpired token for that question; undefined for anything else. */
  verify(token: string, questionId: string): EmbedClaims | undefined;
}

export function embedTokens(sessionSecret: string, now: () => number = Date.now): EmbedTokens {
  const key = createHmac('sha256', sessionSecret).update('embed-reader-token').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(userId, questionId) {
      const expiresAt = now() + EMBED_TOKEN_TTL_MS;
      const payload = Buffer.from(JSON.stringify({ u: userId, q: questionId.toLowerCase(), e: expiresAt })).toString('base64url');
      return { token: `${payload}.${sign(payload)}`, expiresAt: new Date(expiresAt) };
    },
    verify(token, questionId) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      const { u, q, e } = (claims ?? {}) as { u?: unknown; q?: unknown; e?: unknown };
      if (typeof u !== 'string' || typeof q !== 'string' || typeof e !== 'number') return undefined;
      if (q !== questionId.toLowerCase() || e <= now()) return undefined;
      return { userId: u, questionId: q, expiresAt: e };
    },
  };
}
