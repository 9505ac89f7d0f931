import { and, arrayContains, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { sastDayStart } from '@mzansi/kit/base';
import type { PageFilters } from '../domain/archive.js';
import { questions, type QuestionRow } from './schema.js';
import type { QuestionsQueryable } from '../context.js';

type Q = QuestionsQueryable;

export async function insertQuestion(db: Q, values: typeof questions.$inferInsert): Promise<QuestionRow> {
  const rows = await db.insert(questions).values(values).returning();
  return rows[0]!;
}

export async function findById(db: Q, id: string): Promise<QuestionRow | undefined> {
  return (await db.select().from(questions).where(eq(questions.id, id)).limit(1))[0];
}

/** The questions with these ids (by primary key). */
export async function findByIds(db: Q, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(questions).where(inArray(questions.id, ids));
}

/** Locks the row for a state transition. */
export async function findForUpdate(db: Q, id: string): Promise<QuestionRow | undefined> {
  return (await db.select().from(questions).where(eq(questions.id, id)).for('update').limit(1))[0];
}

export async function updateQuestion(db: Q, id: string, patch: Partial<typeof questions.$inferInsert>): Promise<QuestionRow> {
  return (await db.update(questions).set(patch).where(eq(questions.id, id)).returning())[0]!;
}

export async function deleteQuestion(db: Q, id: string): Promise<boolean> {
  return (await db.delete(questions).where(eq(questions.id, id)).returning({ id: questions.id })).length > 0;
}

/** Published and active, published within [start, end). */
export async function listPublishedBetween(db: Q, start: Date, end: Date): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.isPublished, true), eq(questions.isActive, true), gte(questions.publishedAt, start), lt(questions.publishedAt, end)))
    .orderBy(questions.publishedAt);
}

/**
 * A page of the public archive (published, not archived), latest first with ties by id: the questions after the
 * one with id `afterId` (keyset, on questions_public_page_idx), those matching `tsquery` (configuration 'simple', on
 * questions_search_idx) when given.
 */
export async function listPublicPage(
  db: Q,
  opts: { limit: number; tsquery: string | null; afterId: string | null; now?: Date } & Partial<PageFilters>,
): Promise<QuestionRow[]> {
  const conditions = [eq(questions.isPublished, true), eq(questions.isArchived, false), ...filterConditions(opts, opts.now ?? new Date())];
  if (opts.tsquery) {
    conditions.push(sql`to_tsvector('simple', ${questions.text} || ' ' || coalesce(${questions.context}, '')) @@ to_tsquery('simple', ${opts.tsquery})`);
  }
  if (opts.afterId) {
    // An unknown id compares as NULL: an empty page.
    conditions.push(
      sql`(${questions.publishedAt}, ${questions.id}) < (select q.published_at, q.id from questions q where q.id = ${opts.afterId})`,
    );
  }
  return db
    .select()
    .from(questions)
    .where(and(...conditions))
    .orderBy(sql`${questions.publishedAt} desc nulls last`, sql`${questions.id} desc`)
    .limit(opts.limit);
}

/**
 * The page filters as SQL: a tag (on questions_tags_idx), a SAST publication date, and a state at `now` — what
 * domain/closing.ts's isPastClose and the resolved flag decide (closed: past its close time and not resolved).
 */
function filterConditions(f: Partial<PageFilters>, now: Date): SQL[] {
  const out: SQL[] = [];
  if (f.tag) out.push(arrayContains(questions.tags, [f.tag]));
  if (f.date) {
    const start = sastDayStart(f.date);
    out.push(gte(questions.publishedAt, start), lt(questions.publishedAt, new Date(start.getTime() + 24 * 3600_000)));
  }
  if (f.status === 'resolved') out.push(eq(questions.isResolved, true));
  if (f.status === 'closed') out.push(eq(questions.isResolved, false), lte(questions.closesAt, now));
  if (f.status === 'open') out.push(eq(questions.isResolved, false), or(isNull(questions.closesAt), gt(questions.closesAt, now))!);
  return out;
}

export async function listAll(db: Q): Promise<QuestionRow[]> {
  return db.select().from(questions).orderBy(desc(questions.createdAt)).limit(1000);
}

export async function listDrafts(db: Q): Promise<QuestionRow[]> {
  return db.select().from(questions).where(eq(questions.isPublished, false)).orderBy(desc(questions.createdAt)).limit(1000);
}

export async function count(db: Q): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(questions);
  return rows[0]?.n ?? 0;
}
