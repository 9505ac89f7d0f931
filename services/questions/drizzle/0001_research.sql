CREATE TABLE "media_predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement" text NOT NULL,
	"prediction" text NOT NULL,
	"confidence" integer NOT NULL,
	"source_title" text NOT NULL,
	"source_date" date NOT NULL,
	"source_url" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_predictions_confidence_check" CHECK ("media_predictions"."confidence" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "officials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"avatar" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_suggestions_status_check" CHECK ("question_suggestions"."status" IN ('pending', 'approved', 'rejected', 'used'))
);
--> statement-breakpoint
CREATE INDEX "media_predictions_tags_idx" ON "media_predictions" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "officials_tags_idx" ON "officials" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "question_suggestions_user_created_idx" ON "question_suggestions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "question_suggestions_status_created_idx" ON "question_suggestions" USING btree ("status","created_at");