ALTER TABLE "comments" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "thumb_data" "bytea";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "thumb_width" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "thumb_height" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "image_hash" text;--> statement-breakpoint
CREATE INDEX "comments_image_pending_idx" ON "comments" USING btree ("id") WHERE "comments"."image_data" IS NOT NULL AND "comments"."image_width" IS NULL;