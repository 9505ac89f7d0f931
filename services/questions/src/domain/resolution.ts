import { conflict, invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { checkCorrectionReason, checkResolution, RESOLUTION_MESSAGES, withinCorrectionWindow, type ResolutionInput } from '@mzansi/api/rules';
import { assertCanResolve, MESSAGES, type QuestionState } from './questions.js';

/**
 * Resolving with a source, and the one correction a resolution may have (PRODUCT.md "Scheduling and judging"). The
 * source's own rule (an http(s) address by the URL parser, a title, a short note) is shared with the gateway and the
 * admin's dialog (@mzansi/api/rules); here it is applied again, after the state rules.
 */

// The source's refusals travel with the same codes as the gateway's (`resolutionUrlScheme`, …).
codedMessages('resolution', RESOLUTION_MESSAGES);

export const CORRECTION_MESSAGES = codedMessages('correction', {
  notResolved: 'Only a resolved question can have its resolution corrected',
  already: 'This resolution was already corrected once and cannot be corrected again',
  tooLate: 'A resolution can only be corrected within 24 hours of resolving',
  unchanged: 'The correction changes nothing: choose the other option or give another source or note',
} as const);

/** What a resolution says, as stored: the option, the source (null for resolutions from before sources) and note. */
export interface ResolutionState {
  correctOptionId: string | null;
  resolvedAt: Date | null;
  resolutionSourceUrl: string | null;
  resolutionSourceTitle: string | null;
  resolutionNote: string | null;
  resolutionCorrectedAt: Date | null;
}

/** A source and note as given, checked and normalised (the address as the URL parser writes it); else INVALID_ARGUMENT. */
export function validateResolution(source: unknown, note: unknown): ResolutionInput {
  const checked = checkResolution(source, note);
  if (!checked.ok) throw invalid(RESOLUTION_MESSAGES[checked.problem]);
  return checked.value;
}

/** Resolve: the question's state and option first (domain/questions.ts), then its source and note. */
export function planResolve(q: QuestionState, correctOptionId: string, source: unknown, note: unknown): ResolutionInput {
  assertCanResolve(q, correctOptionId);
  return validateResolution(source, note);
}

export interface CorrectionPlan extends ResolutionInput {
  correctOptionId: string;
  reason: string;
  /** Whether the correct option changes (voting then recomputes the scores). */
  optionChanged: boolean;
  previous: { correctOptionId: string; sourceUrl: string | null; sourceTitle: string | null; note: string | null };
}

/**
 * A correction of `q`'s resolution at `now`, in the order its refusals are checked: resolved (409), not corrected
 * before (409), less than 24 hours since it was resolved (409); then the option (400), the source and note (400), the
 * reason (400), and that something changes (400).
 */
export function planCorrection(
  q: QuestionState & ResolutionState,
  input: { correctOptionId: string; source: unknown; note: unknown; reason: unknown },
  now: Date,
): CorrectionPlan {
  if (!q.isResolved || !q.correctOptionId || !q.resolvedAt) throw conflict(CORRECTION_MESSAGES.notResolved);
  if (q.resolutionCorrectedAt) throw conflict(CORRECTION_MESSAGES.already);
  if (!withinCorrectionWindow(q.resolvedAt, now)) throw conflict(CORRECTION_MESSAGES.tooLate);
  if (!q.options.some((o) => o.id === input.correctOptionId)) throw invalid(MESSAGES.unknownOption);
  const { source, note } = validateResolution(input.source, input.note);
  const reason = checkCorrectionReason(input.reason);
  if (!reason.ok) throw invalid(RESOLUTION_MESSAGES[reason.problem]);
  const previous = { correctOptionId: q.correctOptionId, sourceUrl: q.resolutionSourceUrl, sourceTitle: q.resolutionSourceTitle, note: q.resolutionNote };
  const optionChanged = input.correctOptionId !== q.correctOptionId;
  const sameSource = source.url === previous.sourceUrl && source.title === previous.sourceTitle && (note || null) === previous.note;
  if (!optionChanged && sameSource) throw invalid(CORRECTION_MESSAGES.unchanged);
  return { correctOptionId: input.correctOptionId, source, note, reason: reason.value, optionChanged, previous };
}

/** What the audit log keeps of a resolve: the option and the source. */
export const resolveDetail = (correctOptionId: string, r: ResolutionInput) =>
  `${correctOptionId} · ${r.source.title} <${r.source.url}>${r.note ? ` · note: ${r.note}` : ''}`;

/**
 * What the audit log keeps of a correction: why, from what to what, and the source (the original resolve has its own
 * record). The reason first: a record's detail is cut at 500 characters, and a long address should not cut it.
 */
export const correctionDetail = (p: CorrectionPlan) =>
  `reason: ${p.reason} · ${p.previous.correctOptionId} → ${p.correctOptionId} · ${p.source.title} <${p.source.url}>${p.note ? ` · note: ${p.note}` : ''}`;
