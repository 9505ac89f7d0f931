-- The admin's "how the day went": comments and reports per SAST day over at most 31 days, each read through its own
-- time index (the reports' existing one covers only the open ones).
CREATE INDEX IF NOT EXISTS "comments_created_idx" ON "comments" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comment_reports_created_idx" ON "comment_reports" USING btree ("created_at");
