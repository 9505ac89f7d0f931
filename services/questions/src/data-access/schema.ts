import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export { inbox, outbox } from '@mzansi/kit';

export interface OptionRow {
  id: string;
  text: string;
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
  },
  (t) => [
    // Public list and today's list: published questions by publication time.
    index('questions_published_idx').on(t.publishedAt.desc()).where(sql`${t.isPublished}`),
    // Drafts and the admin list.
    index('questions_created_idx').on(t.createdAt.desc()),
    // Research by tag.
    index('questions_tags_idx').using('gin', t.tags),
  ],
);

export type QuestionRow = typeof questions.$inferSelect;
