import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { enqueueEvent } from '@mzansi/kit';
import { answers, questionState } from './schema.js';
import { resolveQuestion } from './voting-repo.js';
import type { VotingQueryable } from '../context.js';

type Q = VotingQueryable;

/** Players named per `voting.resolution.corrected` event (a few tens of kilobytes each). */
export const NOTICE_CHUNK = 500;

/** A corrected resolution as questions announced it (`questions.question.resolved` with `corrected`). */
export interface Correction {
  questionId: string;
  correctOptionId: string;
  /** The option it replaces, as the players were told it. */
  previousCorrectOptionId: string;
  /** The first resolution's time (the month its scores count in stays the answers' own). */
  resolvedAt: Date;
  correctedAt: Date;
  sourceUrl: string;
  sourceTitle: string;
}

/**
 * The correction's one statement for every answer to the question: each answer's credit under the old correct option
 * taken back and its credit under the new one given, summed per (SAST month the answer was given, player) —
 * domain/scoring.ts `correctionDelta`, repeated here so that the whole recompute is one atomic step whatever the
 * number of answers. `resolved` does not move: the answers were resolved and stay so. Skill: 1 − 4(p − y)².
 */
const recreditSql = (questionId: string, oldCorrect: string, newCorrect: string) => sql`
  UPDATE month_scores m SET correct = m.correct + d.correct, skill_sum = m.skill_sum + d.skill
  FROM (
    SELECT date_trunc('month', a.sast_day)::date AS month, a.user_id,
      (count(*) FILTER (WHERE a.option_id = ${newCorrect}) - count(*) FILTER (WHERE a.option_id = ${oldCorrect}))::int AS correct,
      sum((1 - 4 * power(a.confidence / 100.0 - CASE WHEN a.option_id = ${newCorrect} THEN 1 ELSE 0 END, 2))
        - (1 - 4 * power(a.confidence / 100.0 - CASE WHEN a.option_id = ${oldCorrect} THEN 1 ELSE 0 END, 2)))::float8 AS skill
    FROM answers a WHERE a.question_id = ${questionId} GROUP BY 1, 2
  ) d
  WHERE m.month = d.month AND m.user_id = d.user_id`;

export type CorrectionOutcome = 'recredited' | 'resolved' | 'source-only' | 'applied-before' | 'unknown';

/**
 * Applies a corrected resolution, once, in the caller's transaction (the consumer's, with its inbox row): the question
 * row locked; a question voting never saw is nothing; one already corrected is nothing (a redelivery, even under
 * another event id); one not yet resolved here (the correction overtook the resolution) is resolved with the corrected
 * option (the first resolution, arriving later, then finds it resolved and changes nothing); a resolved one with
 * another option is recredited (`recreditSql`); the same option (only the source changed) moves no score. Then the
 * notices for everyone who answered, in the same transaction.
 */
export async function applyCorrection(db: Q, c: Correction): Promise<CorrectionOutcome> {
  const [q] = await db.select().from(questionState).where(eq(questionState.questionId, c.questionId)).for('update').limit(1);
  if (!q) return 'unknown';
  if (q.correctedAt) return 'applied-before';
  let outcome: CorrectionOutcome = 'source-only';
  if (!q.isResolved) {
    await resolveQuestion(db, c.questionId, c.correctOptionId, c.resolvedAt);
    outcome = 'resolved';
  } else if (q.correctOptionId !== c.correctOptionId) {
    await db.execute(recreditSql(c.questionId, q.correctOptionId ?? '', c.correctOptionId));
    outcome = 'recredited';
  }
  await db.update(questionState).set({ correctOptionId: c.correctOptionId, correctedAt: c.correctedAt }).where(eq(questionState.questionId, c.questionId));
  await enqueueNotices(db, c);
  return outcome;
}

/**
 * `voting.resolution.corrected` for everyone who answered, NOTICE_CHUNK players per event, in user order (keyset on
 * answers_question_user_idx: each page reads only its own rows).
 */
async function enqueueNotices(db: Q, c: Correction): Promise<void> {
  const [total] = await db.select({ n: count() }).from(answers).where(eq(answers.questionId, c.questionId));
  const parts = Math.ceil((total?.n ?? 0) / NOTICE_CHUNK);
  let after: string | undefined;
  for (let part = 1; part <= parts; part++) {
    const rows = await db
      .select({ userId: answers.userId })
      .from(answers)
      .where(and(eq(answers.questionId, c.questionId), after ? gt(answers.userId, after) : undefined))
      .orderBy(asc(answers.userId))
      .limit(NOTICE_CHUNK);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.userId;
    await enqueueEvent(
      db,
      'voting.resolution.corrected',
      {
        questionId: c.questionId,
        correctOptionId: c.correctOptionId,
        previousCorrectOptionId: c.previousCorrectOptionId,
        userIds: rows.map((r) => r.userId),
        sourceUrl: c.sourceUrl,
        sourceTitle: c.sourceTitle,
        resolvedAt: c.resolvedAt,
        correctedAt: c.correctedAt,
        part,
        parts,
      },
      { occurredAt: c.correctedAt },
    );
  }
}
