// The resolve dialog's form: what it checks before sending (the rule @mzansi/api/rules shares with the gateway and
// the questions service, so the dialog refuses exactly what the server would) and what it sends.
import { checkCorrectionReason, CORRECTION_WINDOW_MS, resolutionCode, resolutionNoteProblem, sourceTitleProblem, sourceUrlProblem, withinCorrectionWindow, type ResolutionProblem } from '@mzansi/api/rules';
import type { Question } from '../../entities/question/types';
import type { MessageKey } from '../../i18n';

export type ResolveMode = 'resolve' | 'correct';

export interface ResolveForm {
  correctOptionId: string;
  url: string;
  title: string;
  note: string;
  /** Only a correction asks for it. */
  reason: string;
}
export type ResolveField = keyof ResolveForm;
/** Each field's problem, as a catalogue key (`error.resolution…`: the server's own words for it). */
export type ResolveErrors = Partial<Record<ResolveField, MessageKey>>;

export interface ResolvePayload {
  correctOptionId: string;
  source: { url: string; title: string };
  note?: string;
  reason?: string;
}

/** A resolve starts empty; a correction starts from the resolution as it stands. */
export function resolveFormFor(q: Pick<Question, 'correctOptionId' | 'resolution'>, mode: ResolveMode): ResolveForm {
  if (mode === 'resolve' || !q.resolution) return { correctOptionId: '', url: '', title: '', note: '', reason: '' };
  return { correctOptionId: q.correctOptionId ?? '', url: q.resolution.source.url, title: q.resolution.source.title, note: q.resolution.note ?? '', reason: '' };
}

const keyOf = (p: ResolutionProblem) => `error.${resolutionCode(p)}` as MessageKey;

/** Every field's problem at once (the dialog marks each), in the shared rule's words; empty when it may be sent. */
export function resolveFormErrors(form: ResolveForm, mode: ResolveMode): ResolveErrors {
  const errors: ResolveErrors = {};
  if (!form.correctOptionId) errors.correctOptionId = 'admin.rsChooseAnswer';
  const url = sourceUrlProblem(form.url);
  if (url) errors.url = keyOf(url);
  const title = sourceTitleProblem(form.title);
  if (title) errors.title = keyOf(title);
  const note = resolutionNoteProblem(form.note);
  if (note) errors.note = keyOf(note);
  if (mode === 'correct') {
    const reason = checkCorrectionReason(form.reason);
    if (!reason.ok) errors.reason = keyOf(reason.problem);
  }
  return errors;
}

/** The body of PUT …/resolve or PUT …/resolution (the server trims and normalises again). */
export function resolvePayload(form: ResolveForm, mode: ResolveMode): ResolvePayload {
  const note = form.note.trim();
  return {
    correctOptionId: form.correctOptionId,
    source: { url: form.url.trim(), title: form.title.trim() },
    ...(note && { note }),
    ...(mode === 'correct' && { reason: form.reason.trim() }),
  };
}

/** Whether the admin may still correct a question's resolution at `now`: resolved with a source, not corrected, < 24 h. */
export function canCorrect(q: Pick<Question, 'isResolved' | 'resolution'>, now: Date): boolean {
  const r = q.resolution;
  return q.isResolved && !!r && !r.correctedAt && withinCorrectionWindow(new Date(r.resolvedAt), now);
}

/** The last moment a resolution may be corrected. */
export const correctableUntil = (resolvedAt: string) => new Date(Date.parse(resolvedAt) + CORRECTION_WINDOW_MS);
