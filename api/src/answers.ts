import { z } from 'zod';
import { isoDateOrNull, ownUserId, uuidAnyCase, uuidOr404 } from './common.js';
import { OptionResult, ProvinceBreakdown, Question } from './questions.js';

/** How sure a prediction is, in %: a whole number from 50 to 99 (absent = 75). */
export const CONFIDENCE = { min: 50, max: 99, message: 'Confidence must be a whole number from 50 to 99' } as const;

/** POST /api/answers. `confidence` is checked on its own (its own message and code), so any value passes here. */
export const AnswerBody = z.object({
  userId: ownUserId,
  questionId: uuidAnyCase('Question not found'),
  optionId: z.string().min(1).max(20),
  confidence: z.unknown().optional(),
});
export const ConfidenceValue = z.number().int().min(CONFIDENCE.min).max(CONFIDENCE.max);

export const Answer = z.strictObject({
  id: z.string(),
  userId: z.string(),
  questionId: z.string(),
  optionId: z.string(),
  confidence: z.number().int(),
  submittedAt: isoDateOrNull,
});

/**
 * The question's figures a vote's answer carries, so the results panel shows without asking again: the newest totals
 * the gateway has heard on the live channel (at most one interval old, so possibly without this very vote, which
 * the next `results-updated` brings), national and per province as GET …/results gives them. Null when the gateway
 * holds none yet, and for a blind question (its figures are not on the live channel): then the reader's own results
 * are read through the API.
 */
export const AnswerFigures = z.strictObject({
  results: z.array(OptionResult),
  totalVotes: z.number().int().nonnegative(),
  provinces: z.array(ProvinceBreakdown),
});

/** POST /api/answers: the answer, with the question's figures when the gateway has them. */
export const AnswerRecorded = z.strictObject({ ...Answer.shape, results: AnswerFigures.nullable() });

export const UserQuestionParams = z.object({ id: uuidOr404, questionId: uuidOr404 });

/**
 * Why a player has no rank this SAST month: nothing of theirs has resolved yet. Rank is one definition everywhere
 * (leaderboard, results card, profile), computed by the voting service: competition ranking (1, 2, 2, 4) by correct
 * answers this SAST month; the web only shows it, or "—" with this reason.
 */
export const RankReason = z.enum(['noResolvedThisMonth']);

export const UserStats = z.strictObject({
  totalAnswers: z.number().int(),
  accuracy: z.number(),
  /** 0 when unranked (the spec's default); `rankReason` says why. */
  nationalRank: z.number().int(),
  streak: z.number().int(),
  resolvedThisMonth: z.number().int(),
  /** Why `nationalRank` is 0; null when ranked. */
  rankReason: RankReason.nullable(),
  stats: z.strictObject({ nationalRank: z.number().int(), accuracy: z.number() }),
});

export const Calibration = z.strictObject({
  resolved: z.number().int(),
  meanSkill: z.number(),
  buckets: z.array(
    z.strictObject({
      from: z.number().int(),
      to: z.number().int(),
      count: z.number().int(),
      correct: z.number().int(),
      predicted: z.number().nullable(),
      actual: z.number().nullable(),
    }),
  ),
});

/**
 * GET /api/users/{id}/accuracy-history: per SAST month of answering (the last 12 up to this one, oldest first, months
 * without answers as zeros) the answers given, resolved and right; accuracy = correct ÷ resolved in whole % and
 * calibration = mean Brier skill of the resolved ones (as /calibration's meanSkill), both null with nothing resolved.
 */
export const AccuracyHistory = z.strictObject({
  points: z.array(
    z.strictObject({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      answered: z.number().int(),
      resolved: z.number().int(),
      correct: z.number().int(),
      accuracy: z.number().nullable(),
      calibration: z.number().nullable(),
    }),
  ),
});

export const HistoryItem = z.strictObject({
  questionId: z.string(),
  questionText: z.string(),
  submittedAt: isoDateOrNull,
  selectedOption: z.string(),
  selectedOptionId: z.string(),
  isPending: z.boolean(),
  isCorrect: z.boolean(),
  /** The confidence the player chose, in % (50–99). */
  confidence: z.number().int(),
  // The admin's isiZulu, Afrikaans and Sesotho texts of the question, where given: the reader's language picks one.
  translations: Question.shape.translations,
});
export const History = z.array(HistoryItem);

export const LeaderboardQuery = z.object({ scope: z.enum(['national', 'friends', 'calibration']).default('national') });

const named = { name: z.string(), username: z.string(), isAdmin: z.boolean() };

export const Standings = z.strictObject({
  scope: z.enum(['national', 'friends']),
  monthStart: isoDateOrNull,
  summary: z.strictObject({ players: z.number().int(), questionsResolved: z.number().int(), yourAccuracy: z.number() }),
  you: z.strictObject({
    userId: z.string(),
    nationalRank: z.number().int().nullable(),
    friendsRank: z.number().int().nullable(),
    /** Why both ranks are null (nothing resolved this month); null when ranked. */
    rankReason: RankReason.nullable(),
    accuracy: z.number(),
    correct: z.number().int(),
    resolved: z.number().int(),
    totalAnswers: z.number().int(),
    streak: z.number().int(),
    /** Whether the national boards name you to others (Profile → Privacy); if not, only you see your own place. */
    listedNationally: z.boolean(),
  }),
  friendCount: z.number().int(),
  entries: z.array(
    z.strictObject({
      /** Null for a player with nothing resolved this month (unranked, shown as "—"). */
      rank: z.number().int().nullable(),
      userId: z.string(),
      ...named,
      correct: z.number().int(),
      resolved: z.number().int(),
      answered: z.number().int(),
      accuracy: z.number(),
      streak: z.number().int(),
    }),
  ),
});

const calibrationEntry = {
  rank: z.number().int(),
  userId: z.string(),
  resolved: z.number().int(),
  correct: z.number().int(),
  meanSkill: z.number(),
  score: z.number(),
};

export const CalibrationBoard = z.strictObject({
  scope: z.literal('calibration'),
  monthStart: isoDateOrNull,
  crowdSkill: z.number(),
  shrinkage: z.number(),
  minResolved: z.number().int(),
  you: z.strictObject(calibrationEntry).nullable(),
  entries: z.array(z.strictObject({ ...calibrationEntry, ...named })),
});

/** GET /api/leaderboard: the standings (national, friends) or the calibration board, by `scope`. */
export const Leaderboard = z.union([Standings, CalibrationBoard]);

export type Answer = z.infer<typeof Answer>;
export type AnswerFigures = z.infer<typeof AnswerFigures>;
export type AnswerRecorded = z.infer<typeof AnswerRecorded>;
export type Standings = z.infer<typeof Standings>;
export type RankReason = z.infer<typeof RankReason>;
export type CalibrationBoard = z.infer<typeof CalibrationBoard>;
export type UserStats = z.infer<typeof UserStats>;
export type Calibration = z.infer<typeof Calibration>;
export type AccuracyHistory = z.infer<typeof AccuracyHistory>;
export type HistoryItem = z.infer<typeof HistoryItem>;
export type Leaderboard = z.infer<typeof Leaderboard>;
