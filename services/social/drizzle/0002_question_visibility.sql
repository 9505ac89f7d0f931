CREATE TABLE "question_visibility" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"visible" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Backfill: every question that already has comments was visible when they were posted (the gateway checked). The
-- new consumer then replays the question events JetStream still holds (7 days), which corrects later archives.
INSERT INTO "question_visibility" ("question_id", "visible") SELECT DISTINCT "question_id", true FROM "comments" ON CONFLICT DO NOTHING;
