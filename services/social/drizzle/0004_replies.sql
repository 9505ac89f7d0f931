ALTER TABLE "comments" ADD COLUMN "parent_id" uuid REFERENCES "comments"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "show_prediction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id","created_at") WHERE "parent_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "comment_agrees" (
	"comment_id" uuid NOT NULL REFERENCES "comments"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_agrees_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "comment_agrees_user_idx" ON "comment_agrees" USING btree ("user_id");
