import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { answerPrivacy, answers, monthScores, optionCounts, provinceCounts, questionState, resultsHistory, userProvince } from './schema.js';
import type { VotingQueryable } from '../context.js';
import { closesAtOnRepublish } from './closing-repo.js';

type Q = VotingQueryable;

// The Calibration board's reads live in calibration-repo.ts; callers keep importing them from here.
export * from './calibration-repo.js';
export type AnswerRow = typeof answers.$inferSelect;
export type QuestionStateRow = typeof questionState.$inferSelect;

export async function findQuestion(db: Q, questionId: string): Promise<QuestionStateRow | undefined> {
  return (await db.select().from(questionState).where(eq(questionState.questionId, questionId)).limit(1))[0];
}

export async function findAnswer(db: Q, userId: string, questionId: string): Promise<AnswerRow | undefined> {
  return (await db.select().from(answers).where(and(eq(answers.userId, userId), eq(answers.questionId, questionId))).limit(1))[0];
}

/** Counts per option for many questions: a handful of counter rows per question, whatever the number of votes. */
export async function countsFor(db: Q, questionIds: string[]): Promise<{ questionId: string; optionId: string; count: number }[]> {
  if (questionIds.length === 0) return [];
  return db
    .select({ questionId: optionCounts.questionId, optionId: optionCounts.optionId, count: sql<number>`sum(${optionCounts.count})::bigint`.mapWith(Number) })
    .from(optionCounts)
    .where(inArray(optionCounts.questionId, questionIds))
    .groupBy(optionCounts.questionId, optionCounts.optionId);
}

/**
 * Options (from the projection) and exact counts (from the counter shards) of many questions in ONE statement:
 * a row per (question, counted option), or one row with a null option for a question without votes. Questions
 * voting does not know (deleted meanwhile) are absent.
 */
export async function optionsAndCounts(
  db: Q,
  questionIds: string[],
): Promise<{ questionId: string; options: { id: string; text: string }[]; isBlind: boolean; isResolved: boolean; optionId: string | null; count: number }[]> {
  if (questionIds.length === 0) return [];
  return db
    .select({
      questionId: questionState.questionId,
      options: questionState.options,
      isBlind: questionState.isBlind,
      isResolved: questionState.isResolved,
      optionId: optionCounts.optionId,
      count: sql<number>`coalesce(sum(${optionCounts.count}), 0)::bigint`.mapWith(Number),
    })
    .from(questionState)
    .leftJoin(optionCounts, eq(optionCounts.questionId, questionState.questionId))
    .where(inArray(questionState.questionId, questionIds))
    .groupBy(questionState.questionId, optionCounts.optionId);
}

/** The answers of these users to these questions, each with whether its question is resolved (privacy rules). */
export async function answersByUsers(db: Q, questionIds: string[], userIds: string[]): Promise<(AnswerRow & { questionResolved: boolean })[]> {
  if (userIds.length === 0 || questionIds.length === 0) return [];
  const rows = await db
    .select({ answer: answers, questionResolved: questionState.isResolved })
    .from(answers)
    .leftJoin(questionState, eq(questionState.questionId, answers.questionId))
    .where(and(inArray(answers.questionId, questionIds), inArray(answers.userId, userIds)));
  return rows.map((r: { answer: AnswerRow; questionResolved: boolean | null }) => ({ ...r.answer, questionResolved: r.questionResolved ?? false }));
}

// ---- answer privacy ----

export type AnswerPrivacyRow = typeof answerPrivacy.$inferSelect;

