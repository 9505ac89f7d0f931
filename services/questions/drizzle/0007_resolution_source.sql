ALTER TABLE "questions" ADD COLUMN "resolution_source_url" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "resolution_source_title" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "resolution_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "resolution_correction" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_resolution_source_check" CHECK (("resolution_source_url" IS NULL) = ("resolution_source_title" IS NULL));
