import { describe, expect, it } from 'vitest';
import { RESET_MESSAGES as R, resetLinkProblem, resetMailLanguage, resetRequestOutcome } from '../src/domain/password-reset.js';

/** The rules of "forgot password" (domain/password-reset.ts): pure, no I/O. */
const verified = { email: 'thandi@example.co.za', emailVerifiedAt: new Date('2026-11-01T00:00:00Z') };
const now = new Date('2026-11-28T10:00:00Z');

describe('resetRequestOutcome', () => {
  const ask = (over: Partial<Parameters<typeof resetRequestOutcome>[0]>) =>
    resetRequestOutcome({ account: verified, addressLimited: false, sentThisHour: 0, perHour: 3, ...over });

  it('sends to a verified address within both limits', () => {
    expect(ask({})).toBe('sent');
    expect(ask({ sentThisHour: 2 })).toBe('sent');
  });

  it('no account, no address or an unverified one, then the address budget, then the account limit', () => {
    expect(ask({ account: undefined, addressLimited: true })).toBe('unknownAccount');
    expect(ask({ account: { email: null, emailVerifiedAt: null } })).toBe('noVerifiedEmail');
    expect(ask({ account: { email: 'x@example.co.za', emailVerifiedAt: null }, addressLimited: true })).toBe('noVerifiedEmail');
    expect(ask({ addressLimited: true, sentThisHour: 3 })).toBe('addressLimit');
    expect(ask({ sentThisHour: 3 })).toBe('accountLimit');
  });
});

describe('resetLinkProblem', () => {
  const link = { usedAt: null, expiresAt: new Date(now.getTime() + 60_000), email: 'Thandi@Example.co.za' };

  it('a fresh link for the same verified address (any case) works', () => {
    expect(resetLinkProblem(link, verified, now)).toBeUndefined();
  });

  it('unknown, used, expired (at the second it expires), or for an address no longer verified', () => {
    expect(resetLinkProblem(undefined, verified, now)).toBe(R.invalidLink);
    expect(resetLinkProblem({ ...link, usedAt: now }, verified, now)).toBe(R.usedLink);
    expect(resetLinkProblem({ ...link, expiresAt: now }, verified, now)).toBe(R.expiredLink);
    expect(resetLinkProblem(link, { ...verified, email: 'sipho@example.co.za' }, now)).toBe(R.invalidLink);
    expect(resetLinkProblem(link, { ...verified, emailVerifiedAt: null }, now)).toBe(R.invalidLink);
  });
});

describe('resetMailLanguage', () => {
  it("the account's language, else the page's when it is one of ours, else English", () => {
    expect(resetMailLanguage('zu', 'af')).toBe('zu');
    expect(resetMailLanguage(null, ' AF ')).toBe('af');
    expect(resetMailLanguage(null, 'fr')).toBeNull();
    expect(resetMailLanguage(null, undefined)).toBeNull();
  });
});
