import { invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { isInvisible, refuseBidiControls } from '@mzansi/kit/text';

/**
 * Moderation rules (docs/security.md "Moderation"). Anyone signed in may report someone else's comment once. A
 * comment reported by `hideAfter` different counting reporters is hidden from everyone but its author and admins
 * until a moderator keeps it (its open reports are rejected) or removes it (they are upheld). A reporter with
 * `discountAfter` rejected reports no longer counts toward hiding, so a handful of accounts cannot silence someone
 * by reporting everything they write; their reports still reach the moderators.
 */

export const REPORT_REASONS = ['hate_speech', 'harassment', 'personal_information', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MAX_NOTE = 500;
export const MAX_REMOVAL_REASON = 500;

export type ModerationState = 'visible' | 'hidden' | 'removed';
export type ModerationAction = 'keep' | 'remove';

export const MESSAGES = codedMessages('moderation', {
  badReason: 'Please choose a reason for the report',
  noteTooLong: 'The note can be at most 500 characters',
  ownComment: 'You cannot report your own comment',
  alreadyReported: 'You have already reported this comment',
  removed: 'This comment was already removed',
  badAction: 'The action must be keep or remove',
  reasonTooLong: 'The reason can be at most 500 characters',
  reasonRequired: 'Please say why the comment is removed',
  suspended: 'Your account is suspended: you cannot comment, report comments or send friend requests',
} as const);

export interface ModerationSettings {
  /** Counting reporters that hide a comment. */
  hideAfter: number;
  /** Rejected reports after which a reporter no longer counts. */
  discountAfter: number;
}

export const DEFAULT_MODERATION: ModerationSettings = { hideAfter: 3, discountAfter: 3 };

/** Text a person typed into a moderation form: trimmed, no bidi controls, invisible-only counts as none. */
function cleanText(raw: string, max: number, tooLong: string, what: string): string {
  const trimmed = raw.trim();
  refuseBidiControls(trimmed, what);
  const text = isInvisible(trimmed) ? '' : trimmed;
  if ([...text].length > max) throw invalid(tooLong);
  return text;
}

/** Checks a report's reason and note; returns them cleaned. */
export function validateReport(reason: string, note: string): { reason: ReportReason; note: string } {
  if (!(REPORT_REASONS as readonly string[]).includes(reason)) throw invalid(MESSAGES.badReason);
  return { reason: reason as ReportReason, note: cleanText(note, MAX_NOTE, MESSAGES.noteTooLong, 'Notes') };
}

/** Checks a moderator's decision; a removal needs a reason (the author is told it). */
export function validateDecision(action: string, reason: string): { action: ModerationAction; reason: string } {
  if (action !== 'keep' && action !== 'remove') throw invalid(MESSAGES.badAction);
  const text = cleanText(reason, MAX_REMOVAL_REASON, MESSAGES.reasonTooLong, 'Reasons');
  if (action === 'remove' && !text) throw invalid(MESSAGES.reasonRequired);
  return { action, reason: text };
}

/** Whether a reporter with this many rejected reports still counts toward hiding. */
export const reporterCounts = (rejected: number, s: ModerationSettings): boolean => rejected < s.discountAfter;

/** The state a comment moves to once it has `counting` open reports from counting reporters. */
export function stateAfterReport(current: ModerationState, counting: number, s: ModerationSettings): ModerationState {
  if (current !== 'visible') return current;
  return counting >= s.hideAfter ? 'hidden' : 'visible';
}

/** Whether this viewer sees a hidden or removed comment's text and image: its author and admins do. */
export function seesModerated(viewer: { id: string; isAdmin: boolean } | null | undefined, authorId: string): boolean {
  return !!viewer && (viewer.isAdmin || viewer.id === authorId);
}

/**
 * Whether a person is suspended at `now`, as identity announced it. The gateway refuses first, with the end date
 * (it asks identity); this is the same rule for anyone who reaches social without the gateway.
 */
export function isSuspended(p: { suspended: boolean; suspendedUntil: Date | null } | undefined, now: Date): boolean {
  return !!p?.suspended && (p.suspendedUntil === null || p.suspendedUntil.getTime() > now.getTime());
}
