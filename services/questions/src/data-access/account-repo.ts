import { desc, eq } from 'drizzle-orm';
import { forgetEventsAbout } from '@mzansi/kit';
import { forgetScheduler } from './schedule-repo.js';
import { questionSuggestions, type SuggestionRow } from './schema.js';
import type { QuestionsQueryable } from '../context.js';

type Q = QuestionsQueryable;

/**
 * Erases a deleted user from questions: their suggestions, whatever their status. An approved or used suggestion
 * has already become a question of its own (written by an admin), so nothing is lost by deleting it, and its text,
 * in the author's words, could itself say who they are. Also any outbox row that names them, and their name on the
 * schedules they set (the schedules stay). Idempotent.
 */
export async function eraseUser(db: Q, userId: string): Promise<number> {
  const gone = await db.delete(questionSuggestions).where(eq(questionSuggestions.userId, userId)).returning({ id: questionSuggestions.id });
  await forgetEventsAbout(db, userId);
  await forgetScheduler(db, userId);
  return gone.length;
}

/** Every suggestion of a user, latest first. */
export async function suggestionsForExport(db: Q, userId: string): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(questionSuggestions)
    .where(eq(questionSuggestions.userId, userId))
    .orderBy(desc(questionSuggestions.createdAt), desc(questionSuggestions.id));
}
