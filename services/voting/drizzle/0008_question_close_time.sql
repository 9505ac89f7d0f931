ALTER TABLE "question_state" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_state" ADD COLUMN "closes_at_changed_at" timestamp with time zone;
