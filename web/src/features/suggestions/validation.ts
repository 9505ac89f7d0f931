// Question suggestion rules (spec §5, §9; PRODUCT.md).

export const SUGGESTION_TITLE_MIN = 10;
export const SUGGESTION_TITLE_MAX = 200;
export const SUGGESTION_DESCRIPTION_MAX = 2000;

export const TITLE_TOO_SHORT = 'Question must be at least 10 characters';
export const TITLE_TOO_LONG = 'Question must be less than 200 characters';
export const DESCRIPTION_TOO_LONG = 'Description must be at most 2,000 characters';

export interface SuggestionPayload {
  title: string;
  description: string;
}

/** Title 10–200 characters after trimming; description optional (at most 2,000). */
export function validateSuggestion(input: {
  title: string;
  description: string;
}): { ok: true; payload: SuggestionPayload } | { ok: false; error: string } {
  const title = input.title.trim();
  const description = input.description.trim();
  if (title.length < SUGGESTION_TITLE_MIN) return { ok: false, error: TITLE_TOO_SHORT };
  if (title.length > SUGGESTION_TITLE_MAX) return { ok: false, error: TITLE_TOO_LONG };
  if (description.length > SUGGESTION_DESCRIPTION_MAX) return { ok: false, error: DESCRIPTION_TOO_LONG };
  return { ok: true, payload: { title, description } };
}

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected', 'used'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const REVIEW_NEEDS_STATUS = 'A review update needs a chosen status';

export function isSuggestionStatus(value: unknown): value is SuggestionStatus {
  return typeof value === 'string' && (SUGGESTION_STATUSES as readonly string[]).includes(value);
}

export const ADMIN_NOTES_MAX = 2000;

/** The admin review form: a status must be chosen; notes are trimmed ('' clears them). */
export function validateReview(input: {
  status: string;
  adminNotes: string;
}): { ok: true; payload: { status: SuggestionStatus; adminNotes: string } } | { ok: false; error: string } {
  if (!isSuggestionStatus(input.status)) return { ok: false, error: REVIEW_NEEDS_STATUS };
  return { ok: true, payload: { status: input.status, adminNotes: input.adminNotes.trim() } };
}
