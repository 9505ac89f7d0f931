import { checkCorrectionReason, checkResolution, resolutionCode, RESOLUTION_MESSAGES, type ResolutionInput, type ResolutionProblem, type Resolution } from '@mzansi/api';
import type { questions } from '@mzansi/proto';
import { z } from 'zod';
import { badRequest } from './errors.js';

/** A 400 with the problem's words and code (the questions service refuses the same with the same). */
const refused = (problem: ResolutionProblem) => badRequest(RESOLUTION_MESSAGES[problem], resolutionCode(problem));

/**
 * The fields of a resolve or correction body (ResolveBody, CorrectResolutionBody) as the route first takes them: as
 * given, for the rule below to judge each with its own coded message; the body's other fields are dropped.
 */
export const ResolutionFields = z.object({ source: z.unknown().optional(), note: z.unknown().optional(), reason: z.unknown().optional() });

/**
 * A resolve's or correction's source and note, checked at the edge by the rule the questions service applies again
 * (@mzansi/api resolution-rules.ts: the URL parser, http(s) only, no credentials): normalised, or a 400 naming the
 * first problem ("Please give the source: …" without one).
 */
export function checkedResolution(fields: z.infer<typeof ResolutionFields>): ResolutionInput {
  const checked = checkResolution(fields.source, fields.note ?? '');
  if (!checked.ok) throw refused(checked.problem);
  return checked.value;
}

/** A correction's reason (required, at most 500 characters), or a 400. */
export function checkedReason(fields: z.infer<typeof ResolutionFields>): string {
  const checked = checkCorrectionReason(fields.reason);
  if (!checked.ok) throw refused(checked.problem);
  return checked.value;
}

/** A question's resolution as the API shows it; null until resolved, and for resolutions from before sources. */
export function resolutionJson(r: questions.Resolution | undefined): Resolution | null {
  if (!r?.source?.url || !r.source.title || !r.resolvedAt) return null;
  return {
    source: { url: r.source.url, title: r.source.title },
    note: r.note || null,
    resolvedAt: r.resolvedAt.toISOString(),
    correctedAt: r.correctedAt?.toISOString() ?? null,
  };
}
