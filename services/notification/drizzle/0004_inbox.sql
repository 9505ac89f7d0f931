-- The inbox. Personal items (a friend request, a reply, agrees on one comment grouped in one row, a removed comment,
-- a suspension, a used suggestion) are one row per person. Items for everyone (a new question, a resolution, a
-- corrected resolution) are stored once; a person's read marks are rows of inbox_broadcast_reads plus one "read all
-- before" watermark, and they see only those from after their join date (contacts.joined_at).
ALTER TABLE "contacts" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"group_key" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "inbox_items_user_created_idx" ON "inbox_items" USING btree ("user_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "inbox_items_unread_idx" ON "inbox_items" USING btree ("user_id") WHERE "inbox_items"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_group_key" ON "inbox_items" USING btree ("user_id","group_key") WHERE "inbox_items"."group_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "inbox_items_actor_idx" ON "inbox_items" USING btree ("actor_id") WHERE "inbox_items"."actor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "inbox_items_created_idx" ON "inbox_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inbox_items_agreers_idx" ON "inbox_items" USING gin (("payload"->'agreers') jsonb_path_ops) WHERE "inbox_items"."kind" = 'comment-agreed';--> statement-breakpoint
CREATE TABLE "inbox_broadcast_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"question_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "inbox_broadcast_items_created_idx" ON "inbox_broadcast_items" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "inbox_broadcast_items_question_idx" ON "inbox_broadcast_items" USING btree ("question_id","kind");--> statement-breakpoint
CREATE TABLE "inbox_broadcast_reads" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL REFERENCES "inbox_broadcast_items"("id") ON DELETE CASCADE,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_broadcast_reads_pk" PRIMARY KEY("user_id","item_id")
);--> statement-breakpoint
CREATE INDEX "inbox_broadcast_reads_item_idx" ON "inbox_broadcast_reads" USING btree ("item_id");--> statement-breakpoint
CREATE TABLE "inbox_watermarks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"read_all_before" timestamp with time zone NOT NULL
);
