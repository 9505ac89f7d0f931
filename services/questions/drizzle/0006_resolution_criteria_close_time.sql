ALTER TABLE "questions" ADD COLUMN "resolution_criteria" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "closes_at" timestamp with time zone;
