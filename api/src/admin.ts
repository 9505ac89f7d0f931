import { z } from 'zod';
import { RESOLUTION_CRITERIA_MAX } from './rules.js';

/** How the question will be judged (trimmed; empty means none). The service refuses text that hides itself. */
const ResolutionCriteria = z
  .string({ error: 'Resolution criteria must be text' })
  .trim()
  .max(RESOLUTION_CRITERIA_MAX, `Resolution criteria must be at most ${RESOLUTION_CRITERIA_MAX} characters`);
const CLOSE_TIME = 'The close time must be a valid date and time between 2024 and 2100';
/** A close time (UTC, with its offset); the service checks it against the publish time and now. */
const ClosesAt = z.string({ error: CLOSE_TIME }).datetime({ offset: true, message: CLOSE_TIME });

/** The create body's fields whose problems say what is wrong with them (the others: "Please fill in all required fields"). */
export const CREATE_FIELDS_WITH_OWN_MESSAGES: readonly string[] = ['resolutionCriteria', 'closesAt'];
import { CORRECTION_REASON_MAX, RESOLUTION_NOTE_MAX, SOURCE_TITLE_MAX, SOURCE_URL_MAX } from './resolution-rules.js';

/** Optional text in isiZulu, Afrikaans and Sesotho, with the English limits. */
export const TranslationsBody = z.partialRecord(
  z.enum(['zu', 'af', 'st']),
  z.strictObject({
    text: z.string().max(300),
    context: z.string().max(2000).nullish(),
    options: z.record(z.string().min(1).max(20), z.string().max(60)).optional(),
    resolutionCriteria: ResolutionCriteria.nullish(),
  }),
);

export const CreateQuestionBody = z.object({
  text: z.string().trim().min(1).max(300),
  context: z.string().max(2000).nullish(),
  date: z.string().datetime({ offset: true }),
  options: z
    .array(z.object({ id: z.string().min(1).max(20), text: z.string().trim().min(1).max(60) }))
    .length(2),
  tags: z.array(z.string().max(40)).max(10).optional(),
  /** "Hide results until people answer". */
  isBlind: z.boolean().optional(),
  translations: TranslationsBody.optional(),
  /** How the question will be judged, shown under it (optional). */
  resolutionCriteria: ResolutionCriteria.nullish(),
  /** When answering closes (optional): after `date` and in the future. */
  closesAt: ClosesAt.nullish(),
});

/**
 * PATCH /api/admin/questions/{id}: the fields given change (`null` or '' takes criteria away, `closesAt: null` the
 * close time). A draft's close time must come after its date and schedule and be in the future; a published
 * question's may only move later (or go), never into the past. A resolved or archived question refuses (409).
 */
export const QuestionDetailsBody = z
  .object({ resolutionCriteria: ResolutionCriteria.nullable().optional(), closesAt: ClosesAt.nullable().optional() })
  .refine((b) => b.resolutionCriteria !== undefined || b.closesAt !== undefined, 'Nothing to change: give resolutionCriteria or closesAt');

/** Every translation the question keeps: a language left out (or with empty text) shows English again. */
export const TranslationsUpdateBody = z.strictObject({ translations: TranslationsBody });

/** The correct option alone: a resolve or correction without one is refused before anything else. */
export const CorrectOptionBody = z.object({ correctOptionId: z.string().min(1).max(20) });

/**
 * A resolution's source: an absolute http(s) address and its title (resolution-rules.ts `checkResolution`: the URL
 * parser, no credentials, at most 2000 characters; a title of at most 120).
 */
export const ResolutionSourceBody = z.object({
  url: z.string().trim().max(SOURCE_URL_MAX),
  title: z.string().trim().max(SOURCE_TITLE_MAX),
});

/** Resolve with the correct option, the source it was judged on and an optional short note (400 without a source). */
export const ResolveBody = CorrectOptionBody.extend({
  source: ResolutionSourceBody,
  note: z.string().trim().max(RESOLUTION_NOTE_MAX).nullish(),
});

/**
 * Correct a resolution, once, within 24 hours of resolving: the (possibly different) correct option, the source and
 * note as they should have been, and why (kept in the audit log with the original).
 */
export const CorrectResolutionBody = ResolveBody.extend({ reason: z.string().trim().max(CORRECTION_REASON_MAX) });

/** A draft's publish time (UTC, with its offset); the service refuses one that is not in the future. */
export const ScheduleBody = z.strictObject({ publishAt: z.string().datetime({ offset: true }) });
