import { z } from 'zod';
import { isoDate, isoDateOrNull, LANGUAGES, uuidAnyCase } from './common.js';
import { HistoryPoint } from './history.js';
import { ProvinceBreakdown, QuestionOption, Resolution } from './questions.js';

/**
 * The public read API (`/api/public/v1/…`): questions and their aggregate figures for newsrooms, researchers and
 * other sites. A stable, versioned shape of its own (not the app's `Question`, which may change with the app): no
 * personal data, nothing the small-cell rule hides, and an open blind question's total only.
 */

/** Most questions on one page, and the default. */
export const PUBLIC_PAGE_MAX = 100;
export const PUBLIC_PAGE_DEFAULT = 30;

/** A question's state at the time of the answer: answerable, past its close time (not resolved), or resolved. */
export const PublicStatus = z.enum(['open', 'closed', 'resolved']);

const lang = z.enum(LANGUAGES, { error: 'lang must be one of en, zu, af, st' }).default('en');

/** GET /api/public/v1/questions: filters, the page size and the cursor (the previous page's `nextCursor`). */
export const PublicQuestionsQuery = z.object({
  date: z.iso.date({ error: 'date must be a date (YYYY-MM-DD)' }).optional(),
  tag: z.string().trim().min(1, 'tag must not be empty').max(60, 'tag is too long').optional(),
  status: z.enum(PublicStatus.options, { error: 'status must be open, closed or resolved' }).optional(),
  cursor: uuidAnyCase('cursor is not valid').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(PUBLIC_PAGE_MAX, `limit must be at most ${PUBLIC_PAGE_MAX}`).default(PUBLIC_PAGE_DEFAULT),
  lang,
});

/** GET /api/public/v1/questions/{id}: the language of the texts. */
export const PublicQuestionQuery = z.object({ lang });

/** One option's national figures: votes and share in % (voting's, summing to 100 ± 0.1 once there are votes). */
export const PublicOptionResult = z.strictObject({ optionId: z.string(), votes: z.number().int().nonnegative(), percentage: z.number().min(0).max(100) });

/**
 * A question in the public API. `lang`: the language its texts are in (the one asked for where the question has
 * that translation, else English). `resultsHidden`: an open blind question — `results` is empty and only
 * `totalVotes` is given, until it resolves.
 */
export const PublicQuestion = z.strictObject({
  id: z.string(),
  url: z.string(),
  lang: z.enum(LANGUAGES),
  text: z.string(),
  context: z.string().nullable(),
  resolutionCriteria: z.string().nullable(),
  options: z.array(QuestionOption),
  tags: z.array(z.string()),
  status: PublicStatus,
  publishedAt: isoDate,
  closesAt: isoDateOrNull,
  isBlind: z.boolean(),
  correctOptionId: z.string().nullable(),
  resolution: Resolution.nullable(),
  resultsHidden: z.boolean(),
  totalVotes: z.number().int().nonnegative(),
  results: z.array(PublicOptionResult),
});

/** A page of questions, latest first; `nextCursor` null on the last page. */
export const PublicQuestionPage = z.strictObject({ questions: z.array(PublicQuestion), nextCursor: z.string().nullable() });

/**
 * One question with its province breakdown (each province below the small-cell threshold withheld, with no number)
 * and its national history (≤ 200 points; totals only while its figures are hidden). `provinces` is null while
 * the figures are hidden.
 */
export const PublicQuestionDetail = PublicQuestion.extend({
  provinces: z.array(ProvinceBreakdown).nullable(),
  history: z.array(HistoryPoint),
});

export type PublicStatus = z.infer<typeof PublicStatus>;
export type PublicQuestion = z.infer<typeof PublicQuestion>;
export type PublicQuestionPage = z.infer<typeof PublicQuestionPage>;
export type PublicQuestionDetail = z.infer<typeof PublicQuestionDetail>;
