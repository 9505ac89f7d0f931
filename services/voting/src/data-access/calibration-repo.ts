// The Calibration board's reads: month_scores for the board, the answers for one player's chart.
import { sql } from 'drizzle-orm';
import type { VotingQueryable } from '../context.js';

type Q = VotingQueryable;

export interface CalibrationRow {
  userId: string;
  resolved: number;
  correct: number;
  skillSum: number;
  score: number;
  rank: number;
}

/**
 * The Calibration board of a month, best first (domain/calibration.ts): players with at least `minResolved` resolved
 * answers, score = (Σ skill + K·C) ÷ (n + K) with C the month's crowd skill, rounded to 4 decimals; ties share a rank.
 * Reads month_scores only (one row per player), never the answers. `userId` → only that player's row (rank still
 * among everyone). Also returns C.
 */
export async function calibrationBoard(
  db: Q,
  month: string,
  opts: { k: number; minResolved: number; limit: number; userId?: string; listedFor?: string },
): Promise<{ crowd: number; rows: CalibrationRow[] }> {
  const res = await db.execute(sql`
    WITH crowd AS (
      SELECT coalesce(sum(skill_sum) / nullif(sum(resolved), 0), 0)::float8 AS c FROM month_scores WHERE month = ${month}
    ), scored AS (
      SELECT m.user_id, m.resolved, m.correct, m.skill_sum,
        round(((m.skill_sum + ${opts.k} * crowd.c) / (m.resolved + ${opts.k}))::numeric, 4)::float8 AS score
      FROM month_scores m, crowd WHERE m.month = ${month} AND m.resolved >= ${opts.minResolved}
    ), ranked AS (
      SELECT *, rank() OVER (ORDER BY score DESC)::int AS rank FROM scored
    )
    SELECT (SELECT c FROM crowd) AS crowd, r.* FROM (SELECT 1) one
    LEFT JOIN LATERAL (
      SELECT * FROM ranked WHERE (${opts.userId ?? null}::uuid IS NULL OR user_id = ${opts.userId ?? null}::uuid)
        -- listedFor: only those on the viewer's national board (domain/privacy.ts onNationalBoard; resolved >= 3 here).
        AND (${opts.listedFor ?? null}::uuid IS NULL OR user_id = ${opts.listedFor ?? null}::uuid OR EXISTS (
          SELECT 1 FROM answer_privacy p WHERE p.user_id = ranked.user_id AND p.list_on_national_board AND p.answer_visibility <> 'nobody'))
      ORDER BY score DESC, resolved DESC, user_id LIMIT ${opts.limit}
    ) r ON true`);
  const raw = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    crowd: Number(raw[0]?.crowd ?? 0),
    rows: raw
      .filter((r) => r.user_id)
      .map((r) => ({
        userId: String(r.user_id),
        resolved: Number(r.resolved),
        correct: Number(r.correct),
        skillSum: Number(r.skill_sum),
        score: Number(r.score),
        rank: Number(r.rank),
      })),
  };
}

/** A user's resolved answers by confidence bucket (50–59 … 90–99): count, correct, mean confidence; and Σ skill. */
export async function calibrationOf(db: Q, userId: string) {
  const res = await db.execute(sql`
    SELECT (least(a.confidence, 99) / 10 * 10)::int AS bucket, count(*)::int AS n,
      (count(*) FILTER (WHERE a.option_id = q.correct_option_id))::int AS correct,
      avg(a.confidence)::float8 AS mean_confidence,
      sum(1 - 4 * power(a.confidence / 100.0 - CASE WHEN a.option_id = q.correct_option_id THEN 1 ELSE 0 END, 2))::float8 AS skill
    FROM answers a JOIN question_state q ON q.question_id = a.question_id
    WHERE a.user_id = ${userId} AND q.is_resolved
    GROUP BY 1 ORDER BY 1`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    bucket: Number(r.bucket),
    count: Number(r.n),
    correct: Number(r.correct),
    meanConfidence: Number(r.mean_confidence),
    skill: Number(r.skill),
  }));
}

/** A player's month_scores rows from `fromMonth` on ('YYYY-MM-01'): month_scores_user_month_idx, never the answers. */
export async function monthsOf(db: Q, userId: string, fromMonth: string) {
  const res = await db.execute(sql`
    SELECT to_char(month, 'YYYY-MM-DD') AS month, answered, resolved, correct, skill_sum::float8 AS skill_sum
    FROM month_scores WHERE user_id = ${userId} AND month >= ${fromMonth}::date ORDER BY month`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    month: String(r.month),
    answered: Number(r.answered),
    resolved: Number(r.resolved),
    correct: Number(r.correct),
    skillSum: Number(r.skill_sum),
  }));
}
