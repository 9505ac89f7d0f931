-- Who a delivery was for: the e-mail's user, or the push subscription's owner when it was sent (an endpoint may move
-- to someone else later). A click on a push counts only for a user it was delivered to. Null on older rows.
ALTER TABLE "deliveries" ADD COLUMN "user_id" uuid;
--> statement-breakpoint
-- A click's check: was this notification pushed to this user? One probe, whatever the audience's size.
CREATE INDEX IF NOT EXISTS "deliveries_push_user_idx" ON "deliveries" USING btree ("user_id","event_id") WHERE "channel" = 'push' AND "status" = 'sent';
--> statement-breakpoint
-- The admin's "how the day went": outcomes per SAST day over at most 31 days (the log is kept 30).
CREATE INDEX IF NOT EXISTS "deliveries_updated_idx" ON "deliveries" USING btree ("updated_at");
--> statement-breakpoint
-- One row per user and push notification they clicked (the first click; repeats change nothing). Kept as long as the
-- delivery log (30 days) and erased with the account.
CREATE TABLE IF NOT EXISTS "push_clicks" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_clicks_pkey" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_clicks_clicked_idx" ON "push_clicks" USING btree ("clicked_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_clicks_user_idx" ON "push_clicks" USING btree ("user_id");
