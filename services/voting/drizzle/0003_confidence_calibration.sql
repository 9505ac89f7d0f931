ALTER TABLE "answers" ADD COLUMN "confidence" smallint DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "month_scores" ADD COLUMN "skill_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_confidence_check" CHECK ("answers"."confidence" BETWEEN 50 AND 99);--> statement-breakpoint
-- Answers given before confidences existed count as 75 %: their Brier skill, credited like resolution does.
UPDATE "month_scores" m SET "skill_sum" = s.skill
FROM (
  SELECT date_trunc('month', a.sast_day)::date AS month, a.user_id,
    sum(1 - 4 * power(a.confidence / 100.0 - CASE WHEN a.option_id = q.correct_option_id THEN 1 ELSE 0 END, 2)) AS skill
  FROM "answers" a JOIN "question_state" q ON q.question_id = a.question_id
  WHERE q.is_resolved
  GROUP BY 1, 2
) s
WHERE m.month = s.month AND m.user_id = s.user_id;