/** The privacy rows of these users (users without one keep the defaults). */
export async function privacyOf(db: Q, userIds: string[]): Promise<Map<string, AnswerPrivacyRow>> {
  if (userIds.length === 0) return new Map();
  const rows: AnswerPrivacyRow[] = await db.select().from(answerPrivacy).where(inArray(answerPrivacy.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** Creates or changes a user's privacy row; absent fields keep their value (or the default). */
export async function upsertPrivacy(
  db: Q,
  userId: string,
  patch: { answerVisibility?: string; hideUntilResolved?: boolean; listOnNationalBoard?: boolean },
  now: Date,
): Promise<AnswerPrivacyRow> {
  const rows = await db
    .insert(answerPrivacy)
    .values({ userId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: answerPrivacy.userId, set: { ...patch, updatedAt: now } })
    .returning();
  return rows[0]!;
}

export async function totalAnswers(db: Q, userId: string): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(answers).where(eq(answers.userId, userId));
  return rows[0]?.n ?? 0;
}

export async function monthScore(db: Q, month: string, userId: string) {
  return (await db.select().from(monthScores).where(and(eq(monthScores.month, month), eq(monthScores.userId, userId))).limit(1))[0];
}

/** 1 + the number of players with more correct answers this month (ties share a rank): domain/leaderboard.ts `rankOf` for a ranked player. */
export async function nationalRank(db: Q, month: string, correct: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(monthScores)
    .where(and(eq(monthScores.month, month), sql`${monthScores.correct} > ${correct}`));
  return (rows[0]?.n ?? 0) + 1;
}

/**
 * Distinct SAST days with answers in the `limit` days up to `today` (the caller's clock, not the database's),
 * enough for any streak up to `limit` days.
 */
export async function answerDays(db: Q, userIds: string[], today: string, limit = 400, resolvedOnly = false): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (userIds.length === 0) return out;
  const recent = and(inArray(answers.userId, userIds), sql`${answers.sastDay} > ${today}::date - ${limit}::int`);
  const rows: { userId: string; day: string }[] = resolvedOnly
    ? await db
        .selectDistinct({ userId: answers.userId, day: answers.sastDay })
        .from(answers)
        .innerJoin(questionState, eq(questionState.questionId, answers.questionId))
        .where(and(recent, eq(questionState.isResolved, true)))
    : await db.selectDistinct({ userId: answers.userId, day: answers.sastDay }).from(answers).where(recent);
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push(r.day);
    out.set(r.userId, list);
  }
  return out;
}

export async function history(db: Q, userId: string, limit: number) {
  return db
    .select({
      questionId: answers.questionId,
      optionId: answers.optionId,
      submittedAt: answers.submittedAt,
      confidence: answers.confidence,
      text: questionState.text,
      options: questionState.options,
      isResolved: questionState.isResolved,
      correctOptionId: questionState.correctOptionId,
    })
    .from(answers)
    .innerJoin(questionState, eq(questionState.questionId, answers.questionId))
    .where(eq(answers.userId, userId))
    .orderBy(desc(answers.submittedAt))
    .limit(limit);
}

/** The best `limit` scores of a month in domain/leaderboard.ts `byScore` order (test/rules-in-sql.test.ts checks they agree). */
export async function topScores(db: Q, month: string, limit: number) {
  return db
    .select()
    .from(monthScores)
    .where(eq(monthScores.month, month))
    .orderBy(desc(monthScores.correct), desc(monthScores.resolved), monthScores.userId)
    .limit(limit);
}

export async function scoresOf(db: Q, month: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select().from(monthScores).where(and(eq(monthScores.month, month), inArray(monthScores.userId, userIds)));
}

/**
 * The national board: the best `limit` scores of a month that are on the viewer's board (domain/privacy.ts
 * `onNationalBoard`, repeated here so that a LIMIT reads the top of the listed, however few they are), in `byScore` order, each with their national rank (1 + everyone with more correct, listed or not, as in
 * `nationalRank`; null while nothing of theirs has resolved this month, domain/leaderboard.ts `rankOf`): an unlisted
 * player leaves a gap.
 */
export async function listedTopScores(db: Q, month: string, viewerId: string, limit: number) {
  const rows = await db.execute(sql`
    SELECT m.user_id AS "userId", m.answered, m.resolved, m.correct,
      CASE WHEN m.resolved > 0 THEN 1 + (SELECT count(*) FROM month_scores o WHERE o.month = m.month AND o.correct > m.correct)::int END AS rank
    FROM month_scores m LEFT JOIN answer_privacy p ON p.user_id = m.user_id
    WHERE m.month = ${month}
      AND (m.user_id::text = ${viewerId}
        OR (p.list_on_national_board AND p.answer_visibility <> 'nobody' AND (NOT p.hide_until_resolved OR m.resolved > 0)))
    ORDER BY m.correct DESC, m.resolved DESC, m.user_id
    LIMIT ${limit}`);
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    userId: String(r.userId),
    answered: Number(r.answered),
    resolved: Number(r.resolved),
    correct: Number(r.correct),
    rank: r.rank === null ? null : Number(r.rank),
  }));
}

export async function playersThisMonth(db: Q, month: string): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(monthScores).where(eq(monthScores.month, month));
  return rows[0]?.n ?? 0;
}

export async function resolvedBetween(db: Q, start: Date, end: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questionState)
    .where(and(eq(questionState.isResolved, true), sql`${questionState.resolvedAt} >= ${start}`, sql`${questionState.resolvedAt} < ${end}`));
  return rows[0]?.n ?? 0;
}

// ---- projection upkeep (question events) ----

export async function upsertQuestion(db: Q, values: typeof questionState.$inferInsert): Promise<void> {
  await db
    .insert(questionState)
    .values(values)
    .onConflictDoUpdate({ target: questionState.questionId, set: { text: values.text, options: values.options, publishedAt: values.publishedAt, isBlind: values.isBlind ?? false, closesAt: closesAtOnRepublish } });
}

