import { z } from 'zod';
import { isoDate, isoDateOrNull, uuidAnyCase } from './common.js';
import { Sparkline } from './history.js';

/**
 * One option's figures: its votes and its share of the question's votes, in % to one decimal (the percentages sum
 * to 100 ± 0.1 whenever there are votes). `optionText` is the English option text, for lists that show it.
 */
export const OptionResult = z.strictObject({
  optionId: z.string(),
  optionText: z.string(),
  votes: z.number().int().nonnegative(),
  percentage: z.number().min(0).max(100),
});

/**
 * One province's split. `shown` false: withheld, with no number at all (`totalVotes` null, `results` empty) — a
 * province with fewer than 30 answers, or one hidden so that national minus the provinces shown is 0 or at least 30.
 */
export const ProvinceBreakdown = z.strictObject({
  code: z.string(),
  name: z.string(),
  totalVotes: z.number().int().nonnegative().nullable(),
  shown: z.boolean(),
  results: z.array(z.strictObject({ optionId: z.string(), votes: z.number().int().nonnegative(), percentage: z.number().min(0).max(100) })),
});

export const QuestionOption = z.strictObject({ id: z.string(), text: z.string() });

export const Translation = z.strictObject({
  text: z.string(),
  context: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  /** Null: the English resolution criteria show. */
  resolutionCriteria: z.string().nullable(),
});

/**
 * How a question was resolved: the source it was judged on (an http(s) address and its title), the admin's optional
 * note, when it was resolved and, when the resolution was corrected (once, within 24 hours), when.
 */
export const Resolution = z.strictObject({
  source: z.strictObject({ url: z.string(), title: z.string() }),
  note: z.string().nullable(),
  resolvedAt: isoDate,
  correctedAt: isoDateOrNull,
});

/**
 * A question as the API shows it. `resultsHidden`: an open blind question for this reader — `results` is empty
 * and only `totalVotes` is given (and `provinces` is null). `resolution`: null until resolved, and also for a question
 * resolved before resolutions named their source (its `isResolved` and `correctOptionId` stand; there is no source
 * to show, and none is made up).
 */
export const Question = z.strictObject({
  id: z.string(),
  text: z.string(),
  context: z.string().nullable(),
  date: isoDateOrNull,
  options: z.array(QuestionOption),
  correctOptionId: z.string().nullable(),
  isActive: z.boolean(),
  isResolved: z.boolean(),
  isArchived: z.boolean(),
  isPublished: z.boolean(),
  publishedAt: isoDateOrNull,
  createdAt: isoDateOrNull,
  tags: z.array(z.string()),
  isSample: z.boolean(),
  isBlind: z.boolean(),
  /** A draft's publish time, set by the admin (UTC); null without one and once published. */
  scheduledFor: isoDateOrNull,
  /** When the scheduler found the schedule past its SAST day (the service was down): still a draft. Else null. */
  scheduleMissedAt: isoDateOrNull,
  /** How the question will be judged, shown under it; null when none was given. */
  resolutionCriteria: z.string().nullable(),
  /** When answering closes (answers are refused at and after it); null: open until it resolves. */
  closesAt: isoDateOrNull,
  /** Answering has closed: `closesAt` had passed when the answer was made (a list may be up to a second old). */
  isClosed: z.boolean(),
  resolution: Resolution.nullable(),
  resultsHidden: z.boolean(),
  results: z.array(OptionResult),
  provinces: z.array(ProvinceBreakdown).nullable().optional(),
  totalVotes: z.number().int().nonnegative(),
  commentCount: z.number().int().nonnegative(),
  translations: z.record(z.string(), Translation).optional(),
  /** In the lists that render cards (today, public, archive, feeds): the national split over time, in brief. */
  sparkline: Sparkline.optional(),
});
export const QuestionList = z.array(Question);

export const ArchiveQuery = z.object({
  q: z.string().trim().max(100, 'Search text is too long').default(''),
  cursor: z.union([uuidAnyCase('Not a valid page'), z.literal('')]).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ArchivePage = z.strictObject({ questions: QuestionList, nextCursor: z.string().nullable() });

/** Whether the figures are withheld: present (with `isBlind: true`) only for blind questions. */
const blindFlags = { isBlind: z.literal(true).optional(), resultsHidden: z.boolean().optional() };

/** GET /api/questions/{id}/public-results: the national split anyone may see (cached, shared). */
export const PublicResults = z.strictObject({ results: z.array(OptionResult), totalVotes: z.number().int().nonnegative(), ...blindFlags });

export const FriendAnswer = z.strictObject({ userId: z.string(), name: z.string(), username: z.string(), optionText: z.string() });

/** GET /api/questions/{id}/results: the signed-in reader's results panel. */
export const Results = z.strictObject({
  results: z.array(OptionResult),
  totalVotes: z.number().int().nonnegative(),
  ...blindFlags,
  provinces: z.array(ProvinceBreakdown).nullable(),
  /** The reader's friends' answers (the same as /friend-answers, named for the panel). */
  friendAnswers: z.array(z.strictObject({ friendId: z.string(), friendName: z.string(), optionText: z.string() })),
  /** The reader's own answer: the option and the confidence they chose (in %). */
  userAnswer: z.strictObject({ optionId: z.string(), confidence: z.number().int() }).nullable(),
});
export const FriendAnswers = z.strictObject({ friendAnswers: z.array(FriendAnswer) });

export type OptionResult = z.infer<typeof OptionResult>;
export type ProvinceBreakdown = z.infer<typeof ProvinceBreakdown>;
export type Question = z.infer<typeof Question>;
export type Resolution = z.infer<typeof Resolution>;
export type PublicResults = z.infer<typeof PublicResults>;
export type Results = z.infer<typeof Results>;
export type QuestionOption = z.infer<typeof QuestionOption>;
export type ArchivePage = z.infer<typeof ArchivePage>;
export type FriendAnswer = z.infer<typeof FriendAnswer>;
export type FriendAnswers = z.infer<typeof FriendAnswers>;
