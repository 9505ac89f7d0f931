ALTER TABLE "questions" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "scheduled_by" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "schedule_missed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "questions_schedule_due_idx" ON "questions" USING btree ("scheduled_for") WHERE "questions"."scheduled_for" is not null and not "questions"."is_published" and not "questions"."is_archived" and "questions"."schedule_missed_at" is null;
