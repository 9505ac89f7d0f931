CREATE TABLE "answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"sast_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "month_scores" (
	"month" date NOT NULL,
	"user_id" uuid NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "month_scores_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
CREATE TABLE "option_counts" (
	"question_id" uuid NOT NULL,
	"option_id" text NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "option_counts_question_id_option_id_shard_pk" PRIMARY KEY("question_id","option_id","shard")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "question_state" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"options" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"correct_option_id" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "answers_user_question_key" ON "answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "answers_user_submitted_idx" ON "answers" USING btree ("user_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "month_scores_rank_idx" ON "month_scores" USING btree ("month","correct" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "outbox" USING btree ("occurred_at") WHERE "outbox"."published_at" IS NULL;