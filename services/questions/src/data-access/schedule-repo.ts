import { and, asc, count, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { questions, type QuestionRow } from './schema.js';
import type { QuestionsQueryable } from '../context.js';

type Q = QuestionsQueryable;

/**
 * The due schedules at `now` (domain/schedule.ts `isDue`, in SQL), earliest first, locked for the caller's
 * transaction. SKIP LOCKED: a row another replica is publishing is passed over, and once that transaction commits
 * the row is no longer due, so each schedule is acted on exactly once.
 */
export async function claimDue(db: Q, now: Date, limit: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(
      and(
        isNotNull(questions.scheduledFor),
        eq(questions.isPublished, false),
        eq(questions.isArchived, false),
        isNull(questions.scheduleMissedAt),
        lte(questions.scheduledFor, now),
      ),
    )
    .orderBy(asc(questions.scheduledFor))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Drafts whose schedule was missed and not yet rescheduled (the operators' gauge). */
export async function countMissed(db: Q): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(questions)
    .where(and(isNotNull(questions.scheduleMissedAt), eq(questions.isPublished, false), eq(questions.isArchived, false)));
  return rows[0]?.n ?? 0;
}

/** Erasure: a deleted admin's schedules stay, no longer naming them. */
export async function forgetScheduler(db: Q, userId: string): Promise<void> {
  await db.update(questions).set({ scheduledBy: null }).where(sql`${questions.scheduledBy} = ${userId}`);
}
