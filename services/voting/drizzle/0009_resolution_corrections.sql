-- A corrected resolution (questions.question.resolved with `corrected`) is applied once: the time it was applied.
ALTER TABLE "question_state" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
-- A question's answers in user order (the correction's notices page through them by user id); its prefix serves
-- every read by question that the old single-column index served.
CREATE INDEX IF NOT EXISTS "answers_question_user_idx" ON "answers" USING btree ("question_id","user_id");--> statement-breakpoint
DROP INDEX IF EXISTS "answers_question_idx";
