import { desc, eq, sql } from 'drizzle-orm';
import { forgetEventsAbout } from '@mzansi/kit';
import { answerPrivacy, answers, monthScores, playerFirstDays, questionState, userProvince } from './schema.js';
import type { VotingQueryable } from '../context.js';

type Q = VotingQueryable;

/**
 * Erases a deleted user from voting: their answers, monthly scores, privacy settings and first day of answering
 * (the analytics' roll-ups keep only counts), and any of voting's
 * outbox rows that name them (voting publishes no events today; the sweep keeps erasure complete if it does). The national counts are not derived from the answers but kept in
 * `option_counts` (written in each answer's transaction), so they stay exactly as they were: aggregates are not
 * personal information. The leaderboards and ranks are read from `month_scores`, so the user drops off them at
 * once. Idempotent: a second run finds nothing.
 */
export async function eraseUser(db: Q, userId: string): Promise<{ answers: number; scores: number }> {
  const scores = await db.delete(monthScores).where(eq(monthScores.userId, userId)).returning({ m: monthScores.month });
  const gone = await db.delete(answers).where(eq(answers.userId, userId)).returning({ id: answers.id });
  await db.delete(answerPrivacy).where(eq(answerPrivacy.userId, userId));
  await db.delete(userProvince).where(eq(userProvince.userId, userId));
  await db.delete(playerFirstDays).where(eq(playerFirstDays.userId, userId));
  await forgetEventsAbout(db, userId);
  return { answers: gone.length, scores: scores.length };
}

/** Every answer of a user, latest first, with the question as voting knows it (text, options, outcome). */
export async function answersForExport(db: Q, userId: string) {
  return db
    .select({
      answerId: answers.id,
      questionId: answers.questionId,
      optionId: answers.optionId,
      confidence: answers.confidence,
      submittedAt: answers.submittedAt,
      text: questionState.text,
      options: questionState.options,
      isResolved: questionState.isResolved,
      correctOptionId: questionState.correctOptionId,
      resolvedAt: questionState.resolvedAt,
    })
    .from(answers)
    .leftJoin(questionState, eq(questionState.questionId, answers.questionId))
    .where(eq(answers.userId, userId))
    .orderBy(desc(answers.submittedAt), desc(answers.id));
}

/** Every monthly score row of a user, latest month first. */
export async function monthScoresForExport(db: Q, userId: string) {
  return db
    .select({ month: monthScores.month, answered: monthScores.answered, resolved: monthScores.resolved, correct: monthScores.correct })
    .from(monthScores)
    .where(eq(monthScores.userId, userId))
    .orderBy(sql`${monthScores.month} DESC`);
}