/**
 * Marks a question resolved and credits every answer to it in the month it was given: resolved + 1 for each,
 * correct + 1 for the right ones. One statement for all answers, however many.
 */
export async function resolveQuestion(db: Q, questionId: string, correctOptionId: string, resolvedAt: Date): Promise<boolean> {
  const updated = await db
    .update(questionState)
    .set({ isResolved: true, correctOptionId, resolvedAt })
    .where(and(eq(questionState.questionId, questionId), eq(questionState.isResolved, false)))
    .returning({ id: questionState.questionId });
  if (updated.length === 0) return false;
  // skill_sum: Σ Brier skill 1 − 4(p − y)², p = confidence / 100 (domain/calibration.ts brierSkill).
  await db.execute(sql`
    INSERT INTO month_scores (month, user_id, answered, resolved, correct, skill_sum)
    SELECT date_trunc('month', a.sast_day)::date, a.user_id, 0, count(*), count(*) FILTER (WHERE a.option_id = ${correctOptionId}),
      sum(1 - 4 * power(a.confidence / 100.0 - CASE WHEN a.option_id = ${correctOptionId} THEN 1 ELSE 0 END, 2))
    FROM answers a WHERE a.question_id = ${questionId}
    GROUP BY 1, 2
    ON CONFLICT (month, user_id) DO UPDATE
      SET resolved = month_scores.resolved + EXCLUDED.resolved, correct = month_scores.correct + EXCLUDED.correct,
        skill_sum = month_scores.skill_sum + EXCLUDED.skill_sum`);
  return true;
}

export async function archiveQuestion(db: Q, questionId: string): Promise<void> {
  await db.update(questionState).set({ isArchived: true }).where(eq(questionState.questionId, questionId));
}

/** Removes a question and everything that hangs off it, taking its answers back out of the month scores. */
export async function deleteQuestion(db: Q, questionId: string): Promise<void> {
  const q = await findQuestion(db, questionId);
  await db.execute(sql`
    UPDATE month_scores m SET
      answered = m.answered - d.answered,
      resolved = m.resolved - d.resolved,
      correct = m.correct - d.correct,
      skill_sum = m.skill_sum - d.skill
    FROM (
      SELECT date_trunc('month', a.sast_day)::date AS month, a.user_id, count(*)::int AS answered,
             ${q?.isResolved ? sql`count(*)::int` : sql`0`} AS resolved,
             count(*) FILTER (WHERE a.option_id = ${q?.correctOptionId ?? ''} AND ${!!q?.isResolved})::int AS correct,
             ${q?.isResolved ? sql`sum(1 - 4 * power(a.confidence / 100.0 - CASE WHEN a.option_id = ${q?.correctOptionId ?? ''} THEN 1 ELSE 0 END, 2))` : sql`0`}::float8 AS skill
      FROM answers a WHERE a.question_id = ${questionId} GROUP BY 1, 2
    ) d
    WHERE m.month = d.month AND m.user_id = d.user_id`);
  await db.execute(sql`
    DELETE FROM month_scores m USING (SELECT DISTINCT date_trunc('month', sast_day)::date AS month, user_id FROM answers WHERE question_id = ${questionId}) d
    WHERE m.month = d.month AND m.user_id = d.user_id AND m.answered <= 0`);
  await db.delete(answers).where(eq(answers.questionId, questionId));
  await db.delete(optionCounts).where(eq(optionCounts.questionId, questionId));
  await db.delete(provinceCounts).where(eq(provinceCounts.questionId, questionId));
  await db.delete(resultsHistory).where(eq(resultsHistory.questionId, questionId));
  await db.delete(questionState).where(eq(questionState.questionId, questionId));
}

/** Answers submitted at or after `since` (admin analytics). */
export async function countAnswersSince(db: Q, since: Date): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(answers).where(sql`${answers.submittedAt} >= ${since}`);
  return rows[0]?.n ?? 0;
}

// ---- provinces ----

/** Keeps a user's province (null: not given, forgotten). */
export async function setUserProvince(db: Q, userId: string, province: string | null): Promise<void> {
  if (!province) {
    await db.delete(userProvince).where(eq(userProvince.userId, userId));
    return;
  }
  await db.insert(userProvince).values({ userId, province }).onConflictDoUpdate({ target: userProvince.userId, set: { province } });
}

/** Per question, province and option: the answer counts (a few rows per question, whatever the answers). */
export async function provinceCountsFor(db: Q, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select({ questionId: provinceCounts.questionId, province: provinceCounts.province, optionId: provinceCounts.optionId, count: provinceCounts.count })
    .from(provinceCounts)
    .where(inArray(provinceCounts.questionId, questionIds));
}
