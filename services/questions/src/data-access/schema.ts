import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

import type { SuggestionStatus } from '../domain/suggestions.js';

export { inbox, outbox } from '@mzansi/kit';

export interface OptionRow {
  id: string;
  text: string;
}

/** The admin's text in one other language: context and option texts optional (English shows). */
export interface TranslationRow {
  text: string;
  context?: string;
  options?: Record<string, string>;
  resolutionCriteria?: string;
}
/** By language code: zu, af, st. */
export type TranslationsRow = Partial<Record<string, TranslationRow>>;

/** What a corrected resolution keeps of the one it replaced, and why it was corrected. */
export interface CorrectionRow {
  reason: string;
  previous: { correctOptionId: string; sourceUrl: string | null; sourceTitle: string | null; note: string | null };
}

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    context: text('context'),
    date: ts('date').notNull(),
    options: jsonb('options').$type<OptionRow[]>().notNull(),
    correctOptionId: text('correct_option_id'),
    isPublished: boolean('is_published').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    isResolved: boolean('is_resolved').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    publishedAt: ts('published_at'),
    resolvedAt: ts('resolved_at'),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isSample: boolean('is_sample').notNull().default(false),
    /** Blind: per-option counts hidden from those who have not answered until it resolves (PRODUCT.md). */
    isBlind: boolean('is_blind').notNull().default(false),
    /** Optional isiZulu, Afrikaans and Sesotho text (domain/questions.ts validates it). */
    translations: jsonb('translations').$type<TranslationsRow>().notNull().default({}),
    /** A draft's publish time (domain/schedule.ts); cleared when it is published or unscheduled. */
    scheduledFor: ts('scheduled_for'),
    /** The admin who scheduled it: the scheduled publish is audited as theirs (null once they are erased). */
    scheduledBy: uuid('scheduled_by'),
    /** Set when the schedule was missed past its SAST day: the draft stays a draft until rescheduled. */
    scheduleMissedAt: ts('schedule_missed_at'),
    /** The suggestion it was made from ("Use"): published, it marks the suggestion used (data-access/publish.ts). */
    suggestionId: uuid('suggestion_id').references((): AnyPgColumn => questionSuggestions.id, { onDelete: 'set null' }),
    /** How the question will be judged (domain/questions.ts validates it); null when none was given. */
    resolutionCriteria: text('resolution_criteria'),
    /** When answering closes (domain/closing.ts); null: answers are taken until it resolves. */
    closesAt: ts('closes_at'),
    /** The source the resolution names (domain/resolution.ts); both null for questions resolved before sources. */
    resolutionSourceUrl: text('resolution_source_url'),
    resolutionSourceTitle: text('resolution_source_title'),
    resolutionNote: text('resolution_note'),
    /** Set by the one correction a resolution may have (within 24 hours of `resolvedAt`, which stays). */
    resolutionCorrectedAt: ts('resolution_corrected_at'),
    /** The correction's reason and the resolution it replaced. */
    resolutionCorrection: jsonb('resolution_correction').$type<CorrectionRow>(),
  },
  (t) => [
    // Public list and today's list: published questions by publication time.
    index('questions_published_idx').on(t.publishedAt.desc()).where(sql`${t.isPublished}`),
    // Drafts and the admin list.
    index('questions_created_idx').on(t.createdAt.desc()),
    // Research by tag.
    index('questions_tags_idx').using('gin', t.tags),
    // The public archive's pages: latest first, ties by id (domain/archive.ts's keyset cursor).
    index('questions_public_page_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublished} and not ${t.isArchived}`),
    // Archive search over the question's words (the 'simple' configuration: no stemming, any language).
    // The scheduler's due rows (data-access/schedule-repo.ts): pending schedules by time.
    index('questions_schedule_due_idx')
      .on(t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null and not ${t.isPublished} and not ${t.isArchived} and ${t.scheduleMissedAt} is null`),
    // One question per suggestion; a suggestion's question by its id.
    uniqueIndex('questions_suggestion_idx').on(t.suggestionId).where(sql`${t.suggestionId} is not null`),
    index('questions_search_idx').using('gin', sql`to_tsvector('simple', ${t.text} || ' ' || coalesce(${t.context}, ''))`),
    check('questions_resolution_source_check', sql`(${t.resolutionSourceUrl} IS NULL) = (${t.resolutionSourceTitle} IS NULL)`),
  ],
);

export type QuestionRow = typeof questions.$inferSelect;

/** Public office holders shown under Research (spec §3 Official). */
export const officials = pgTable(
  'officials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    bio: text('bio').notNull().default(''),
    /** Initials, or a bundled image path such as '/avatars/xyz.svg'; never an internet address. */
    avatar: text('avatar').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('officials_tags_idx').using('gin', t.tags)],
);

export type OfficialRow = typeof officials.$inferSelect;

/** Forecasts published by the media, with their source (spec §3 Media prediction). */
export const mediaPredictions = pgTable(
  'media_predictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statement: text('statement').notNull(),
    prediction: text('prediction').notNull(),
    confidence: integer('confidence').notNull(),
    sourceTitle: text('source_title').notNull(),
    sourceDate: date('source_date', { mode: 'string' }).notNull(),
    sourceUrl: text('source_url').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('media_predictions_tags_idx').using('gin', t.tags),
    check('media_predictions_confidence_check', sql`${t.confidence} BETWEEN 0 AND 100`),
  ],
);

export type MediaPredictionRow = typeof mediaPredictions.$inferSelect;


/** Questions users suggest; admins review them (spec §3 Question suggestion, §4). */
export const questionSuggestions = pgTable(
  'question_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').$type<SuggestionStatus>().notNull().default('pending'),
    adminNotes: text('admin_notes'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // "My suggestions".
    index('question_suggestions_user_created_idx').on(t.userId, t.createdAt),
    // The admin list by status, and the pending count.
    index('question_suggestions_status_created_idx').on(t.status, t.createdAt),
    check('question_suggestions_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected', 'used')`),
  ],
);

export type SuggestionRow = typeof questionSuggestions.$inferSelect;
