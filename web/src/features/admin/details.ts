// A question's resolution criteria and close time as the admin edits them (PATCH /api/admin/questions/{id}): the
// form's fields and the body of only what changed. The close time is entered as UTC, as the create form's.
import type { Question } from '../../entities/question/types';
import { CLOSES_INCOMPLETE_MESSAGE, closesAtOf } from './createQuestion';

export interface DetailsForm {
  criteria: string;
  /** YYYY-MM-DD and HH:MM, UTC; both empty: no close time. */
  closesDate: string;
  closesTime: string;
}

export interface DetailsPayload {
  resolutionCriteria?: string | null;
  closesAt?: string | null;
}

/** Nothing differs from what the question has (the dialog says so instead of sending an empty change). */
export const NOTHING_CHANGED = 'Nothing to change';

/** What the question has now, as the form shows it. */
export function detailsFormFor(q: Pick<Question, 'resolutionCriteria' | 'closesAt'>): DetailsForm {
  return { criteria: q.resolutionCriteria ?? '', closesDate: q.closesAt?.slice(0, 10) ?? '', closesTime: q.closesAt?.slice(11, 16) ?? '' };
}

/**
 * The change the form makes: the criteria (null when emptied) and the close time (null when both fields are emptied)
 * where they differ from the question's; an error for a date without a time (or the reverse) or no change at all. The
 * service checks the times themselves (after the publish time, a published one only later, never in the past).
 */
export function buildDetailsPayload(
  form: DetailsForm,
  q: Pick<Question, 'resolutionCriteria' | 'closesAt'>,
): { ok: true; payload: DetailsPayload } | { ok: false; error: string } {
  const closesAt = closesAtOf(form.closesDate, form.closesTime);
  if (closesAt === null) return { ok: false, error: CLOSES_INCOMPLETE_MESSAGE };
  const criteria = form.criteria.trim() || null;
  const payload: DetailsPayload = {};
  if (criteria !== (q.resolutionCriteria ?? null)) payload.resolutionCriteria = criteria;
  const before = q.closesAt ? Date.parse(q.closesAt) : null;
  const after = closesAt ? Date.parse(closesAt) : null;
  // A close time shown to the minute and sent back unchanged is the same one.
  const sameMinute = before !== null && after !== null && Math.floor(before / 60_000) === Math.floor(after / 60_000);
  if (!sameMinute && before !== after) payload.closesAt = closesAt ?? null;
  return Object.keys(payload).length > 0 ? { ok: true, payload } : { ok: false, error: NOTHING_CHANGED };
}
