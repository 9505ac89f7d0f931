import { z } from 'zod';
import { isoDateOrNull } from './common.js';
import { Question } from './questions.js';

/** A media prediction's confidence: the questions service's rule (proto rules.ts PREDICTION_CONFIDENCE). */
export const PREDICTION_CONFIDENCE = { min: 0, max: 100, message: 'Confidence must be a whole number from 0 to 100' } as const;

const text = (max: number, field: string) => z.string({ message: `${field} must be text` }).max(max, { message: `${field} is too long` }).default('');
const tags = z
  .array(z.string({ message: 'Tags must be a list of words' }).max(60), { message: 'Tags must be a list of words' })
  .max(20, { message: 'Tags are up to 10 lower-case words (letters, digits, dashes)' })
  .default([]);

export const TagParams = z.object({ tag: z.string().min(1) });

export const Tag = z.strictObject({
  tag: z.string(),
  label: z.string(),
  questionCount: z.number().int(),
  officialCount: z.number().int(),
  predictionCount: z.number().int(),
});
export const TagList = z.array(Tag);

export const OfficialBody = z.object({
  name: text(500, 'Name'),
  title: text(500, 'Title'),
  bio: text(5_000, 'Bio'),
  avatar: text(500, 'Avatar'),
  tags,
});
export const Official = z.strictObject({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  bio: z.string(),
  avatar: z.string(),
  tags: z.array(z.string()),
  isSample: z.boolean(),
});
export const OfficialList = z.array(Official);

const { min, max, message: CONFIDENCE } = PREDICTION_CONFIDENCE;
export const PredictionBody = z.object({
  statement: text(2_000, 'Statement'),
  prediction: text(2_000, 'Prediction'),
  confidence: z.number({ message: CONFIDENCE }).int({ message: CONFIDENCE }).min(min, { message: CONFIDENCE }).max(max, { message: CONFIDENCE }),
  sourceTitle: text(1_000, 'Source title'),
  sourceDate: text(40, 'Source date'),
  sourceUrl: text(2_100, 'Source URL'),
  tags,
});
export const Prediction = z.strictObject({
  id: z.string(),
  statement: z.string(),
  prediction: z.string(),
  confidence: z.number().int(),
  sourceTitle: z.string(),
  sourceDate: z.string(),
  sourceUrl: z.string(),
  tags: z.array(z.string()),
  isSample: z.boolean(),
});
export const PredictionList = z.array(Prediction);

export const Analytics = z.strictObject({
  users: z.strictObject({ total: z.number().int(), newThisWeek: z.number().int() }),
  answersToday: z.number().int(),
  questions: z.strictObject({ draft: z.number().int(), published: z.number().int(), resolved: z.number().int(), archived: z.number().int() }),
  suggestionsPending: z.number().int(),
});

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected', 'used'] as const;
export const SuggestionBody = z.object({
  title: z.string({ message: 'Question must be at least 10 characters' }).default(''),
  description: z.string({ message: 'Description must be text' }).nullish(),
});
export const SuggestionReviewBody = z.object({
  status: z.string({ message: 'Please choose a status' }).nullish(),
  adminNotes: z.string({ message: 'Admin notes must be text' }).nullish(),
});
export const SuggestionQuery = z.object({ status: z.string().max(20).optional(), user: z.string().max(64).optional() });
export const Suggestion = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  adminNotes: z.string().nullable(),
  user: z.strictObject({ id: z.string(), name: z.string(), username: z.string() }),
  createdAt: isoDateOrNull,
  updatedAt: isoDateOrNull,
  /** The question made from it ("Use"), a draft until published; null when none. */
  questionId: z.string().nullable(),
});
export const SuggestionList = z.array(Suggestion);
/** "Use": the draft made from a suggestion, and the suggestion linked to it. */
export const SuggestionDraft = z.strictObject({ question: Question, suggestion: Suggestion });

export type Official = z.infer<typeof Official>;
export type Prediction = z.infer<typeof Prediction>;
export type Suggestion = z.infer<typeof Suggestion>;
export type SuggestionDraft = z.infer<typeof SuggestionDraft>;
export type Tag = z.infer<typeof Tag>;
export type Analytics = z.infer<typeof Analytics>;
