import { isPastClose, RESOLUTION_CRITERIA_MAX } from '@mzansi/api/rules';
import { conflict, invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { visibleText } from '@mzansi/kit/text';

/**
 * A question's resolution criteria (how it will be judged, shown under it) and its close time (answers are refused at
 * and after it: the voting service enforces that, on the time this service announces). Pure rules.
 */

export { isPastClose, RESOLUTION_CRITERIA_MAX };

export const CLOSING_MESSAGES = codedMessages('closing', {
  criteriaTooLong: `Resolution criteria must be at most ${RESOLUTION_CRITERIA_MAX} characters`,
  invalidTime: 'The close time must be a valid date and time between 2024 and 2100',
  afterPublish: 'Answering must close after the question’s publish time',
  future: 'The close time must be in the future',
  onlyLater: 'A published question’s close time can only move later',
  passed: 'The close time has passed: set a later one before publishing',
  beforeClose: 'The publish time must be before the close time',
  resolved: 'A resolved question’s criteria and close time can no longer change',
  archived: 'An archived question cannot be changed',
} as const);

const M = CLOSING_MESSAGES;

/** The criteria as stored: trimmed, null when nothing in them is visible; hiding text and over-long text refused. */
export function validateCriteria(raw: string | undefined, what = 'Resolution criteria'): string | null {
  const text = visibleText(raw ?? '', what);
  if (text.length > RESOLUTION_CRITERIA_MAX) throw invalid(M.criteriaTooLong);
  return text || null;
}

/** A close time the admin gave: a real instant in 2024–2100. */
function validTime(at: Date): Date {
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 2024 || year > 2100) throw invalid(M.invalidTime);
  return at;
}

export interface DraftTimes {
  /** The question's date (for a scheduled draft, its publish time). */
  date: Date;
  scheduledFor: Date | null;
}

/** A draft's close time (at create or on edit): after its date and schedule, and in the future. */
export function checkDraftClose(closesAt: Date, draft: DraftTimes, now: Date): Date {
  validTime(closesAt);
  const publishAt = Math.max(draft.date.getTime(), draft.scheduledFor?.getTime() ?? 0);
  if (closesAt.getTime() <= publishAt) throw invalid(M.afterPublish);
  if (closesAt.getTime() <= now.getTime()) throw invalid(M.future);
  return closesAt;
}

export interface EditableState extends DraftTimes {
  isPublished: boolean;
  isResolved: boolean;
  isArchived: boolean;
  publishedAt: Date | null;
  closesAt: Date | null;
}

/** The edit's fields: absent ones stay as they are; `closesAt: null` takes the close time away. */
export interface DetailsPatch {
  resolutionCriteria?: string;
  closesAt?: Date | null;
}

export interface DetailsChange {
  resolutionCriteria?: string | null;
  closesAt?: Date | null;
  /** A published question's close time changed: voting must hear of it (questions.question.closing_changed). */
  announceClosing: boolean;
}

/**
 * What an edit of the criteria and close time changes, checked in this order: not an archived or resolved question;
 * valid criteria; a draft's close time as at create (checkDraftClose); a published question's may move later or go,
 * never earlier and never into the past (a closed question may reopen to a later time). The time it already has is
 * no change.
 */
export function planDetailsChange(q: EditableState, patch: DetailsPatch, now: Date): DetailsChange {
  if (q.isArchived) throw conflict(M.archived);
  if (q.isResolved) throw conflict(M.resolved);
  const change: DetailsChange = { announceClosing: false };
  if (patch.resolutionCriteria !== undefined) change.resolutionCriteria = validateCriteria(patch.resolutionCriteria);
  const next = patch.closesAt;
  // Left out, or the time it already has (a form sent again): unchanged, whatever the time is now.
  if (next === undefined || (next?.getTime() ?? null) === (q.closesAt?.getTime() ?? null)) return change;
  if (!q.isPublished) {
    change.closesAt = next === null ? null : checkDraftClose(next, q, now);
    return change;
  }
  if (next !== null) {
    validTime(next);
    if (q.closesAt && next.getTime() < q.closesAt.getTime()) throw invalid(M.onlyLater);
    if (q.publishedAt && next.getTime() <= q.publishedAt.getTime()) throw invalid(M.afterPublish);
    if (next.getTime() <= now.getTime()) throw invalid(M.future);
  }
  return { ...change, closesAt: next, announceClosing: true };
}

/** Publishing (now, by hand or by schedule) needs a close time still ahead. */
export function assertCloseAhead(closesAt: Date | null, publishAt: Date): void {
  if (closesAt && closesAt.getTime() <= publishAt.getTime()) throw conflict(M.passed);
}

/** A schedule must publish the question before it closes. */
export function assertScheduleBeforeClose(closesAt: Date | null, publishAt: Date): void {
  if (closesAt && publishAt.getTime() >= closesAt.getTime()) throw invalid(M.beforeClose);
}

/** Whether answering has closed at `now` (Question.is_closed). */
export const isClosed = (q: { closesAt: Date | null }, now: Date): boolean => isPastClose(q.closesAt, now);
