import { describe, expect, it } from 'vitest';
import { isChallengeRequired } from './challenge';

describe('isChallengeRequired', () => {
  it('is true only for a 429 whose JSON body says challengeRequired', () => {
    expect(isChallengeRequired(new Error('429: {"message":"Too many attempts.","challengeRequired":true}'))).toBe(true);
    expect(isChallengeRequired(new Error('429: {"message":"You are commenting too fast."}'))).toBe(false);
    expect(isChallengeRequired(new Error('401: {"message":"Invalid username or password","challengeRequired":true}'))).toBe(false);
    expect(isChallengeRequired(new Error('429: <html>busy</html>'))).toBe(false);
    expect(isChallengeRequired(new Error('Failed to fetch'))).toBe(false);
    expect(isChallengeRequired('429: {"challengeRequired":true}')).toBe(false);
  });
});
