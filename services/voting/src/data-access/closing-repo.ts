import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { questionState } from './schema.js';
import type { VotingQueryable } from '../context.js';

/**
 * A question's close time in voting's projection. Its events may arrive out of the order they were made in (the
 * questions service's replicas each relay their own outbox rows), so each change carries its time and the projection
 * keeps the newest: a published event met again keeps a time a later change set.
 */

/** The close time a published event sets on a row it finds: its own, unless a closing_changed has set one since. */
export const closesAtOnRepublish = sql`case when ${questionState.closesAtChangedAt} is null then excluded.closes_at else ${questionState.closesAt} end`;

/**
 * Applies a published question's new close time (null: none) changed at `changedAt`, unless a newer change is in
 * (one of the same millisecond, which only a stopped test clock makes, is applied in the order it arrives).
 * `missing`: voting has no such question yet (its publish is still on the way): the caller retries later.
 */
export async function setClosesAt(db: VotingQueryable, questionId: string, closesAt: Date | null, changedAt: Date): Promise<'applied' | 'older' | 'missing'> {
  const updated = await db
    .update(questionState)
    .set({ closesAt, closesAtChangedAt: changedAt })
    .where(and(eq(questionState.questionId, questionId), or(isNull(questionState.closesAtChangedAt), lte(questionState.closesAtChangedAt, changedAt))))
    .returning({ id: questionState.questionId });
  if (updated.length > 0) return 'applied';
  const found = await db.select({ id: questionState.questionId }).from(questionState).where(eq(questionState.questionId, questionId)).limit(1);
  return found.length > 0 ? 'older' : 'missing';
}
