import { describe, expect, it } from 'vitest';
import { EMBED_TOKEN_TTL_MS } from '@mzansi/api';
import { embedTokens } from '../src/embed-token.js';

const Q = '7d1c0a52-9a0e-4b8e-8d0e-1f2a3b4c5d6e';
const OTHER = '0b9f4c1e-2d3a-4e5f-8a6b-7c8d9e0f1a2b';

describe('embed reader tokens', () => {
  it('name the reader and the question, and expire after their time (the injected clock)', () => {
    let now = 1_800_000_000_000;
    const tokens = embedTokens('a session secret', () => now);
    const { token, expiresAt } = tokens.issue('user-1', Q.toUpperCase());
    expect(expiresAt.getTime()).toBe(now + EMBED_TOKEN_TTL_MS);
    expect(tokens.verify(token, Q)).toEqual({ userId: 'user-1', questionId: Q, expiresAt: now + EMBED_TOKEN_TTL_MS });
    now += EMBED_TOKEN_TTL_MS - 1;
    expect(tokens.verify(token, Q)?.userId).toBe('user-1');
    now += 1;
    expect(tokens.verify(token, Q)).toBeUndefined();
  });

  it('are good for their own question only, and for no other secret; altered or malformed ones are refused', () => {
    const tokens = embedTokens('a session secret');
    const { token } = tokens.issue('user-1', Q);
    expect(tokens.verify(token, OTHER)).toBeUndefined();
    expect(embedTokens('another secret').verify(token, Q)).toBeUndefined();
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ u: 'user-2', q: Q, e: Date.now() + 60_000 })).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature}x`, `${payload}.`, payload, `${token}.extra`, '', '..', 'e30.e30']) {
      expect(tokens.verify(bad, Q), bad).toBeUndefined();
    }
  });
});
