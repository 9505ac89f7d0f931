import { and, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { SuggestionStatus } from '../domain/suggestions.js';
import { questions, questionSuggestions, type SuggestionRow } from './schema.js';
import type { QuestionsQueryable } from '../context.js';

type Q = QuestionsQueryable;

export async function insertSuggestion(db: Q, values: typeof questionSuggestions.$inferInsert): Promise<SuggestionRow> {
  return (await db.insert(questionSuggestions).values(values).returning())[0]!;
}

export async function findSuggestionForUpdate(db: Q, id: string): Promise<SuggestionRow | undefined> {
  return (await db.select().from(questionSuggestions).where(eq(questionSuggestions.id, id)).for('update').limit(1))[0];
}

/** A suggestion with the question made from it, if any. */
export type SuggestionWithQuestion = SuggestionRow & { questionId: string | null };

const withQuestion = { ...getTableColumns(questionSuggestions), questionId: questions.id };

/**
 * Latest first; by author (index on user_id, created_at) and/or status (index on status, created_at); each with the
 * question made from it (the unique index on questions.suggestion_id).
 */
export async function listSuggestions(db: Q, filter: { userId?: string; status?: SuggestionStatus }): Promise<SuggestionWithQuestion[]> {
  return db
    .select(withQuestion)
    .from(questionSuggestions)
    .leftJoin(questions, eq(questions.suggestionId, questionSuggestions.id))
    .where(
      and(
        filter.userId ? eq(questionSuggestions.userId, filter.userId) : undefined,
        filter.status ? eq(questionSuggestions.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(questionSuggestions.createdAt), desc(questionSuggestions.id))
    .limit(500);
}

/** The id of the question made from this suggestion, if one exists. */
export async function questionOfSuggestion(db: Q, suggestionId: string): Promise<string | null> {
  const rows = await db.select({ id: questions.id }).from(questions).where(eq(questions.suggestionId, suggestionId)).limit(1);
  return rows[0]?.id ?? null;
}

/**
 * On the publish of a question made from a suggestion: the suggestion becomes used, once (a suggestion an admin
 * already marked used is left as it is). Its author and title when it changed, else undefined.
 */
export async function markUsed(db: Q, suggestionId: string, at: Date): Promise<{ userId: string; title: string } | undefined> {
  const rows = await db
    .update(questionSuggestions)
    .set({ status: 'used', updatedAt: at })
    .where(and(eq(questionSuggestions.id, suggestionId), ne(questionSuggestions.status, 'used')))
    .returning({ userId: questionSuggestions.userId, title: questionSuggestions.title });
  return rows[0];
}

export async function updateSuggestion(db: Q, id: string, patch: Partial<typeof questionSuggestions.$inferInsert>): Promise<SuggestionRow> {
  return (await db.update(questionSuggestions).set(patch).where(eq(questionSuggestions.id, id)).returning())[0]!;
}

export async function deleteSuggestion(db: Q, id: string): Promise<void> {
  await db.delete(questionSuggestions).where(eq(questionSuggestions.id, id));
}

/** Questions by state (each once, by its furthest state) and pending suggestions. */
export async function questionStats(db: Q): Promise<{ draft: number; published: number; resolved: number; archived: number; suggestionsPending: number }> {
  const [q] = await db
    .select({
      draft: sql<number>`count(*) FILTER (WHERE NOT ${questions.isArchived} AND NOT ${questions.isPublished})::int`,
      published: sql<number>`count(*) FILTER (WHERE NOT ${questions.isArchived} AND ${questions.isPublished} AND NOT ${questions.isResolved})::int`,
      resolved: sql<number>`count(*) FILTER (WHERE NOT ${questions.isArchived} AND ${questions.isResolved})::int`,
      archived: sql<number>`count(*) FILTER (WHERE ${questions.isArchived})::int`,
    })
    .from(questions);
  const [s] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questionSuggestions)
    .where(eq(questionSuggestions.status, 'pending'));
  return { draft: q?.draft ?? 0, published: q?.published ?? 0, resolved: q?.resolved ?? 0, archived: q?.archived ?? 0, suggestionsPending: s?.n ?? 0 };
}
