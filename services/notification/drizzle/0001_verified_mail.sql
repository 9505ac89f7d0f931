ALTER TABLE "contacts" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contacts_mailable_idx" ON "contacts" USING btree ("user_id") WHERE "contacts"."email_notifications" AND "contacts"."email_verified" AND "contacts"."email" <> '';