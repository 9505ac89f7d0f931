ALTER TABLE "comments" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "moderation_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_moderation_check" CHECK ("moderation" IN ('visible', 'hidden', 'removed'));--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL REFERENCES "comments"("id") ON DELETE CASCADE,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "comment_reports_status_check" CHECK ("status" IN ('open', 'rejected', 'upheld'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reports_once_key" ON "comment_reports" USING btree ("comment_id","reporter_id");--> statement-breakpoint
CREATE INDEX "comment_reports_reporter_idx" ON "comment_reports" USING btree ("reporter_id","status");--> statement-breakpoint
CREATE INDEX "comment_reports_open_idx" ON "comment_reports" USING btree ("created_at") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "comments_moderation_idx" ON "comments" USING btree ("user_id") WHERE "moderation" <> 'visible';
