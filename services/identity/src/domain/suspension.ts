import { invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { isInvisible, normaliseName, refuseBidiControls } from '@mzansi/kit/text';
import { MESSAGES as USER_MESSAGES, NAME_MAX } from './users.js';

/**
 * Suspensions (docs/security.md "Moderation"): a moderator suspends someone for 1, 7 or 30 days, or permanently.
 * A suspended person can still sign in, read, answer, download and delete their data; they cannot comment,
 * suggest questions, report comments or send friend requests (the gateway asks GetSuspension before those).
 */
export const SUSPENSION_DAYS = [1, 7, 30] as const;
export const MAX_REASON = 500;

export const MESSAGES = codedMessages('suspension', {
  badDays: 'A suspension lasts 1, 7 or 30 days, or is permanent',
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'The reason can be at most 500 characters',
  self: 'You cannot suspend yourself',
  admin: 'An admin cannot be suspended',
} as const);

/** Checks a moderator's reason (shown to the person): required, ≤ 500 characters, no bidi controls. */
export function validateReason(raw: string): string {
  const text = raw.trim();
  refuseBidiControls(text, 'Reasons');
  if (!text || isInvisible(text)) throw invalid(MESSAGES.reasonRequired);
  if ([...text].length > MAX_REASON) throw invalid(MESSAGES.reasonTooLong);
  return text;
}

/** When a suspension of `days` (0 = permanently) that starts `now` ends; null for permanently. */
export function suspensionEnd(days: number, now: Date): Date | null {
  if (days === 0) return null;
  if (!(SUSPENSION_DAYS as readonly number[]).includes(days)) throw invalid(MESSAGES.badDays);
  return new Date(now.getTime() + days * 86_400_000);
}

/** Whether a user is suspended at `now`: suspended at some point, and either permanently or not yet over. */
export function isSuspended(u: { suspendedAt: Date | null; suspendedUntil: Date | null }, now: Date): boolean {
  return u.suspendedAt !== null && (u.suspendedUntil === null || u.suspendedUntil.getTime() > now.getTime());
}

/** A display name an admin puts in place of an offensive one: the same rules as anyone's name. */
export function validateReplacementName(raw: string): string {
  const name = normaliseName(raw);
  if (!name) throw invalid(USER_MESSAGES.required);
  if (name.length > NAME_MAX) throw invalid(USER_MESSAGES.nameLong);
  return name;
}
