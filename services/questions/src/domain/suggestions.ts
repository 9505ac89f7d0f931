import type { Actor } from '@mzansi/kit/auth';
import { conflict, forbidden, invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { sastDate } from '@mzansi/kit/clock';
import { validateNewQuestion, type NewQuestion } from './questions.js';
import { visibleText } from '@mzansi/kit/text';

/** Question suggestion rules (spec §4 suggestion status, §5, PRODUCT.md). No transport or storage here. */

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected', 'used'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const TITLE_MIN = 10;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const NOTES_MAX = 2000;

export const SUGGESTION_MESSAGES = codedMessages('suggestion', {
  tooShort: 'Question must be at least 10 characters',
  tooLong: 'Question must be less than 200 characters',
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  chooseStatus: 'Please choose a status',
  notesTooLong: `Admin notes must be at most ${NOTES_MAX} characters`,
  notFound: 'Suggestion not found',
  adminOnly: 'Only admins can delete suggestions',
  alreadyHasQuestion: 'This suggestion already has a question',
} as const);

const M = SUGGESTION_MESSAGES;
const length = (s: string) => [...s].length;

/**
 * Title 10–200 characters after trimming; description optional (null when empty), at most 2000. Both are shown to
 * admins and, once used, to everyone: text that hides (bidi controls, only invisible characters, stacked marks) is
 * refused as in names and comments.
 */
export function validateSuggestion(input: { title: string; description: string }): { title: string; description: string | null } {
  const title = visibleText(input.title, 'Question');
  if (length(title) < TITLE_MIN) throw invalid(M.tooShort);
  if (length(title) > TITLE_MAX) throw invalid(M.tooLong);
  const description = visibleText(input.description, 'Description') || null;
  if (description && length(description) > DESCRIPTION_MAX) throw invalid(M.descriptionTooLong);
  return { title, description };
}

/** Any of the four statuses, freely, with optional notes (null when empty). */
export function validateReview(input: { status: string | null; adminNotes: string }): { status: SuggestionStatus; adminNotes: string | null } {
  if (!input.status || !(SUGGESTION_STATUSES as readonly string[]).includes(input.status)) throw invalid(M.chooseStatus);
  const adminNotes = input.adminNotes.trim() || null;
  if (adminNotes && length(adminNotes) > NOTES_MAX) throw invalid(M.notesTooLong);
  return { status: input.status as SuggestionStatus, adminNotes };
}

/**
 * Review and deletion are admin-only (spec: the admin dashboard's "suggestion review and deletion"; PRODUCT.md):
 * everyone else is refused, the author included — a suggestion, once made, is the admins' to keep or drop.
 */
export function assertCanDelete(actor: Actor): void {
  if (!actor.isAdmin) throw forbidden(M.adminOnly);
}

/** The admin form's defaults for a new question (spec §5 admin: Yes / No, 13:00). */
const DRAFT_OPTIONS = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];
const DRAFT_TIME = '13:00';

/**
 * The draft "Use" makes of a suggestion: its title as the question, its description as the context, Yes / No, dated
 * today (the SAST day) at 13:00 like a fresh admin form; the admin edits, schedules or publishes it from there. A
 * suggestion has at most one question (`hasQuestion`: one was made already and still exists).
 */
export function draftFromSuggestion(s: { title: string; description: string | null }, hasQuestion: boolean, now: Date): NewQuestion {
  if (hasQuestion) throw conflict(M.alreadyHasQuestion);
  return validateNewQuestion(
    {
      text: s.title,
      context: s.description ?? '',
      date: new Date(`${sastDate(now)}T${DRAFT_TIME}:00.000Z`),
      options: DRAFT_OPTIONS,
      tags: [],
    },
    now,
  );
}
