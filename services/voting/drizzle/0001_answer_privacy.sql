CREATE TABLE "answer_privacy" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"answer_visibility" text DEFAULT 'friends' NOT NULL,
	"hide_until_resolved" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "answer_privacy_visibility_check" CHECK ("answer_privacy"."answer_visibility" IN ('friends', 'nobody'))
);
