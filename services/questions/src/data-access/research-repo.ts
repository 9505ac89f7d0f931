import { and, arrayContains, asc, desc, eq, sql } from 'drizzle-orm';
import { mediaPredictions, officials, questions, type MediaPredictionRow, type OfficialRow, type QuestionRow } from './schema.js';
import type { QuestionsQueryable } from '../context.js';

type Q = QuestionsQueryable;

export interface TagCounts {
  tag: string;
  questionCount: number;
  officialCount: number;
  predictionCount: number;
}

/** Every tag on public questions, officials and media predictions, with a count from each; sorted by tag. */
export async function tagCounts(db: Q): Promise<TagCounts[]> {
  const rows = await db.execute<{ tag: string; question_count: number; official_count: number; prediction_count: number }>(sql`
    SELECT tag,
           count(*) FILTER (WHERE kind = 'q')::int AS question_count,
           count(*) FILTER (WHERE kind = 'o')::int AS official_count,
           count(*) FILTER (WHERE kind = 'p')::int AS prediction_count
    FROM (
      SELECT unnest(${questions.tags}) AS tag, 'q' AS kind FROM ${questions}
        WHERE ${questions.isPublished} AND NOT ${questions.isArchived}
      UNION ALL SELECT unnest(${officials.tags}), 'o' FROM ${officials}
      UNION ALL SELECT unnest(${mediaPredictions.tags}), 'p' FROM ${mediaPredictions}
    ) t
    GROUP BY tag
    ORDER BY tag`);
  return rows.rows.map((r) => ({ tag: r.tag, questionCount: r.question_count, officialCount: r.official_count, predictionCount: r.prediction_count }));
}

/** Published, not archived questions with a tag (GIN index), latest first. */
export async function publicQuestionsByTag(db: Q, tag: string, limit = 100): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(and(arrayContains(questions.tags, [tag]), eq(questions.isPublished, true), eq(questions.isArchived, false)))
    .orderBy(desc(questions.publishedAt))
    .limit(limit);
}

export async function listOfficials(db: Q, tag: string | null): Promise<OfficialRow[]> {
  return db
    .select()
    .from(officials)
    .where(tag ? arrayContains(officials.tags, [tag]) : undefined)
    .orderBy(asc(officials.name), asc(officials.id))
    .limit(500);
}

export async function insertOfficial(db: Q, values: typeof officials.$inferInsert): Promise<OfficialRow> {
  return (await db.insert(officials).values(values).returning())[0]!;
}

export async function updateOfficial(db: Q, id: string, patch: Partial<typeof officials.$inferInsert>): Promise<OfficialRow | undefined> {
  return (await db.update(officials).set(patch).where(eq(officials.id, id)).returning())[0];
}

export async function deleteOfficial(db: Q, id: string): Promise<boolean> {
  return (await db.delete(officials).where(eq(officials.id, id)).returning({ id: officials.id })).length > 0;
}

export async function listMediaPredictions(db: Q, tag: string | null): Promise<MediaPredictionRow[]> {
  return db
    .select()
    .from(mediaPredictions)
    .where(tag ? arrayContains(mediaPredictions.tags, [tag]) : undefined)
    .orderBy(desc(mediaPredictions.sourceDate), desc(mediaPredictions.createdAt), asc(mediaPredictions.id))
    .limit(500);
}

export async function insertMediaPrediction(db: Q, values: typeof mediaPredictions.$inferInsert): Promise<MediaPredictionRow> {
  return (await db.insert(mediaPredictions).values(values).returning())[0]!;
}

export async function updateMediaPrediction(
  db: Q,
  id: string,
  patch: Partial<typeof mediaPredictions.$inferInsert>,
): Promise<MediaPredictionRow | undefined> {
  return (await db.update(mediaPredictions).set(patch).where(eq(mediaPredictions.id, id)).returning())[0];
}

export async function deleteMediaPrediction(db: Q, id: string): Promise<boolean> {
  return (await db.delete(mediaPredictions).where(eq(mediaPredictions.id, id)).returning({ id: mediaPredictions.id })).length > 0;
}

export async function countOfficials(db: Q): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)::int` }).from(officials))[0]?.n ?? 0;
}

export async function countMediaPredictions(db: Q): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)::int` }).from(mediaPredictions))[0]?.n ?? 0;
}
