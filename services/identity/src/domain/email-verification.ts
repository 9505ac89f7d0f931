import { codedMessages } from '@mzansi/kit/messages';
import { createHash, randomBytes } from 'node:crypto';

/**
 * Rules for e-mail verification (PRODUCT.md "Privacy": e-mail goes only to verified addresses). A link carries a
 * random 256-bit token; identity stores only its SHA-256, so a copy of the database verifies nothing. A link works
 * once, for the address it was sent to, until it expires.
 */

export const VERIFICATION_MESSAGES = codedMessages('verify', {
  invalidLink: 'This link is invalid or has expired',
  tooMany: 'Too many verification e-mails. Please try again in an hour.',
  noEmail: 'Add an e-mail address first',
  alreadyVerified: 'Your e-mail address is already verified',
} as const);

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export function newVerificationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashVerificationToken(token) };
}

export const hashVerificationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** True for something shaped like a token we issue (anything else is refused without a database look-up). */
export const isTokenShaped = (token: string): boolean => TOKEN_RE.test(token);

/** Addresses compare without regard to case: that is how people type them and how mail systems treat them. */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The start of the window in which at most `perHour` verification mails may be asked for per user. */
export const sendWindowStart = (now: Date): Date => new Date(now.getTime() - 3600_000);

/**
 * What a profile edit does to the address (`requested` undefined: not edited). A different address (case and
 * surrounding spaces aside) replaces the current one unverified, and `changed` says a link must go to it; the same
 * address keeps its verification, spelt as now given; clearing an address that is already empty changes nothing.
 */
export function emailChange(
  requested: string | null | undefined,
  current: string | null,
): { patch: { email?: string | null; emailVerifiedAt?: null }; changed: boolean } {
  if (requested === undefined) return { patch: {}, changed: false };
  if (!sameAddress(requested, current)) return { patch: { email: requested, emailVerifiedAt: null }, changed: true };
  return { patch: requested === null ? {} : { email: requested }, changed: false };
}
