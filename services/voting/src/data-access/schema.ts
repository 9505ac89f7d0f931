import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export { answerDays, playerFirstDays } from './analytics-schema.js';

export { inbox, outbox } from '@mzansi/kit';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Voting's own view of each question, kept from questions.* events. */
export const questionState = pgTable('question_state', {
  questionId: uuid('question_id').primaryKey(),
  text: text('text').notNull(),
  options: jsonb('options').$type<{ id: string; text: string }[]>().notNull(),
  publishedAt: ts('published_at'),
  isResolved: boolean('is_resolved').notNull().default(false),
  isArchived: boolean('is_archived').notNull().default(false),
  correctOptionId: text('correct_option_id'),
  resolvedAt: ts('resolved_at'),
  /** Blind question: live results carry only the total until it resolves. */
  isBlind: boolean('is_blind').notNull().default(false),
  /** Answers are refused at and after this instant (domain/scoring.ts `isOpen`); null: until it resolves. */
  closesAt: ts('closes_at'),
  /** When the close time last changed (questions.question.closing_changed): an older change arriving later is ignored. */
  closesAtChangedAt: ts('closes_at_changed_at'),
  /** When its one corrected resolution was applied (data-access/correction-repo.ts): a second one is nothing. */
  correctedAt: ts('corrected_at'),
}, (t) => [index('question_state_published_idx').on(t.publishedAt).where(sql`${t.publishedAt} IS NOT NULL`)]);

export const answers = pgTable(
  'answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    questionId: uuid('question_id').notNull(),
    optionId: text('option_id').notNull(),
    submittedAt: ts('submitted_at').notNull(),
    /** The SAST calendar day of submission (streaks). */
    sastDay: date('sast_day', { mode: 'string' }).notNull(),
    /** How sure the user was, 50–99 (%); 75 when they did not say (domain/calibration.ts). */
    confidence: smallint('confidence').notNull().default(75),
  },
  (t) => [
    check('answers_confidence_check', sql`${t.confidence} BETWEEN 50 AND 99`),
    // One answer per user per question, enforced by the database.
    uniqueIndex('answers_user_question_key').on(t.userId, t.questionId),
    // History and streaks.
    index('answers_user_submitted_idx').on(t.userId, t.submittedAt.desc()),
    // Friend answers and deletes by question; a correction's notices page through a question's answers by user.
    index('answers_question_user_idx').on(t.questionId, t.userId),
    // Answers by time (analytics, CountAnswers); the migration adds INCLUDE (user_id): players per day from the index.
    index('answers_submitted_idx').on(t.submittedAt),
  ],
);

/**
 * Vote counts per option, split over shards so that a burst on one question does not queue on one row.
 * Written in the answer's transaction: counts are exact. Reading sums a handful of rows whatever the votes.
 */
export const optionCounts = pgTable(
  'option_counts',
  {
    questionId: uuid('question_id').notNull(),
    optionId: text('option_id').notNull(),
    shard: integer('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.optionId, t.shard] })],
);

/** Per user and SAST month: answered, resolved-answered and correct (scores, accuracy, ranks). */
export const monthScores = pgTable(
  'month_scores',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
    answered: integer('answered').notNull().default(0),
    resolved: integer('resolved').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    /** Σ Brier skill of the resolved answers (domain/calibration.ts): the Calibration board, read without a scan. */
    skillSum: doublePrecision('skill_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.userId] }),
    index('month_scores_rank_idx').on(t.month, t.correct.desc()),
    // One player's months (the profile's accuracy history, the data export).
    index('month_scores_user_month_idx').on(t.userId, t.month),
  ],
);

/**
 * Who may see a user's answers (POPIA: an answer reveals a political opinion). No row = the defaults (friends see
 * them at once). Kept here, next to the answers, so that every read of someone else's answers is filtered at the
 * source rather than by each caller.
 */
export const answerPrivacy = pgTable('answer_privacy', {
  userId: uuid('user_id').primaryKey(),
  /** 'friends' | 'nobody' (domain/privacy.ts). */
  answerVisibility: text('answer_visibility').notNull().default('friends'),
  hideUntilResolved: boolean('hide_until_resolved').notNull().default(false),
  /** Named on the national boards (domain/privacy.ts `mayListNationally`): off until the user opts in. */
  listOnNationalBoard: boolean('list_on_national_board').notNull().default(false),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [check('answer_privacy_visibility_check', sql`${t.answerVisibility} IN ('friends', 'nobody')`)]);

/** Each user's province (from identity.user.registered / updated), for counting answers by province. */
export const userProvince = pgTable('user_province', {
  userId: uuid('user_id').primaryKey(),
  province: text('province').notNull(),
});

/**
 * Answers per question, province and option, written in the answer's statement (the province the user had when
 * answering): a question's province breakdown reads at most 9 × options rows, whatever the number of answers.
 */
export const provinceCounts = pgTable(
  'province_counts',
  {
    questionId: uuid('question_id').notNull(),
    province: text('province').notNull(),
    optionId: text('option_id').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.province, t.optionId] })],
);

/**
 * How the nation moved: a question's cumulative counts per option (option id → count) as the live results flush read
 * them from the counters, one row per time bucket (rewritten while the bucket lasts; `at` is when they were read).
 * Aggregates only: an erased user's answers stay counted, as in `option_counts`.
 */
export const resultsHistory = pgTable(
  'results_history',
  {
    questionId: uuid('question_id').notNull(),
    bucket: ts('bucket').notNull(),
    at: ts('at').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.bucket], name: 'results_history_pkey' })],
);
