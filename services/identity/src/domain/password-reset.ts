import { codedMessages } from '@mzansi/kit/messages';
import { sameAddress } from './email-verification.js';
import { LANGUAGES } from './users.js';

/**
 * Rules for "forgot password" (docs/security.md "Password reset"). A link carries a random 256-bit token (the same
 * kind as e-mail verification's); identity keeps only its SHA-256. A link goes only to a verified address, works
 * once, for 30 minutes, and only while that address is still the account's verified one. Asking for one answers
 * the same whatever the account; the audit log alone says what happened.
 */

export const RESET_MESSAGES = codedMessages('reset', {
  invalidLink: 'This password reset link is not valid. Please ask for a new one.',
  expiredLink: 'This password reset link has expired. Please ask for a new one.',
  usedLink: 'This password reset link has already been used. Please ask for a new one if you need it.',
  noVerifiedEmail: 'This user has no verified e-mail address',
  tooMany: 'Too many password reset e-mails for this account. Please try again in an hour.',
} as const);

/** The audit log's actor for a request nobody signed in made (the nil UUID: no account has it). */
export const ANONYMOUS_ACTOR = '00000000-0000-0000-0000-000000000000';

/** The audit target of a request for a username that names no account. */
export const UNKNOWN_ACCOUNT_TARGET = 'unknown';

export type ResetRequestOutcome = 'sent' | 'unknownAccount' | 'noVerifiedEmail' | 'addressLimit' | 'accountLimit';

/** Why no mail went, as the audit log says it (never shown to the person who asked). */
export const REQUEST_DETAIL: Record<Exclude<ResetRequestOutcome, 'sent'>, string> = {
  unknownAccount: 'no such account',
  noVerifiedEmail: 'no verified e-mail address',
  addressLimit: 'too many requests from this address',
  accountLimit: 'too many requests for this account',
};

/** The start of the hour in which at most the configured number of links may go to one account. */
export const resetWindowStart = (now: Date): Date => new Date(now.getTime() - 3600_000);

/** Whether a request sends a link, and if not why (checked in this order). */
export function resetRequestOutcome(input: {
  account: { email: string | null; emailVerifiedAt: Date | null } | undefined;
  addressLimited: boolean;
  sentThisHour: number;
  perHour: number;
}): ResetRequestOutcome {
  if (!input.account) return 'unknownAccount';
  if (!input.account.email || !input.account.emailVerifiedAt) return 'noVerifiedEmail';
  if (input.addressLimited) return 'addressLimit';
  if (input.sentThisHour >= input.perHour) return 'accountLimit';
  return 'sent';
}

/** What is wrong with a link at `now` (a message for the person), or undefined when it may set a password. */
export function resetLinkProblem(
  link: { usedAt: Date | null; expiresAt: Date; email: string } | undefined,
  account: { email: string | null; emailVerifiedAt: Date | null } | undefined,
  now: Date,
): string | undefined {
  if (!link || !account) return RESET_MESSAGES.invalidLink;
  if (link.usedAt) return RESET_MESSAGES.usedLink;
  if (link.expiresAt.getTime() <= now.getTime()) return RESET_MESSAGES.expiredLink;
  // The address changed (or lost its verification) since the mail went out: the link proves nothing now.
  if (!account.emailVerifiedAt || !sameAddress(account.email, link.email)) return RESET_MESSAGES.invalidLink;
  return undefined;
}

/** The mail's language: the account's chosen one, else the page's when it is one of ours, else English (null). */
export function resetMailLanguage(accountLanguage: string | null, pageLanguage: string | undefined): string | null {
  if (accountLanguage) return accountLanguage;
  const page = (pageLanguage ?? '').trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(page) ? page : null;
}
