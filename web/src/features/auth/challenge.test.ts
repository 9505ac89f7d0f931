import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isChallengeRequired } from './challenge';

/** The error a gateway answer stands for. */
const failed = (status: number, body: string) => ApiError.from(new Response(body, { status }));

describe('isChallengeRequired', () => {
  it('is true only for a 429 whose JSON body says challengeRequired', async () => {
    expect(isChallengeRequired(await failed(429, '{"message":"Too many attempts.","challengeRequired":true}'))).toBe(true);
    expect(isChallengeRequired(await failed(429, '{"message":"You are commenting too fast."}'))).toBe(false);
    expect(isChallengeRequired(await failed(401, '{"message":"Invalid username or password","challengeRequired":true}'))).toBe(false);
    expect(isChallengeRequired(await failed(429, '<html>busy</html>'))).toBe(false);
    expect(isChallengeRequired(new Error('Failed to fetch'))).toBe(false);
    expect(isChallengeRequired('429: {"challengeRequired":true}')).toBe(false);
  });
});
